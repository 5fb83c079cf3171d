// What a reader of a built site pays, in gzipped bytes (zlib.gzipSync), read
// from the output folder: the first visit to a page, a first search, the route
// table of a first client navigation and the largest sidebar anchors file.
// Used by the scale benchmark (scale-bench.ts) on each corpus's cold output.
import fs from "node:fs";
import path from "node:path";
import { routeTablePath } from "../../src/shared/routes.ts";
import { SEARCH_INDEX_PATH, SEARCH_PARTS_DIR } from "../../src/shared/search/split-format.ts";
import { BYTE_QUERIES, firstSearch, gzippedSize } from "./split-search.ts";

/** The page a first visit opens, and the page a first client navigation goes to from it; both are in every generated corpus. */
export const VISITED_PAGE = "/configuration/output/";
export const NAVIGATED_PAGE = "/configuration/entry-context/";

/** An output file (path relative to the output folder) and its size, raw and gzipped. */
export interface SizedFile {
  path: string;
  bytes: number;
  gzipBytes: number;
}

/** What a first visit loads: the page, what its HTML loads, the service worker and what the worker precaches, each file once. */
export interface FirstVisit {
  page: string;
  files: number;
  /** Gzipped bytes of all of them. */
  gzipBytes: number;
  /** Of these, the HTML file, the scripts and stylesheets it references, the worker script, and the precached files not counted before. */
  htmlGzipBytes: number;
  referencedGzipBytes: number;
  workerGzipBytes: number;
  precachedGzipBytes: number;
  /** Of all of them, the search index's root and parts (precached while the whole index fits the precache budget). */
  searchIndexGzipBytes: number;
  /** URLs the page or the precache manifest names that have no file in the output. */
  missing: string[];
}

/** One byte query's first search: the index root and parts it loads, and with the search code. */
export interface SearchCost {
  query: string;
  indexFiles: number;
  indexGzipBytes: number;
  /** Index parts plus the search code. */
  gzipBytes: number;
  top?: string;
}

/** Everything `measureReaderCost` reports. */
export interface ReaderCost {
  firstVisit: FirstVisit;
  /** The search backend's chunk and the chunks it imports, gzipped. */
  searchCode: { files: string[]; gzipBytes: number };
  firstSearch: SearchCost[];
  /** The route table a client navigation from VISITED_PAGE to NAVIGATED_PAGE fetches (undefined when it is missing), and the largest route table. */
  navigationTable?: SizedFile;
  largestRouteTable?: SizedFile;
  /** The largest file under assets/sidebar/. */
  largestSidebar?: SizedFile;
}

/** Forward-slashed paths of every file under `dir` (relative to `root`), or none when `dir` is missing. */
function filesUnder(root: string, dir: string): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path
        .relative(root, path.join(entry.parentPath ?? entry.path, entry.name))
        .split(path.sep)
        .join("/"),
    );
}

/** The largest file (by raw size) under `dir` of the output, with its gzipped size; undefined when there is none. */
export function largestFile(out: string, dir: string): SizedFile | undefined {
  let largest: { path: string; bytes: number } | undefined;
  for (const file of filesUnder(out, dir)) {
    const bytes = fs.statSync(path.join(out, file)).size;
    if (!largest || bytes > largest.bytes) largest = { path: file, bytes };
  }
  return largest && { ...largest, gzipBytes: gzippedSize(out, largest.path) };
}

