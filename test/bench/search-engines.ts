// Client-side search engines compared on the real webpack docs corpus
// (../shared/corpus/webpack-docs). A report, not a test: it prints a markdown
// table and the quality misses, and exits 0 (also when the corpus is absent).
//
//   node --import tsx test/bench/search-engines.ts
//
// Engines, all fed the same documents: one per section of every searchable
// (non-printable) page, with fields title (the page title, on the page's first
// section only), heading (the section's own heading) and text, and the same
// display data (URL, page title, heading, first 200 characters of text).
//   MiniSearch 7 (shipped)   the whole index the build cuts into parts, loaded by src/shared/search/searcher.ts
//   FlexSearch 0.8           a Document index (tokenize "forward") per typo-tolerant encoder;
//                            field results merged by weighted reciprocal rank (title 4,
//                            heading 2.5, text 1), suggest: true
//   Pagefind 1.x (optional)  its Node API indexes the built HTML (root <main>); queried in Node
//                            through its own pagefind.js + WASM, with fetch() served from disk.
//                            Pagefind is not a dependency of this project: install it elsewhere,
//                            `mkdir -p /tmp/pf && cd /tmp/pf && npm init -y && npm install pagefind@1.6.0`,
//                            and point PAGEFIND_DIR at that folder (default /tmp/pf); without it the
//                            row is skipped.
//
// Measures, per engine, all in this Node process (performance.now()):
//   index           the bytes a browser downloads as the index: raw, and gzipped (zlib level
//                   default; Pagefind's own files are already gzip-compressed, so each counts
//                   as the smaller of raw and re-gzipped)
//   engine JS       the engine's browser code, minified by esbuild and gzipped (Pagefind:
//                   pagefind.js + pagefind-worker.js + its WASM)
//   first-query dl  what a first query downloads: index + engine JS (Pagefind: engine + the
//                   chunks and fragments its first query fetched)
//   build           indexing time from the section documents to the shipped text, median of 3
//                   (Pagefind: from the rendered HTML, including starting its binary)
//   first query     parse the shipped text + load it into the engine + one query, median of
//                   FRESH_LOADS fresh loads (Pagefind: a fresh instance; reads come from disk)
//   query median/p95  every query of QUERIES, QUERY_ROUNDS times after one warm-up pass; a
//                   query includes making the 10 results to display (Pagefind: data() of the
//                   first 5 pages, the size of its default UI page)
//   top-3 quality   whether a URL matching the expected pattern is among the first 3 results
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import * as esbuild from "esbuild";
import FlexSearch from "flexsearch";
import type { Document as FlexDocument, EncoderOptions } from "flexsearch";
import { build } from "../../src/build.ts";
import { resolveSettings } from "../../src/context/config.ts";
import { createContext } from "../../src/context/context.ts";
import { createMemoryLogger } from "../../src/report/logger.ts";
import { isPrintable } from "../../src/shared/content-rules.ts";
import type { PageEntry, SearchSection } from "../../src/shared/content-types.ts";

/** A page with its search sections, read back from the body store. */
type SectionedPage = { entry: PageEntry; sections: SearchSection[] };
import { Searcher } from "../../src/shared/search/searcher.ts";
import { highlight, snippetWindow, type TextPiece } from "../../src/shared/search/results.ts";
import { loadWholeSite } from "../../src/pipeline/site-pages.ts";
import { runIndexContent } from "../../src/stages/index-content/index.ts";
import { buildSearchIndex, STORED_SNIPPET } from "../../src/stages/search-index/core.ts";
import { TOOL_DIR } from "../helpers/temp-site.ts";

const CORPUS = path.resolve(TOOL_DIR, "..", "shared", "corpus", "webpack-docs");
const PAGEFIND_DIR = path.resolve(process.env.PAGEFIND_DIR ?? "/tmp/pf");

const BUILD_RUNS = 3;
const FRESH_LOADS = 5;
const QUERY_ROUNDS = 10;
/** Results each engine makes per query (what the site's search panel shows). */
const RESULT_LIMIT = 10;
/** Pagefind pages whose data() a query loads (its default UI shows 5 per page). */
const PAGEFIND_PAGES = 5;
const TOP = 3;

