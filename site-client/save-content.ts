import { planSection, SAVED_CONTENT_CACHE, type FetchedTable, type OfflineContent, type SaveResult } from "../src/shared/offline-content.ts";
import type { Routes } from "../src/shared/routes.ts";
import { CHUNKS_DIR } from "../src/shared/constants.ts";

/** Files fetched at once while saving: enough to keep the connection busy, few enough to leave room for the reader's own requests. */
const AT_ONCE = 4;

/** What one save wants in the cache: the files in order, and those to fetch again even when cached (route tables, which are not content-hashed). */
interface Wanted {
  scope: SaveResult["scope"];
  files: string[];
  fresh: ReadonlySet<string>;
  /** Put in the cache once every file is saved: the site's list, which marks a complete save of its build. */
  last?: { url: string; response: Response };
}

/** The cache's URL for a site path. */
const absolute = (path: string) => new URL(path, self.location.href).href;

/** The whole site's files, from the build's list; a list already cached means its build's tables are saved already. */
async function siteFiles(cache: Cache, list: string, base: string): Promise<Wanted> {
  const cached = await cache.match(absolute(list));
  const response = cached ?? (await fetch(list));
  if (!response.ok) throw new Error(`${list}: ${response.status}`);
  const files = (await response.clone().json()) as string[];
  // Chunks are named by their contents; route tables are not, so a new build's list fetches its tables again.
  const fresh = new Set(cached ? [] : files.filter((file) => !file.startsWith(`${base}${CHUNKS_DIR}/`)));
  return { scope: "site", files: [list, ...files], fresh, last: cached ? undefined : { url: list, response } };
}

/** A route table fetched for planning, saved as it comes; a missing one (404) is empty, and one that cannot be fetched comes from the cache when it is there. */
async function fetchTable(cache: Cache, url: string): Promise<FetchedTable> {
  let response: Response | undefined;
  try {
    response = await fetch(url);
  } catch {
    response = await cache.match(absolute(url));
  }
  if (!response?.ok) return { routes: {}, size: 0 };
  const text = await response.text();
  await cache.put(absolute(url), new Response(text, { headers: { "content-type": "application/json" } }));
  return { routes: JSON.parse(text) as Routes, size: text.length };
}

/** The section's files up to the budget (see `planSection`), fetching each route table the plan asks for, once. */
async function sectionFiles(cache: Cache, page: string, budget: number, base: string): Promise<Wanted> {
  const tables = new Map<string, FetchedTable>();
  let plan = planSection(page, tables, budget, base);
  while (plan.next) {
    tables.set(plan.next, await fetchTable(cache, plan.next));
    plan = planSection(page, tables, budget, base);
  }
  return { scope: "section", files: plan.files, fresh: new Set() };
}

/** Saves one file unless it is cached (or must be fresh); false when it could not be fetched. */
async function saveFile(cache: Cache, file: string, fresh: boolean): Promise<boolean> {
  if (!fresh && (await cache.match(absolute(file)))) return true;
  try {
    const response = await fetch(file);
    if (!response.ok) return false;
    await cache.put(absolute(file), response);
    return true;
  } catch {
    return false;
  }
}

/**
 * Saves content for offline reading, from the service worker: the whole
 * site's content chunks and route tables when the build listed them (they
 * fit the budget), else the section of `page` up to the budget. Files already
 * saved are not fetched again; files of an earlier save that this one does not
 * want are deleted, so the cache holds one save and never more than the budget.
 */
export async function saveContent(offline: OfflineContent, page: string): Promise<SaveResult> {
  const cache = await caches.open(SAVED_CONTENT_CACHE);
  const base = offline.base ?? "/";
  const wanted = offline.list ? await siteFiles(cache, offline.list, base) : await sectionFiles(cache, page, offline.budget, base);
  const queue = wanted.files.values();
  let complete = true;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (const file of queue) if (file !== wanted.last?.url && !(await saveFile(cache, file, wanted.fresh.has(file)))) complete = false;
    }),
  );
  if (complete && wanted.last) await cache.put(absolute(wanted.last.url), wanted.last.response);
  const keep = new Set(wanted.files.map(absolute));
  for (const request of await cache.keys()) if (!keep.has(request.url)) await cache.delete(request);
  return { scope: wanted.scope, files: wanted.files.length, complete };
}
