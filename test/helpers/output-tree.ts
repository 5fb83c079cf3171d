import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { OutputFile } from "../../src/output/files.ts";
import { copyFixtureSite } from "./site.ts";

/** A site as files and the sha256 of each one's bytes, so two sites compare byte for byte. */
export type Snapshot = Record<string, string>;

const sha256 = (bytes: string | Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Every file under `dir` (through the output's symlink) with the hash of its bytes; throws when `dir` is missing. */
export function snapshot(dir: string): Snapshot {
  const out: Snapshot = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath ?? entry.path, entry.name);
    out[path.relative(dir, full).split(path.sep).join("/")] = sha256(fs.readFileSync(full));
  }
  return out;
}

/** The snapshot a set of built files would have on disk. */
export function snapshotOf(files: readonly OutputFile[]): Snapshot {
  return Object.fromEntries(files.map((f) => [f.path, sha256(f.contents)]));
}

/** Whether two snapshots hold the same files with the same bytes. */
export function sameSite(a: Snapshot, b: Snapshot): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/**
 * Everything beside the output that belongs to it but is not the output or
 * the versioned folder it links to: staging folders, previous versions,
 * stray links, the lock. Empty after every finished write.
 */
export function besideOutput(out: string): string[] {
  const base = path.basename(out);
  const target = fs.lstatSync(out, { throwIfNoEntry: false })?.isSymbolicLink() ? fs.readlinkSync(out) : undefined;
  return fs
    .readdirSync(path.dirname(out))
    .filter((name) => name.startsWith(`.${base}-`) || name.startsWith(`.${base}.`))
    .filter((name) => name !== target)
    .sort();
}

/** Runs `work` with the output path `dist` of a fresh copy of the basic fixture site, always removing the copy. */
export async function withOutput(work: (out: string, root: string) => Promise<void>): Promise<void> {
  const root = copyFixtureSite("basic");
  try {
    await work(path.join(root, "dist"), root);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** Makes `count` pages under `dir/bulk/`, each a few kilobytes, so writing the site takes a measurable time. */
function addBulkPages(content: string, count: number): void {
  const dir = path.join(content, "bulk");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "index.md"), "---\ntitle: Bulk\n---\n\nGenerated pages.\n");
  const paragraph = (page: number, n: number) => `Paragraph ${n} of page ${page}, with enough words to give the page some weight on disk.\n`;
  for (let page = 1; page <= count; page++) {
    const body = Array.from({ length: 40 }, (_, n) => paragraph(page, n)).join("\n");
    fs.writeFileSync(path.join(dir, `page-${page}.md`), `---\ntitle: Page ${page}\n---\n\n## Section ${page}\n\n${body}`);
  }
}

/**
 * Copies the basic fixture site with two content folders, `content-a` and
 * `content-b`, whose sites differ in bytes and in their file sets (b changes
 * a page, adds one and drops one), so a mix of the two can be told apart.
 */
export function twoVersionSite(bulkPages = 0): string {
  const root = copyFixtureSite("basic");
  const a = path.join(root, "content-a");
  const b = path.join(root, "content-b");
  fs.renameSync(path.join(root, "content"), a);
  if (bulkPages > 0) addBulkPages(a, bulkPages);
  fs.cpSync(a, b, { recursive: true });
  fs.writeFileSync(path.join(b, "guides/first.md"), "---\ntitle: First Guide, second edition\nsort: 1\n---\n\n## Setup\n\nRewritten.\n");
  fs.writeFileSync(path.join(b, "guides/third.md"), "---\ntitle: Third Guide\nsort: 3\n---\n\n## More\n\nOnly in version b.\n");
  if (bulkPages > 0) fs.rmSync(path.join(b, "bulk/page-1.md"));
  return root;
}
