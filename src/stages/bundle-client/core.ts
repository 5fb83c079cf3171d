import type { OutputFile } from "../../output-files.ts";
import { VOTE_STYLESHEET_TOKEN } from "../../shared/constants.ts";

/** The public folder client assets are served from. */
export const ASSETS_DIR = "assets";

/** What esbuild's metafile says about one output file (the fields used here). */
export interface MetaOutput {
  entryPoint?: string;
  cssBundle?: string;
  imports: Array<{ path: string; kind: string }>;
}

/** The tags every page needs to load the client: its stylesheet, entry script and preloads. */
export interface ClientAssets {
  css: string[];
  entry: string;
  preload: string[];
  /** The vote page's lazily loaded stylesheet ("" when there is none). */
  voteCss: string;
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

/** The HTML that loads the client, placed at the end of <head>. */
export function assetTags(assets: ClientAssets): string {
  return [
    ...assets.css.map((href) => `<link rel="stylesheet" href="${href}">`),
    ...assets.preload.map((href) => `<link rel="modulepreload" href="${href}">`),
    `<script type="module" src="${assets.entry}"></script>`,
  ].join("");
}

/**
 * Adds the client's tags to every HTML file, and puts the vote stylesheet's
 * hashed URL where the page data holds its token (pure; other files pass through).
 */
export function injectAssets(files: readonly OutputFile[], assets: ClientAssets): OutputFile[] {
  const tags = assetTags(assets);
  const withStylesheet = (text: string) => (text.includes(VOTE_STYLESHEET_TOKEN) ? text.split(VOTE_STYLESHEET_TOKEN).join(assets.voteCss) : text);
  return files.map((file) => {
    if (typeof file.contents !== "string") return file;
    // Page data travels in HTML and in the content chunks of client-side navigation.
    if (file.path.endsWith(".json")) return file.contents.includes(VOTE_STYLESHEET_TOKEN) ? { path: file.path, contents: withStylesheet(file.contents) } : file;
    if (!file.path.endsWith(".html")) return file;
    const at = file.contents.indexOf("</head>");
    if (at === -1) return file;
    return { path: file.path, contents: withStylesheet(`${file.contents.slice(0, at)}${tags}${file.contents.slice(at)}`) };
  });
}
