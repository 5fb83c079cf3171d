// Large content folders made from the real corpus, for the scale benchmark
// (scale-bench.ts) and for tests that need a big site. The original pages
// stay at their own paths, so the absolute links every copy carries
// (`/configuration/output/`) still find a page; each copy gets a path and a
// title of its own, so it is a distinct page with a URL of its own.
import fs from "node:fs";
import path from "node:path";
import fg from "fast-glob";

/**
 * How a generated corpus is laid out, besides the original pages.
 * - `sections`: copies in top-level folders `section-001/`, `section-002/`, …
 *   of `pagesPerSection` pages each, until the corpus has `pages` pages in all.
 * - `nested`: copies in folders `<section>/part-001/`, … of `pagesPerFolder`
 *   pages each, until that one section has `pages` pages.
 */
export type CorpusShape =
  | { kind: "sections"; pages: number; pagesPerSection: number }
  | { kind: "nested"; pages: number; section: string; pagesPerFolder: number };

/** The corpora of `npm run bench:scale`, by name. */
export const SCALE_CORPORA = {
  // Fewer pages than the corpus has: no copies, the corpus as it is.
  "143": { kind: "sections", pages: 0, pagesPerSection: 25 },
  "1k": { kind: "sections", pages: 1_000, pagesPerSection: 25 },
  "10k": { kind: "sections", pages: 10_000, pagesPerSection: 25 },
  "30k": { kind: "sections", pages: 30_000, pagesPerSection: 25 },
  "100k": { kind: "sections", pages: 100_000, pagesPerSection: 25 },
  "nested-2k": { kind: "nested", pages: 2_000, section: "guides", pagesPerFolder: 20 },
} as const satisfies Record<string, CorpusShape>;

/** A name of one of the corpora of `npm run bench:scale`. */
export type ScaleCorpusName = keyof typeof SCALE_CORPORA;

/** What `generateCorpus` reads and writes. */
export interface GenerateCorpusOptions {
  /** The corpus to copy from (a content folder of .md/.mdx pages); only read. */
  source: string;
  /** The content folder to create; it must not exist yet or be empty. */
  target: string;
  shape: CorpusShape;
}

/** What `generateCorpus` wrote. */
export interface GeneratedCorpus {
  /** Pages in the generated content folder, originals included. */
  pages: number;
  /** Of these, the copies. */
  copies: number;
  /** Folders the copies were put in. */
  folders: number;
}

const PAGE = /\.mdx?$/;

/**
 * Writes the source corpus to `target` as it is (pages and any other files),
 * then adds copies of its pages laid out as `shape` says. Copies cycle through
 * the source pages in path order; the first copy in each folder is its
 * `index` page, and every copy's front-matter title gets ` (copy N)`.
 */
export function generateCorpus(options: GenerateCorpusOptions): GeneratedCorpus {
  const { source, target, shape } = options;
  const files = fg.sync("**/*", { cwd: source, onlyFiles: true, dot: false, ignore: ["**/node_modules/**"] }).sort();
  const pool = files.filter((file) => PAGE.test(file));
  if (pool.length === 0) throw new Error(`${source} has no .md or .mdx pages to copy`);
  const perFolder = shape.kind === "sections" ? shape.pagesPerSection : shape.pagesPerFolder;
  // Copies in one folder are named after their source path, which is unique only within one pass over the pool.
  if (perFolder < 1 || perFolder > pool.length) throw new Error(`pages per folder must be between 1 and ${pool.length} (the corpus's pages), got ${perFolder}`);

  // Read, not fs.cp: the corpus is read-only, and its copy must be writable and removable.
  for (const file of files) write(path.join(target, file), fs.readFileSync(path.join(source, file)));

  const existing = shape.kind === "sections" ? pool.length : pool.filter((file) => file.startsWith(`${shape.section}/`)).length;
  const copies = Math.max(0, shape.pages - existing);
  const folders = Math.ceil(copies / perFolder);
  const pad = folderNumber(folders);
  for (let n = 0; n < copies; n++) {
    const from = pool[n % pool.length];
    const folder = Math.floor(n / perFolder) + 1;
    const ext = path.extname(from);
    // The corpus's own index.mdx (the landing page) would otherwise take the name of the folder's index page.
    const flat = from === `index${ext}` ? `home${ext}` : from.replaceAll("/", "-");
    const name = n % perFolder === 0 ? `index${ext}` : flat;
    const dir = shape.kind === "sections" ? `section-${pad(folder)}` : `${shape.section}/part-${pad(folder)}`;
    const text = fs.readFileSync(path.join(source, from), "utf8");
    write(path.join(target, dir, name), retitle(text, ` (copy ${n + 1})`));
  }
  return { pages: pool.length + copies, copies, folders };
}

/**
 * Folder numbers zero-padded to three digits, or to as many as the last
 * folder's number has (`section-0001/` … `section-3995/`), so the folders'
 * names sort in their order however many there are.
 */
export function folderNumber(folders: number): (n: number) => string {
  const digits = Math.max(3, String(folders).length);
  return (n) => String(n).padStart(digits, "0");
}

function write(file: string, contents: string | Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, contents);
}

/**
 * Adds `suffix` to the `title:` of a page's front matter (inside the quotes
 * of a quoted title); a page without front matter or title is left as it is.
 * A regular expression rather than a YAML round trip, so nothing else in the
 * front matter changes.
 */
function retitle(text: string, suffix: string): string {
  const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---(\r?\n|$)/.exec(text);
  if (!frontMatter) return text;
  const block = frontMatter[1].replace(/^title:[ \t]*(.*?)[ \t]*$/m, (_line, value: string) => {
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.endsWith(quote) && value.length > 1) return `title: ${value.slice(0, -1)}${suffix}${quote}`;
    return `title: ${value}${suffix}`;
  });
  return `---\n${block}\n---${frontMatter[2]}${text.slice(frontMatter[0].length)}`;
}
