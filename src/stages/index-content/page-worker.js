// A worker thread that processes pages, run from the sources. It is plain
// JavaScript so it can register the TypeScript loader (with docs-build's own
// tsconfig) before it imports the TypeScript page pipeline. The bundle in
// lib/ has its own page-worker.js, built from page-worker-thread.ts.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register({ tsconfig: workerData.tsconfig });
await import("./page-worker-thread.ts");
