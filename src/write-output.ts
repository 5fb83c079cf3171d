import fs from "node:fs/promises";
import path from "node:path";
import pLimit from "p-limit";
import type { OutputFile } from "./output-files.ts";
import { DEFAULT_LAYOUT, installLinked, installRenamed, inspectOutput, outputIdentity, outputPaths, tidyOutput, type Layout, type OutputPaths } from "./output-layout.ts";
import { lockOutput, type LockOptions } from "./output-lock.ts";

/** Options of {@link writeOutput} and {@link writeChanged}. */
export interface WriteOptions extends LockOptions {
  /** How the site is put in place; default `symlink`, `rename` on Windows. Tests pass `rename` to check the Windows path. */
  layout?: Layout;
}

/** Writes files under `dir`, creating folders as needed. */
async function writeAll(dir: string, files: readonly OutputFile[]): Promise<void> {
  const folders = new Set(files.map((f) => path.dirname(path.join(dir, f.path))));
  await fs.mkdir(dir, { recursive: true });
  for (const folder of [...folders].sort()) await fs.mkdir(folder, { recursive: true });
  const limit = pLimit(64);
  await Promise.all(files.map((f) => limit(() => fs.writeFile(path.join(dir, f.path), f.contents))));
}

/** Runs `work` holding the output's lock, which is released however `work` ends. */
async function locked<T>(outDir: string, options: WriteOptions, work: (paths: OutputPaths) => Promise<T>): Promise<T> {
  const paths = outputPaths(path.resolve(outDir));
  await fs.mkdir(paths.parent, { recursive: true });
  const lock = await lockOutput(paths.out, options);
  try {
    return await work(paths);
  } finally {
    await lock.release();
  }
}

/** Tidies what killed writes left, then installs the whole site; returns the new output's identity. Holds the lock. */
async function replace(paths: OutputPaths, files: readonly OutputFile[], options: WriteOptions): Promise<string> {
  const state = await tidyOutput(paths, options.notify);
  const install = (options.layout ?? DEFAULT_LAYOUT) === "symlink" ? installLinked : installRenamed;
  return install(paths, state, (dir) => writeAll(dir, files));
}

/**
 * Writes the site so that `outDir` always holds one complete site: the
 * previous one until the new one is complete, then the new one, even if the
 * process is killed at any moment (see output-layout.ts). Holds the output's
 * lock (`.<out>.lock` beside it) from before the first file to after the
 * cleanup, waiting up to two minutes for another build that holds it. If
 * anything fails, the previous output stays byte for byte as it was.
 */
export async function writeOutput(outDir: string, files: readonly OutputFile[], options: WriteOptions = {}): Promise<void> {
  await locked(outDir, options, (paths) => replace(paths, files, options));
}

/** The contents of every file last written, by path, and which site they were written into: what a later incremental write compares with. */
export interface OutputManifest {
  /** The versioned folder (or plain folder's identity) written into; another build's site has another. */
  version: string;
  files: Map<string, string | Uint8Array>;
}

function same(a: string | Uint8Array | undefined, b: string | Uint8Array): boolean {
  if (a === undefined || typeof a !== typeof b) return false;
  return typeof a === "string" ? a === b : Buffer.from(a).equals(b as Uint8Array);
}

/**
 * Writes only what changed since `previous` (and removes what is gone), in
 * place in the site the output links to, for the dev server's rebuilds, where
 * rewriting a whole site would cost more than the build. Writes the whole site
 * as {@link writeOutput} does when there is no previous manifest, or when
 * another build has replaced the output since. Holds the output's lock too.
 */
export async function writeChanged(outDir: string, files: readonly OutputFile[], previous: OutputManifest | undefined, options: WriteOptions = {}): Promise<OutputManifest> {
  const next = new Map(files.map((f) => [f.path, f.contents]));
  return locked(outDir, options, async (paths) => {
    const state = await inspectOutput(paths);
    const version = outputIdentity(state);
    // Patching a site this session did not write would mix two builds.
    if (!previous || version === undefined || version !== previous.version) return { version: await replace(paths, files, options), files: next };
    const dir = state.kind === "link" ? path.join(paths.parent, state.target) : paths.out;
    await writeAll(dir, files.filter((f) => !same(previous.files.get(f.path), f.contents)));
    await Promise.all([...previous.files.keys()].filter((p) => !next.has(p)).map((p) => fs.rm(path.join(dir, p), { force: true })));
    return { version, files: next };
  });
}