/** The output file a same-site URL path is served from (`/a/` → `a/index.html`), percent-decoding each segment. */
function fileOfUrl(pathname: string): string {
  const file = pathname.split("/").map(decodeURIComponent).join("/").replace(/^\//, "");
  return file === "" || file.endsWith("/") ? `${file}index.html` : file;
}

/** The folder of every route table: the one of a top-level page's table (`page-routes/_.json`). */
const ROUTE_TABLES_DIR = path.posix.dirname(routeTablePath("/"));

const ORIGIN = "https://site.invalid";
const LOADED_RELS = new Set(["stylesheet", "modulepreload", "preload"]);

/** The same-site URLs an HTML page loads at once: `<script src>` and `<link rel=stylesheet|modulepreload|preload href>`, resolved against `pageUrl`. */
export function referencedUrls(html: string, pageUrl: string): string[] {
  const attribute = (tag: string, name: string) =>
    new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
      .exec(tag)
      ?.slice(1)
      .find((v) => v !== undefined);
  const urls: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const isScript = /^<script/i.test(tag);
    const rels = (attribute(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = isScript ? attribute(tag, "src") : rels.some((rel) => LOADED_RELS.has(rel)) ? attribute(tag, "href") : undefined;
    if (href === undefined) continue;
    const url = new URL(href, `${ORIGIN}${pageUrl}`);
    if (url.origin === ORIGIN) urls.push(url.pathname);
  }
  return urls;
}

/** The URLs of the precache manifest `injectManifest` wrote into a worker script (the JSON array of `{url, revision}`); none when there is none. */
export function precacheUrls(worker: string): string[] {
  const start = worker.indexOf('[{"url":');
  if (start === -1) return [];
  // Find the array's closing bracket, skipping brackets inside strings.
  let depth = 0;
  for (let i = start, inString = false; i < worker.length; i++) {
    const c = worker[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "[" || c === "{") depth++;
    else if ((c === "]" || c === "}") && --depth === 0) {
      return (JSON.parse(worker.slice(start, i + 1)) as Array<{ url: string }>).map((entry) => new URL(entry.url, ORIGIN).pathname);
    }
  }
  throw new Error(`the precache manifest in the worker script is not closed (from offset ${start})`);
}

/** Gzipped sizes of output files, each file counted once however often it is named. */
class FileSet {
  readonly files = new Map<string, number>();
  readonly missing: string[] = [];
  constructor(private readonly out: string) {}
  /** Adds the file of each URL not added yet and returns the gzipped bytes it added. */
  add(urls: string[]): number {
    let added = 0;
    for (const url of urls) {
      const file = fileOfUrl(url);
      if (this.files.has(file) || this.missing.includes(url)) continue;
      if (!fs.statSync(path.join(this.out, file), { throwIfNoEntry: false })?.isFile()) {
        this.missing.push(url);
        continue;
      }
      const bytes = gzippedSize(this.out, file);
      this.files.set(file, bytes);
      added += bytes;
    }
    return added;
  }
}

/** What a first visit to `page` loads, gzipped: its HTML, what the HTML loads, `sw.js` and every URL of its precache manifest, each file once. */
export function measureFirstVisit(out: string, page: string): FirstVisit {
  const set = new FileSet(out);
  const htmlGzipBytes = set.add([page]);
  if (set.missing.length) throw new Error(`${page} has no page in ${out} (no ${fileOfUrl(page)})`);
  const html = fs.readFileSync(path.join(out, fileOfUrl(page)), "utf8");
  const referencedGzipBytes = set.add(referencedUrls(html, page));
  const workerGzipBytes = set.add(["/sw.js"]);
  const worker = fs.existsSync(path.join(out, "sw.js")) ? fs.readFileSync(path.join(out, "sw.js"), "utf8") : "";
  const precachedGzipBytes = set.add(precacheUrls(worker));
  const gzipBytes = htmlGzipBytes + referencedGzipBytes + workerGzipBytes + precachedGzipBytes;
  let searchIndexGzipBytes = 0;
  for (const [file, bytes] of set.files) if (file === SEARCH_INDEX_PATH || file.startsWith(`${SEARCH_PARTS_DIR}/`)) searchIndexGzipBytes += bytes;
  return {
    page,
    files: set.files.size,
    gzipBytes,
    htmlGzipBytes,
    referencedGzipBytes,
    workerGzipBytes,
    precachedGzipBytes,
    searchIndexGzipBytes,
    missing: set.missing,
  };
}

/** The search backend's chunks (`search-backend-*.js` anywhere under `assets/`) and every chunk they import statically, in the order found. */
export function searchCodeFiles(out: string): string[] {
  const found = filesUnder(out, "assets").filter((file) => /(^|\/)search-backend-[^/]*\.js$/.test(file));
  for (let i = 0; i < found.length; i++) {
    const code = fs.readFileSync(path.join(out, found[i]), "utf8");
    for (const [, specifier] of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+)["']/g)) {
      const file = path.posix.join(path.posix.dirname(found[i]), specifier);
      if (!found.includes(file)) found.push(file);
    }
  }
  return found;
}

/** Measures everything a reader pays on the built site in `out` (the output folder or its symlink). */
export async function measureReaderCost(out: string): Promise<ReaderCost> {
  const root = fs.realpathSync(out);
  const files = searchCodeFiles(root);
  const searchCode = { files, gzipBytes: files.reduce((sum, file) => sum + gzippedSize(root, file), 0) };
  const searches: SearchCost[] = [];
  for (const query of BYTE_QUERIES) {
    const first = await firstSearch(root, query);
    searches.push({ query, indexFiles: first.files, indexGzipBytes: first.indexBytes, gzipBytes: first.indexBytes + searchCode.gzipBytes, top: first.top });
  }
  const table = routeTablePath(NAVIGATED_PAGE);
  const tableStat = fs.statSync(path.join(root, table), { throwIfNoEntry: false });
  return {
    firstVisit: measureFirstVisit(root, VISITED_PAGE),
    searchCode,
    firstSearch: searches,
    navigationTable: tableStat && { path: table, bytes: tableStat.size, gzipBytes: gzippedSize(root, table) },
    largestRouteTable: largestFile(root, ROUTE_TABLES_DIR),
    largestSidebar: largestFile(root, "assets/sidebar"),
  };
}
