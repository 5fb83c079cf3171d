import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createStaticServer } from "../src/serve/static-server.ts";
import { tempSite } from "./helpers/temp-site.ts";

function get(port: number, pathname: string, headers: http.OutgoingHttpHeaders): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: pathname, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

test("the static server gzips large text files for clients that accept it, and only them", async () => {
  const site = tempSite();
  const json = JSON.stringify({ words: Array.from({ length: 2000 }, (_, i) => `word${i}`) });
  fs.writeFileSync(site.path("search-index.json"), json);
  fs.writeFileSync(site.path("tiny.json"), "{}");
  fs.writeFileSync(site.path("logo.png"), Buffer.alloc(4096, 1));
  const server = createStaticServer({ root: site.dir });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const zipped = await get(port, "/search-index.json", { "accept-encoding": "gzip, deflate, br" });
    assert.is(zipped.status, 200);
    assert.is(zipped.headers["content-encoding"], "gzip");
    assert.is(zipped.headers.vary, "Accept-Encoding");
    assert.ok(zipped.body.length < json.length / 3, "much smaller");
    assert.is(gunzipSync(zipped.body).toString("utf8"), json);
    const plain = await get(port, "/search-index.json", {});
    assert.is(plain.headers["content-encoding"], undefined);
    assert.is(plain.body.toString("utf8"), json);
    assert.is((await get(port, "/tiny.json", { "accept-encoding": "gzip" })).headers["content-encoding"], undefined, "tiny files go as they are");
    assert.is((await get(port, "/logo.png", { "accept-encoding": "gzip" })).headers["content-encoding"], undefined, "images are not recompressed");
    // A changed file is compressed again, not served from the cache.
    const changed = JSON.stringify({ words: Array.from({ length: 2100 }, (_, i) => `term${i}`) });
    fs.writeFileSync(site.path("search-index.json"), changed);
    assert.is(gunzipSync((await get(port, "/search-index.json", { "accept-encoding": "gzip" })).body).toString("utf8"), changed);
  } finally {
    server.close();
    site.remove();
  }
});

test.run();
