import { createHash } from "node:crypto";

/** The hash later steps key caches on instead of a page's whole body HTML. */
export function bodyHashOf(bodyHtml: string): string {
  return createHash("sha256").update(bodyHtml).digest("hex").slice(0, 32);
}