/** Queries as users type them (typos included), with a pattern the right result's URL matches. */
const QUERIES: readonly { query: string; expect: RegExp }[] = [
  { query: "splitchunks", expect: /^\/plugins\/split-chunks-plugin\// },
  { query: "optimisation", expect: /^\/configuration\/optimization\// },
  { query: "modle federation", expect: /^\/concepts\/module-federation\// },
  { query: "dev server proxy", expect: /^\/configuration\/dev-server\/#devserverproxy/ },
  { query: "resolve alias", expect: /^\/configuration\/resolve\/#resolvealias/ },
  { query: "output filename", expect: /^\/configuration\/output\/#outputfilename/ },
  { query: "tree shaking", expect: /^\/guides\/tree-shaking\// },
  { query: "hot module replacement", expect: /^\/(guides|api|concepts)\/hot-module-replacement/ },
  { query: "source maps devtool", expect: /^\/configuration\/devtool\// },
  { query: "code splitting", expect: /^\/guides\/code-splitting\// },
  { query: "caching contenthash", expect: /^\/guides\/caching\// },
  { query: "asset modules", expect: /^\/guides\/asset-modules\// },
  { query: "lazy loading", expect: /^\/guides\/lazy-loading\// },
  { query: "environment variables", expect: /^\/guides\/environment-variables\// },
  { query: "typescript", expect: /^\/guides\/typescript\// },
  { query: "entry points", expect: /^\/concepts\/entry-points\// },
  { query: "loaders", expect: /^\/(concepts\/loaders|loaders)\// },
  { query: "externals", expect: /^\/configuration\/externals\// },
  { query: "performance hints", expect: /^\/configuration\/performance\// },
  // The corpus has no mini-css-extract-plugin page; this plugin page replaces it.
  { query: "html webpack plugin", expect: /^\/plugins\/html-webpack-plugin\// },
];

/** One indexed section, the same for every engine; its position is its id. */
interface SectionDoc {
  url: string;
  pageTitle: string;
  heading: string;
  /** The whole section text (indexed). */
  text: string;
  /** The page title on the page's first section, "" on the others (indexed as `title`). */
  titleField: string;
}

interface ShippedFile {
  name: string;
  bytes: Uint8Array;
  /** Already compressed by the engine (counted as the smaller of raw and gzipped). */
  compressed?: boolean;
}

/** A loaded engine: returns the URLs of the results it would display, best first. */
type Query = (query: string) => string[] | Promise<string[]>;

interface EngineReport {
  name: string;
  indexRaw: number;
  indexGzip: number;
  engineGzip: number;
  firstQueryDownload: number;
  buildMs: number;
  firstQueryMs: number;
  queryMedianMs: number;
  queryP95Ms: number;
  hits: number;
  misses: { query: string; got: string[] }[];
  /** The query with the highest median time, and that median. */
  slowest: { query: string; ms: number };
  notes: string[];
}

// --- small helpers ----------------------------------------------------------

const encoder = new TextEncoder();
const utf8 = (text: string) => encoder.encode(text);
const gzipSize = (bytes: Uint8Array) => gzipSync(bytes).byteLength;
/** Transfer size of one file: gzipped, or as is when it is already compressed. */
const transferSize = (file: ShippedFile) => (file.compressed ? Math.min(file.bytes.byteLength, gzipSize(file.bytes)) : gzipSize(file.bytes));

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0));

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Nearest-rank percentile. */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function timed<T>(run: () => T | Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await run();
  return { value, ms: performance.now() - start };
}

/** Runs `run` `times` times; the last value and the median time. */
async function medianOf<T>(times: number, run: () => T | Promise<T>): Promise<{ value: T; ms: number }> {
  const ms: number[] = [];
  let value!: T;
  for (let i = 0; i < times; i++) {
    const result = await timed(run);
    value = result.value;
    ms.push(result.ms);
  }
  return { value, ms: median(ms) };
}

/** The query's words, lowercased, for highlighting results the way the site does. */
const queryWords = (query: string) =>
  query
    .toLowerCase()
    .split(/[^\p{L}\p{N}_$]+/u)
    .filter(Boolean);

/** Minified, gzipped size of a browser bundle of `contents` (resolved from the project). */
async function bundleGzip(contents: string): Promise<number> {
  const result = await esbuild.build({
    stdin: { contents, resolveDir: TOOL_DIR, loader: "ts", sourcefile: "bench-entry.ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  return gzipSize(result.outputFiles[0].contents);
}

/** Times every query QUERY_ROUNDS times after one warm-up pass, and checks the top 3 of each. */
async function measureQueries(search: Query): Promise<Pick<EngineReport, "queryMedianMs" | "queryP95Ms" | "hits" | "misses" | "slowest">> {
  const misses: EngineReport["misses"] = [];
  let hits = 0;
  for (const { query, expect } of QUERIES) {
    const urls = await search(query);
    if (urls.slice(0, TOP).some((url) => expect.test(url))) hits++;
    else misses.push({ query, got: urls.slice(0, TOP) });
  }
  const perQuery = QUERIES.map(() => [] as number[]);
  for (let round = 0; round < QUERY_ROUNDS; round++) {
    for (const [i, { query }] of QUERIES.entries()) {
      const start = performance.now();
      const result = search(query);
      if (result instanceof Promise) await result;
      perQuery[i].push(performance.now() - start);
    }
  }
  const samples = perQuery.flat();
  const medians = perQuery.map(median);
  const worst = medians.indexOf(Math.max(...medians));
  return { queryMedianMs: median(samples), queryP95Ms: percentile(samples, 95), hits, misses, slowest: { query: QUERIES[worst].query, ms: medians[worst] } };
}

// --- the corpus -----------------------------------------------------------------

/** The sections every engine indexes, in the order of the shipped index (so ids agree). */
function sectionDocs(pages: readonly SectionedPage[]): SectionDoc[] {
  const docs: SectionDoc[] = [];
  for (const page of pages) {
    if (isPrintable(page.entry)) continue;
    page.sections.forEach((section, i) => {
      docs.push({
        url: page.entry.url + (section.anchor ? `#${section.anchor}` : ""),
        pageTitle: page.entry.title,
        heading: section.headings.at(-1) ?? "",
        text: section.text,
        titleField: i === 0 ? page.entry.title : "",
      });
    });
  }
  return docs;
}

/**
 * Display data shipped next to an index that stores no documents: pages
 * ([url, title]) and sections ([page, anchor, heading, snippet]), the same
 * normalized shape and 200-character snippet as search-index.json.
 */
interface DisplayData {
  pages: [url: string, title: string][];
  sections: [page: number, anchor: string, heading: string, snippet: string][];
}

function displayData(docs: readonly SectionDoc[]): DisplayData {
  const pages: DisplayData["pages"] = [];
  const pageIds = new Map<string, number>();
  const sections: DisplayData["sections"] = docs.map((doc) => {
    const [pageUrl, anchor = ""] = doc.url.split("#");
    let page = pageIds.get(pageUrl);
    if (page === undefined) {
      page = pages.length;
      pageIds.set(pageUrl, page);
      pages.push([pageUrl, doc.pageTitle]);
    }
    return [page, anchor, doc.heading, doc.text.slice(0, STORED_SNIPPET)];
  });
  return { pages, sections };
}

/** A result as the search panel shows it (what every engine's query makes). */
interface Shown {
  url: string;
  title: string;
  heading: string;
  snippet: TextPiece[];
}

function show(display: DisplayData, id: number, words: readonly string[]): Shown {
  const [page, anchor, heading, snippet] = display.sections[id];
  const [url, title] = display.pages[page];
  return { url: anchor ? `${url}#${anchor}` : url, title, heading, snippet: highlight(snippetWindow(snippet, words), words) };
}

// --- MiniSearch, as shipped ---------------------------------------------------------

async function benchMiniSearch(pages: readonly SectionedPage[]): Promise<EngineReport> {
  const built = await medianOf(BUILD_RUNS, () => JSON.stringify(buildSearchIndex(pages)));
  const notes: string[] = ["sizes are of the whole index, before the build cuts it into the parts a query loads (npm run bench:search reports those)"];
  const shipped = built.value;
  const load = (text: string) => new Searcher(JSON.parse(text));
  const first = await medianOf(FRESH_LOADS, () => load(shipped).search(QUERIES[0].query, RESULT_LIMIT));
  const searcher = load(shipped);
  const bytes = utf8(shipped);
  const indexGzip = gzipSize(bytes);
  const engineGzip = await bundleGzip(`export { Searcher } from "./src/shared/search/searcher.ts";`);
  return {
    name: "MiniSearch 7 (shipped)",
    indexRaw: bytes.byteLength,
    indexGzip,
    engineGzip,
    firstQueryDownload: indexGzip + engineGzip,
    buildMs: built.ms,
    firstQueryMs: first.ms,
    ...(await measureQueries((query) => searcher.search(query, RESULT_LIMIT).map((r) => r.url))),
    notes,
  };
}

// --- FlexSearch -----------------------------------------------------------------------

type FlexDoc = { id: number; title: string; heading: string; text: string };
type FlexField = "title" | "heading" | "text";
const FLEX_WEIGHTS: Record<FlexField, number> = { title: 4, heading: 2.5, text: 1 };
/** Results taken from each field before merging. */
const FLEX_FIELD_LIMIT = 100;

function flexIndex(encoder: EncoderOptions): FlexDocument<FlexDoc> {
  const field = (name: FlexField) => ({ field: name, tokenize: "forward" as const, encoder });
  return new FlexSearch.Document<FlexDoc>({ document: { id: "id", index: [field("title"), field("heading"), field("text")] } });
}

/**
 * Searches every field (suggest: true, so a query with an unmatched or
 * misspelled word still finds the rest) and merges the per-field rankings:
 * a section scores weight / (rank + 1) in each field it is found in.
 */
function flexSearch(index: FlexDocument<FlexDoc>, display: DisplayData, query: string): Shown[] {
  const scores = new Map<number, number>();
  for (const { field, result } of index.search(query, { limit: FLEX_FIELD_LIMIT, suggest: true })) {
    const weight = FLEX_WEIGHTS[field as FlexField];
    for (const [rank, id] of result.entries()) scores.set(id as number, (scores.get(id as number) ?? 0) + weight / (rank + 1));
  }
  const words = queryWords(query);
  return [...scores]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, RESULT_LIMIT)
    .map(([id]) => show(display, id, words));
}

/** The shipped form: one line per exported part, `key<TAB>data`, and the display data as JSON. */
function flexShip(index: FlexDocument<FlexDoc>, display: DisplayData): { index: string; display: string } {
  const parts: string[] = [];
  index.export((key, data) => {
    parts.push(`${key}\t${data}`);
  });
  return { index: parts.join("\n"), display: JSON.stringify(display) };
}

function flexLoad(encoder: EncoderOptions, shipped: { index: string; display: string }): { index: FlexDocument<FlexDoc>; display: DisplayData } {
  const display = JSON.parse(shipped.display) as DisplayData;
  const index = flexIndex(encoder);
  for (const line of shipped.index.split("\n")) {
    const tab = line.indexOf("\t");
    index.import(line.slice(0, tab), line.slice(tab + 1));
  }
  return { index, display };
}

async function benchFlexSearch(docs: readonly SectionDoc[], charset: "LatinBalance" | "LatinSoundex", engineGzip: number): Promise<EngineReport> {
  const encoder = FlexSearch.Charset[charset];
  const built = await medianOf(BUILD_RUNS, () => {
    const index = flexIndex(encoder);
    for (const [id, doc] of docs.entries()) index.add({ id, title: doc.titleField, heading: doc.heading, text: doc.text });
    return flexShip(index, displayData(docs));
  });
  const shipped = built.value;
  const first = await medianOf(FRESH_LOADS, () => {
    const { index, display } = flexLoad(encoder, shipped);
    return flexSearch(index, display, QUERIES[0].query);
  });
  const { index, display } = flexLoad(encoder, shipped);
  const files = [utf8(shipped.index), utf8(shipped.display)];
  const indexGzip = files.reduce((sum, bytes) => sum + gzipSize(bytes), 0);
  const parts = shipped.index.split("\n").length;
  return {
    name: `FlexSearch 0.8 (${charset})`,
    indexRaw: files.reduce((sum, bytes) => sum + bytes.byteLength, 0),
    indexGzip,
    engineGzip,
    firstQueryDownload: indexGzip + engineGzip,
    buildMs: built.ms,
    firstQueryMs: first.ms,
    ...(await measureQueries((query) => flexSearch(index, display, query).map((r) => r.url))),
    notes: [`index ${files[0].byteLength} B in ${parts} exported parts + display data ${files[1].byteLength} B`],
  };
}

// --- Pagefind (optional) ------------------------------------------------------------------

interface PagefindService {
  createIndex(config?: { rootSelector?: string; excludeSelectors?: string[] }): Promise<{ errors: string[]; index?: PagefindBuilder }>;
  close(): Promise<unknown>;
}
interface PagefindBuilder {
  addHTMLFile(file: { url: string; content: string }): Promise<{ errors: string[] }>;
  writeFiles(options: { outputPath: string }): Promise<{ errors: string[] }>;
}
interface PagefindSubResult {
  url: string;
  locations: number[];
}
interface PagefindData {
  url: string;
  sub_results?: PagefindSubResult[];
}
interface PagefindInstance {
  search(query: string): Promise<{ results: { data(): Promise<PagefindData> }[] }>;
  destroy(): Promise<unknown>;
}
interface PagefindClient {
  createInstance(options: { basePath: string; baseUrl: string }): PagefindInstance;
}

/** Pagefind files a site only needs for Pagefind's own UIs (not counted). */
const PAGEFIND_UI = /^pagefind-(ui|component-ui|modular-ui|highlight)\.|^wasm\.unknown\./;
/** Pagefind files that are its engine rather than the index. */
const PAGEFIND_ENGINE = /^(pagefind\.js|pagefind-worker\.js|wasm\.[\w-]+\.pagefind)$/;

function listRelative(dir: string, prefix = ""): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((d) => (d.isDirectory() ? listRelative(path.join(dir, d.name), `${prefix}${d.name}/`) : [`${prefix}${d.name}`]));
}

/**
 * Serves `fetch()` of file: URLs from disk while Pagefind runs in Node, and
 * records what was fetched (the first query's download).
 */
function fileFetch(fetched: Set<string>): typeof fetch {
  return async (input) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const file = fileURLToPath(url.split("?")[0]);
    fetched.add(file);
    return new Response(new Uint8Array(fs.readFileSync(file)), { status: 200 });
  };
}

/** Per result page (best first), its URLs as Pagefind's UI lists them: its sections by matches, or the page. */
async function pagefindPages(instance: PagefindInstance, query: string): Promise<string[][]> {
  const { results } = await instance.search(query);
  const pages = await Promise.all(results.slice(0, PAGEFIND_PAGES).map((r) => r.data()));
  return pages.map((page) =>
    page.sub_results?.length ? [...page.sub_results].sort((a, b) => b.locations.length - a.locations.length).map((s) => s.url) : [page.url],
  );
}

/** Pagefind's result URLs, flattened: the pages by rank, each page's sections by matches. */
async function pagefindUrls(instance: PagefindInstance, query: string): Promise<string[]> {
  return (await pagefindPages(instance, query)).flat().slice(0, RESULT_LIMIT);
}

async function benchPagefind(docs: readonly SectionDoc[], files: readonly { path: string; contents: string | Uint8Array }[]): Promise<EngineReport | string> {
  const servicePath = path.join(PAGEFIND_DIR, "node_modules", "pagefind", "lib", "index.js");
  if (!fs.existsSync(servicePath)) {
    return `Pagefind skipped: ${servicePath} is absent (mkdir -p /tmp/pf && cd /tmp/pf && npm init -y && npm install pagefind@1.6.0; or set PAGEFIND_DIR)`;
  }
  const service = (await import(pathToFileURL(servicePath).href)) as PagefindService;
  const version = (JSON.parse(fs.readFileSync(path.join(PAGEFIND_DIR, "node_modules", "pagefind", "package.json"), "utf8")) as { version: string }).version;
  const pageUrls = [...new Set(docs.map((d) => d.url.split("#")[0]))];
  const html = new Map(files.map((f) => [`/${f.path.replace(/index\.html$/, "")}`, f.contents]));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "docs-build-pagefind-"));
  const realFetch = globalThis.fetch;
  try {
    let out = "";
    let run = 0;
    const built = await medianOf(BUILD_RUNS, async () => {
      out = path.join(work, `run-${run++}`, "pagefind");
      const { index, errors } = await service.createIndex({ rootSelector: "main", excludeSelectors: ["nav", ".contributors"] });
      if (!index) throw new Error(`Pagefind: ${errors.join("; ")}`);
      for (const url of pageUrls) {
        const contents = html.get(url);
        if (contents === undefined) throw new Error(`Pagefind: no HTML built for ${url}`);
        const added = await index.addHTMLFile({ url, content: typeof contents === "string" ? contents : Buffer.from(contents).toString("utf8") });
        if (added.errors.length) throw new Error(`Pagefind: ${url}: ${added.errors.join("; ")}`);
      }
      const written = await index.writeFiles({ outputPath: out });
      if (written.errors.length) throw new Error(`Pagefind: ${written.errors.join("; ")}`);
      await service.close();
    });

    const shipped = listRelative(out)
      .filter((name) => !PAGEFIND_UI.test(name))
      .map((name): ShippedFile => ({ name, bytes: fs.readFileSync(path.join(out, name)), compressed: !/\.(js|json)$/.test(name) }));
    const indexFiles = shipped.filter((f) => !PAGEFIND_ENGINE.test(f.name));
    const engineFiles = shipped.filter((f) => PAGEFIND_ENGINE.test(f.name));
    const engineGzip = engineFiles.reduce((sum, f) => sum + transferSize(f), 0);

    const fetched = new Set<string>();
    globalThis.fetch = fileFetch(fetched);
    const client = (await import(pathToFileURL(path.join(out, "pagefind.js")).href)) as PagefindClient;
    const fresh = () => client.createInstance({ basePath: `${pathToFileURL(out).href}/`, baseUrl: "/" });
    const firstMs: number[] = [];
    for (let i = 0; i < FRESH_LOADS; i++) {
      if (i === 0) fetched.clear();
      const instance = fresh();
      firstMs.push((await timed(() => pagefindUrls(instance, QUERIES[0].query))).ms);
      await instance.destroy();
    }
    const firstFiles = shipped.filter((f) => fetched.has(path.join(out, f.name)) && !PAGEFIND_ENGINE.test(f.name));
    const instance = fresh();
    const measured = await measureQueries((query) => pagefindUrls(instance, query));
    // What data() costs: the same rounds with search() alone (ranking, no excerpts or sub-results).
    const searchOnly: number[] = [];
    for (let round = 0; round < QUERY_ROUNDS; round++) {
      for (const { query } of QUERIES) searchOnly.push((await timed(() => instance.search(query))).ms);
    }
    // Pagefind's UI shows one card per page with up to 3 of its sections: the kinder, page-level count.
    let cardHits = 0;
    for (const { query, expect } of QUERIES) {
      const cards = (await pagefindPages(instance, query)).slice(0, TOP);
      if (cards.some((urls) => urls.slice(0, 3).some((url) => expect.test(url.replace(/#.*/, "")) || expect.test(url)))) cardHits++;
    }
    await instance.destroy();
    return {
      name: `Pagefind ${version}`,
      indexRaw: indexFiles.reduce((sum, f) => sum + f.bytes.byteLength, 0),
      indexGzip: indexFiles.reduce((sum, f) => sum + transferSize(f), 0),
      engineGzip,
      firstQueryDownload: engineGzip + firstFiles.reduce((sum, f) => sum + transferSize(f), 0),
      buildMs: built.ms,
      firstQueryMs: median(firstMs),
      ...measured,
      notes: [
        `${pageUrls.length} pages, ${indexFiles.length} index files; the first query ("${QUERIES[0].query}") fetched ${firstFiles.length} of them`,
        "page-level ranking; the section URLs are its sub-results, ordered by matches as its UI does",
        `counted per result card instead (top ${TOP} pages, each page's URL or its first 3 sections): ${cardHits}/${QUERIES.length}`,
        `search() alone, without data(): median ${ms(median(searchOnly))} ms, p95 ${ms(percentile(searchOnly, 95))} ms`,
        "its files are stored gzip-compressed, so raw and gz are the same bytes",
      ],
    };
  } finally {
    globalThis.fetch = realFetch;
    fs.rmSync(work, { recursive: true, force: true });
  }
}

// --- report ----------------------------------------------------------------------------------

function table(reports: readonly EngineReport[]): string {
  const header = [
    "Engine",
    "Index raw",
    "Index gz",
    "Engine JS gz",
    "First-query dl gz",
    "Build ms",
    "First query ms",
    "Query median ms",
    "Query p95 ms",
    `Top-${TOP} hits`,
  ];
  const rows = reports.map((r) => [
    r.name,
    kb(r.indexRaw),
    kb(r.indexGzip),
    kb(r.engineGzip),
    kb(r.firstQueryDownload),
    ms(r.buildMs),
    ms(r.firstQueryMs),
    ms(r.queryMedianMs),
    ms(r.queryP95Ms),
    `${r.hits}/${QUERIES.length}`,
  ]);
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map((_, i) => (i === 0 ? "---" : "---:"))), ...rows.map(line)].join("\n");
}

async function main(): Promise<void> {
  if (!fs.statSync(CORPUS, { throwIfNoEntry: false })?.isDirectory()) {
    console.log(`skipped: the corpus ${CORPUS} is absent`);
    return;
  }
  console.log(`Node ${process.version}, ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model ?? "unknown"}), ${Math.round(os.totalmem() / 2 ** 30)} GB`);

  process.stdout.write("building the site… ");
  const site = await timed(() => build({ root: TOOL_DIR, content: CORPUS, write: false, cache: false, links: "warn", logger: createMemoryLogger() }));
  console.log(`${(site.ms / 1000).toFixed(1)} s`);

  process.stdout.write("indexing the content… ");
  const ctx = createContext({ root: TOOL_DIR, content: CORPUS, settings: resolveSettings({}), logger: createMemoryLogger(), links: "warn", cache: false });
  const content = await timed(() => runIndexContent(ctx));
  console.log(`${(content.ms / 1000).toFixed(1)} s`);
  const pages: SectionedPage[] = [];
  for (const page of (await loadWholeSite(content.value.site)).pages)
    pages.push({ entry: page.entry, sections: page.sectionsHash ? await content.value.bodies.sections(page) : [] });
  await content.value.close();
  const docs = sectionDocs(pages);
  console.log(`${docs.length} sections of ${new Set(docs.map((d) => d.url.split("#")[0])).size} pages; ${QUERIES.length} queries × ${QUERY_ROUNDS} rounds\n`);
  for (const { query, expect } of QUERIES) {
    if (!docs.some((d) => expect.test(d.url))) console.log(`warning: no section of the corpus matches ${expect} (query "${query}"); it cannot be found`);
  }

  const reports: EngineReport[] = [];
  const notes: string[] = [];
  const step = async (label: string, run: () => Promise<EngineReport | string>) => {
    process.stdout.write(`${label}… `);
    const result = await run();
    if (typeof result === "string") {
      console.log("skipped");
      notes.push(result);
    } else {
      console.log("done");
      reports.push(result);
    }
  };
  await step("MiniSearch", () => benchMiniSearch(pages));
  const flexGzip = await bundleGzip(`import FlexSearch from "flexsearch"; export default FlexSearch;`);
  await step("FlexSearch LatinBalance", () => benchFlexSearch(docs, "LatinBalance", flexGzip));
  await step("FlexSearch LatinSoundex", () => benchFlexSearch(docs, "LatinSoundex", flexGzip));
  await step("Pagefind", () => benchPagefind(docs, site.value.files));

  console.log(`\n${table(reports)}\n`);
  for (const r of reports) {
    console.log(`${r.name}: ${r.hits}/${QUERIES.length} in the top ${TOP}${r.misses.length ? "; misses:" : ""}`);
    for (const miss of r.misses) console.log(`  - "${miss.query}" → ${miss.got.length ? miss.got.join(", ") : "(no results)"}`);
    console.log(`  slowest query: "${r.slowest.query}", median ${ms(r.slowest.ms)} ms`);
    for (const note of r.notes) console.log(`  note: ${note}`);
  }
  for (const note of notes) console.log(note);
}

await main();
