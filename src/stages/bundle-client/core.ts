import { StageError } from "../../report/errors.ts";
import type { ClientAssets } from "../../shared/client-assets.ts";
import { ASSETS_DIR } from "../../shared/constants.ts";

export type { ClientAssets } from "../../shared/client-assets.ts";

/** What esbuild's metafile says about one output file (the fields used here). */
export interface MetaOutput {
  entryPoint?: string;
  cssBundle?: string;
  imports: Array<{ path: string; kind: string }>;
}

/** Turns an output path relative to the project (`assets/main-X.js`) into its public URL. */
function publicUrl(outputPath: string): string {
  const i = outputPath.indexOf(`${ASSETS_DIR}/`);
  return `/${i === -1 ? outputPath : outputPath.slice(i)}`;
}

/**
 * The sources every page imports dynamically once loaded: the service worker's
 * registration, and the request to save content for offline reading (which a
 * page opened offline from the cache may still make before it learns it is offline).
 */
const AFTER_LOAD_SOURCES = ["site-client/register-service-worker.ts", "site-client/request-save.ts"];

/** The source the search box imports when first used: the search backend. */
const SEARCH_SOURCES = ["site-client/search/search-backend.ts"];

/** The chunks an output imports statically. */
const staticImports = (meta: MetaOutput) => meta.imports.filter((i) => i.kind === "import-statement").map((i) => i.path);

/**
 * Finds the entry script, its stylesheet, the chunks it imports statically
 * (to preload them), and the chunks of `afterLoadSources` and of
 * `searchSources` with their own static imports (to precache them) in
 * esbuild's metafile outputs (pure).
 */
export function clientAssets(
  outputs: Record<string, MetaOutput>,
  entrySuffix: string,
  voteCssSuffix = "site-client/vote/vote.css",
  afterLoadSources = AFTER_LOAD_SOURCES,
  searchSources = SEARCH_SOURCES,
): ClientAssets {
  const byEntry = (suffix: string) => Object.entries(outputs).find(([, meta]) => meta.entryPoint?.endsWith(suffix));
  const found = byEntry(entrySuffix);
  if (!found)
    throw new StageError(
      "bundle client",
      `esbuild produced no output for ${entrySuffix}, the client's entry point, so pages would load no script. ` +
        "This is a docs-build bug: report it with the command you ran and the output of --debug.",
    );
  const [entryPath, meta] = found;
  const vote = byEntry(voteCssSuffix);
  const preload = staticImports(meta);
  // The chunks of `sources` with their static imports, but those every page already loads.
  const chunksOf = (sources: readonly string[], seen: ReadonlySet<string> = new Set()) => {
    const found = new Set<string>();
    for (const source of sources) {
      const chunk = byEntry(source);
      if (!chunk) continue;
      for (const p of [chunk[0], ...staticImports(chunk[1])]) if (p !== entryPath && !preload.includes(p) && !seen.has(p)) found.add(p);
    }
    return found;
  };
  const afterLoad = chunksOf(afterLoadSources);
  const search = chunksOf(searchSources, afterLoad);
  return {
    voteCss: vote ? publicUrl(vote[0]) : "",
    entry: publicUrl(entryPath),
    css: meta.cssBundle ? [publicUrl(meta.cssBundle)] : [],
    preload: preload.map(publicUrl),
    afterLoad: [...afterLoad].map(publicUrl),
    search: [...search].map(publicUrl),
  };
}
