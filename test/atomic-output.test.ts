import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build } from "../src/build.ts";
import { ContentError } from "../src/errors.ts";
import { createMemoryLogger } from "../src/logger.ts";
import { writeOutput } from "../src/write-output.ts";
import { copyFixtureSite } from "./helpers/site.ts";

/** Every file under `dir` with a hash of its bytes, so two snapshots compare byte for byte. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath ?? entry.path, entry.name);
    out[path.relative(dir, full)] = createHash("sha256").update(fs.readFileSync(full)).digest("hex");
  }
  return out;
}

function leftovers(parent: string): string[] {
  return fs.readdirSync(parent).filter((name) => /^\.dist-(new|old)-/.test(name));
}

test("a build that fails on content leaves the previous output byte-for-byte intact", async () => {
  const root = copyFixtureSite("basic");
  try {
    const opts = { root, cache: false, logger: createMemoryLogger() };
    await build(opts);
    const dist = path.join(root, "dist");
    const before = snapshot(dist);
    assert.ok(Object.keys(before).includes("guides/first/index.html"));

    fs.writeFileSync(path.join(root, "content/guides/first.md"), "---\ntitle: Changed\n---\n\n## Setup\n\nChanged body.\n");
    fs.writeFileSync(path.join(root, "content/guides/broken.md"), "---\nsort: 1\n---\n\nNo title here.\n");
    const error = await build(opts).then(() => undefined, (e: unknown) => e);
    assert.instance(error, ContentError);
    assert.equal(snapshot(dist), before);
    assert.equal(leftovers(root), [], "no staging folder is left behind");

    fs.rmSync(path.join(root, "content/guides/broken.md"));
    await build(opts);
    assert.match(fs.readFileSync(path.join(dist, "guides/first/index.html"), "utf8"), "<h1>Changed</h1>", "a good build replaces the output");
    assert.equal(leftovers(root), []);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("a write that fails midway leaves the previous output intact and removes the staging folder", async () => {
  const root = copyFixtureSite("basic");
  try {
    const out = path.join(root, "dist");
    await writeOutput(out, [{ path: "index.html", contents: "old" }, { path: "a/b.txt", contents: "old b" }]);
    const before = snapshot(out);
    // "x" is both a file and a folder, so the second write cannot succeed.
    const failing = writeOutput(out, [{ path: "index.html", contents: "new" }, { path: "x", contents: "file" }, { path: "x/y.txt", contents: "child" }]);
    await failing.then(() => assert.unreachable("the write should fail"), () => undefined);
    assert.equal(snapshot(out), before);
    assert.equal(leftovers(root), []);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("an output path that is a file is refused before anything is written", async () => {
  const root = copyFixtureSite("basic");
  try {
    const out = path.join(root, "dist");
    fs.writeFileSync(out, "not a folder");
    await writeOutput(out, [{ path: "index.html", contents: "x" }]).then(() => assert.unreachable("should refuse"), (e: Error) => assert.match(e.message, "is not a folder"));
    assert.is(fs.readFileSync(out, "utf8"), "not a folder");
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test.run();
