// A worker thread that makes one language of the site, run from the sources.
// It is plain JavaScript so it can register the TypeScript loader (with
// docs-build's own tsconfig) before it imports the TypeScript build. The
// bundle in lib/ has its own language-worker.js, built from
// language-worker-thread.ts.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register({ tsconfig: workerData.tsconfig });
await import("./language-worker-thread.ts");
