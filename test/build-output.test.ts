import { test } from "uvu";
import * as assert from "uvu/assert";
import { emitFile, type Output } from "../src/build-output.ts";
import { digestOf } from "../src/write-output.ts";

// How a dev-server build emits a streamed file with a key (see StreamedFile.key):
// kept as the last build wrote it, unread, when its key is unchanged.

/** An output as a dev-server rebuild opens it: the last build wrote `path` with `contents` under `key`. */
function rebuildOutput(path: string, contents: string, key: string): Output {
  return {
    staging: undefined,
    collected: [],
    digests: new Map(),
    prior: { version: "v", files: new Map([[path, digestOf(contents)]]), changed: null },
    keyed: new Map(),
    priorKeyed: new Map([[path, { key, bytes: Buffer.byteLength(contents) }]]),
    write: {},
    count: 0,
    bytes: 0,
  };
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
  const output = rebuildOutput("guides/printable/index.html", "<p>all of it</p>", "k1");
  await emitFile(output, { path: "guides/printable/index.html", parts: unreadable(), key: "k1" });
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
    const output = rebuildOutput("guides/printable/index.html", "<p>all of it</p>", "k1");
    await emitFile(output, { path, parts: partsOf("<p>all of it", " and more</p>"), key });
    assert.equal(output.collected, [{ path, contents: "<p>all of it and more</p>" }], `${path} under ${key}`);
    assert.equal(output.keyed?.get(path), key ? { key, bytes: 25 } : undefined);
    assert.is(output.bytes, 25);
  }
});

test("a file read again with the same bytes is not written, and keeps its new key", async () => {
  const output = rebuildOutput("guides/printable/index.html", "<p>same</p>", "k1");
  await emitFile(output, { path: "guides/printable/index.html", parts: partsOf("<p>same</p>"), key: "k2" });
  assert.equal(output.collected, []);
  assert.equal(output.keyed?.get("guides/printable/index.html"), { key: "k2", bytes: 11 });
});

test.run();
