import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Settings } from "../../context/config.ts";
import { TOOL_ROOT } from "../../context/context.ts";
import type { ProcessedPage } from "../../shared/content-types.ts";
import type { OptionReference } from "../../markdown/option-reference.ts";
import type { SourceFile } from "./parse-page.ts";
import { processPages } from "./process-page.ts";

/** Below this many pages a worker's start-up costs more than it saves. */
const MIN_PAGES_FOR_WORKERS = 24;
/** Pages sent to a worker at a time: small enough to balance, large enough to keep messages few. */
const BATCH = 8;
/** Batches a worker holds at once: one it works on and one waiting, so it never waits for this thread to send more. */
const IN_FLIGHT = 2;
/** Pages this thread processes between looks at the workers' replies. */
const OWN_BATCH = 4;

/** The worker's script: beside this module, in the sources as in the bundle (lib/page-worker.js). */
const WORKER_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), "page-worker.js");

/**
 * How many worker threads to use by default: one per core but one, since
 * this thread processes pages too; none for a build too small to pay for a
 * worker's start. `requested` (the `--threads` option) overrides the default;
 * 0 means none.
 */
function workerCount(pages: number, requested?: number): number {
  if (pages === 0) return 0;
  const wanted = requested ?? (pages < MIN_PAGES_FOR_WORKERS ? 0 : os.availableParallelism() - 1);
  return Math.min(wanted, Math.ceil(pages / BATCH));
}

/** Processes pages a group at a time, on worker threads kept for the whole build and on this thread. */
export interface PageProcessor {
  /** Processes the group; results keep the order of `sources`. */
  run(sources: readonly SourceFile[]): Promise<ProcessedPage[]>;
  /** Stops a one-off build's worker threads; the kept workers of a long-lived process (`keepWorkers`) stay for its next build. */
  close(): Promise<void>;
}

/** What pages are processed with: the settings, and the option reference when configuration examples are linked. */
interface Processing {
  settings: Settings;
  reference?: OptionReference | null | undefined;
}

/** The option reference each worker was last sent, so it is sent again only when it changes. */
const sentReference = new WeakMap<Worker, OptionReference | null>();

type WorkerReply = { id: number; pages?: ProcessedPage[]; error?: { message: string; stack: string } };

/**
 * The next pages of a group to process: its first index and how many, taken
 * in order by every thread. A batch is at most `most` pages, and fewer as the
 * group runs out (a share of what is left for each of the `takers`, at
 * least one page), so no thread sits idle at the end of a group while
 * another works through a batch it took early.
 */
function queueOf(length: number, takers: number) {
  let next = 0;
  return (most: number): [number, number] | undefined => {
    if (next >= length) return undefined;
    const start = next;
    const share = Math.ceil((length - next) / (2 * takers * IN_FLIGHT));
    next = Math.min(length, next + Math.max(1, Math.min(most, share)));
    return [start, next];
  };
}

/** This thread's share of a group: batches taken from the queue, with a turn of the event loop after each so the workers' replies are seen and they are sent more. */
async function processOwnShare(
  sources: readonly SourceFile[],
  results: ProcessedPage[],
  take: ReturnType<typeof queueOf>,
  processing: Processing,
): Promise<void> {
  for (let batch = take(OWN_BATCH); batch; batch = take(OWN_BATCH)) {
    const [start, end] = batch;
    for (const [i, page] of processPages(sources.slice(start, end), processing.settings, processing.reference ?? undefined).entries())
      results[start + i] = page;
    await new Promise(setImmediate);
  }
}

