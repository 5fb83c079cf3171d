import { createHash } from "node:crypto";
import type { Emitting } from "../../pipeline/stage.ts";
import fs from "node:fs/promises";
import path from "node:path";
import readline from "node:readline";
import { Readable } from "node:stream";
import { hashKey, keepsForLater } from "../../cache/cache.ts";
import { codeHash, sourcesHash } from "../../cache/code-hash.ts";
import type { BuildContext } from "../../context/context.ts";
import { translatedLanguages } from "../../context/config.ts";
import type { OutputFile, StreamedFile } from "../../output/files.ts";
import type { PageBodies } from "../../pipeline/page-bodies.ts";
import { loadedInOrder } from "../../pipeline/read-ahead.ts";
import { inRuns, pagesWhere, partSections, type SitePages, type SitePart } from "../../pipeline/site-pages.ts";
import type { PageSummary } from "../../shared/content-types.ts";
import { segmenterLocale } from "../../shared/search/tokenize.ts";
import { SEARCH_INDEX_PATH, SEARCH_INDEX_VERSION, SEARCH_PARTS_DIR, SERVED_PARTS_DIR, type SearchRoot } from "../../shared/search/split-format.ts";
import { isSearchable } from "./core.ts";
import { titlesFile } from "./titles.ts";
import { SplitIndexWriter, type RunStore, type SearchRun, type SplitIndexWriterOptions, type TextFile } from "./writer.ts";
import { removeTree } from "../../output/write-file.ts";
import { makeSpillFolder } from "../../pipeline/spill-folder.ts";

/** Characters of a bucket's file read at a time. */
const READ_CHUNK = 1 << 16;

/** Pages whose sections are read from the body store at a time. */
const READ_AHEAD = 32;

/**
 * Pages of a run (see `SplitIndexWriter`): the unit the index is cached in,
 * so after a one-page edit only its run is indexed again. Runs are cut by
 * page count, so an edit that adds or removes no page moves no boundary.
 */
export const RUN_PAGES = 256;

/** What the search index stage reads: the site's pages and the sections the index stage stored. */
export interface SearchIndexInput extends Emitting {
  site: SitePages;
  bodies: Pick<PageBodies, "sections">;
}

/** What the search index stage made: the root (emitted by the build) and what the service worker precaches. */
export interface SearchIndexResult {
  files: OutputFile[];
  /** Parts to precache: all of them when the whole index fits the precache budget, else the titles index alone (the other parts are cached when a search first loads them); the dev server's at their stamped addresses (see `SearchRoot.stamp`). */
  precached: OutputFile[];
}

/** The locale the site's CJK text is segmented in: its default language's when that is Chinese, Japanese or Korean (see `segmenterLocale`). */
function localeOf(ctx: BuildContext): string | undefined {
  return segmenterLocale(ctx.settings.defaultLanguage);
}

/** A hash of what the index is made from besides its code: the settings it uses, and each searchable page's URL, title and sections. */
async function inputHash(ctx: BuildContext, searchable: AsyncIterable<PageSummary>): Promise<string> {
  const hash = createHash("sha256");
  hash.update(`${SEARCH_INDEX_VERSION}\0${ctx.settings.search.precacheBudget}\0${localeOf(ctx) ?? ""}\0`);
  for await (const p of searchable) hash.update(`${p.entry.url}\0${p.entry.title}\0${p.sectionsHash}\0`);
  return hash.digest("hex");
}

/**
 * Characters appended to a store file that wait in memory before they are
 * written, once the store writes to disk: up to 2 M characters over 256
 * buckets. At 64 K it was up to 16 M, about 10 MB of live heap in the search
 * stage (heap snapshots at 10,000 pages: 64–70 MB live against 56–58 MB),
 * which made it the build's peak: at 10,000 pages (`--no-cache --threads 0`)
 * the stage's RSS reached 229 MB against 213 MB at 8 K, and the build's 231 MB against 209 MB.
 */
const WRITE_BYTES = 1 << 13;

/** A run store that also keeps the parts for the cache entry, and removes what it wrote. */
type TemporaryStore = RunStore & { keep(file: TextFile): Promise<void>; kept(): AsyncIterable<string>; remove(): Promise<void> };

/** What a run store's buckets hold in memory, by bucket, and how many characters in all. */
class Waiting {
  readonly #texts = new Map<number, { texts: string[]; length: number }>();
  length = 0;

