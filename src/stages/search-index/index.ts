import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { hashKey, hashSourceFiles, hashToolSources } from "../../cache.ts";
import { TOOL_ROOT, type BuildContext } from "../../context.ts";
import type { OutputFile } from "../../output-files.ts";
import type { PageBodies } from "../../pipeline/page-bodies.ts";
import { loadedInOrder } from "../../read-ahead.ts";
import { sectionNamer } from "../../shared/content-rules.ts";
import type { PageSummary } from "../../shared/content-types.ts";
import { partFile, SEARCH_INDEX_PATH, SEARCH_INDEX_VERSION, SEARCH_PARTS_DIR, type SearchRoot } from "../../shared/search/split-format.ts";
import { isSearchable } from "./core.ts";
import { SplitIndexWriter, type RunStore, type TextFile } from "./writer.ts";

/** The code the index depends on. */
const SEARCH_SOURCES = ["src/shared/search/**/*.ts", "src/stages/search-index/**/*.ts"];

/** Pages whose sections are read from the body store at a time. */
const READ_AHEAD = 32;

/** What the search index stage made: the root (emitted by the build) and what the service worker precaches. */
export interface SearchIndexResult {
  files: OutputFile[];
  /** Parts to precache: all of them when the whole index fits the precache budget, else the titles index alone (the other parts are cached when a search first loads them). */
  precached: OutputFile[];
}

/** A hash of what the index is made from besides its code: the settings it uses, and each searchable page's URL, title and sections. */
function inputHash(ctx: BuildContext, searchable: readonly PageSummary[]): string {
  const hash = createHash("sha256");
  hash.update(`${SEARCH_INDEX_VERSION}\0${ctx.settings.search.precacheBudget}\0`);
  for (const p of searchable) hash.update(`${p.entry.url}\0${p.entry.title}\0${p.sectionsHash}\0`);
  return hash.digest("hex");
}

/** A run store in a private temporary folder, one file per bucket; `remove` deletes it. */
async function temporaryStore(): Promise<RunStore & { remove(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "docs-build-search-"));
  const file = (bucket: number) => path.join(dir, String(bucket));
  return {
    append: (bucket, text) => fs.appendFile(file(bucket), text),
    read: (bucket) => fs.readFile(file(bucket), "utf8").catch((error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? "" : Promise.reject(error))),
    remove: () => fs.rm(dir, { recursive: true, force: true }),
  };
}

/**
 * Builds the split search index and emits its parts (nothing when the site
 * uses the hosted search service); the root, `search-index.json`, is
 * returned for the build to emit after the service worker, which precaches
 * it by revision. Sections are read from the body store a few pages at a
 * time in site order and written out as they go (see `SplitIndexWriter`), so
 * memory holds neither the site's text nor its postings. The parts' folder
 * is named by a hash of the index's inputs, and each part is cached under
 * it, so a build in which no page's text changed reads no sections at all.
 */
export async function runSearchIndex(
  ctx: BuildContext,
  { pages, bodies }: { pages: readonly PageSummary[]; bodies: Pick<PageBodies, "sections"> },
  emit: (file: OutputFile) => Promise<void>,
): Promise<SearchIndexResult> {
  if (ctx.settings.search.provider !== "local") return { files: [], precached: [] };
  const searchable = pages.filter(isSearchable);
  const inputs = inputHash(ctx, searchable);
  // The folder's name follows the index's inputs and the search code's sources, never how docs-build was run; cache
  // entries also follow the rest of its code.
  const dir = `${SEARCH_PARTS_DIR}/${hashKey(await hashSourceFiles(TOOL_ROOT, SEARCH_SOURCES), inputs).slice(0, 12)}/`;
  const key = ctx.cache.enabled ? hashKey(await hashToolSources(TOOL_ROOT, SEARCH_SOURCES), inputs) : "";
  const cached = key ? await replay(ctx, key, emit) : undefined;
  if (cached) return cached;
  const keep = async (file: TextFile) => {
    await emit(file);
    if (key) await ctx.cache.set(hashKey(key, file.path), file.contents);
  };
  const store = await temporaryStore();
  try {
    const writer = new SplitIndexWriter({ dir, emit: keep, store, sectionOf: sectionNamer(pages), precacheBudget: ctx.settings.search.precacheBudget });
    for await (const [page, sections] of loadedInOrder(searchable, READ_AHEAD, (page) => bodies.sections(page))) {
      ctx.signal?.throwIfAborted();
      await writer.add(page.entry, sections);
    }
    const { root, precached } = await writer.finish();
    if (key) await ctx.cache.set(hashKey(key, SEARCH_INDEX_PATH), root.contents);
    return { files: [root], precached };
  } finally {
    await store.remove();
  }
}

/** Emits a cached index part by part; undefined when the root or any part is not in the cache. */
async function replay(ctx: BuildContext, key: string, emit: (file: OutputFile) => Promise<void>): Promise<SearchIndexResult | undefined> {
  const rootText = await ctx.cache.get(hashKey(key, SEARCH_INDEX_PATH));
  if (!rootText) return undefined;
  const root = JSON.parse(rootText.toString("utf8")) as SearchRoot;
  const names = [
    ...Array.from({ length: root.documentParts }, (_, n) => partFile.documents(n)),
    ...Array.from({ length: root.postingsParts }, (_, n) => partFile.postings(n)),
    ...Array.from({ length: root.keyParts }, (_, n) => partFile.key(n)),
    ...(root.titles ? [root.titles.file] : []),
  ];
  const precached: OutputFile[] = [];
  for (const name of names) {
    const contents = await ctx.cache.get(hashKey(key, `${root.dir}${name}`));
    if (!contents) return undefined;
    const file = { path: `${root.dir}${name}`, contents: contents.toString("utf8") };
    await emit(file);
    // Parts go to the precache when all fit the budget (no titles index), else the titles index alone.
    if (!root.titles || name === root.titles.file) precached.push(file);
  }
  return { files: [{ path: SEARCH_INDEX_PATH, contents: rootText.toString("utf8") }], precached };
}
