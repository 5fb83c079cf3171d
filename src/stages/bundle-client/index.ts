import path from "node:path";
import * as esbuild from "esbuild";
import { hashKey, hashToolSources } from "../../cache.ts";
import { TOOL_ROOT, type BuildContext } from "../../context.ts";
import { diagnostic } from "../../diagnostics.ts";
import { StageError } from "../../errors.ts";
import type { OutputFile } from "../../output-files.ts";
import { ASSETS_DIR, clientAssets, injectAssets, type ClientAssets } from "./core.ts";

/** The client's assets and the HTML files with their tags added. */
export interface BundleClientResult {
  assets: ClientAssets;
  files: OutputFile[];
}

const ENTRY = "index.tsx";
/** The vote page's stylesheet: its own entry, so it is a separate file loaded only by that page. */
const VOTE_CSS = "vote/vote.css";

/** The code the client bundle is made from. */
const CLIENT_SOURCES = ["site-client/**/*.{ts,tsx,css}", "templates/**/*.{ts,tsx,css}", "src/shared/**/*.ts", "src/stages/bundle-client/**/*.ts"];

/** A bundle as cached: its files (base64) and its assets. */
interface CachedBundle {
  assets: ClientAssets;
  files: Array<{ path: string; base64: string }>;
}

/** Runs esbuild and returns the bundle's files and assets; errors become diagnostics. */
async function bundle(ctx: BuildContext): Promise<{ assets: ClientAssets; files: OutputFile[] }> {
  const outdir = path.join(TOOL_ROOT, ASSETS_DIR);
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuild.build({
      entryPoints: { index: path.join(ctx.paths.siteClient, ENTRY), vote: path.join(ctx.paths.siteClient, VOTE_CSS) },
      absWorkingDir: TOOL_ROOT,
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
      legalComments: "none",
      logLevel: "silent",
    });
  } catch (error) {
    const failure = error as esbuild.BuildFailure;
    for (const m of failure.errors ?? [])
      ctx.report(
        diagnostic({
          file: m.location ? ctx.display(path.resolve(TOOL_ROOT, m.location.file)) : "site-client",
          line: m.location?.line ?? 1,
          column: (m.location?.column ?? 0) + 1,
          message: m.text,
          ruleId: "client-bundle",
          source: "esbuild",
        }),
      );
    throw new StageError("bundle client", "esbuild could not bundle the client; see the errors above.", { cause: error });
  }
  const files = result.outputFiles.map((f) => ({ path: path.relative(TOOL_ROOT, f.path).split(path.sep).join("/"), contents: f.contents }));
  return { assets: clientAssets(result.metafile.outputs, `site-client/${ENTRY}`), files };
}

/**
 * Bundles `site-client/` with esbuild (ES modules, code splitting, minified,
 * content-hashed names under `assets/`) and adds its tags to the pages. The
 * bundle depends only on the client code, so it is cached by that code's hash.
 */
export async function runBundleClient(ctx: BuildContext, pages: readonly OutputFile[]): Promise<BundleClientResult> {
  const key = ctx.cache.enabled ? hashKey("client", await hashToolSources(TOOL_ROOT, CLIENT_SOURCES)) : "";
  const data = key ? await ctx.cache.getJson<CachedBundle>(key) : undefined;
  let built: { assets: ClientAssets; files: OutputFile[] };
  if (data) {
    built = { assets: data.assets, files: data.files.map((f) => ({ path: f.path, contents: Buffer.from(f.base64, "base64") })) };
  } else {
    built = await bundle(ctx);
    if (key) {
      const entry: CachedBundle = { assets: built.assets, files: built.files.map((f) => ({ path: f.path, base64: Buffer.from(f.contents).toString("base64") })) };
      await ctx.cache.setJson(key, entry);
    }
  }
  return { assets: built.assets, files: [...injectRemembered(ctx, pages, built.assets), ...built.files] };
}

/**
 * Adds the client's tags to the pages. A long-lived process remembers the
 * result per page from the last build, so an unchanged page (the same cached
 * string) is not copied again, and the output writer sees it is unchanged at once.
 */
function injectRemembered(ctx: BuildContext, pages: readonly OutputFile[], assets: ClientAssets): OutputFile[] {
  const memo = ctx.cache.memo;
  if (!memo) return injectAssets(pages, assets);
  const id = `injected\0${JSON.stringify(assets)}`;
  const previous = (memo.get(id) as Map<string | Uint8Array, OutputFile> | undefined) ?? new Map();
  const next = new Map<string | Uint8Array, OutputFile>();
  const files = pages.map((page) => {
    const file = previous.get(page.contents) ?? injectAssets([page], assets)[0];
    next.set(page.contents, file);
    return file;
  });
  memo.set(id, next);
  return files;
}
