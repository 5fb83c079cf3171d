import { parentPort, workerData } from "node:worker_threads";
import { languageHere, warmLanguages } from "./build.ts";
import type { LanguageJob } from "./language-workers.ts";

// The work of a languages' worker thread (see `LanguageWorker`): first the
// own pages of the languages it was started with, then each language it is
// sent, in order, answered with what it made or the error that stopped it.
const jobs: LanguageJob<never>[] = [];
let wake: (() => void) | undefined;
parentPort?.on("message", (job: LanguageJob<never>) => {
  jobs.push(job);
  wake?.();
});
await warmLanguages(workerData.warm);
for (;;) {
  const job = jobs.shift();
  if (job) parentPort?.postMessage(await languageHere(job));
  else await new Promise<void>((resolve) => (wake = resolve));
}
