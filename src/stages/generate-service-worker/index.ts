import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { hashKey } from "../../cache.ts";
import type { BuildContext } from "../../context.ts";
import { StageError } from "../../errors.ts";
import type { OutputFile } from "../../output-files.ts";
import { precacheEntries, type PrecacheEntry } from "./core.ts";

/** The service worker file and how much it precaches. */
export interface GenerateServiceWorkerResult {
  file: OutputFile;
  precached: number;
}

/** Bumped when the options below change, so cached workers are not reused. */
const SW_VERSION = "1";

/** Runs workbox-build in a scratch folder and reads back the single self-contained sw.js. */
async function generate(entries: PrecacheEntry[]): Promise<string> {
  // workbox-build takes most of a second to load, so it is loaded only when the cache misses.
  const { generateSW } = await import("workbox-build");
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), "docs-build-sw-"));
  try {
    const swDest = path.join(scratch, "sw.js");
    const { warnings } = await generateSW({
      swDest,
      // workbox only adds additionalManifestEntries while globbing, so it globs the
      // scratch folder, which holds nothing but its own output.
      globDirectory: scratch,
      globPatterns: [],
      mode: "production",
      sourcemap: false,
      inlineWorkboxRuntime: true,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      additionalManifestEntries: entries,
      runtimeCaching: [
        {
          // Pages: fresh when online, the last copy when offline.
          urlPattern: ({ request }) => request.mode === "navigate",
          handler: "NetworkFirst",
          options: { cacheName: "pages", networkTimeoutSeconds: 4, expiration: { maxEntries: 200 } },
        },
        {
          urlPattern: ({ request }) => request.destination === "image",
          handler: "StaleWhileRevalidate",
          options: { cacheName: "images", expiration: { maxEntries: 120 } },
        },
      ],
    });
    if (warnings.length) throw new Error(warnings.join("; "));
    return await fs.readFile(swDest, "utf8");
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Generates `sw.js` with workbox-build, precaching the hashed client assets
 * and the core pages. The result is cached by its inputs, because workbox
 * bundles its runtime on every call.
 */
export async function runGenerateServiceWorker(ctx: BuildContext, files: readonly OutputFile[]): Promise<GenerateServiceWorkerResult> {
  const entries = precacheEntries(files);
  const key = hashKey("service-worker", SW_VERSION, JSON.stringify(entries));
  let source = (await ctx.cache.get(key))?.toString("utf8");
  if (!source) {
    try {
      source = await generate(entries);
    } catch (error) {
      throw new StageError("generate service worker", `workbox-build failed: ${(error as Error).message}`, { cause: error });
    }
    await ctx.cache.set(key, source);
  }
  return { file: { path: "sw.js", contents: source }, precached: entries.length };
}
