import { parentPort } from "node:worker_threads";
import { processPages } from "./process-page.ts";

// The work of a page-processing worker thread: each message is a group of
// pages, answered with the processed pages or the error that stopped them.
parentPort?.on("message", ({ id, sources, settings }) => {
  try {
    parentPort?.postMessage({ id, pages: processPages(sources, settings) });
  } catch (error) {
    const { name, message, stack } = error as Error;
    parentPort?.postMessage({ id, error: { name, message, stack } });
  }
});
