import type { PageEntry } from "../../shared/content-types.ts";
import type { Contributor } from "../../shared/page-data.ts";

/** What the committed contributor cache knows of one code-host handle. */
export interface CachedContributor {
  /** Display name, when the code host has one. */
  name?: string;
  /** True when the code host has no such account; such handles are never shown. */
  missing?: boolean;
}

/** The committed cache: handle → what is known of it. */
export type ContributorCache = Record<string, CachedContributor>;

/** Contributors to show, keyed by page URL. */
export interface ResolveContributorsResult {
  byUrl: Record<string, Contributor[]>;
}

/**
 * Resolves each page's contributor handles (pure): drops excluded handles
 * (case-insensitive), handles the cache marks missing, and repeats; names come
 * from the cache, falling back to the handle.
 */
export function resolveContributors(
  pages: readonly PageEntry[],
  options: { cache: ContributorCache; exclude: readonly string[] },
): ResolveContributorsResult {
  const excluded = new Set(options.exclude.map((h) => h.toLowerCase()));
  const known = new Map(Object.entries(options.cache).map(([handle, info]) => [handle.toLowerCase(), info]));
  const byUrl: Record<string, Contributor[]> = {};
  for (const page of pages) {
    const seen = new Set<string>();
    byUrl[page.url] = page.contributors.flatMap((handle) => {
      const key = handle.toLowerCase();
      const info = known.get(key);
      if (excluded.has(key) || seen.has(key) || info?.missing) return [];
      seen.add(key);
      return [{ handle, name: info?.name || handle }];
    });
  }
  return { byUrl };
}

/** Checks the shape of a parsed cache file and returns a message for the first problem, or "". */
export function validateContributorCache(data: unknown): string {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return "must be an object of handle → { name, missing }";
  for (const [handle, info] of Object.entries(data)) {
    if (typeof info !== "object" || info === null) return `"${handle}" must be an object`;
    const { name, missing } = info as CachedContributor;
    if (name !== undefined && typeof name !== "string") return `"${handle}.name" must be text`;
    if (missing !== undefined && typeof missing !== "boolean") return `"${handle}.missing" must be true or false`;
  }
  return "";
}
