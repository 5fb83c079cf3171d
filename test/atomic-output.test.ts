import fs from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build } from "../src/build.ts";
import { ContentError, UsageError } from "../src/report/errors.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import type { OutputFile } from "../src/output/files.ts";
import { writeChanged } from "../src/output/staging.ts";
import { writeOutput } from "./helpers/publish.ts";
import { besideOutput, snapshot, snapshotOf, withOutput } from "./helpers/output-tree.ts";

const OLD: OutputFile[] = [
  { path: "index.html", contents: "old" },
  { path: "a/b.txt", contents: "old b" },
];
const NEW: OutputFile[] = [
  { path: "index.html", contents: "new" },
  { path: "c/d.txt", contents: "new d" },
];
// "x" is both a file and a folder, so a write of these cannot succeed.
const IMPOSSIBLE: OutputFile[] = [
  { path: "index.html", contents: "new" },
  { path: "x", contents: "file" },
  { path: "x/y.txt", contents: "child" },
];

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => assert.unreachable("the write should fail"),
    (e: unknown) => e,
  );

test("a build that fails on content leaves the previous output byte-for-byte intact", async () =>
  withOutput(async (dist, root) => {
    const opts = { root, cache: false, logger: createMemoryLogger() };
    await build(opts);
    const before = snapshot(dist);
    assert.ok(Object.keys(before).includes("guides/first/index.html"));

    fs.writeFileSync(path.join(root, "content/guides/first.md"), "---\ntitle: Changed\n---\n\n## Setup\n\nChanged body.\n");
    fs.writeFileSync(path.join(root, "content/guides/broken.md"), "---\nsort: 1\n---\n\nNo title here.\n");
    const error = await build(opts).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.instance(error, ContentError);
    assert.equal(snapshot(dist), before);
    assert.equal(besideOutput(dist), [], "no staging folder or lock is left behind");

    fs.rmSync(path.join(root, "content/guides/broken.md"));
    await build(opts);
    assert.match(fs.readFileSync(path.join(dist, "guides/first/index.html"), "utf8"), "<h1>Changed</h1>", "a good build replaces the output");
    assert.equal(besideOutput(dist), []);
  }));

test("the output is a symlink to a versioned folder beside it; the next write links a new folder and removes the old one", async () =>
  withOutput(async (out, root) => {
    await writeOutput(out, OLD);
    const first = fs.readlinkSync(out);
    assert.match(first, /^\.dist-v-\d+-[0-9a-f]{8}$/, "a relative link to a sibling");
    assert.equal(snapshot(out), snapshotOf(OLD));
    await writeOutput(out, NEW);
    const second = fs.readlinkSync(out);
    assert.is.not(second, first);
    assert.equal(snapshot(out), snapshotOf(NEW));
    assert.equal(
      fs
        .readdirSync(root)
        .filter((name) => name.includes("dist"))
        .sort(),
      [second, "dist"],
    );
  }));

test("a write that fails midway leaves the previous output intact and removes its unfinished folder", async () =>
  withOutput(async (out) => {
    await writeOutput(out, OLD);
    const link = fs.readlinkSync(out);
    await rejection(writeOutput(out, IMPOSSIBLE));
    assert.is(fs.readlinkSync(out), link);
    assert.equal(snapshot(out), snapshotOf(OLD));
    assert.equal(besideOutput(out), []);
  }));

test("an output path that is a file, or a symlink docs-build did not make, is refused and left alone", async () =>
  withOutput(async (out, root) => {
    fs.writeFileSync(out, "not a folder");
    const error = await rejection(writeOutput(out, OLD));
    assert.instance(error, UsageError);
    assert.match((error as Error).message, "exists and is not a folder");
    assert.is(fs.readFileSync(out, "utf8"), "not a folder");

    fs.rmSync(out);
    fs.mkdirSync(path.join(root, "elsewhere"));
    fs.symlinkSync("elsewhere", out);
    const linked = await rejection(writeOutput(out, OLD));
    assert.match((linked as Error).message, `Output path ${out} is a symbolic link to elsewhere, which docs-build did not make`);
    assert.is(fs.readlinkSync(out), "elsewhere");
    assert.equal(fs.readdirSync(path.join(root, "elsewhere")), []);
  }));

