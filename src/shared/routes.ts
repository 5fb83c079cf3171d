import type { PageData } from "./page-data.ts";

/** The output folder that holds the route tables (one per folder of page URLs); not hashed, as a table's name must follow from a page's URL. */
export const ROUTES_DIR = "page-routes";

/** The file name of every route table inside its folder. */
const TABLE_FILE = "_.json";

/** One route of a route table: the content chunk's numeric id (unique in the site), its URL and its size. */
export interface RouteEntry {
  id: number;
  file: string;
  /** The chunk's size gzipped, in bytes: what the service worker counts against the offline budget. */
  size: number;
  /** Set on a nested folder's own route when the folder's pages have a route table of their own (see {@link folderTableUrl}). */
  folder?: true;
}

/** A route table: the URL (with its trailing slash) of each page of one folder → its content chunk. */
export type Routes = Record<string, RouteEntry>;

/** A content chunk: what the client needs to show a page without a document load. */
export interface PageChunk {
  data: PageData;
  /** The page's rendered body HTML. */
  body: string;
}

/**
 * The folder whose route table holds a page's route (pure): its parent, with
 * a trailing slash (`/configuration/output/` → `/configuration/`), except
 * that a top-level page is in its own folder's table (a section index
 * `/configuration/` → `/configuration/`), so the root's table holds `/`
 * alone and no table grows with the number of sections. A URL without its
 * trailing slash (`/configuration/output`) is read as if it had one.
 */
export function routeFolder(url: string): string {
  const segments = url.split("/").filter(Boolean);
  if (segments.length > 1) segments.pop();
  return segments.length ? `/${segments.join("/")}/` : "/";
}

/**
 * Where the route table that holds a page's route is written, relative to
 * the output folder (pure): `page-routes/<parent folder>/_.json`, so
 * `/configuration/output/` and `/configuration/` → `page-routes/configuration/_.json`,
 * and `/` → `page-routes/_.json`. Every folder gets its own table, however
 * deep (`/guides/part-001/x/` → `page-routes/guides/part-001/_.json`).
 *
 * Names cannot collide: a folder segment that starts with `_` is written with
 * one more `_` in front (`/_drafts/x/` → `page-routes/__drafts/_.json`), so no
 * written segment is `_.json` and no table's file can be another folder's
 * directory, and the escape can be undone, so two folders never share a
 * table. The `page-routes/` folder is the build's own, like `assets/`.
 */
export function routeTablePath(url: string): string {
  const segments = routeFolder(url)
    .split("/")
    .filter(Boolean)
    .map((segment) => (segment.startsWith("_") ? `_${segment}` : segment));
  return [ROUTES_DIR, ...segments, TABLE_FILE].join("/");
}

/** The URL an output file is fetched from (pure): its path from the site's root with each segment percent-encoded, under the site's base path (`/`, or `/docs/`; see `withBase`). */
export function outputFileUrl(file: string, base = "/"): string {
  return `${base}${file.split("/").map(encodeURIComponent).join("/")}`;
}

/** The URL the client loads a page's route table from (pure; see {@link routeTablePath}): it follows from the page's URL alone. */
export function routeTableUrl(url: string, base = "/"): string {
  return outputFileUrl(routeTablePath(url), base);
}

/**
 * The URL of the route table that holds the pages inside folder `url` (pure):
 * `/guides/part-001/` → `/page-routes/guides/part-001/_.json`. Any page of the
 * folder names that table, so a made-up one is asked for. A top-level
 * section's pages share its own table (`/guides/` → `/page-routes/guides/_.json`).
 */
export function folderTableUrl(url: string, base = "/"): string {
  return outputFileUrl(folderTablePath(url), base);
}

/** Where the route table of the pages inside folder `url` is written (pure; see {@link folderTableUrl}). */
export function folderTablePath(url: string): string {
  return routeTablePath(`${url.endsWith("/") ? url : `${url}/`}-/`);
}
