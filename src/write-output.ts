import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import pLimit from "p-limit";
import { UsageError } from "./errors.ts";
import type { OutputFile } from "./output-files.ts";

/** Writes files under `dir`, creating folders as needed. */
async function writeAll(dir: string, files: readonly OutputFile[]): Promise<void> {
  const folders = new Set(files.map((f) => path.dirname(path.join(dir, f.path))));
  for (const folder of [...folders].sort()) await fs.mkdir(folder, { recursive: true });
  const limit = pLimit(64);
  await Promise.all(files.map((f) => limit(() => fs.writeFile(path.join(dir, f.path), f.contents))));
}

/**
 * Writes the site atomically: into a fresh folder beside `outDir`, then swaps
 * it in with renames. If anything fails before the swap, the previous output
 * stays byte-for-byte as it was and the fresh folder is removed.
 */
export async function writeOutput(outDir: string, files: readonly OutputFile[]): Promise<void> {
  const existing = await fs.lstat(outDir).catch(() => undefined);
  if (existing && !existing.isDirectory()) throw new UsageError(`Output path ${outDir} exists and is not a folder. Choose another --out.`);
  const tag = `${process.pid}-${randomBytes(4).toString("hex")}`;
  const parent = path.dirname(outDir);
  const staging = path.join(parent, `.${path.basename(outDir)}-new-${tag}`);
  const previous = path.join(parent, `.${path.basename(outDir)}-old-${tag}`);
  await fs.mkdir(parent, { recursive: true });
  try {
    await writeAll(staging, files);
  } catch (error) {
    await fs.rm(staging, { recursive: true, force: true });
    throw error;
  }
  if (existing) await fs.rename(outDir, previous);
  try {
    await fs.rename(staging, outDir);
  } catch (error) {
    // Put the previous output back before reporting the failure.
    if (existing) await fs.rename(previous, outDir);
    await fs.rm(staging, { recursive: true, force: true });
    throw error;
  }
  if (existing) await fs.rm(previous, { recursive: true, force: true });
}

/** The contents of every file last written, by path: what a later incremental write compares with. */
export type OutputManifest = Map<string, string | Uint8Array>;

function same(a: string | Uint8Array | undefined, b: string | Uint8Array): boolean {
  if (a === undefined || typeof a !== typeof b) return false;
  return typeof a === "string" ? a === b : Buffer.from(a).equals(b as Uint8Array);
}

/**
 * Writes only what changed since `previous` (and removes what is gone), for
 * the dev server's rebuilds, where rewriting a whole site would cost more
 * than the build. With no previous manifest it writes atomically, as a build does.
 */
export async function writeChanged(outDir: string, files: readonly OutputFile[], previous: OutputManifest | undefined): Promise<OutputManifest> {
  const next: OutputManifest = new Map(files.map((f) => [f.path, f.contents]));
  if (!previous || !(await fs.stat(outDir).catch(() => undefined))) {
    await writeOutput(outDir, files);
    return next;
  }
  await writeAll(outDir, files.filter((f) => !same(previous.get(f.path), f.contents)));
  await Promise.all([...previous.keys()].filter((p) => !next.has(p)).map((p) => fs.rm(path.join(outDir, p), { force: true })));
  return next;
}
