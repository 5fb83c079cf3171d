import path from "node:path";
import { assetsUnder } from "../../shared/client-assets.ts";
import * as esbuild from "esbuild";
import { hashKey, keepsForLater } from "../../cache/cache.ts";
import { codeHash } from "../../cache/code-hash.ts";
import { loadSiteChrome } from "../../context/site-chrome.ts";
import { CLIENT_TSCONFIG, TOOL_ROOT, type BuildContext } from "../../context/context.ts";
import { diagnostic, formatDiagnostic } from "../../report/diagnostics.ts";
import { StageError } from "../../report/errors.ts";
import type { OutputFile } from "../../output/files.ts";
import { ASSETS_DIR } from "../../shared/constants.ts";
import type { SiteChrome } from "../../shared/site-chrome.ts";
import { clientAssets, type ClientAssets } from "./core.ts";

/** The client's assets (for the pages to refer to) and the bundle's files. */
export interface BundleClientResult {
  assets: ClientAssets;
  files: OutputFile[];
  /** The chrome built into the bundle, which the pages are rendered with. */
  chrome: SiteChrome;
}

const ENTRY = "index.tsx";
/** The vote page's stylesheet: its own entry, so it is a separate file loaded only by that page. */
const VOTE_CSS = "vote/vote.css";

/** A bundle as cached: its files (base64) and its assets. */
interface CachedBundle {
  assets: ClientAssets;
  files: Array<{ path: string; base64: string }>;
}

/** Puts the site's chrome (JSON) in the bundle in place of the templates' default (`templates/built-chrome.ts`), which then stays out of it. */
function builtChrome(chrome: string): esbuild.Plugin {
  return {
    name: "built-chrome",
    setup(build) {
      build.onResolve({ filter: /\/built-chrome\.ts$/ }, () => ({ path: "built-chrome", namespace: "built-chrome" }));
      build.onLoad({ filter: /.*/, namespace: "built-chrome" }, () => ({ contents: `export const BUILT_CHROME = ${chrome};`, loader: "js" }));
    },
  };
}

/** Runs esbuild and returns the bundle's files and assets; errors become diagnostics. */
async function bundle(ctx: BuildContext, chrome: string): Promise<{ assets: ClientAssets; files: OutputFile[] }> {
  const outdir = path.join(TOOL_ROOT, ASSETS_DIR);
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuild.build({
      entryPoints: { index: path.join(ctx.paths.siteClient, ENTRY), vote: path.join(ctx.paths.siteClient, VOTE_CSS) },
      absWorkingDir: TOOL_ROOT,
      // The compiler settings the client code is written for, whether or not the package ships its tsconfig.json.
      tsconfigRaw: CLIENT_TSCONFIG,
      outdir,
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "browser",
      target: ["es2020", "chrome90", "firefox90", "safari15"],
      minify: true,
      write: false,
      metafile: true,
      jsx: "automatic",
      entryNames: "[name]-[hash]",
      chunkNames: "chunks/[name]-[hash]",
      assetNames: "media/[name]-[hash]",
      define: { "process.env.NODE_ENV": '"production"' },
      plugins: [builtChrome(chrome)],
      legalComments: "none",
      logLevel: "silent",
    });
  } catch (error) {
    // The client is docs-build's own code, not the content: its errors (paths from docs-build's folder) end the build as this stage's
    // error, listed in its message, whether or not the pages have been indexed yet.
    const failure = error as esbuild.BuildFailure;
    const problems = (failure.errors ?? []).map((m) =>
      formatDiagnostic(
        diagnostic(
          "client-bundle",
          { reason: m.text },
          { file: m.location?.file ?? "site-client", line: m.location?.line ?? 1, column: (m.location?.column ?? 0) + 1, source: "esbuild" },
        ),
      ),
    );
    throw new StageError("bundle client", `esbuild could not bundle the client:\n${problems.join("\n") || (error as Error).message}`, { cause: error });
  }
  const files = result.outputFiles.map((f) => ({ path: path.relative(TOOL_ROOT, f.path).split(path.sep).join("/"), contents: f.contents }));
  return { assets: clientAssets(result.metafile.outputs, `site-client/${ENTRY}`), files };
}

/**
 * Bundles `site-client/` with esbuild (ES modules, code splitting, minified,
 * content-hashed names under `assets/`). It runs before pages are rendered,
 * so each page is rendered with its tags and written once. The site's
 * chrome (see `SiteChrome`) is built into it, so the bundle depends on the
 * client code and the chrome alone, and is cached by their hash.
 */
export async function runBundleClient(ctx: BuildContext): Promise<BundleClientResult> {
  const site = await loadSiteChrome(ctx);
  const chrome = JSON.stringify(site);
  const key = keepsForLater(ctx.cache) ? hashKey("client", await codeHash(), chrome) : "";
  const data = key ? await ctx.cache.getJson<CachedBundle>(key) : undefined;
  if (data)
    return {
      assets: assetsUnder(data.assets, site.base),
      files: data.files.map((f) => ({ path: f.path, contents: Buffer.from(f.base64, "base64") })),
      chrome: site,
    };
  const built = await bundle(ctx, chrome);
  if (key) {
    const entry: CachedBundle = { assets: built.assets, files: built.files.map((f) => ({ path: f.path, base64: Buffer.from(f.contents).toString("base64") })) };
    await ctx.cache.setJson(key, entry);
  }
  return { ...built, assets: assetsUnder(built.assets, site.base), chrome: site };
}
