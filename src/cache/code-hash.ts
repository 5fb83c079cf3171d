import { hashKey } from "./cache.ts";
import fs from "node:fs/promises";
import path from "node:path";
import { BUNDLED } from "../context/bundled.ts";
import { TOOL_ROOT } from "../context/tool-root.ts";

/**
 * The modules docs-build's code starts from: the bundle's entries (the
 * command line, the library, the dev server's builder, the page worker) and
 * the browser's (the client bundle and the service worker, which the build
 * bundles from their sources). Every module they reach, found by esbuild's
 * own module graph, is part of the code a cached result was made by.
 */
export const CODE_ENTRIES = [
  "src/cli.ts",
  "src/index.ts",
  "src/serve/builder-process.ts",
  "src/stages/index-content/page-worker-thread.ts",
  "site-client/index.tsx",
  "site-client/vote/vote.css",
  "site-client/service-worker.ts",
];

/** Where the bundle keeps the hash of the sources it was made from (see {@link writeCodeHash}). */
const RECORDED = "lib/code-hash.json";

/** What the bundle records: the hash of its sources' module graph, and of the dependencies it was bundled with. */
interface Recorded {
  sources: string;
  dependencies: string;
}

/** The project files `entries` reach (relative to `root`, sorted), by esbuild's module graph; packages are left out. */
export async function reachedFiles(root: string, entries: readonly string[]): Promise<string[]> {
  const { build } = await import("esbuild");
  const result = await build({
    absWorkingDir: root,
    entryPoints: [...entries],
    outdir: "code-hash",
    bundle: true,
    write: false,
    metafile: true,
    packages: "external",
    platform: "neutral",
    format: "esm",
    jsx: "automatic",
    logLevel: "silent",
  });
  return Object.keys(result.metafile.inputs)
    .filter((file) => !file.includes("node_modules/") && !file.startsWith("<"))
    .sort();
}

/** Hashes the files under `root`, names and contents. */
async function hashFiles(root: string, files: readonly string[]): Promise<string> {
  const contents = await Promise.all(files.map((file) => fs.readFile(path.join(root, file))));
  return hashKey(...files.flatMap((file, i) => [file, contents[i]]));
}

/** What the sources under `root` hash to now (see {@link CODE_ENTRIES}), with the lockfile that fixes the dependencies. */
async function fromSources(root: string): Promise<Recorded> {
  const [sources, dependencies] = await Promise.all([
    reachedFiles(root, CODE_ENTRIES).then((files) => hashFiles(root, files)),
    hashFiles(root, ["package-lock.json"]).catch(() => ""),
  ]);
  return { sources, dependencies };
}

let computed: Promise<Recorded> | undefined;
let code: Promise<string> | undefined;

/** The hashes of docs-build's code, once per process: recorded by its bundle, or from its sources when it runs from them. */
function recorded(): Promise<Recorded> {
  computed ??= BUNDLED ? fs.readFile(path.join(TOOL_ROOT, RECORDED), "utf8").then((text) => JSON.parse(text) as Recorded) : fromSources(TOOL_ROOT);
  return computed;
}

/**
 * The hash of docs-build's sources alone: the same whether it runs from its
 * bundle or its sources, for names in the output (which must not depend on
 * how the build was run).
 */
export async function sourcesHash(): Promise<string> {
  return (await recorded()).sources;
}

/**
 * The hash of all the code a cached result is made by: docs-build's sources,
 * its version and its dependencies. Every cache key starts from it, so an
 * entry made by other code is never reused, and no list of files or version
 * number is kept by hand. Computed once per process: the code cannot change
 * under a running one (the dev server restarts its builder when it does).
 */
export function codeHash(): Promise<string> {
  code ??= Promise.all([recorded(), fs.readFile(path.join(TOOL_ROOT, "package.json"))]).then(([{ sources, dependencies }, manifest]) =>
    hashKey(sources, dependencies, manifest),
  );
  return code;
}

/** Records the hashes of the sources under `root` in its lib/ (see {@link recorded}); `scripts/bundle.mjs` calls it after bundling. */
export async function writeCodeHash(root: string): Promise<void> {
  await fs.writeFile(path.join(root, RECORDED), `${JSON.stringify(await fromSources(root))}\n`);
}
