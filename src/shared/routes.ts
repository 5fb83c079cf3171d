import type { PageData } from "./page-data.ts";

/** Where the build writes the routes manifest, relative to the output folder (not hashed: it changes with the site). */
export const ROUTES_FILE = "page-routes.json";

/** The URL the client loads the routes manifest from. */
export const ROUTES_URL = `/${ROUTES_FILE}`;

/** One route of the routes manifest: the content chunk's numeric id and its URL. */
interface RouteEntry {
  id: number;
  file: string;
}

/** The routes manifest: a page's URL (with its trailing slash) → its content chunk. */
export type Routes = Record<string, RouteEntry>;

/** A content chunk: what the client needs to show a page without a document load. */
export interface PageChunk {
  data: PageData;
  /** The page's rendered body HTML. */
  body: string;
}