test("a plain output folder from an older docs-build moves to the symlink layout", async () =>
  withOutput(async (out) => {
    fs.mkdirSync(path.join(out, "old"), { recursive: true });
    fs.writeFileSync(path.join(out, "old/page.html"), "from before");
    await writeOutput(out, NEW);
    assert.ok(fs.lstatSync(out).isSymbolicLink());
    assert.equal(snapshot(out), snapshotOf(NEW));
    assert.equal(besideOutput(out), [], "the old folder is gone once the link is in place");
  }));

test("after a write killed between moving the old folder aside and linking the new one, the next write puts the old site back first", async () =>
  withOutput(async (out, root) => {
    // What the move to the symlink layout leaves when killed between its two renames.
    const previous = path.join(root, ".dist-old-4242-0123abcd");
    fs.mkdirSync(path.join(previous, "a"), { recursive: true });
    fs.writeFileSync(path.join(previous, "index.html"), "old");
    fs.writeFileSync(path.join(previous, "a/b.txt"), "old b");
    fs.mkdirSync(path.join(root, ".dist-v-4242-0123abcd"));
    fs.writeFileSync(path.join(root, ".dist-v-4242-0123abcd/index.html"), "new, complete or not");
    const notes: string[] = [];
    // Even a write that then fails leaves the previous site in place.
    await rejection(writeOutput(out, IMPOSSIBLE, { notify: (line) => notes.push(line) }));
    assert.ok(fs.lstatSync(out).isDirectory());
    assert.equal(snapshot(out), snapshotOf(OLD));
    assert.equal(besideOutput(out), []);
    assert.ok(
      notes.some((n) => n.startsWith("Put back dist from .dist-old-4242-0123abcd")),
      notes.join("\n"),
    );
  }));

test("the next write removes what killed writes left beside the output, and nothing else", async () =>
  withOutput(async (out, root) => {
    await writeOutput(out, OLD);
    const leftovers = [".dist-v-4242-0123abcd", ".dist-new-77-deadbeef", ".dist-old-77-deadbeef"];
    for (const name of leftovers) {
      fs.mkdirSync(path.join(root, name, "deep"), { recursive: true });
      fs.writeFileSync(path.join(root, name, "deep/file.html"), "half a site");
    }
    fs.symlinkSync(".dist-v-4242-0123abcd", path.join(root, ".dist-link-4242-0123abcd"));
    // Names of other outputs, or near misses, belong to someone else.
    const others = [
      ".dist-v-notes",
      ".dist-v-1-0123abc",
      ".dist-keep",
      ".dist2-v-1-0123abcd",
      "dist-old-1-0123abcd",
      ".dist-v-v-1-0123abcd",
      ".dist-v-1-0123abcd-old-1-0123abcd",
    ];
    for (const name of others) fs.mkdirSync(path.join(root, name));
    const notes: string[] = [];
    await writeOutput(out, NEW, { notify: (line) => notes.push(line) });
    assert.equal(snapshot(out), snapshotOf(NEW));
    assert.equal(besideOutput(out), [...others.filter((n) => n.startsWith(".dist-"))].sort());
    for (const name of others) assert.ok(fs.existsSync(path.join(root, name)), `${name} must stay`);
    assert.match(notes.join("\n"), /^Removed 4 leftovers of stopped builds beside dist: /m);
  }));

test("the rename layout (Windows) swaps plain folders and removes leftovers", async () =>
  withOutput(async (out, root) => {
    const layout = { layout: "rename" as const };
    await writeOutput(out, OLD, layout);
    assert.ok(fs.lstatSync(out).isDirectory());
    fs.mkdirSync(path.join(root, ".dist-new-77-deadbeef"));
    await rejection(writeOutput(out, IMPOSSIBLE, layout));
    assert.equal(snapshot(out), snapshotOf(OLD));
    await writeOutput(out, NEW, layout);
    assert.ok(fs.lstatSync(out).isDirectory());
    assert.equal(snapshot(out), snapshotOf(NEW));
    assert.equal(besideOutput(out), []);
  }));

