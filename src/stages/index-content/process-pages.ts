import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Settings } from "../../config.ts";
import { TOOL_ROOT } from "../../context.ts";
import type { ProcessedPage } from "../../shared/content-types.ts";
import type { SourceFile } from "./parse-page.ts";
import { processPages } from "./process-page.ts";

/** Below this many pages a worker's start-up costs more than it saves. */
const MIN_PAGES_FOR_WORKERS = 24;
/** Pages sent to a worker at a time: small enough to balance, large enough to keep messages few. */
const BATCH = 8;

/** The worker's script: beside this module, in the sources as in the bundle (lib/page-worker.js). */
const WORKER_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), "page-worker.js");

/**
 * How many worker threads to use by default. Measured on a 2-core machine,
 * two workers processed the corpus no faster than this thread alone (V8's
 * garbage collector already keeps the second core busy), so workers start
 * only from 4 cores: one per core but one, never more than there are batches.
 * `requested` (the `--threads` option) overrides the default; 0 means none.
 */
function workerCount(pages: number, requested?: number): number {
  if (pages === 0) return 0;
  const wanted = requested ?? (pages < MIN_PAGES_FOR_WORKERS || os.availableParallelism() < 4 ? 0 : os.availableParallelism() - 1);
  return Math.min(wanted, Math.ceil(pages / BATCH));
}

/** Processes pages a group at a time, on worker threads kept for the whole build or on this thread. */
export interface PageProcessor {
  /** Processes the group; results keep the order of `sources`. */
  run(sources: readonly SourceFile[]): Promise<ProcessedPage[]>;
  /** Stops the worker threads. */
  close(): Promise<void>;
}

type WorkerReply = { id: number; pages?: ProcessedPage[]; error?: { message: string; stack: string } };

/**
 * A processor for a build of `total` pages (see `workerCount`). Workers start
 * once and take batches from a shared queue, so a slow page never holds the
 * others back; small builds process on this thread.
 */
export function createPageProcessor(total: number, settings: Settings, threads?: number): PageProcessor {
  const count = workerCount(total, threads);
  if (count === 0) return { run: async (sources) => processPages(sources, settings), close: async () => {} };
  const workers = Array.from(
    { length: count },
    () => new Worker(WORKER_FILE, { workerData: { tsconfig: path.join(TOOL_ROOT, "tsconfig.json") }, execArgv: [] }),
  );
  return {
    async run(sources) {
      const results = new Array<ProcessedPage>(sources.length);
      let next = 0;
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve, reject) => {
              const send = () => {
                if (next >= sources.length) return finish(resolve);
                const start = next;
                next = Math.min(sources.length, next + BATCH);
                worker.postMessage({ id: start, sources: sources.slice(start, next), settings });
              };
              const onMessage = (message: WorkerReply) => {
                if (message.error)
                  return finish(() => reject(Object.assign(new Error(`A page worker failed: ${message.error!.message}`), { stack: message.error!.stack })));
                for (const [i, page] of message.pages!.entries()) results[message.id + i] = page;
                send();
              };
              const finish = (then: () => void) => {
                worker.off("message", onMessage);
                worker.off("error", onError);
                then();
              };
              const onError = (error: Error) => finish(() => reject(error));
              worker.on("message", onMessage);
              worker.once("error", onError);
              send();
            }),
        ),
      );
      return results;
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
