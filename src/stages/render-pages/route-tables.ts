import type { OutputFile } from "../../output/files.ts";
import { routeTablePath, type RouteEntry, type Routes } from "../../shared/routes.ts";

/** Collects routes into their folders' tables as pages are rendered (see {@link routeTables}). */
export interface RouteTables {
  /**
   * Adds one page's route. Returns its folder's table once the folder's last
   * route has arrived, and forgets the folder; else undefined.
   */
  add(url: string, route: RouteEntry): OutputFile | undefined;
}

/** A folder's table as a file (pure): its routes ordered by URL, so the same folder always gives the same bytes, whatever order pages finished in. */
export function routeTableFile(path: string, routes: Routes): OutputFile {
  const ordered = Object.fromEntries(Object.entries(routes).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { path, contents: JSON.stringify(ordered) };
}

/** How many routes each table will hold, by table path (pure); counting into `into` lets a caller count as it goes. */
export function countRoutes(urls: Iterable<string>, into = new Map<string, number>()): Map<string, number> {
  for (const url of urls) {
    const path = routeTablePath(url);
    into.set(path, (into.get(path) ?? 0) + 1);
  }
  return into;
}

/**
 * Groups routes by folder as they arrive (pure): `counts` says how many
 * routes each table will get (see {@link countRoutes}), so each table is
 * handed back as soon as its folder is complete and only the folders still
 * being rendered are held, never the whole site's routes. A URL not counted,
 * or counted fewer times than it is added, is a bug of the caller and throws.
 */
export function routeTables(counts: ReadonlyMap<string, number>): RouteTables {
  const pending = new Map(counts);
  const open = new Map<string, Routes>();
  return {
    add(url, route) {
      const path = routeTablePath(url);
      const left = pending.get(path);
      if (!left) throw new Error(`Route ${url} was not announced to its table ${path}`);
      const routes = open.get(path) ?? {};
      routes[url] = route;
      if (left > 1) {
        pending.set(path, left - 1);
        open.set(path, routes);
        return undefined;
      }
      pending.delete(path);
      open.delete(path);
      return routeTableFile(path, routes);
    },
  };
}
