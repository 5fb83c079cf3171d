import fs from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { watchTree } from "../src/serve/watch-tree.ts";
import { tempSite } from "./helpers/temp-site.ts";

// The dev server's folder watcher hears of every change, however a file or folder was changed.

/** A watched temporary folder: `step` makes a change and returns the paths heard of once events have settled. */
async function watchedFolder() {
  const site = tempSite();
  fs.mkdirSync(site.path("guides"));
  fs.writeFileSync(site.path("guides/a.md"), "a");
  let heard = new Set<string>();
  let missed = false;
  const watcher = watchTree(site.dir, { changed: (p) => heard.add(p), missed: () => (missed = true) });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 250));
  await settle();
  return {
    site,
    missed: () => missed,
    async step(change: () => void): Promise<string[]> {
      heard = new Set();
      change();
      await settle();
      return [...heard].sort();
    },
    close() {
      watcher.close();
      site.remove();
    },
  };
}

test("a file replaced by a rename, time and again, or removed and made again, is heard of each time", async () => {
  const w = await watchedFolder();
  try {
    const page = w.site.path("guides/a.md");
    const atomic = (text: string) => {
      fs.writeFileSync(`${page}.tmp`, text);
      fs.renameSync(`${page}.tmp`, page);
    };
    for (const text of ["1", "2"]) assert.ok((await w.step(() => atomic(text))).includes("guides/a.md"), `atomic save ${text}`);
    assert.equal(await w.step(() => fs.writeFileSync(page, "3")), ["guides/a.md"], "a write in place after the renames");
    assert.equal(
      await w.step(() => {
        fs.rmSync(page);
        fs.writeFileSync(page, "4");
      }),
      ["guides/a.md"],
    );
    assert.not.ok(w.missed());
  } finally {
    w.close();
  }
});

test("a folder made, renamed or removed is heard of by its own path, and its files are heard of under its new name", async () => {
  const w = await watchedFolder();
  try {
    const made = await w.step(() => {
      fs.mkdirSync(w.site.path("new/deep"), { recursive: true });
      fs.writeFileSync(w.site.path("new/deep/x.md"), "x");
    });
    assert.ok(made.includes("new"), made.join(", "));
    assert.equal(await w.step(() => fs.writeFileSync(w.site.path("new/deep/y.md"), "y")), ["new/deep/y.md"]);
    assert.equal(await w.step(() => fs.renameSync(w.site.path("new"), w.site.path("newer"))), ["new", "newer"]);
    // Node's own recursive watching hears nothing here: removing "new" stopped its watchers of "newer" too.
    assert.equal(await w.step(() => fs.writeFileSync(w.site.path("newer/deep/y.md"), "yy")), ["newer/deep/y.md"]);
    assert.ok((await w.step(() => fs.rmSync(w.site.path("newer"), { recursive: true }))).includes("newer"));
    assert.equal(await w.step(() => fs.writeFileSync(w.site.path("guides/a.md"), "z")), ["guides/a.md"]);
    assert.not.ok(w.missed());
  } finally {
    w.close();
  }
});

test.run();
