import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";

const SCRIPT = path.resolve("scripts/compare-sites.mjs");

/** Writes a site of `files` (path → text) into a new temporary folder. */
function site(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "compare-sites-"));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

const compare = (...args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], { encoding: "utf8" });

test("compare-sites: sites that differ only in hashed names are the same; a changed, missing or extra file is named", () => {
  const before = site({
    "index.html": '<script src="/assets/index-AAAAAAAA.js"></script>',
    "assets/index-AAAAAAAA.js": "code",
    "assets/chunks/chunk-BBBBBBBB.js": "one",
    "assets/chunks/chunk-CCCCCCCC.js": "two",
    "assets/sidebar/guides-0123456789.json": "{}",
  });
  const same = site({
    "index.html": '<script src="/assets/index-ZZZZZZZZ.js"></script>',
    "assets/index-ZZZZZZZZ.js": "code",
    "assets/chunks/chunk-YYYYYYYY.js": "two",
    "assets/chunks/chunk-XXXXXXXX.js": "one",
    "assets/sidebar/guides-abcdefabcd.json": "{}",
  });
  const changed = site({
    "index.html": '<script src="/assets/index-ZZZZZZZZ.js"></script>!',
    "assets/index-ZZZZZZZZ.js": "code",
    "assets/chunks/chunk-YYYYYYYY.js": "two",
    "assets/chunks/chunk-XXXXXXXX.js": "three",
    "extra.txt": "",
  });
  try {
    const ok = compare(before, same);
    assert.is(ok.status, 0, ok.stdout);
    assert.match(ok.stdout, "5 and 5 files compared; 0 differences");
    const bad = compare(before, changed);
    assert.is(bad.status, 1);
    assert.equal(
      bad.stdout.trim().split("\n").slice(0, -1).sort(),
      [
        "differs: assets/chunks/chunk-HASH.js (one of 2)",
        "differs: index.html",
        `only in ${before}: assets/sidebar/guides-HASH.json`,
        `only in ${changed}: extra.txt`,
      ].sort(),
    );
    assert.is(compare("--ignore", "^(assets/chunks/|index|extra|assets/sidebar)", before, changed).status, 0, "ignored files are left out");
  } finally {
    for (const root of [before, same, changed]) fs.rmSync(root, { recursive: true, force: true });
  }
});

test.run();
