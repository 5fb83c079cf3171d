import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Settings } from "../../config.ts";
import { TOOL_ROOT } from "../../context.ts";
import type { ProcessedPage } from "../../shared/content-types.ts";
import type { SourceFile } from "./parse-page.ts";
import { processPage } from "./process-page.ts";

/** Below this many pages a worker's start-up costs more than it saves. */
const MIN_PAGES_FOR_WORKERS = 24;
/** Pages sent to a worker at a time: small enough to balance, large enough to keep messages few. */
const BATCH = 8;

const WORKER_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), "page-worker.js");

/** How many worker threads to use: one per core, at least one. */
export function workerCount(pages: number): number {
  if (pages < MIN_PAGES_FOR_WORKERS) return 0;
  return Math.max(1, Math.min(os.availableParallelism(), Math.ceil(pages / BATCH)));
}

/**
 * Processes pages across worker threads (one per core), in batches taken
 * from a shared queue so a slow page never holds the others back. Small sets
 * are processed on this thread. Results keep the order of `sources`.
 */
export async function processPages(sources: readonly SourceFile[], settings: Settings): Promise<ProcessedPage[]> {
  const count = workerCount(sources.length);
  if (count === 0) return sources.map((source) => processPage(source, settings));
  const results = new Array<ProcessedPage>(sources.length);
  let next = 0;
  const workers = Array.from({ length: count }, () => new Worker(WORKER_FILE, { workerData: { tsconfig: path.join(TOOL_ROOT, "tsconfig.json") }, execArgv: [] }));
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              if (next >= sources.length) return resolve();
              const start = next;
              next = Math.min(sources.length, next + BATCH);
              worker.postMessage({ id: start, sources: sources.slice(start, next), settings });
            };
            worker.on("message", (message: { id: number; pages?: ProcessedPage[]; error?: { message: string; stack: string } }) => {
              if (message.error) return reject(Object.assign(new Error(`A page worker failed: ${message.error.message}`), { stack: message.error.stack }));
              message.pages!.forEach((page, i) => (results[message.id + i] = page));
              send();
            });
            worker.once("error", reject);
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return results;
}
