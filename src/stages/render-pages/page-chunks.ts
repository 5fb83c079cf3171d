import { createHash } from "node:crypto";
import type { OutputFile } from "../../output/files.ts";
import { CHUNKS_DIR } from "../../shared/constants.ts";
import type { PageChunk } from "../../shared/routes.ts";
import type { PagePlan } from "./core.ts";
import { printableSlug } from "./printable.ts";

/** True for plans that are routes: every page but the not-found page and the app shell. */
export function isRoute(plan: PagePlan): boolean {
  return plan.data.kind !== "not-found" && plan.data.kind !== "app-shell";
}

/**
 * True for routes the client can show without a full load, through a content
 * chunk. A combined printable page has none: it is as large as its whole
 * section, is opened to be printed, and loads as a document (the client falls
 * back to a full load for any route without a chunk).
 */
export function hasChunk(plan: PagePlan): boolean {
  return isRoute(plan) && plan.data.kind !== "printable";
}

/** The content chunk of one route (pure): its data and body as JSON, named by its path and a hash of its contents. */
export function chunkOf(plan: PagePlan, bodyHtml: string): OutputFile {
  const chunk: PageChunk = { data: plan.data, body: bodyHtml };
  const contents = JSON.stringify(chunk);
  const hash = createHash("sha256").update(contents).digest("hex").slice(0, 8).toUpperCase();
  return { path: `${CHUNKS_DIR}/${printableSlug(plan.data.url)}-${hash}.json`, contents };
}
