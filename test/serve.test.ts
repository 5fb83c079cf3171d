import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { serve, type ServeHandle } from "../src/serve/index.ts";
import { EVENTS_PATH, LIVE_RELOAD_SCRIPT } from "../src/serve/live-reload.ts";
import { tempSite, type TempSite } from "./helpers/temp-site.ts";
import { withTimeout } from "./helpers/with-timeout.ts";

/**
 * The dev server, in-process, against a temp copy of fixtures/serve/site,
 * with real HTTP over 127.0.0.1. Requests are written on raw sockets so the
 * client never normalises or re-encodes the request target.
 *
 * The tests run in order: the static-serving tests first (some add files and
 * symlinks to the output folder), the rebuild tests last (a rebuild replaces
 * the output folder).
 */

/** Generous limit for one step that waits for a rebuild (each spawns a build process). */
const STEP_MS = 60_000;
/** A unique string in files just outside the served folder; no response may ever contain it. */
const MARKER = `docs-build-outside-${randomBytes(8).toString("hex")}`;
/** A line of /etc/passwd on any Linux or macOS system. */
const PASSWD = /root:[^:\n]*:0:0:/;

// ---------------------------------------------------------------- the server under test

interface Running {
  site: TempSite;
  handle: ServeHandle;
  port: number;
  out: string;
}

let running: Promise<Running> | undefined;

/** Starts the server on first use (the first build takes a few seconds); every test awaits it. */
function server(): Promise<Running> {
  running ??= (async () => {
    const site = tempSite("serve/site");
    // Files outside the served folder that traversal or symlinks would expose.
    fs.writeFileSync(site.path("package.json"), JSON.stringify({ name: MARKER }));
    fs.writeFileSync(site.path("secret.txt"), `${MARKER}\n`);
    fs.writeFileSync(site.path("index.html"), `<!doctype html><title>${MARKER}</title>`);
    try {
      const handle = await serve({ port: 0, content: site.path("content"), out: site.path("out"), links: "warn", root: site.dir, print: () => {} });
      return { site, handle, port: Number(new URL(handle.url).port), out: site.path("out") };
    } catch (error) {
      site.remove();
      throw error;
    }
  })();
  return withTimeout(running, STEP_MS, "the dev server's first build");
}

const streams = new Set<EventStream>();

test.after(async () => {
  for (const stream of streams) stream.close();
  const current = await running?.catch(() => undefined);
  if (!current) return;
  try {
    await withTimeout(current.handle.close(), STEP_MS, "closing the dev server");
  } finally {
    current.site.remove();
  }
});

// ---------------------------------------------------------------- raw HTTP

