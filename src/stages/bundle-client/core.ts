import type { ClientAssets } from "../../shared/client-assets.ts";

export type { ClientAssets } from "../../shared/client-assets.ts";

/** The public folder client assets are served from. */
export const ASSETS_DIR = "assets";

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
 * Finds the entry script, its stylesheet and the chunks it imports
 * statically (to preload them) in esbuild's metafile outputs (pure).
 */
export function clientAssets(outputs: Record<string, MetaOutput>, entrySuffix: string, voteCssSuffix = "site-client/vote/vote.css"): ClientAssets {
  const found = Object.entries(outputs).find(([, meta]) => meta.entryPoint?.endsWith(entrySuffix));
  if (!found) throw new Error(`esbuild produced no output for ${entrySuffix}`);
  const [entryPath, meta] = found;
  const vote = Object.entries(outputs).find(([, m]) => m.entryPoint?.endsWith(voteCssSuffix));
  return {
    voteCss: vote ? publicUrl(vote[0]) : "",
    entry: publicUrl(entryPath),
    css: meta.cssBundle ? [publicUrl(meta.cssBundle)] : [],
    preload: meta.imports.filter((i) => i.kind === "import-statement").map((i) => publicUrl(i.path)),
  };
}
