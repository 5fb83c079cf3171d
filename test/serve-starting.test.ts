import fs from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { serve, type ServeHandle } from "../src/serve/index.ts";
import { EVENTS_PATH } from "../src/serve/live-reload.ts";
import { startingPage } from "../src/serve/starting-page.ts";
import { tempSite, type TempSite } from "./helpers/temp-site.ts";
import { withTimeout } from "./helpers/with-timeout.ts";

/**
 * What `docs-build serve` answers before the first build of its session is
 * written: the starting page (a pure function) and the server around it.
 * The server tests hold the first build's result with `onListening`, so the
 * requests are made while the server is starting, without guessing at timing.
 */

/** Generous limit for one step that waits for a build (each spawns a build process). */
const STEP_MS = 60_000;
/** Text of an output folder left from an earlier run; the starting server must never send it. */
const STALE = "docs-build-stale-output";

// ---------------------------------------------------------------- the page (pure)

test("startingPage: while building, a page titled Building… that refreshes every second and on reload", () => {
  const html = startingPage();
  assert.match(html, "<title>Building…</title>");
  assert.match(html, /<h1>[^<]+<\/h1><p>[^<]+<\/p>/);
  assert.match(html, '<meta http-equiv="refresh" content="1">');
  assert.match(html, `new EventSource(${JSON.stringify(EVENTS_PATH)})`);
  assert.match(html, 'addEventListener("reload"');
  assert.not.match(html, "<pre>");
  // Self-contained: nothing is loaded from the site, which does not exist yet.
  assert.not.match(html, /\b(src|href)=/);
});

test("startingPage: after a failed build, the errors escaped in a <pre>, reloading on the next build only", () => {
  const errors = `content/a.md:1:1  error  Page has no title (frontmatter-title)\n> 1 | <script>alert("x")</script> & 'y'`;
  const html = startingPage({ errors });
  assert.match(html, "<title>Build failed</title>");
  assert.match(html, /<h1>[^<]+<\/h1><p>[^<]+<\/p><pre>/);
  assert.match(
    html,
    `<pre>content/a.md:1:1  error  Page has no title (frontmatter-title)\n&gt; 1 | &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;y&apos;</pre>`,
  );
  assert.not.match(html, "<script>alert");
  // The errors stay put while someone reads them; the next build's event reloads the page.
  assert.not.match(html, "http-equiv");
  assert.match(html, 'addEventListener("reload"');
  assert.match(html, 'addEventListener("build-error"');
});

// ---------------------------------------------------------------- the server

interface Reply {
  status: number;
  headers: Headers;
  text: string;
}

