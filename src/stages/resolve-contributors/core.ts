import type { PageEntry } from "../../shared/content-types.ts";
import type { Contributor } from "../../shared/page-data.ts";
import { pageHandles, type ContributorData } from "../../data-files/contributors.ts";

/** Contributors to show, keyed by page URL. */
export interface ResolveContributorsResult {
  byUrl: Record<string, Contributor[]>;
}

/**
 * Resolves each page's contributors (pure): front-matter handles plus commit
 * authors, without excluded handles (case-insensitive), handles the data says
 * do not exist, and repeats; names come from the data, falling back to the handle.
 * A handle never checked is shown: the build itself never asks the code host.
 */
export function resolveContributors(
  pages: readonly Pick<PageEntry, "url" | "path" | "contributors">[],
  options: { data: ContributorData; exclude: readonly string[] },
): ResolveContributorsResult {
  const excluded = new Set(options.exclude.map((h) => h.toLowerCase()));
  const known = new Map(Object.entries(options.data.handles).map(([handle, info]) => [handle.toLowerCase(), info]));
  const byUrl: Record<string, Contributor[]> = {};
  // One object per contributor, shared by their pages: the build keeps these for every page until it renders.
  const shared = new Map<string, Contributor>();
  const contributor = (handle: string, name: string): Contributor => {
    const id = `${handle}\0${name}`;
    let found = shared.get(id);
    if (!found) shared.set(id, (found = { handle, name }));
    return found;
  };
  for (const page of pages) {
    const seen = new Set<string>();
    byUrl[page.url] = pageHandles(page, options.data).flatMap((handle) => {
      const key = handle.toLowerCase();
      const info = known.get(key);
      if (excluded.has(key) || seen.has(key) || info?.exists === false) return [];
      seen.add(key);
      return [contributor(handle, info?.name || handle)];
    });
  }
  return { byUrl };
}
