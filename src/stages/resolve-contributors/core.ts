import type { PageEntry } from "../../shared/content-types.ts";
import type { Contributor } from "../../shared/page-data.ts";
import { pageHandles, type ContributorData } from "../../data-files/contributors.ts";

/** What a page's contributors are resolved from: its URL, its file and its front matter's handles. */
export type ContributedPage = Pick<PageEntry, "url" | "path" | "contributors">;

/** A page's contributors to show (see {@link contributorResolver}). */
export type ContributorsOf = (page: ContributedPage) => Contributor[];

/**
 * Resolves a page's contributors (pure): front-matter handles plus commit
 * authors, without excluded handles (case-insensitive), handles the data says
 * do not exist, and repeats; names come from the data, falling back to the handle.
 * A handle never checked is shown: the build itself never asks the code host.
 * Pages are resolved as they are rendered, so nothing is kept per page.
 */
export function contributorResolver(options: { data: ContributorData; exclude: readonly string[] }): ContributorsOf {
  const excluded = new Set(options.exclude.map((h) => h.toLowerCase()));
  const known = new Map(Object.entries(options.data.handles).map(([handle, info]) => [handle.toLowerCase(), info]));
  // One object per contributor, shared by the pages they appear on.
  const shared = new Map<string, Contributor>();
  const contributor = (handle: string, name: string): Contributor => {
    const id = `${handle}\0${name}`;
    let found = shared.get(id);
    if (!found) shared.set(id, (found = { handle, name }));
    return found;
  };
  return (page) => {
    const seen = new Set<string>();
    return pageHandles(page, options.data).flatMap((handle) => {
      const key = handle.toLowerCase();
      const info = known.get(key);
      if (excluded.has(key) || seen.has(key) || info?.exists === false) return [];
      seen.add(key);
      return [contributor(handle, info?.name || handle)];
    });
  };
}

/** Every page's contributors by URL (pure; see {@link contributorResolver}). */
export function resolveContributors(
  pages: readonly ContributedPage[],
  options: { data: ContributorData; exclude: readonly string[] },
): Record<string, Contributor[]> {
  const of = contributorResolver(options);
  return Object.fromEntries(pages.map((page) => [page.url, of(page)]));
}