async function get(url: string, target: string, method = "GET"): Promise<Reply> {
  const res = await fetch(new URL(target, url), { method, redirect: "manual", signal: AbortSignal.timeout(15_000) });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** A live-reload stream read on demand: `until("reload")` waits for that event. */
async function openEvents(url: string) {
  const abort = new AbortController();
  const res = await fetch(new URL(EVENTS_PATH, url), { signal: abort.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let received = "";
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    async until(event: string): Promise<void> {
      while (!received.includes(`event: ${event}\n`)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the event stream ended without a ${event} event; it sent ${JSON.stringify(received)}`);
        received += decoder.decode(value, { stream: true });
      }
    },
    close: () => abort.abort(),
  };
}

/** How a server test starts: files changed in the site copy, and what runs while the first build is held. */
interface ServerCase {
  prepare(site: TempSite): void;
  /** Runs as soon as the port is open, with the lines printed so far; the first build is served after it settles. */
  whileStarting?(url: string, printed: readonly string[]): Promise<void>;
}

/** Runs `body` against a dev server on a temp copy of fixtures/serve/site, then closes both. */
async function withServer(
  { prepare, whileStarting }: ServerCase,
  body: (context: { site: TempSite; handle: ServeHandle; lines: string[] }) => Promise<void>,
): Promise<void> {
  const site = tempSite("serve/site");
  const lines: string[] = [];
  let handle: ServeHandle | undefined;
  try {
    prepare(site);
    const onListening = whileStarting && ((url: string) => whileStarting(url, [...lines]));
    const started = serve({
      port: 0,
      content: site.path("content"),
      out: site.path("out"),
      links: "warn",
      root: site.dir,
      print: (line) => lines.push(line),
      onListening,
    });
    handle = await withTimeout(started, STEP_MS, "the dev server's first build");
    await body({ site, handle, lines });
  } finally {
    await handle?.close();
    site.remove();
  }
}

/** Asserts the headers every starting-page answer has. */
function assertStarting(reply: Reply, what: string): void {
  assert.is(reply.status, 503, `${what} → ${reply.status}: ${reply.text.slice(0, 200)}`);
  assert.is(reply.headers.get("retry-after"), "1", `Retry-After of ${what}`);
  assert.is(reply.headers.get("cache-control"), "no-store", `Cache-Control of ${what}`);
  assert.is(reply.headers.get("content-type"), "text/html; charset=utf-8", `Content-Type of ${what}`);
}

test("until the first build is served, every request gets the 503 Building page, never a 404 or old output; then / is the real page", async () => {
  const targets = [
    ["/", "GET"],
    ["/guides/", "GET"],
    ["/guides/first/", "GET"],
    ["/assets/app.js", "GET"],
    ["/sw.js", "GET"],
    ["/", "HEAD"],
    ["/", "POST"],
    ["/no-such-page/", "GET"],
  ];
  let probed: Promise<{ url: string; printed: readonly string[]; replies: Reply[]; events: Awaited<ReturnType<typeof openEvents>> }> | undefined;
  const probe = async (url: string, printed: readonly string[]) => {
    const events = await openEvents(url);
    const replies: Reply[] = [];
    for (const [target, method] of targets) replies.push(await get(url, target, method));
    return { url, printed, replies, events };
  };
  await withServer(
    {
      prepare(site) {
        // An output folder left from an earlier run must not be served as if it were this session's.
        fs.mkdirSync(site.path("out"));
        fs.writeFileSync(site.path("out/index.html"), `<!doctype html><title>${STALE}</title>`);
      },
      async whileStarting(url, printed) {
        probed = probe(url, printed);
        await probed;
      },
    },
    async ({ handle, lines }) => {
      assert.ok(probed, "serve() reported its URL before it served the first build");
      const { url, printed, replies, events } = await probed;
      try {
        assert.is(url, handle.url);
        assert.ok(
          printed.some((line) => line.includes(url) && /building/i.test(line)),
          `the URL and "building" are printed at once: ${JSON.stringify(printed)}`,
        );
        assert.not.ok(
          printed.some((line) => line.startsWith("Serving")),
          "nothing says Serving before the site is built",
        );
        assert.is(events.status, 200, "the event stream opens while the site builds");
        assert.is(events.type, "text/event-stream");

        const page = replies[0].text;
        targets.forEach(([target, method], i) => {
          const reply = replies[i];
          assertStarting(reply, `${method} ${target}`);
          assert.not.match(reply.text, STALE, `${method} ${target} served the old output`);
          if (method === "HEAD") {
            assert.is(reply.text, "", "HEAD has no body");
            assert.is(reply.headers.get("content-length"), String(Buffer.byteLength(page)), "HEAD has the length of GET");
          } else assert.is(reply.text, page, `${method} ${target} is the Building page`);
        });
        assert.match(page, "<title>Building…</title>");
        assert.match(page, '<meta http-equiv="refresh" content="1">');

        // The build is out: the open Building page gets its reload, and / is the real page.
        await withTimeout(events.until("reload"), STEP_MS, "the reload event");
        const home = await get(url, "/");
        assert.is(home.status, 200, `/ → ${home.status}`);
        assert.match(home.text, "Serve Fixture Home");
        assert.not.match(home.text, STALE);
        assert.is((await get(url, "/guides/")).status, 200);
        assert.ok(
          lines.some((line) => line.startsWith("Serving ") && line.includes(url)),
          `the Serving line is printed: ${JSON.stringify(lines)}`,
        );
      } finally {
        events.close();
      }
    },
  );
});

test("a failed first build answers 503 with its errors; the change that fixes it serves the site", async () => {
  const good = fs.readFileSync(new URL("../fixtures/serve/site/content/guides/first.md", import.meta.url), "utf8");
  await withServer(
    { prepare: (site) => fs.writeFileSync(site.path("content/guides/first.md"), "---\ndescription: This page has no title yet.\n---\n\n## First steps\n") },
    async ({ site, handle, lines }) => {
      for (const target of ["/", "/guides/first/", "/assets/app.js"]) {
        const reply = await get(handle.url, target);
        assertStarting(reply, target);
        assert.match(reply.text, "<title>Build failed</title>");
        assert.match(reply.text, /<pre>[\s\S]*content\/guides\/first\.md:\d+:\d+ {2}error {2}Page has no title \(frontmatter-title\)[\s\S]*<\/pre>/);
      }
      assert.ok(
        lines.some((line) => line.startsWith("The first build failed") && line.includes(handle.url)),
        `the failure is printed with the URL: ${JSON.stringify(lines)}`,
      );
      assert.not.ok(
        lines.some((line) => line.startsWith("Serving")),
        "nothing says Serving before the site is built",
      );

      const built = (async () => {
        while (!(await handle.nextBuild()));
      })();
      fs.writeFileSync(site.path("content/guides/first.md"), good);
      await withTimeout(built, STEP_MS, "a successful rebuild after the fix");
      const home = await get(handle.url, "/");
      assert.is(home.status, 200, `/ → ${home.status}: ${home.text.slice(0, 200)}`);
      assert.match(home.text, "Serve Fixture Home");
      assert.match((await get(handle.url, "/guides/first/")).text, "<title>Original First Title | webpack</title>");
      assert.ok(
        lines.some((line) => line.startsWith("Serving ") && line.includes(handle.url)),
        `the Serving line follows the fix: ${JSON.stringify(lines)}`,
      );
    },
  );
});

test.run();
