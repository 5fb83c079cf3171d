import type { SiteSearch } from "../../src/shared/page-data.ts";
import type { SearchBackend } from "../../src/shared/search/results.ts";

/**
 * Loads the search backend through a dynamic import, so esbuild puts it in a
 * chunk of its own that only a reader who searches fetches. The built-in
 * index's download starts with the chunk's, not after it.
 */
export function loadSearch(search: SiteSearch): Promise<SearchBackend> {
  const indexRequest = search.provider === "local" ? fetch(search.indexUrl) : undefined;
  indexRequest?.catch(() => undefined);
  return import("./search-backend.ts").then((m) => m.createBackend(search, indexRequest));
}
