import { hashKey, hashToolSources } from "../../cache.ts";
import { TOOL_ROOT, type BuildContext } from "../../context.ts";
import type { FoundFile } from "./source-files.ts";

/** Bumped whenever processing changes its output, so cached pages from older versions are not reused. */
const PIPELINE_VERSION = "12";

/** The code whose output a cached page depends on; any change to it makes every cached page stale. */
const PIPELINE_SOURCES = ["src/markdown/**/*.ts", "src/stages/index-content/**/*.{ts,js}", "src/shared/**/*.ts", "src/diagnostics.ts"];

/** The cache key of a page: its text's digest, its path, and everything else its processing depends on (`prefix`). */
const pageKey = (found: FoundFile, prefix: string) => hashKey("page", prefix, found.display, found.relative, found.digest);

/** The key of each page's cache entries and stored body: a hash of what its processing depends on, or a counter without a cache. */
export async function pageKeyer(ctx: BuildContext): Promise<(file: FoundFile) => string> {
  if (!ctx.cache.enabled) {
    let next = 0;
    return () => String(next++);
  }
  const pipeline = await hashToolSources(TOOL_ROOT, PIPELINE_SOURCES);
  const prefix = `${PIPELINE_VERSION}\0${pipeline}\0${ctx.settings.repository}\0${ctx.settings.branch}`;
  return (file) => pageKey(file, prefix);
}