/** One worker's share of a group: it holds up to IN_FLIGHT batches at a time, and is sent the next as each comes back. */
function workerShare(
  worker: Worker,
  sources: readonly SourceFile[],
  results: ProcessedPage[],
  take: ReturnType<typeof queueOf>,
  { settings, reference = null }: Processing,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let held = 0;
    const send = () => {
      const batch = take(BATCH);
      if (!batch) return;
      held++;
      // The option reference (schemas and headings, a few hundred kilobytes) goes to a worker once, not with every batch.
      const fresh = sentReference.get(worker) !== reference;
      sentReference.set(worker, reference);
      worker.postMessage({ id: batch[0], sources: sources.slice(batch[0], batch[1]), settings, ...(fresh ? { reference } : {}) });
    };
    const finish = (then: () => void) => {
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      then();
    };
    const onMessage = (message: WorkerReply) => {
      held--;
      if (message.error)
        return finish(() => reject(Object.assign(new Error(`A page worker failed: ${message.error!.message}`), { stack: message.error!.stack })));
      for (const [i, page] of message.pages!.entries()) results[message.id + i] = page;
      send();
      if (held === 0) finish(resolve);
    };
    const onError = (error: Error) => finish(() => reject(error));
    // A worker that stops without an error (out of memory, terminated) would otherwise leave its batches unanswered.
    const onExit = (code: number) => finish(() => reject(new Error(`A page worker stopped (exit code ${code}) with pages unprocessed.`)));
    worker.on("message", onMessage);
    worker.once("error", onError);
    worker.once("exit", onExit);
    for (let n = 0; n < IN_FLIGHT; n++) send();
    if (held === 0) finish(resolve);
  });
}

/**
 * Workers started on first use, `count` at most; one that exits or fails
 * leaves, and the next group starts another.
 */
function workerPool() {
  const workers: Worker[] = [];
  return {
    /** How many workers run now. */
    size: () => workers.length,
    take(count: number): Worker[] {
      while (workers.length < count) {
        // Unreferenced while idle, so a worker never keeps a finished command alive.
        const worker = new Worker(WORKER_FILE, { workerData: { tsconfig: path.join(TOOL_ROOT, "tsconfig.json") }, execArgv: [] });
        worker.unref();
        const leave = () => {
          const at = workers.indexOf(worker);
          if (at !== -1) workers.splice(at, 1);
        };
        worker.once("exit", leave);
        worker.once("error", leave);
        workers.push(worker);
      }
      return workers.slice(0, count);
    },
    async stop(): Promise<void> {
      await Promise.all(workers.splice(0).map((worker) => worker.terminate()));
    },
  };
}

/**
 * The workers of long-lived processes (the dev server), kept for the
 * process's life so its builds reuse them. A one-off build has workers of its
 * own and stops them once its pages are processed, so their heaps do not stay
 * beside the later stages.
 */
const kept = workerPool();

/**
 * A processor for a build of `total` pages (see `workerCount`). This thread
 * and the workers take batches from one queue per group, so every core
 * processes pages and a slow page never holds the others back; a group too
 * small to share is processed here. `keepWorkers` (the dev server) takes the
 * process's kept workers, and `close` leaves them running.
 */
export function createPageProcessor(
  total: number,
  settings: Settings,
  options: { threads?: number; keepWorkers?: boolean; reference?: OptionReference | undefined } = {},
): PageProcessor {
  const { threads, keepWorkers = false, reference } = options;
  const processing: Processing = { settings, reference };
  const count = workerCount(total, threads);
  const pool = keepWorkers ? kept : workerPool();
  return {
    async run(sources) {
      // A group too small to share is processed here; so, unless workers were asked for (`threads`), is one too small to
      // pay for starting the first (a language's own pages among the default language's, which come from the cache).
      const least = pool.size() > 0 || threads !== undefined ? BATCH : MIN_PAGES_FOR_WORKERS;
      if (count === 0 || sources.length < least) return processPages(sources, settings, reference);
      const workers = pool.take(count);
      const results = new Array<ProcessedPage>(sources.length);
      const take = queueOf(sources.length, workers.length + 1);
      for (const worker of workers) worker.ref();
      try {
        // The workers are sent their first batches before this thread starts on its own.
        const shares = workers.map((worker) => workerShare(worker, sources, results, take, processing));
        await Promise.all([...shares, processOwnShare(sources, results, take, processing)]);
      } finally {
        for (const worker of workers) worker.unref();
      }
      return results;
    },
    close: () => (keepWorkers ? Promise.resolve() : pool.stop()),
  };
}
