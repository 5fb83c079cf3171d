// A worker thread that processes pages. It is plain JavaScript so it can
// register the TypeScript loader (with docs-build's own tsconfig) before it
// imports the TypeScript page pipeline.
import { parentPort, workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register({ tsconfig: workerData.tsconfig });
const { processPage } = await import("./process-page.ts");

parentPort.on("message", ({ id, sources, settings }) => {
  try {
    parentPort.postMessage({ id, pages: sources.map((source) => processPage(source, settings)) });
  } catch (error) {
    parentPort.postMessage({ id, error: { name: error.name, message: error.message, stack: error.stack } });
  }
});
