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

/**
 * How many worker threads to use by default. Measured on a 2-core machine,
 * two workers processed the corpus no faster than this thread alone (V8's
 * garbage collector already keeps the second core busy), so workers start
 * only from 4 cores: one per core but one, never more than there are batches.
 * `requested` (the `--threads` option) overrides the default; 0 means none.
 */
export function workerCount(pages: number, requested?: number): number {
  if (pages === 0) return 0;
  const wanted = requested ?? (pages < MIN_PAGES_FOR_WORKERS || os.availableParallelism() < 4 ? 0 : os.availableParallelism() - 1);
  return Math.min(wanted, Math.ceil(pages / BATCH));
}

/**
 * Processes pages across worker threads (see `workerCount`), in batches taken
 * from a shared queue so a slow page never holds the others back. Small sets
 * are processed on this thread. Results keep the order of `sources`.
 */
export async function processPages(sources: readonly SourceFile[], settings: Settings, threads?: number): Promise<ProcessedPage[]> {
  const count = workerCount(sources.length, threads);
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
