import { hashKey, hashToolSources } from "../../cache.ts";
import { TOOL_ROOT, type BuildContext } from "../../context.ts";
import type { OutputFile } from "../../output-files.ts";
import type { PageBodies } from "../../pipeline/page-bodies.ts";
import { loadedInOrder } from "../../read-ahead.ts";
import type { PageSummary } from "../../shared/content-types.ts";
import { SEARCH_INDEX_PATH } from "../../shared/search/index-format.ts";
import { sectionNamer } from "../../shared/content-rules.ts";
import { isSearchable, SearchIndexBuilder } from "./core.ts";

/** The code the index file depends on. */
const SEARCH_SOURCES = ["src/shared/search/**/*.ts", "src/stages/search-index/**/*.ts"];

/** Pages whose sections are read from the body store at a time. */
const READ_AHEAD = 32;

/**
 * Emits `search-index.json` for the built-in search (nothing when the site
 * uses the hosted search service). Its name is fixed, so pages never change
 * when only the index does; the service worker precaches it by revision.
 * Sections are read from the body store a few pages at a time and added in
 * site order, so memory holds the index being built but not the site's text.
 * The file is cached by the pages' URLs, titles and section hashes, so a
 * build in which no page's text changed reads no sections at all.
 */
export async function runSearchIndex(ctx: BuildContext, pages: readonly PageSummary[], bodies: Pick<PageBodies, "sections">): Promise<{ files: OutputFile[] }> {
  if (ctx.settings.search.provider !== "local") return { files: [] };
  const searchable = pages.filter(isSearchable);
  let key = "";
  if (ctx.cache.enabled) {
    key = hashKey(
      "search-index",
      await hashToolSources(TOOL_ROOT, SEARCH_SOURCES),
      ...searchable.map((p) => `${p.entry.url}\0${p.entry.title}\0${p.sectionsHash}`),
    );
    const cached = await ctx.cache.get(key);
    if (cached) return { files: [{ path: SEARCH_INDEX_PATH, contents: cached.toString("utf8") }] };
  }
  const builder = new SearchIndexBuilder(sectionNamer(pages));
  for await (const [page, sections] of loadedInOrder(searchable, READ_AHEAD, (page) => bodies.sections(page))) {
    ctx.signal?.throwIfAborted();
    builder.add(page.entry, sections);
  }
  const contents = JSON.stringify(builder.finish());
  if (key) await ctx.cache.set(key, contents);
  return { files: [{ path: SEARCH_INDEX_PATH, contents }] };
}
