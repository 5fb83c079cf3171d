import { hashKey, hashToolSources } from "../../cache.ts";
import { TOOL_ROOT, type BuildContext } from "../../context.ts";
import type { OutputFile } from "../../output-files.ts";
import type { ProcessedPage } from "../../shared/content-types.ts";
import { SEARCH_INDEX_PATH } from "../../shared/search/index-format.ts";
import { buildSearchIndex } from "./core.ts";

/** The code the index file depends on. */
const SEARCH_SOURCES = ["src/shared/search/**/*.ts", "src/stages/search-index/**/*.ts", "package-lock.json"];

/**
 * Emits `search-index.json` for the built-in search (nothing when the site
 * uses the hosted search service). Its name is fixed, so pages never change
 * when only the index does; the service worker precaches it by revision.
 * Indexing takes about a second on the full docs, so the file is cached by
 * the pages' searchable data.
 */
export async function runSearchIndex(ctx: BuildContext, pages: readonly ProcessedPage[]): Promise<{ files: OutputFile[] }> {
  if (ctx.settings.search.provider !== "local") return { files: [] };
  let key = "";
  if (ctx.cache.enabled) {
    const data = pages.map((p) => [p.entry.url, p.entry.title, p.sections]);
    key = hashKey("search-index", await hashToolSources(TOOL_ROOT, SEARCH_SOURCES), JSON.stringify(data));
    const cached = await ctx.cache.get(key);
    if (cached) return { files: [{ path: SEARCH_INDEX_PATH, contents: cached.toString("utf8") }] };
  }
  const contents = JSON.stringify(buildSearchIndex(pages));
  if (key) await ctx.cache.set(key, contents);
  return { files: [{ path: SEARCH_INDEX_PATH, contents }] };
}
