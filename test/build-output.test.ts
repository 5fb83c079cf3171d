import { test } from "uvu";
import * as assert from "uvu/assert";
import fs from "node:fs";
import path from "node:path";
import { Publisher, SPOOL_PAST } from "../src/output/publisher.ts";
import { digestOf, writeChanged, type OutputManifest } from "../src/output/staging.ts";
import { tempSite } from "./helpers/temp-site.ts";

// How a dev-server build emits a streamed file with a key (see StreamedFile.key):
// kept as the last build wrote it, unread, when its key is unchanged.

/** A publisher as a dev-server rebuild opens it: the last build wrote `path` with `contents` under `key` into `out` (by default a folder never written, as these tests publish nothing). */
function rebuildOutput(path: string, contents: string, key: string, out = "/nonexistent/out", written?: OutputManifest): Promise<Publisher> {
  return Publisher.open({
    out,
    write: true,
    track: true,
    prior: {
      written: written ?? { version: "v", files: new Map([[path, digestOf(contents)]]), changed: null },
      keyed: new Map([[path, { key, bytes: Buffer.byteLength(contents) }]]),
    },
    lock: {},
  });
}

/** Parts that fail the test if read. */
async function* unreadable(): AsyncIterable<string> {
  yield* [];
  throw new Error("the parts were read");
}

async function* partsOf(...parts: string[]): AsyncIterable<string> {
  yield* parts;
}

test("a streamed file whose key is unchanged is kept unread, counted with the bytes it was written with", async () => {
  const output = await rebuildOutput("guides/printable/index.html", "<p>all of it</p>", "k1");
  await output.emit({ path: "guides/printable/index.html", parts: unreadable(), key: "k1" });
  assert.equal(output.collected, []);
  assert.is(output.digests?.get("guides/printable/index.html"), digestOf("<p>all of it</p>"));
  assert.equal(output.keyed?.get("guides/printable/index.html"), { key: "k1", bytes: 16 });
  assert.is(output.count, 1);
  assert.is(output.bytes, 16);
});

test("a streamed file with a new key, no key, or no file written before is read and written", async () => {
  for (const [key, path] of [
    ["k2", "guides/printable/index.html"],
    [undefined, "guides/printable/index.html"],
    ["k1", "api/printable/index.html"],
  ] as const) {
    const output = await rebuildOutput("guides/printable/index.html", "<p>all of it</p>", "k1");
    await output.emit({ path, parts: partsOf("<p>all of it", " and more</p>"), key });
    assert.equal(output.collected, [{ path, contents: "<p>all of it and more</p>" }], `${path} under ${key}`);
    assert.equal(output.keyed?.get(path), key ? { key, bytes: 25 } : undefined);
    assert.is(output.bytes, 25);
  }
});

test("a file read again with the same bytes is not written, and keeps its new key", async () => {
  const output = await rebuildOutput("guides/printable/index.html", "<p>same</p>", "k1");
  await output.emit({ path: "guides/printable/index.html", parts: partsOf("<p>same</p>"), key: "k2" });
  assert.equal(output.collected, []);
  assert.equal(output.keyed?.get("guides/printable/index.html"), { key: "k2", bytes: 11 });
});

test("a rebuild's streamed file past SPOOL_PAST goes to a spool file that the patch moves in; one as written before is left out", async () => {
  const site = tempSite();
  const out = site.path("out");
  try {
    const large = "x".repeat(SPOOL_PAST / 2);
    const first = (await writeChanged(out, [{ path: "same.txt", contents: large.repeat(3) }], undefined))!;
    const output = await rebuildOutput("same.txt", large.repeat(3), "k", out, first);
    await output.emit({ path: "same.txt", parts: partsOf(large, large, large) });
    await output.emit({ path: "big/all.txt", parts: partsOf(large, large, large, "é") });
    await output.emit({ path: "small.txt", parts: partsOf("small") });
    assert.equal(output.collected, [{ path: "small.txt", contents: "small" }]);
    const spool = fs.readdirSync(site.dir).find((name) => name !== "out" && name !== fs.readlinkSync(out));
    assert.ok(spool, "the large file went to a spool folder");
    assert.equal(fs.readdirSync(path.join(site.dir, spool, "big")), ["all.txt"], "the spool holds only the file that changed");
    assert.is(output.digests?.get("big/all.txt"), digestOf(`${large.repeat(3)}é`));
    assert.is(output.bytes, 6 * large.length + 2 + 5);
    const patched = await output.publish();
    assert.equal(patched.written?.changed?.sort(), ["big/all.txt", "small.txt"]);
    assert.is(fs.readFileSync(path.join(out, "big/all.txt"), "utf8"), `${large.repeat(3)}é`);
    await output.close();
    assert.equal(fs.readdirSync(site.dir).sort(), [fs.readlinkSync(out), "out"].sort(), "the spool folder is gone");
  } finally {
    site.remove();
  }
});

test.run();