interface Reply {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  text: string;
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf("\r\n", at);
    if (lineEnd === -1) break;
    const size = parseInt(body.subarray(at, lineEnd).toString("latin1"), 16);
    if (!size) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** Sends one request with the target exactly as given and reads the whole reply (the server closes the connection). */
async function request(target: string, method = "GET", headers: Record<string, string> = {}): Promise<Reply> {
  const { port } = await server();
  const raw = await withTimeout(
    new Promise<Buffer>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      const chunks: Buffer[] = [];
      socket.on("data", (chunk: Buffer) => chunks.push(chunk));
      socket.on("end", () => resolve(Buffer.concat(chunks)));
      socket.on("error", reject);
      const lines = [`${method} ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, "Connection: close", ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
      socket.write(`${lines.join("\r\n")}\r\n\r\n`, "latin1");
    }),
    15_000,
    `${method} ${target}`,
  );
  const split = raw.indexOf("\r\n\r\n");
  assert.ok(split > 0, `no HTTP reply to ${method} ${target}: ${JSON.stringify(raw.toString("latin1"))}`);
  const [statusLine, ...headerLines] = raw.subarray(0, split).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  const replyHeaders: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    replyHeaders[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.subarray(split + 4);
  if (replyHeaders["transfer-encoding"] === "chunked") body = dechunk(body);
  return { status, headers: replyHeaders, body, text: body.toString("utf8") };
}

/** The same reply as `request`, but fails unless the status is `status`. */
async function expectReply(target: string, status: number, method = "GET"): Promise<Reply> {
  const reply = await request(target, method);
  assert.is(reply.status, status, `${method} ${target} → ${reply.status}, expected ${status}: ${reply.text.slice(0, 300)}`);
  return reply;
}

function assertNoLeak(target: string, reply: Reply): void {
  assert.not.ok(reply.text.includes(MARKER), `${target} returned a file from outside the output folder`);
  assert.not.ok(PASSWD.test(reply.text), `${target} returned /etc/passwd`);
}

// ---------------------------------------------------------------- the event stream

interface ServerEvent {
  event: string;
  data: unknown;
}

/** A client of the live-reload event stream that keeps every event it receives. */
class EventStream {
  readonly events: ServerEvent[] = [];
  connected = false;
  private readonly wake = new Set<() => void>();

  constructor(
    private readonly req: http.ClientRequest,
    readonly res: http.IncomingMessage,
  ) {
    let buffer = "";
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf("\n\n"); end !== -1; end = buffer.indexOf("\n\n")) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = "message";
        const data: string[] = [];
        for (const line of block.split("\n")) {
          if (line.startsWith(":")) this.connected = true;
          else if (line.startsWith("event:")) event = line.slice(6).trim();
          else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
        }
        if (data.length) this.events.push({ event, data: JSON.parse(data.join("\n")) as unknown });
      }
      for (const w of this.wake) w();
    });
  }

  /** The event at `index` (0 is the first received), waiting for it until `deadline`. */
  async at(index: number, deadline: number): Promise<ServerEvent> {
    while (index >= this.events.length) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event arrived in time; received: ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.wake.delete(done);
          resolve();
        };
        const timer = setTimeout(done, left);
        this.wake.add(done);
      });
    }
    return this.events[index];
  }

  async until(check: () => boolean, deadline: number): Promise<void> {
    while (!check()) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (Date.now() > deadline) throw new Error("the event stream did not connect in time");
    }
  }

  close(): void {
    this.req.destroy();
    streams.delete(this);
  }
}

async function openEvents(): Promise<EventStream> {
  const { port } = await server();
  const stream = await withTimeout(
    new Promise<EventStream>((resolve, reject) => {
      const req = http.get({ host: "127.0.0.1", port, path: EVENTS_PATH, agent: false }, (res) => resolve(new EventStream(req, res)));
      req.on("error", reject);
    }),
    15_000,
    "opening the event stream",
  );
  streams.add(stream);
  await stream.until(() => stream.connected, Date.now() + 15_000);
  return stream;
}

// ---------------------------------------------------------------- pages and assets

const HTML = "text/html; charset=utf-8";

test("/ and page URLs are served as HTML with the live-reload script", async () => {
  const { out } = await server();
  for (const [target, file] of [
    ["/", "index.html"],
    ["/guides/", "guides/index.html"],
    ["/guides/first/", "guides/first/index.html"],
  ]) {
    const reply = await expectReply(target, 200);
    assert.is(reply.headers["content-type"], HTML, `content type of ${target}`);
    assert.is(Number(reply.headers["content-length"]), reply.body.length, `content length of ${target}`);
    assert.ok(reply.text.includes("window.__DOCS_DEV__=true"), `${target} has no live-reload script`);
    assert.ok(reply.text.includes(`new EventSource(${JSON.stringify(EVENTS_PATH)})`), `${target} does not open the event stream`);
    // Apart from the injected script, the page is the built file.
    assert.is(reply.text.replace(LIVE_RELOAD_SCRIPT, ""), fs.readFileSync(`${out}/${file}`, "utf8"), `${target} is ${file}`);
    assert.ok(reply.text.indexOf(LIVE_RELOAD_SCRIPT) < reply.text.lastIndexOf("</body>"), "script sits before </body>");
  }
  assert.match((await request("/")).text, "Serve Fixture Home");
  assert.match((await request("/guides/first/")).text, "<title>Original First Title | webpack</title>");
});

test("the CSS and JavaScript a page links are served with their content types", async () => {
  const { out } = await server();
  const page = (await expectReply("/guides/first/", 200)).text;
  const css = [...page.matchAll(/<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/?>/g)].map((m) => m[1]);
  const js = [...page.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="(\/assets\/[^"]+\.js)"\/?>/g)].map((m) => m[1]);
  assert.is(css.length, 1, `one stylesheet linked: ${css}`);
  assert.ok(js.length >= 1, "the entry script is linked");
  for (const [urls, type] of [
    [css, "text/css"],
    [js, "text/javascript"],
  ] as const) {
    for (const url of urls) {
      const reply = await expectReply(url, 200);
      assert.ok(reply.headers["content-type"]?.startsWith(type), `${url} is ${reply.headers["content-type"]}, expected ${type}`);
      assert.is(reply.headers["x-content-type-options"], "nosniff");
      assert.ok(reply.body.equals(fs.readFileSync(`${out}${url}`)), `${url} is the built file`);
    }
  }
});

test("/sw.js is served as JavaScript", async () => {
  const { out } = await server();
  const reply = await expectReply("/sw.js", 200);
  assert.is(reply.headers["content-type"], "text/javascript; charset=utf-8");
  assert.ok(reply.body.length > 1000, "sw.js has content");
  assert.ok(reply.body.equals(fs.readFileSync(`${out}/sw.js`)), "sw.js is the built file");
  assert.not.match(reply.text, "__DOCS_DEV__");
});

// ---------------------------------------------------------------- redirects and 404

test("a folder URL without its trailing slash redirects to it, keeping the query string", async () => {
  for (const [target, location] of [
    ["/guides", "/guides/"],
    ["/guides/first", "/guides/first/"],
    ["/guides?tab=2&q=a%20b", "/guides/?tab=2&q=a%20b"],
  ]) {
    const reply = await expectReply(target, 301);
    assert.is(reply.headers.location, location, `Location for ${target}`);
  }
  assert.match((await expectReply("/guides/?tab=2", 200)).text, "Serve Fixture Guides");
});

test("redirects never point at another host", async () => {
  const { out, port } = await server();
  // A folder named like a host, so `//evil.example` is a redirect candidate.
  fs.mkdirSync(`${out}/evil.example`);
  fs.writeFileSync(`${out}/evil.example/index.html`, "<!doctype html><title>local folder</title></html>");

  const slashes = await expectReply("//evil.example", 301);
  assert.is(slashes.headers.location, "/evil.example/");
  assert.is((await expectReply("//guides?x=1", 301)).headers.location, "/guides/?x=1");

  const targets = [
    "//evil.example",
    "//evil.example/",
    "///evil.example",
    "////evil.example?x=1",
    "//guides",
    "/%2Fevil.example",
    "/%2F%2Fevil.example",
    "/\\evil.example",
    "/%5Cevil.example",
    "//evil.example/guides",
    "/%09/evil.example",
  ];
  for (const target of targets) {
    const reply = await request(target);
    if (reply.status < 300 || reply.status >= 400) continue;
    const location = reply.headers.location ?? "";
    assert.ok(location.startsWith("/") && !location.startsWith("//") && !location.startsWith("/\\"), `${target} → Location ${location}`);
    assert.is(new URL(location, `http://127.0.0.1:${port}`).host, `127.0.0.1:${port}`, `${target} → Location ${location}`);
  }
});

test("an unknown path is a 404 with the site's 404 page", async () => {
  for (const target of ["/no-such-page/", "/no-such-page", "/guides/missing/", "/assets/missing.js"]) {
    const reply = await expectReply(target, 404);
    assert.is(reply.headers["content-type"], HTML, `content type of ${target}`);
    assert.match(reply.text, "Page Not Found");
    assert.match(reply.text, "__DOCS_DEV__");
  }
});

// ---------------------------------------------------------------- nothing outside the output folder

test("path traversal is refused, encoded or not", async () => {
  const { site } = await server();
  // The files the attacks aim at exist and carry the marker, so a leak would show.
  assert.match(fs.readFileSync(site.path("package.json"), "utf8"), MARKER);
  assert.match(fs.readFileSync(site.path("secret.txt"), "utf8"), MARKER);

  const targets = [
    "/../package.json",
    "/../secret.txt",
    "/%2e%2e/package.json",
    "/%2E%2E/secret.txt",
    "/.%2e/secret.txt",
    "/..%2fpackage.json",
    "/..%2Fsecret.txt",
    "/%2e%2e%2fsecret.txt",
    "/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "/../../../../../../../etc/passwd",
    "/guides/../../secret.txt",
    "/guides/%2e%2e/%2e%2e/secret.txt",
    "/assets/..%2f..%2fpackage.json",
    "//../secret.txt",
    "/./../secret.txt",
    "/..%5cpackage.json",
    "/..%5Csecret.txt",
    "/..\\secret.txt",
    "/%5c..%5csecret.txt",
    "/%00",
    "/index.html%00",
    "/..%00/secret.txt",
    "/%E0%A4%A",
    "/%",
    "/%%32%65%%32%65/secret.txt",
    "/%252e%252e/secret.txt",
    "/%c0%ae%c0%ae/secret.txt",
    "../secret.txt",
    "..%2fsecret.txt",
    "http://127.0.0.1/../secret.txt",
    "/..;/secret.txt",
  ];
  for (const target of targets) {
    const reply = await request(target);
    assertNoLeak(target, reply);
    assert.ok(reply.status === 400 || reply.status === 404, `${target} → ${reply.status}`);
  }
  // Refused outright rather than looked up: traversal and undecodable escapes are bad requests.
  for (const target of [
    "/../package.json",
    "/%2e%2e/package.json",
    "/..%2fpackage.json",
    "/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "/..%5cpackage.json",
    "/%00",
    "/%E0%A4%A",
  ])
    assert.is((await request(target)).status, 400, `${target} is a bad request`);
});

test("symlinks in the output folder that point outside it are not followed", async () => {
  const { site, out } = await server();
  fs.symlinkSync(site.path("secret.txt"), `${out}/leak.txt`);
  fs.symlinkSync(site.path("package.json"), `${out}/guides/leak.json`);
  fs.symlinkSync(site.dir, `${out}/leakdir`, "dir");
  // A symlink that stays inside is served, so the refusals below are about where links point.
  fs.symlinkSync(`${out}/sw.js`, `${out}/inside.js`);
  const inside = await expectReply("/inside.js", 200);
  assert.ok(inside.body.equals(fs.readFileSync(`${out}/sw.js`)), "the inside symlink serves its target");

  for (const target of ["/leak.txt", "/guides/leak.json", "/leakdir/secret.txt", "/leakdir/package.json", "/leakdir/", "/leakdir/index.html"]) {
    const reply = await expectReply(target, 404);
    assertNoLeak(target, reply);
  }
  // The linked folder has an index.html, but the redirect must not reveal it either.
  const folder = await request("/leakdir");
  assert.is(folder.status, 404, `/leakdir → ${folder.status} ${folder.headers.location ?? ""}`);
  assertNoLeak("/leakdir", folder);
});

// ---------------------------------------------------------------- methods

test("methods other than GET and HEAD get 405", async () => {
  for (const [method, target] of [
    ["POST", "/"],
    ["PUT", "/guides/"],
    ["DELETE", "/sw.js"],
    ["PATCH", "/"],
    ["OPTIONS", "/"],
    ["POST", EVENTS_PATH],
  ]) {
    const reply = await request(target, method, { "Content-Length": "0" });
    assert.is(reply.status, 405, `${method} ${target} → ${reply.status}`);
    assert.is(reply.headers.allow, "GET, HEAD", `Allow header for ${method} ${target}`);
  }
});

test("HEAD returns the headers of GET and no body", async () => {
  for (const [target, status] of [
    ["/", 200],
    ["/sw.js", 200],
    ["/guides/first/", 200],
    ["/no-such-page/", 404],
  ] as const) {
    const get = await expectReply(target, status);
    const head = await expectReply(target, status, "HEAD");
    assert.is(head.headers["content-type"], get.headers["content-type"], `content type of HEAD ${target}`);
    assert.is(head.headers["content-length"], String(get.body.length), `content length of HEAD ${target}`);
    assert.is(head.body.length, 0, `HEAD ${target} sent a body`);
  }
});

// ---------------------------------------------------------------- live reload

test("the event stream answers text/event-stream", async () => {
  const stream = await openEvents();
  try {
    assert.is(stream.res.statusCode, 200);
    assert.is(stream.res.headers["content-type"], "text/event-stream");
    assert.is(stream.res.headers["cache-control"], "no-cache");
    assert.ok(stream.connected, "the stream sent its first comment");
  } finally {
    stream.close();
  }
});

test("editing a page sends a reload event and the page shows the new title", async () => {
  const { site, out } = await server();
  const stream = await openEvents();
  try {
    const file = site.path("content/guides/first.md");
    const title = `Renamed First Title ${randomBytes(4).toString("hex")}`;
    const from = stream.events.length;
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("title: Original First Title", `title: ${title}`));

    // Other builds (of other changes) may report first: wait for a reload after which the page has the new title.
    const deadline = Date.now() + STEP_MS;
    let page = "";
    for (let i = from; !page.includes(`<title>${title} | webpack</title>`); i++) {
      const event = await stream.at(i, deadline);
      if (event.event === "reload") page = (await expectReply("/guides/first/", 200)).text;
    }
    assert.not.match(page, "Original First Title");
    assert.match(page, "__DOCS_DEV__");
    assert.match(fs.readFileSync(`${out}/guides/first/index.html`, "utf8"), `<title>${title} | webpack</title>`);
  } finally {
    stream.close();
  }
});

test("a body edit reloads its page before the whole-site build, and the build after it does not reload it again", async () => {
  const { site, out } = await server();
  const stream = await openEvents();
  try {
    const from = stream.events.length;
    const words = `Edited while serving ${randomBytes(4).toString("hex")}.`;
    fs.appendFileSync(site.path("content/guides/first.md"), `\n${words}\n`);
    const deadline = Date.now() + STEP_MS;
    const pathsOf = (event: ServerEvent) => (event.data as { paths: string[] | null }).paths;
    // Other builds (of earlier changes) may report first: the edit's own reload names only its page.
    let i = from;
    for (; ; i++) {
      const event = await stream.at(i, deadline);
      if (event.event === "reload" && JSON.stringify(pathsOf(event)) === '["guides/first/index.html"]') break;
    }
    const page = (await expectReply("/guides/first/", 200)).text;
    assert.match(page, words);
    // The whole-site build then writes what depends on the body, the page's content chunk among it, but not the page.
    for (i++; ; i++) {
      const event = await stream.at(i, deadline);
      const paths = pathsOf(event);
      if (event.event !== "reload" || !paths?.some((p) => p.startsWith("assets/pages/guides-first-"))) continue;
      assert.not.ok(paths.includes("guides/first/index.html"), `the page would reload twice: ${paths.join(", ")}`);
      break;
    }
    assert.is((await expectReply("/guides/first/", 200)).text, page);
    assert.match(fs.readFileSync(`${out}/guides/first/index.html`, "utf8"), words);
  } finally {
    stream.close();
  }
});

test("a page saved by a rename (editors' atomic saves) time and again and then in place, a new page and a removed one all reach the served site", async () => {
  const { site } = await server();
  const stream = await openEvents();
  try {
    const deadline = Date.now() + STEP_MS;
    /** Waits for reloads until `url` answers with `status` and, for a page, shows `text`. */
    const until = async (url: string, status: number, text = "") => {
      for (let i = stream.events.length; ; i++) {
        const reply = await request(url);
        if (reply.status === status && reply.text.includes(text)) return;
        await stream.at(i, deadline);
      }
    };
    const file = site.path("content/guides/first.md");
    const original = fs.readFileSync(file, "utf8");
    for (const n of [1, 2]) {
      const words = `Saved by a rename, save ${n} ${randomBytes(4).toString("hex")}.`;
      fs.writeFileSync(`${file}.tmp`, `${original}\n${words}\n`);
      fs.renameSync(`${file}.tmp`, file);
      await until("/guides/first/", 200, words);
    }
    // Node's recursive watching on Linux hears nothing of a file once it has been replaced.
    const inPlace = `Written in place ${randomBytes(4).toString("hex")}.`;
    fs.writeFileSync(file, `${original}\n${inPlace}\n`);
    await until("/guides/first/", 200, inPlace);
    const second = site.path("content/guides/second.md");
    fs.writeFileSync(second, "---\ntitle: Second Guide\n---\n\n## Next\n");
    await until("/guides/second/", 200, "Second Guide");
    fs.rmSync(second);
    await until("/guides/second/", 404);
  } finally {
    stream.close();
  }
});

test("a broken page sends a build-error event and the last good output stays served", async () => {
  const { site, out, handle } = await server();
  const before = (await expectReply("/guides/first/", 200)).text;
  const onDisk = fs.readFileSync(`${out}/guides/first/index.html`, "utf8");
  const stream = await openEvents();
  try {
    const from = stream.events.length;
    const failed = (async () => {
      while ((await handle.nextBuild()) !== false);
    })();
    fs.writeFileSync(site.path("content/guides/first.md"), "---\ndescription: This page lost its title.\n---\n\n## First steps\n");

    const deadline = Date.now() + STEP_MS;
    let error: ServerEvent | undefined;
    for (let i = from; !error; i++) {
      const event = await stream.at(i, deadline);
      if (event.event === "build-error") error = event;
    }
    assert.type(error.data, "string");
    assert.match(error.data as string, /content\/guides\/first\.md:\d+:\d+ {2}error {2}Page has no title \(frontmatter-title\)/);
    await withTimeout(failed, STEP_MS, "nextBuild() reporting the failed build");

    const after = await expectReply("/guides/first/", 200);
    assert.is(after.text, before, "the page is served unchanged");
    assert.is(fs.readFileSync(`${out}/guides/first/index.html`, "utf8"), onDisk, "the output folder is unchanged");
    await expectReply("/sw.js", 200);
  } finally {
    stream.close();
  }
});

test("a config change restarts the builder and the pages follow the new settings", async () => {
  const { site } = await server();
  const stream = await openEvents();
  try {
    const name = `Bundler${randomBytes(3).toString("hex")}`;
    const from = stream.events.length;
    // The test before left a page without a title; repair it in the same change.
    fs.writeFileSync(site.path("content/guides/first.md"), "---\ntitle: Restored First\n---\n\n## First steps\n");
    fs.writeFileSync(site.path("docs-build.config.json"), JSON.stringify({ name }));
    const deadline = Date.now() + STEP_MS;
    let page = "";
    for (let i = from; !page.includes(`| ${name}</title>`); i++) {
      const event = await stream.at(i, deadline);
      if (event.event === "reload") page = (await expectReply("/guides/", 200)).text;
    }
    assert.match(page, `<title>Serve Fixture Guides | ${name}</title>`);
  } finally {
    fs.rmSync(site.path("docs-build.config.json"), { force: true });
    stream.close();
  }
});

test.run();
