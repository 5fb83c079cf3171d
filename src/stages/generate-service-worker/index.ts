import path from "node:path";
import { basePathOf } from "../../shared/base-path.ts";
import * as esbuild from "esbuild";
import { hashKey, keepsForLater } from "../../cache/cache.ts";
import { codeHash } from "../../cache/code-hash.ts";
import { CLIENT_TSCONFIG, TOOL_ROOT, type BuildContext } from "../../context/context.ts";
import { StageError } from "../../report/errors.ts";
import type { OutputFile } from "../../output/files.ts";
import type { ClientAssets } from "../../shared/client-assets.ts";
import { SERVICE_WORKER_PATH } from "../../shared/constants.ts";
import { injectManifest, injectOfflineContent, offlineContent, precacheEntries, type ContentCount } from "./core.ts";

/** The service worker file, how much it precaches, and the list of the site's content when it fits the offline budget. */
export interface GenerateServiceWorkerResult {
  file: OutputFile;
  precached: number;
  /** The files: the worker, and the offline list when there is one. */
  files: OutputFile[];
}

/**
 * Builds `sw.js` from `site-client/service-worker.ts` (workbox's precaching,
 * routing, strategies and expiration modules, bundled and minified by
 * esbuild, cached by the source's hash) and injects the precache manifest:
 * the hashed client assets and the core pages; and injects the offline
 * settings, with the list of the site's content files when they fit
 * `offline.precacheBudget` (`content` is the render stage's count).
 */
export async function runGenerateServiceWorker(
  ctx: BuildContext,
  input: { files: readonly OutputFile[]; assets: ClientAssets; content: ContentCount },
): Promise<GenerateServiceWorkerResult> {
  const base = basePathOf(ctx.settings.baseUrl);
  const entries = precacheEntries(input.files, input.assets, base);
  const offline = offlineContent(input.content, ctx.settings.offline.precacheBudget, base);
  const key = keepsForLater(ctx.cache) ? hashKey("service-worker", await codeHash()) : "";
  const cached = key ? await ctx.cache.get(key) : undefined;
  let bundled = cached?.toString("utf8");
  if (!bundled) {
    bundled = await bundleWorker(ctx);
    if (key) await ctx.cache.set(key, bundled);
  }
  const file = { path: SERVICE_WORKER_PATH, contents: injectOfflineContent(injectManifest(bundled, entries), offline.offline) };
  return { file, precached: entries.length, files: offline.file ? [file, offline.file] : [file] };
}

/** Bundles the worker source with esbuild, leaving the manifest placeholder in place. */
async function bundleWorker(ctx: BuildContext): Promise<string> {
  try {
    const result = await esbuild.build({
      entryPoints: [path.join(ctx.paths.siteClient, "service-worker.ts")],
      absWorkingDir: TOOL_ROOT,
      // The compiler settings the client code is written for, whether or not the package ships its tsconfig.json.
      tsconfigRaw: CLIENT_TSCONFIG,
      bundle: true,
      format: "iife",
      platform: "browser",
      target: ["es2020"],
      minify: true,
      write: false,
      define: { "process.env.NODE_ENV": '"production"' },
      legalComments: "none",
      logLevel: "silent",
    });
    return result.outputFiles[0].text;
  } catch (error) {
    throw new StageError("generate service worker", `could not build the service worker: ${(error as Error).message}`, { cause: error });
  }
}
