import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { removeTree } from "../src/output/write-file.ts";

/** A fresh folder under the system's temporary folder. */
const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), "docs-build-remove-"));

/** Fills `dir` with `count` small files, spread over a few subfolders. */
function fill(dir: string, count: number): void {
  for (let i = 0; i < count; i++) {
    const folder = path.join(dir, `f${i % 4}`);
    if (i < 4) fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, `${i}.html`), "x");
  }
}

test("removes nested folders, files and links, but never what a link points to; a missing path is no error", async () => {
  const root = scratch();
  const outside = scratch();
  try {
    fs.writeFileSync(path.join(outside, "keep.txt"), "kept");
    const target = path.join(root, "site");
    fs.mkdirSync(path.join(target, "a", "b", "c"), { recursive: true });
    fs.writeFileSync(path.join(target, "a", "b", "c", "deep.txt"), "deep");
    fs.writeFileSync(path.join(target, "top.txt"), "top");
    fs.symlinkSync(outside, path.join(target, "a", "link-to-outside"));
    fs.symlinkSync(path.join(outside, "keep.txt"), path.join(target, "file-link"));
    await removeTree(target);
    assert.not.ok(fs.existsSync(target));
    assert.is(fs.readFileSync(path.join(outside, "keep.txt"), "utf8"), "kept");
    await removeTree(target);
    const file = path.join(root, "one.txt");
    fs.writeFileSync(file, "1");
    await removeTree(file);
    assert.not.ok(fs.existsSync(file));
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  }
});

test("a folder of many files is removed a few files at a time, never with every removal started at once", async () => {
  const root = scratch();
  const rm = fsp.rm;
  let running = 0;
  let most = 0;
  let calls = 0;
  // fs.rm with `recursive` starts a removal for every entry of a folder at once: 650 MB for 400,000 files.
  fsp.rm = async (...args: Parameters<typeof rm>) => {
    calls++;
    most = Math.max(most, ++running);
    try {
      return await rm(...args);
    } finally {
      running--;
    }
  };
  try {
    fill(root, 3_000);
    await removeTree(root);
    assert.not.ok(fs.existsSync(root));
    assert.is(calls, 3_000, "one removal a file");
    assert.ok(most <= 64, `${most} removals at once`);
  } finally {
    fsp.rm = rm;
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test.run();
