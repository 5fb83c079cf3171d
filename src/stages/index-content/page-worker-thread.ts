import { parentPort } from "node:worker_threads";
import type { OptionReference } from "../../markdown/option-reference.ts";
import { processPages } from "./process-page.ts";

/** The option reference this worker was last sent; it comes with the first batch after it changes. */
let reference: OptionReference | undefined;

// The work of a page-processing worker thread: each message is a group of
// pages, answered with the processed pages or the error that stopped them.
parentPort?.on("message", (message) => {
  const { id, sources, settings } = message;
  if ("reference" in message) reference = message.reference ?? undefined;
  try {
    parentPort?.postMessage({ id, pages: processPages(sources, settings, reference) });
  } catch (error) {
    const { name, message: text, stack } = error as Error;
    parentPort?.postMessage({ id, error: { name, message: text, stack } });
  }
});