test("writeChanged patches the versioned folder it wrote, and writes a whole new site once another build replaced it", async () =>
  withOutput(async (out) => {
    const first = (await writeChanged(out, OLD, undefined))!;
    const version = fs.readlinkSync(out);
    assert.is(first.version, version);
    assert.is(first.changed, null, "a whole site was written");
    const patched = [{ path: "index.html", contents: "patched" }, OLD[1]];
    const second = (await writeChanged(out, patched, first))!;
    assert.is(fs.readlinkSync(out), version, "a rebuild writes in place");
    assert.is(second.version, version);
    assert.equal(second.changed, ["index.html"]);
    assert.equal(snapshot(out), snapshotOf(patched));

    await writeOutput(out, NEW);
    const third = (await writeChanged(out, [...patched, { path: "extra.txt", contents: "x" }], second))!;
    assert.is.not(third.version, version);
    assert.is(fs.readlinkSync(out), third.version);
    assert.equal(snapshot(out), snapshotOf([...patched, { path: "extra.txt", contents: "x" }]), "nothing of the other build's site is left");
    assert.equal(besideOutput(out), []);
  }));

test("writeChanged keeps the files a caller left out as unchanged, and writes nothing when the site they are in was replaced", async () =>
  withOutput(async (out) => {
    const first = (await writeChanged(out, OLD, undefined))!;
    // The dev server passes only the files whose digest differs, and the digests of the others.
    const [kept, ...rest] = OLD;
    const unchanged = new Map([[kept.path, first.files.get(kept.path)!]]);
    const edited = rest.map((f) => ({ ...f, contents: `${String(f.contents)} edited` }));
    const second = (await writeChanged(out, edited, first, {}, unchanged))!;
    assert.equal(snapshot(out), snapshotOf([kept, ...edited]));
    assert.equal([...second.files.keys()].sort(), OLD.map((f) => f.path).sort(), "the manifest still lists every file");
    assert.equal(
      second.changed,
      rest.map((f) => f.path),
    );
    assert.is(second.files.get(kept.path), first.files.get(kept.path));

    await writeOutput(out, NEW);
    const before = snapshot(out);
    assert.is(await writeChanged(out, edited, second, {}, unchanged), undefined, "a whole site needs every file");
    assert.equal(snapshot(out), before);
  }));

test("writeChanged moves a file whose bytes now live at another path instead of writing it again", async () =>
  withOutput(async (out) => {
    const parts = (dir: string, n: number) => Array.from({ length: n }, (_, i) => ({ path: `search/${dir}/p${i}.json`, contents: `part ${i}` }));
    const first = (await writeChanged(out, [{ path: "index.html", contents: "home" }, ...parts("aaa", 3)], undefined))!;
    const inode = (p: string) => fs.statSync(path.join(out, p)).ino;
    const before = inode("search/aaa/p1.json");
    // The folder is renamed and one part changes: two parts move, one is written.
    const next = [{ path: "index.html", contents: "home" }, ...parts("bbb", 3).map((f, i) => (i === 2 ? { ...f, contents: "part 2 edited" } : f))];
    const second = (await writeChanged(out, next, first))!;
    assert.equal(snapshot(out), snapshotOf(next));
    assert.is(inode("search/bbb/p1.json"), before, "the same file, moved");
    assert.not.ok(fs.existsSync(path.join(out, "search/aaa")), "the folder the parts left is removed");
    assert.ok(fs.existsSync(path.join(out, "search/bbb")), "a folder with files stays");
    assert.equal([...second.changed!].sort(), [...parts("aaa", 3).map((f) => f.path), ...parts("bbb", 3).map((f) => f.path)].sort());
  }));

test("build({ write: false }) touches nothing beside the output either", async () =>
  withOutput(async (out, root) => {
    await writeOutput(out, OLD);
    const before = fs.readdirSync(root).sort();
    await build({ root, cache: false, write: false, logger: createMemoryLogger() });
    assert.equal(fs.readdirSync(root).sort(), before);
    assert.equal(snapshot(out), snapshotOf(OLD));
  }));

test.run();
