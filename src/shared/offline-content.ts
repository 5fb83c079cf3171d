import { folderTableUrl, routeTableUrl, type Routes } from "./routes.ts";

/**
 * What the build tells the service worker about saving pages for offline
 * reading: the budget in gzipped bytes (`offline.precacheBudget`) and, when
 * the whole site's content fits it, the URL of the list of its files (its
 * content chunks and route tables); "" when it does not, and the worker saves
 * the section being read instead.
 */
export interface OfflineContent {
  list: string;
  budget: number;
  /** The path the site is served under, for a site not at its host's root (`/docs/`, a language's `/zh/`); absent at the root. */
  base?: string;
}

/** The cache the saved content lives in: exactly the files of the last save, so it never holds more than the budget. */
export const SAVED_CONTENT_CACHE = "offline-content";

/** The message a page sends the service worker, once it is idle, to save content for offline reading. */
export const SAVE_CONTENT_MESSAGE = "SAVE_CONTENT";

/** What a save covered: the whole site, the section being read, or nothing; `complete` is false when a file could not be fetched. */
export interface SaveResult {
  scope: "site" | "section";
  files: number;
  complete: boolean;
}

/** A route table as the service worker fetched it, with its length in bytes (a table counts as much as it weighs uncompressed, an upper bound). */
export interface FetchedTable {
  routes: Routes;
  size: number;
}

/** The files to save for one section, in order, their bytes, and the next route table to fetch when one is needed to go on. */
export interface SectionPlan {
  files: string[];
  bytes: number;
  next?: string;
}

/** A page's top-level section (pure): `/guides/part-001/x/` → `/guides/`; `/` → `/`. */
export function sectionOf(url: string): string {
  const first = url.split("/").find(Boolean);
  return first ? `/${first}/` : "/";
}

/**
 * What to save for the section being read when the site does not fit the
 * budget (pure): the route table of the page's own folder and its chunks,
 * then the section's table and its chunks, each nested folder's table and
 * chunks in turn, then the home page's; each in table order, up to the
 * first file that does not fit `budget` (a chunk weighs its gzipped size
 * from its table). `tables` holds the tables fetched so far by URL; when the
 * plan needs one it lacks it stops there and names it as `next`, so the
 * worker fetches only as many tables as the budget can use.
 */
export function planSection(page: string, tables: ReadonlyMap<string, FetchedTable>, budget: number, base = "/"): SectionPlan {
  const order = [routeTableUrl(page, base), routeTableUrl(sectionOf(page), base), routeTableUrl("/", base)];
  const files: string[] = [];
  const seen = new Set<string>();
  let bytes = 0;
  const fits = (file: string, size: number) => {
    if (bytes + size > budget) return false;
    files.push(file);
    bytes += size;
    return true;
  };
  for (let i = 0; i < order.length; i++) {
    const url = order[i];
    if (seen.has(url)) continue;
    seen.add(url);
    const table = tables.get(url);
    if (!table) return { files, bytes, next: url };
    // A table that was not there (size 0) names no file to save.
    if (table.size > 0 && !fits(url, table.size)) break;
    for (const [route, entry] of Object.entries(table.routes)) {
      if (!fits(entry.file, entry.size)) return { files, bytes };
      // The home page's table comes last: a nested folder's table is worth fetching before it.
      if (entry.folder) order.splice(order.length - 1, 0, folderTableUrl(route, base));
    }
  }
  return { files, bytes };
}
