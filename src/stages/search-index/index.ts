import { hashKey, hashToolSources } from "../../cache.ts";
import { TOOL_ROOT, type BuildContext } from "../../context.ts";
import type { OutputFile } from "../../output-files.ts";
import type { SearchIndexFile } from "../../shared/search/index-format.ts";
import type { PageBodies } from "../../pipeline/page-bodies.ts";
import { loadedInOrder } from "../../read-ahead.ts";
import type { PageSummary } from "../../shared/content-types.ts";
import { sectionNamer } from "../../shared/content-rules.ts";
import { isSearchable, SearchIndexBuilder } from "./core.ts";
import { fitsPrecacheBudget, splitIndex, withTitles } from "./split.ts";

/** The code the index file depends on. */
const SEARCH_SOURCES = ["src/shared/search/**/*.ts", "src/stages/search-index/**/*.ts"];

/** Pages whose sections are read from the body store at a time. */
const READ_AHEAD = 32;

/** What the search index stage made: the root (emitted by the build) and what the service worker precaches. */
export interface SearchIndexResult {
  files: OutputFile[];
  /** Parts to precache: all of them when the whole index fits the precache budget, else the titles index alone (the other parts are cached when a search first loads them). */
  precached: OutputFile[];
}

/**
 * Builds the search index and emits its parts (nothing when the site uses the
 * hosted search service); the root, `search-index.json`, is returned for the
 * build to emit after the service worker, which precaches it by revision.
 * Sections are read from the body store a few pages at a time and added in
 * site order, so memory holds the index being built but not the site's text.
 * The whole index is cached by the pages' URLs, titles and section hashes, so
 * a build in which no page's text changed reads no sections at all; cutting
 * it into parts is done on every build.
 */
export async function runSearchIndex(
  ctx: BuildContext,
  pages: readonly PageSummary[],
  bodies: Pick<PageBodies, "sections">,
  emit: (file: OutputFile) => Promise<void>,
): Promise<SearchIndexResult> {
  if (ctx.settings.search.provider !== "local") return { files: [], precached: [] };
  const whole = await wholeIndex(ctx, pages, bodies);
  const budget = ctx.settings.search.precacheBudget;
  const split = splitIndex(whole);
  if (fitsPrecacheBudget(split.parts, budget)) {
    for (const part of split.parts) await emit(part);
    return { files: [split.root], precached: split.parts };
  }
  // Past the budget, only the root and a titles index of a quarter of the budget are precached.
  const titled = withTitles(split, whole, Math.floor(budget / 4));
  for (const part of titled.parts) await emit(part);
  return { files: [titled.root], precached: [titled.titles] };
}

/** The whole index: from the cache when no page's text changed, else built from every page's sections. */
async function wholeIndex(ctx: BuildContext, pages: readonly PageSummary[], bodies: Pick<PageBodies, "sections">): Promise<SearchIndexFile> {
  const searchable = pages.filter(isSearchable);
  let key = "";
  if (ctx.cache.enabled) {
    key = hashKey(
      "search-index",
      await hashToolSources(TOOL_ROOT, SEARCH_SOURCES),
      ...searchable.map((p) => `${p.entry.url}\0${p.entry.title}\0${p.sectionsHash}`),
    );
    const cached = await ctx.cache.get(key);
    if (cached) return JSON.parse(cached.toString("utf8")) as SearchIndexFile;
  }
  const builder = new SearchIndexBuilder(sectionNamer(pages));
  for await (const [page, sections] of loadedInOrder(searchable, READ_AHEAD, (page) => bodies.sections(page))) {
    ctx.signal?.throwIfAborted();
    builder.add(page.entry, sections);
  }
  const file = builder.finish();
  if (key) await ctx.cache.set(key, JSON.stringify(file));
  return file;
}
