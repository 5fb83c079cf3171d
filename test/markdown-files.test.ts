import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { markdownFiles } from "../src/pipeline/markdown-files.ts";

/** A folder holding `files` (paths with `/`, each with some text), and links: each path to the folder it leads to. */
function folderWith(files: readonly string[], links: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-build-markdown-files-"));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), `# ${file}\n`);
  }
  for (const [link, target] of Object.entries(links)) fs.symlinkSync(path.join(dir, target), path.join(dir, link), "dir");
  return dir;
}

test("markdownFiles: .md and .mdx files at any depth, in path order; hidden files and folders and node_modules left out", async () => {
  const dir = folderWith([
    "zeta.md",
    "guides/b.mdx",
    "guides/a.md",
    "guides/deep/er/c.md",
    "alpha.md",
    "image.png",
    "notes.markdown",
    ".drafts/hidden.md",
    "guides/.hidden.md",
    "node_modules/some-package/readme.md",
    "guides/node_modules/other/readme.md",
  ]);
  try {
    assert.equal(await markdownFiles(dir), ["alpha.md", "guides/a.md", "guides/b.mdx", "guides/deep/er/c.md", "zeta.md"]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("markdownFiles: a folder reached by a symbolic link is walked; the file system can be given; a missing folder has none", async () => {
  const dir = folderWith(["shared/page.md"], { linked: "shared" });
  try {
    assert.equal(await markdownFiles(dir), ["linked/page.md", "shared/page.md"]);
    const read: string[] = [];
    const readdir = ((folder: string, options: unknown, callback: (...args: unknown[]) => void) => {
      read.push(path.relative(dir, folder));
      fs.readdir(folder, options as { withFileTypes: true }, callback);
    }) as typeof fs.readdir;
    assert.equal(await markdownFiles(path.join(dir, "shared"), { readdir }), ["page.md"]);
    assert.equal(read, ["shared"], "the walk read through the file system given");
    assert.equal(await markdownFiles(path.join(dir, "nowhere")), []);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