  /** Appends to bucket `n`; returns the characters waiting for it now. */
  add(n: number, text: string): number {
    let pending = this.#texts.get(n);
    if (!pending) this.#texts.set(n, (pending = { texts: [], length: 0 }));
    pending.texts.push(text);
    pending.length += text.length;
    this.length += text.length;
    return pending.length;
  }

  /** Takes what waits for `n` out of memory, joined; undefined when nothing does. */
  take(n: number): string | undefined {
    const text = this.peek(n);
    const pending = this.#texts.get(n);
    if (!pending) return undefined;
    this.#texts.delete(n);
    this.length -= pending.length;
    return text;
  }

  /** What waits for `n`, joined, left where it is; undefined when nothing does. */
  peek(n: number): string | undefined {
    const pending = this.#texts.get(n);
    if (!pending) return undefined;
    if (pending.texts.length > 1) pending.texts = [pending.texts.join("")];
    return pending.texts[0];
  }

  buckets(): number[] {
    return [...this.#texts.keys()];
  }
}

/**
 * A run store that keeps what is appended in memory until it comes to
 * `inMemory` characters (all of a site of a few hundred pages), then in a
 * private temporary folder, one file per bucket, each kept open for
 * appending until it is read (a run appends to most buckets, and opening
 * each file for each run cost more than the writing) and written in blocks,
 * and a file the parts are kept in for the cache; `remove` closes and
 * deletes them. The folder is made only when the store first writes. A
 * bucket can be read more than once (a large one is joined a run of terms
 * at a time); what it holds in memory leaves once it is done, so what is
 * appended later (the parts kept for the cache) has its room.
 */
function temporaryStore({ inMemory }: { inMemory: number }): TemporaryStore {
  let made: Promise<string> | undefined;
  const file = async (n: number) => path.join(await (made ??= makeSpillFolder()), n < 0 ? "parts" : String(n));
  // Bucket n's file is kept open under n, the parts' file under -1. What is appended waits in memory: all of
  // it up to `inMemory` characters, then up to WRITE_BYTES a file (a run appends a few KB to each of 256 buckets).
  const waiting = new Waiting();
  const files = appendedFiles(file, waiting);
  let onDisk = false;
  const append = async (n: number, text: string) => {
    const bucketLength = waiting.add(n, text);
    if (!onDisk && waiting.length > inMemory) {
      onDisk = true;
      for (const bucket of waiting.buckets()) await files.flush(bucket);
    } else if (onDisk && bucketLength >= WRITE_BYTES) await files.flush(n);
  };
  /** What was appended to `n`, from memory or (once the store writes to disk) from its file, after which `n` takes no more; it can be read again until `done`. */
  async function* read(n: number): AsyncIterable<string> {
    if (!onDisk) {
      const text = waiting.peek(n);
      if (text !== undefined) yield text;
      return;
    }
    await files.close(n);
    const handle = await fs.open(await file(n)).catch((error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? undefined : Promise.reject(error)));
    // In chunks small enough for V8's young generation: a chunk of 1 M characters went straight to the old
    // generation's large objects, and the many read at the end of a large site's index piled up there until a
    // full collection: at 100,000 pages, 40–60 MB over the rest of the stage.
    if (handle) yield* handle.createReadStream({ encoding: "utf8", highWaterMark: READ_CHUNK });
  }
  return {
    append,
    read,
    // A bucket read for the last time leaves memory, so what is appended later (the parts kept for the cache) has its room.
    async done(n) {
      waiting.take(n);
      await files.close(n);
    },
    keep: (part) => append(-1, partLine(part)),
    kept: () => read(-1),
    async remove() {
      for (const bucket of waiting.buckets()) waiting.take(bucket);
      await files.closeAll();
      if (made) await removeTree(await made);
    },
  };
}

/**
 * The run store's files (see {@link temporaryStore}), each kept open for
 * appending until closed. `flush` appends what waits for a file; a file's
 * writes follow each other, so what is appended lands in order however many
 * appends are under way (parts are kept as their writes into the output go on).
 */
function appendedFiles(file: (n: number) => Promise<string>, waiting: Waiting) {
  const open = new Map<number, Promise<fs.FileHandle>>();
  const writes = new Map<number, Promise<void>>();
  const write = async (n: number) => {
    const text = waiting.take(n);
    if (text === undefined) return;
    let handle = open.get(n);
    if (!handle) open.set(n, (handle = file(n).then((name) => fs.open(name, "a"))));
    await (await handle).appendFile(text);
  };
  const flush = (n: number) => {
    const next = (writes.get(n) ?? Promise.resolve()).then(() => write(n));
    writes.set(n, next);
    return next;
  };
  const close = async (n: number) => {
    await flush(n);
    const handle = open.get(n);
    open.delete(n);
    writes.delete(n);
    await (await handle)?.close();
  };
  return { flush, close, closeAll: () => Promise.all([...open.keys()].map(close)) };
}

/** One part as a line of the parts' cache entry: its path and contents as a JSON array. */
const partLine = (part: TextFile) => `${JSON.stringify([part.path, part.contents])}\n`;

/** The parts of a cache entry written by {@link partLine}, one a line, as its chunks are read. */
async function* partsOf(chunks: AsyncIterable<string>): AsyncGenerator<TextFile> {
  for await (const line of readline.createInterface({ input: Readable.from(chunks), crlfDelay: Number.POSITIVE_INFINITY })) {
    const [path, contents] = JSON.parse(line) as [string, string];
    yield { path, contents };
  }
}

/**
 * Builds the split search index and emits its parts (nothing when the site
 * uses the hosted search service); the root, `search-index.json`, is
 * returned for the build to emit after the service worker, which precaches
 * it by revision. Sections are read from the body store a few pages at a
 * time in site order and written out as they go (see `SplitIndexWriter`), so
 * memory holds neither the site's text nor its postings. The parts' folder
 * is named by a hash of the index's inputs, and each part is cached under
 * one cache entry under it (a line per part, read back as a stream), so a
 * build in which no page's text changed reads no sections at all.
 */
export async function runSearchIndex(ctx: BuildContext, { site, bodies, emit }: SearchIndexInput): Promise<SearchIndexResult> {
  if (ctx.settings.search.provider !== "local") return { files: [], precached: [] };
  const searchable = () => pagesWhere(site, isSearchable);
  const inputs = await inputHash(ctx, searchable());
  // The folder's name follows the index's inputs and the search code's sources, never how docs-build was run; cache
  // entries also follow the rest of its code.
  const stamp = hashKey(await sourcesHash(), inputs).slice(0, 12);
  const code = keepsForLater(ctx.cache) ? await codeHash() : "";
  const key = code && hashKey(code, inputs);
  // A site of several languages cuts its runs where top-level folders end and keeps them even in a private cache: a
  // language's folder it has not translated then makes the very runs the default language's build made and kept.
  const byFolder = translatedLanguages(ctx.settings).length > 0;
  const runCode = code || (byFolder && ctx.cache.enabled ? await codeHash() : "");
  // The dev server (a memory layer across builds) makes a new index after nearly every edit, never to be replayed:
  // it keeps the runs and each bucket's parts in memory, and its parts in one folder across its builds, so a
  // rebuild neither copies every part into the cache nor writes or moves a part that did not change.
  const memo = code ? ctx.cache.memo : undefined;
  const dir = memo ? SERVED_PARTS_DIR : `${SEARCH_PARTS_DIR}/${stamp}/`;
  const cached = key && !memo ? await replay(ctx, key, emit) : undefined;
  if (cached) return cached;
  const whole = memo === undefined ? key : "";
  const store = temporaryStore({ inMemory: ctx.spillAbove });
  const keep = async (file: TextFile | StreamedFile) => {
    // Kept as emitted, in order, though the writer does not wait for each write (see `SplitIndexWriter`).
    const kept = whole && "contents" in file ? store.keep(file) : undefined;
    await emit(file);
    await kept;
  };
  try {
    const sectionOf = partSections(site.parts).titleOf;
    const titles = code ? cachedTitles(ctx, code) : undefined;
    const writer = new SplitIndexWriter({
      dir,
      emit: keep,
      store,
      sectionOf,
      precacheBudget: ctx.settings.search.precacheBudget,
      titles,
      locale: localeOf(ctx),
      ...(memo ? { memo, stamp } : {}),
    });
    await addRuns(ctx, writer, { site, bodies, runs: searchRuns(site, byFolder), code: runCode, sectionOf });
    const { root, precached: parts } = await writer.finish();
    // The dev server's parts keep their names, so the service worker precaches them at the stamped addresses the loader asks for.
    const precached = memo ? parts.map((part) => ({ ...part, path: `${part.path}?${stamp}` })) : parts;
    // The root goes to the cache after the parts: a cached root means the parts entry was written whole.
    if (whole) await ctx.cache.setParts(hashKey(whole, PARTS_ENTRY), store.kept());
    if (whole) await ctx.cache.set(hashKey(whole, SEARCH_INDEX_PATH), root.contents);
    return { files: [root], precached };
  } finally {
    await store.remove();
  }
}

/**
 * The searchable pages in runs of {@link RUN_PAGES}, in site order; cut
 * `byFolder` also where each top-level folder ends (the pages at the content
 * folder's root, one part each, stay together), so a run never holds pages
 * of two folders.
 */
async function* searchRuns(site: SitePages, byFolder: boolean): AsyncGenerator<PageSummary[]> {
  if (!byFolder) {
    yield* inRuns(pagesWhere(site, isSearchable), RUN_PAGES);
    return;
  }
  const groups: SitePart[][] = [];
  for (const part of site.parts) {
    const last = groups.at(-1);
    if (!part.folder && last && !last[0].folder) last.push(part);
    else groups.push([part]);
  }
  for (const parts of groups) yield* inRuns(pagesWhere(site, isSearchable, parts), RUN_PAGES);
}

/**
 * Adds the pages to the writer a run at a time: a run kept in the cache
 * (under the search code and its pages' URLs, titles, section texts and site
 * sections) whole, any other read from the body store and indexed, then kept.
 */
async function addRuns(
  ctx: BuildContext,
  writer: SplitIndexWriter,
  input: { site: SitePages; bodies: Pick<PageBodies, "sections">; runs: AsyncIterable<PageSummary[]>; code: string; sectionOf: (url: string) => string },
): Promise<void> {
  const { site, bodies, code, sectionOf } = input;
  let indexed = 0;
  for await (const run of input.runs) {
    ctx.logger.progress?.("build search index", Math.min((indexed += run.length), site.count), site.count, "pages");
    const runKey =
      code && hashKey(code, "run", localeOf(ctx) ?? "", ...run.map((p) => `${p.entry.url}\0${p.entry.title}\0${p.sectionsHash}\0${sectionOf(p.entry.url)}`));
    const kept = runKey ? await ctx.cache.getJson<SearchRun>(runKey) : undefined;
    if (kept) await writer.addRun(kept, runKey);
    else {
      for await (const [page, sections] of loadedInOrder(run, READ_AHEAD, (page) => bodies.sections(page))) {
        ctx.signal?.throwIfAborted();
        await writer.add(page.entry, sections);
      }
      const made = await writer.endRun(runKey);
      if (runKey) await ctx.cache.setJson(runKey, made);
    }
  }
}

/** The titles index (see `titlesFile`) kept in the cache under a hash of the pages it is made from and its budget. */
function cachedTitles(ctx: BuildContext, code: string): NonNullable<SplitIndexWriterOptions["titles"]> {
  return async (pages, budget, locale) => {
    const key = hashKey(code, "titles", String(budget), locale ?? "", ...pages.map((p) => `${p.url}\0${p.title}\0${p.section}\0${p.headings}`));
    const kept = await ctx.cache.getJson<{ file: string; pages: number }>(key);
    if (kept) return kept;
    const made = titlesFile(pages, budget, locale);
    await ctx.cache.setJson(key, made);
    return made;
  };
}

/** The name (under the index's cache key) of the cache entry holding every part. */
const PARTS_ENTRY = "parts";

/** Emits a cached index part by part, read as a stream; undefined, emitting nothing, when the root or the parts are not in the cache. */
async function replay(ctx: BuildContext, key: string, emit: (file: OutputFile) => Promise<void>): Promise<SearchIndexResult | undefined> {
  const rootText = await ctx.cache.get(hashKey(key, SEARCH_INDEX_PATH));
  if (!rootText) return undefined;
  const chunks = await ctx.cache.getParts(hashKey(key, PARTS_ENTRY));
  if (!chunks) return undefined;
  const root = JSON.parse(rootText.toString("utf8")) as SearchRoot;
  const precached: OutputFile[] = [];
  for await (const file of partsOf(chunks)) {
    await emit(file);
    // Parts go to the precache when all fit the budget (no titles index), else the titles index alone.
    if (!root.titles || file.path === `${root.dir}${root.titles.file}`) precached.push(file);
  }
  return { files: [{ path: SEARCH_INDEX_PATH, contents: rootText.toString("utf8") }], precached };
}
