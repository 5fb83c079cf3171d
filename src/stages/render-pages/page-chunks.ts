import { createHash } from "node:crypto";
import type { OutputFile } from "../../output-files.ts";
import type { PagePlan } from "./core.ts";
import { printableSlug } from "./printable.ts";

/** Where the client finds each route's content chunk (not hashed: it changes with the site). */
export const ROUTES_FILE = "page-routes.json";

/** One route of the routes manifest: the chunk's numeric id and its URL. */
export interface RouteEntry {
  id: number;
  file: string;
}

/**
 * The content chunks of client-side navigation (pure): one content-hashed
 * JSON file per route holding the page's data and body, and the manifest that
 * maps each URL to its chunk. The not-found page and the app shell have none.
 */
export function pageChunks(plans: readonly PagePlan[]): { files: OutputFile[]; routes: Record<string, RouteEntry> } {
  const files: OutputFile[] = [];
  const routes: Record<string, RouteEntry> = {};
  plans
    .filter((plan) => plan.data.kind !== "not-found" && plan.data.kind !== "app-shell")
    .forEach((plan, id) => {
      const contents = JSON.stringify({ data: plan.data, body: plan.bodyHtml });
      const hash = createHash("sha256").update(contents).digest("hex").slice(0, 8).toUpperCase();
      const path = `assets/pages/${printableSlug(plan.data.url)}-${hash}.json`;
      files.push({ path, contents });
      routes[plan.data.url] = { id, file: `/${path}` };
    });
  files.push({ path: ROUTES_FILE, contents: JSON.stringify(routes) });
  return { files, routes };
}
