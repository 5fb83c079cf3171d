import { hashKey } from "../../cache/cache.ts";
import type { BuildContext } from "../../context/context.ts";
import { codeHash } from "../../cache/code-hash.ts";
import type { FoundFile } from "./source-files.ts";

/** The cache key of a page: its text's digest, its path, and everything else its processing depends on (`prefix`). */
const pageKey = (found: FoundFile, prefix: string) => hashKey("page", prefix, found.display, found.relative, found.digest);

/**
 * The key of each page's cache entries and stored body: a hash of what its
 * processing depends on (docs-build's code, the settings it reads, the
 * option reference its configuration examples link to, the page), or a
 * counter without a cache.
 */
export async function pageKeyer(ctx: BuildContext, referenceHash = ""): Promise<(file: FoundFile) => string> {
  if (!ctx.cache.enabled) {
    let next = 0;
    return () => String(next++);
  }
  const prefix = `${await codeHash()}\0${ctx.settings.repository}\0${ctx.settings.branch}\0${ctx.settings.llms}\0${ctx.settings.editUrl}\0${ctx.settings.examplesUrl}\0${ctx.settings.defaultLanguage}\0${referenceHash}`;
  return (file) => pageKey(file, prefix);
}
