import net from "node:net";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { allowedHosts, hostName } from "../src/serve/host-guard.ts";
import { serve } from "../src/serve/index.ts";
import { EVENTS_PATH } from "../src/serve/live-reload.ts";
import { tempSite } from "./helpers/temp-site.ts";
import { withTimeout } from "./helpers/with-timeout.ts";

// The dev server answers only requests that name it, so a page the developer
// visits cannot read the preview through a DNS name it points at 127.0.0.1.
// Requests are written on raw sockets, so Host and Origin are exactly as forged.

test("host names are read without port and case, IPv6 in brackets", () => {
  assert.is(hostName("127.0.0.1:8080"), "127.0.0.1");
  assert.is(hostName("[::1]:8080"), "[::1]");
  assert.is(hostName("Docs.Test"), "docs.test");
  assert.is(hostName("http://LocalHost:8080", true), "localhost");
  assert.is(hostName(""), undefined);
  assert.is(hostName("a b"), undefined);
  assert.equal([...allowedHosts("::", ["Docs.Test"])], ["localhost", "127.0.0.1", "[::1]", "[::]", "docs.test"]);
});

/** A raw HTTP/1.1 request to 127.0.0.1:`port` with exactly these header lines; resolves with the status and the reply's text once the status line and headers are in. */
function rawRequest(port: number, target: string, headerLines: string[]): Promise<{ status: number; text: string }> {
  return withTimeout(
    new Promise((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      let text = "";
      const done = () => {
        socket.destroy();
        resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1]), text });
      };
      socket.setEncoding("latin1");
      socket.on("data", (chunk: string) => {
        text += chunk;
        // An event stream never ends: its headers and first comment are enough.
        if (text.includes("\r\n\r\n") && (!text.includes("text/event-stream") || text.includes(": connected"))) setTimeout(done, 50);
      });
      socket.on("end", done);
      socket.on("error", reject);
      socket.write(`${[`GET ${target} HTTP/1.1`, ...headerLines, "Connection: close"].join("\r\n")}\r\n\r\n`, "latin1");
    }),
    15_000,
    `GET ${target}`,
  );
}

test("the dev server answers its own names, refuses forged Host and Origin with 403 and a reason, and sends no CORS headers", async () => {
  const site = tempSite("serve/site");
  const lines: string[] = [];
  const handle = await serve({
    port: 0,
    content: site.path("content"),
    out: site.path("out"),
    links: "warn",
    root: site.dir,
    allowedHosts: ["docs.test"],
    print: (line) => lines.push(line),
  });
  try {
    const port = Number(new URL(handle.url).port);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `docs.test:${port}`, `preview.localhost:${port}`, "DOCS.TEST"]) {
      const reply = await rawRequest(port, "/", [`Host: ${host}`]);
      assert.is(reply.status, 200, `Host: ${host}\n${reply.text.slice(0, 200)}`);
      assert.not.match(reply.text.toLowerCase(), "access-control-allow", "no CORS headers");
    }
    for (const [headers, reason] of [
      [["Host: evil.example"], 'Host "evil.example"'],
      [[`Host: evil.example:${port}`], `Host "evil.example:${port}"`],
      [["Host: 127.0.0.1.evil.example"], 'Host "127.0.0.1.evil.example"'],
      [[`Host: 127.0.0.1:${port}`, "Origin: http://evil.example"], 'Origin "http://evil.example"'],
    ] as const) {
      for (const target of ["/", EVENTS_PATH, "/guides/"]) {
        const reply = await rawRequest(port, target, [...headers]);
        assert.is(reply.status, 403, `${headers.join(", ")} ${target}`);
        assert.match(reply.text, `Blocked: this dev server answers only requests for localhost, 127.0.0.1, [::1], docs.test (got ${reason}).`);
        assert.not.match(reply.text, "<html", "nothing of the site");
      }
    }
    // HTTP/1.1 without Host is refused by Node's parser before it reaches the server.
    const bare = await rawRequest(port, "/", []);
    assert.is(bare.status, 400);
    // The event stream, from a page of the server itself.
    const stream = await rawRequest(port, EVENTS_PATH, [`Host: 127.0.0.1:${port}`, `Origin: http://localhost:${port}`]);
    assert.is(stream.status, 200);
    assert.match(stream.text, "text/event-stream");
    assert.not.ok(
      lines.some((line) => line.startsWith("Warning:")),
      "no warning on loopback",
    );
  } finally {
    await handle.close();
    site.remove();
  }
});

test("--host 0.0.0.0 listens beyond loopback with a warning, and still answers only its names", async () => {
  const site = tempSite("serve/site");
  const lines: string[] = [];
  const handle = await serve({
    port: 0,
    host: "0.0.0.0",
    content: site.path("content"),
    out: site.path("out"),
    links: "warn",
    root: site.dir,
    print: (line) => lines.push(line),
  });
  try {
    const port = Number(new URL(handle.url).port);
    assert.ok(
      lines.some((line) => line.startsWith("Warning: listening on 0.0.0.0, beyond this machine's loopback")),
      lines.join("\n"),
    );
    assert.is((await rawRequest(port, "/", [`Host: 127.0.0.1:${port}`])).status, 200);
    assert.is((await rawRequest(port, "/", [`Host: 0.0.0.0:${port}`])).status, 200);
    assert.is((await rawRequest(port, "/", ["Host: evil.example"])).status, 403);
  } finally {
    await handle.close();
    site.remove();
  }
});

test.run();
