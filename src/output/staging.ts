import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import pLimit from "p-limit";
import type { OutputFile } from "./files.ts";
import {
  DEFAULT_LAYOUT,
  installLinked,
  installRenamed,
  inspectOutput,
  newTag,
  outputIdentity,
  outputPaths,
  siblingName,
  tidyOutput,
  type Layout,
  type OutputPaths,
  type OutputState,
} from "./layout.ts";
import { isGone, lockOutput, readHolder, thisProcess, type LockOptions } from "./lock.ts";
import { removeTree } from "./write-file.ts";

/** How a site is written: by a staging folder (see {@link openStaging}) or {@link writeChanged}. */
export interface WriteOptions extends LockOptions {
  /** How the site is put in place; default `symlink`, `rename` on Windows. Tests pass `rename` to check the Windows path. */
  layout?: Layout;
  /** Writes one staged file; default `fs.writeFile`. Tests pass one that fails as a full disk does. */
  writeFile?: (target: string, contents: Parameters<Staging["write"]>[0]["contents"]) => Promise<void>;
}

/**
 * A file already written beside the output (in a staging folder on the same
 * disk), with the digest and size of its contents: a patch moves it in
 * instead of writing it, so a large file is never whole in memory.
 */
export interface SpooledFile {
  path: string;
  /** Where it was written, absolute. */
  spooled: string;
  digest: string;
  bytes: number;
}

/** Writes files under `dir`, creating folders as needed; a spooled file is moved in. */
async function writeAll(dir: string, files: ReadonlyArray<OutputFile | SpooledFile>): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  await makeFolders(
    dir,
    files.map((f) => f.path),
  );
  const limit = pLimit(64);
  const write = (f: OutputFile | SpooledFile) =>
    "spooled" in f ? fs.rename(f.spooled, path.join(dir, f.path)) : fs.writeFile(path.join(dir, f.path), f.contents);
  await Promise.all(files.map((f) => limit(() => write(f))));
}

/** Makes the folders the files at `paths` (relative to `dir`) go in, each once. */
async function makeFolders(dir: string, paths: readonly string[]): Promise<void> {
  const folders = new Set(paths.map((p) => path.dirname(path.join(dir, p))));
  for (const folder of [...folders].sort()) await fs.mkdir(folder, { recursive: true });
}

/** Staging folders this process is filling, by absolute path: the cleanup of another write in this process must leave them. */
const filling = new Set<string>();

/** The file in a staging folder that names the process filling it; removed before the folder is put in place. */
const OWNER_FILE = ".docs-build-staging";

/**
 * The siblings of the output that are staging folders still being filled:
 * by this process, or by another whose owner file names a running process.
 * The cleanup leaves them; a killed build's folder names a process that is gone.
 */
async function busySiblings(paths: OutputPaths): Promise<Set<string>> {
  const busy = new Set<string>();
  for (const name of await fs.readdir(paths.parent)) {
    const dir = path.join(paths.parent, name);
    if (filling.has(dir)) busy.add(name);
    else if (name.startsWith(`.${paths.base}-`)) {
      const owner = readHolder(await fs.readFile(path.join(dir, OWNER_FILE), "utf8").catch(() => ""));
      if (owner && !(await isGone(owner))) busy.add(name);
    }
  }
  return busy;
}

/** Under the output's lock: removes what killed writes left (putting back a site lost between two renames), then runs `work`. */
function tidied(outDir: string, paths: OutputPaths, options: WriteOptions, work: (state: OutputState) => Promise<void> = async () => {}): Promise<void> {
  return locked(outDir, options, async () => {
    const busy = await busySiblings(paths);
    await work(await tidyOutput(paths, options.notify, (name) => busy.has(name)));
  });
}

/**
 * A site being written: files go into a fresh staging folder beside the
 * output as soon as they are made, so no build holds its whole output in
 * memory, and `commit` puts the folder in place atomically.
 */
export interface Staging {
  /** The staging folder, absolute. */
  dir: string;
  /** Writes one file into the staging folder (folders are created as needed); contents may arrive in parts. */
  write(file: { path: string; contents: OutputFile["contents"] | AsyncIterable<string | Uint8Array> }): Promise<void>;
  /**
   * Takes the output's lock, removes what killed writes left, and puts the
   * staged site in place (see layout.ts). The previous site stays
   * byte for byte if anything fails; the staging folder is then removed.
   * Resolves with the new output's identity (see {@link OutputManifest}).
   */
  commit(): Promise<string>;
  /** Removes the staging folder (after a failed build). */
  abort(): Promise<void>;
}

/** How many folders a staging folder's writer remembers having made. */
const RECENT_FOLDERS = 64;

/**
 * Writes files into a staging folder (making folders as needed), keeping
 * the writes under way: a failed build's other writes may still be running
 * when it aborts, and removing the folder under them fails (ENOTEMPTY) or
 * leaves files behind, so `settled` waits for them.
 */
function stagedWriter(dir: string, options: WriteOptions) {
  // The folders made lately: a site's files come folder by folder, so a few spare most mkdir calls, and a
  // large site's hundred thousand page folders are not all kept in memory.
  const folders = new Set<string>([dir]);
  const writing = new Set<Promise<void>>();
  const write = async (file: Parameters<Staging["write"]>[0]) => {
    const target = path.join(dir, file.path);
    const folder = path.dirname(target);
    if (!folders.has(folder)) {
      await fs.mkdir(folder, { recursive: true });
      if (folders.size >= RECENT_FOLDERS) folders.delete(folders.values().next().value as string);
      folders.add(folder);
    }
    try {
      await (options.writeFile ?? fs.writeFile)(target, file.contents);
    } catch (error) {
      // A write through an open file (a streamed file) fails without a path; the message names the folder from it.
      const failed = error as NodeJS.ErrnoException;
      if (failed && typeof failed === "object" && failed.path === undefined) failed.path = target;
      throw error;
    }
  };
  return {
    async write(file: Parameters<Staging["write"]>[0]) {
      const done = write(file);
      writing.add(done);
      try {
        await done;
      } finally {
        writing.delete(done);
      }
    },
    async settled() {
      while (writing.size > 0) await Promise.allSettled([...writing]);
    },
  };
}

/**
 * Opens a staging folder for the output: `.<out>-v-<pid>-<hex>` in the
 * symlink layout, `.<out>-new-…` in the rename layout. Filling it takes no
 * lock, so builds into one output render side by side; each takes the lock
 * only to commit, and no cleanup removes a staging folder whose process runs.
 */
export async function openStaging(outDir: string, options: WriteOptions = {}): Promise<Staging> {
  const paths = outputPaths(path.resolve(outDir));
  await fs.mkdir(paths.parent, { recursive: true });
  const layout = options.layout ?? DEFAULT_LAYOUT;
  const tag = newTag();
  const name = siblingName(paths, layout === "symlink" ? "v" : "new", tag);
  const dir = path.join(paths.parent, name);
  filling.add(dir);
  const owner = JSON.stringify(await thisProcess());
  // Tidying first puts back a site a killed build lost, before this build can fail. The staging folder is
  // made with its owner file under the same lock, so another build's tidying never sees it without one
  // and takes it for a leftover while this build fills it.
  await tidied(outDir, paths, options, async () => {
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, OWNER_FILE), owner);
  });
  const writer = stagedWriter(dir, options);
  const abort = async () => {
    await writer.settled();
    await removeTree(dir);
    filling.delete(dir);
  };
  return {
    dir,
    write: writer.write,
    async commit() {
      let version = "";
      try {
        await tidied(outDir, paths, options, async (state) => {
          await fs.rm(path.join(dir, OWNER_FILE), { force: true });
          if (layout === "symlink") await installLinked(paths, state, name, tag);
          else await installRenamed(paths, state, name, tag);
          version = outputIdentity(await inspectOutput(paths)) ?? "";
        });
      } catch (error) {
        await abort();
        throw error;
      }
      filling.delete(dir);
      return version;
    },
    abort,
  };
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

/** Stages the whole site and commits it; returns the new output's identity. */
async function replace(outDir: string, files: readonly OutputFile[], options: WriteOptions): Promise<string> {
  const staging = await openStaging(outDir, options);
  try {
    await writeAllStaged(staging, files);
  } catch (error) {
    await staging.abort();
    throw error;
  }
  return staging.commit();
}

async function writeAllStaged(staging: Staging, files: readonly OutputFile[]): Promise<void> {
  const limit = pLimit(64);
  await Promise.all(files.map((f) => limit(() => staging.write(f))));
}

/**
 * A digest of every file last written, by path, and which site they were
 * written into: what a later incremental write compares with. Digests, not
 * contents, so a long-lived process holds a few bytes per file of the site.
 */
export interface OutputManifest {
  /** The versioned folder (or plain folder's identity) written into; another build's site has another. */
  version: string;
  files: Map<string, string>;
  /** The paths the write that made this manifest wrote or removed; null when it wrote a whole site. */
  changed: string[] | null;
}

/** Computes the digest manifests keep of a file's contents fed in parts (the same as {@link digestOf} of the whole). */
export function digester(): { update(part: string | Uint8Array): void; digest(): string } {
  const hash = createHash("sha256");
  return { update: (part) => void hash.update(part), digest: () => hash.digest("base64url") };
}

/** The digest of a file's contents that manifests keep. */
export function digestOf(contents: string | Uint8Array): string {
  const d = digester();
  d.update(contents);
  return d.digest();
}

/**
 * Under the output's lock: the folder holding the site `previous` describes,
 * to patch in place, or undefined when there is none or another build has
 * replaced it since (patching that one would mix two builds).
 */
async function patchable(paths: OutputPaths, previous: OutputManifest | undefined): Promise<string | undefined> {
  const state = await inspectOutput(paths);
  const version = outputIdentity(state);
  if (!previous || version === undefined || version !== previous.version) return undefined;
  return state.kind === "link" ? path.join(paths.parent, state.target) : paths.out;
}

/**
 * Writes only what changed since `previous` (and removes what is gone), in
 * place in the site the output links to, for the dev server's rebuilds, where
 * rewriting a whole site would cost more than the build. `known` holds the
 * digests the caller already has: of the site's files it left out because
 * `previous` already has them, and of any it passes (so they are not
 * computed again). Stages and commits the whole site, as a build does, when
 * there is no previous manifest, or when another build has replaced the
 * output since; returns undefined, writing nothing, if that is needed while
 * files were left out or spooled. Holds the output's lock too.
 */
export async function writeChanged(
  outDir: string,
  files: ReadonlyArray<OutputFile | SpooledFile>,
  previous: OutputManifest | undefined,
  options: WriteOptions = {},
  known: ReadonlyMap<string, string> = new Map(),
): Promise<OutputManifest | undefined> {
  const next = new Map(known);
  for (const f of files) if (!next.has(f.path)) next.set(f.path, "spooled" in f ? f.digest : digestOf(f.contents));
  const patched = await locked(outDir, options, async (paths): Promise<OutputManifest | undefined> => {
    const dir = await patchable(paths, previous);
    if (!dir || !previous) return undefined;
    const written = files.filter((f) => previous.files.get(f.path) !== next.get(f.path));
    const removed = [...previous.files.keys()].filter((p) => !next.has(p));
    const moved = await moveSame(dir, written, removed, previous.files, next);
    await writeAll(
      dir,
      written.filter((f) => !moved.has(f.path)),
    );
    await Promise.all(removed.filter((p) => !moved.has(p)).map((p) => fs.rm(path.join(dir, p), { force: true })));
    await removeEmptied(dir, removed);
    return { version: previous.version, files: next, changed: [...written.map((f) => f.path), ...removed] };
  });
  if (patched) return patched;
  const whole = files.filter((f): f is OutputFile => !("spooled" in f));
  if (next.size > whole.length) return undefined;
  // A whole site is staged without the lock and takes it only to commit, like a build.
  return { version: await replace(outDir, whole, options), files: next, changed: null };
}

/**
 * Removes the folders of `removed` files (paths relative to `dir`) that no
 * file is left in, deepest first, up to `dir`: the dev server's old search
 * index folder once its parts have moved. A folder still holding something is left.
 */
async function removeEmptied(dir: string, removed: readonly string[]): Promise<void> {
  const folders = new Set<string>();
  for (const file of removed) for (let folder = path.posix.dirname(file); folder !== "."; folder = path.posix.dirname(folder)) folders.add(folder);
  const deepestFirst = [...folders].sort((a, b) => b.split("/").length - a.split("/").length);
  for (const folder of deepestFirst) await fs.rmdir(path.join(dir, folder)).catch(() => undefined);
}

/**
 * Moves each removed file whose bytes a new file has (by digest) to that
 * file's path, instead of writing the file and removing the other: a search
 * index whose folder is renamed moves its unchanged parts. Returns the paths
 * moved, from and to.
 */
async function moveSame(
  dir: string,
  written: ReadonlyArray<OutputFile | SpooledFile>,
  removed: readonly string[],
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
): Promise<Set<string>> {
  const byDigest = new Map<string, string[]>();
  for (const p of removed) {
    const digest = before.get(p) ?? "";
    const same = byDigest.get(digest);
    if (same) same.push(p);
    else byDigest.set(digest, [p]);
  }
  const moves: [from: string, to: string][] = [];
  for (const f of written) {
    const from = byDigest.get(after.get(f.path) ?? "")?.pop();
    if (from) moves.push([from, f.path]);
  }
  // Each folder is made once, then the moves run side by side: a search index's thousands of parts each took
  // a mkdir and a rename in turn.
  await makeFolders(
    dir,
    moves.map(([, to]) => to),
  );
  const limit = pLimit(64);
  await Promise.all(moves.map(([from, to]) => limit(() => fs.rename(path.join(dir, from), path.join(dir, to)))));
  return new Set(moves.flat());
}

/**
 * Writes a few files into the site `previous` describes, in place, and
 * returns the manifest with them; undefined (writing nothing) when another
 * build has replaced the output since. The dev server writes an edited page
 * this way before the rebuild of the whole site.
 */
export async function writeSome(
  outDir: string,
  files: readonly OutputFile[],
  previous: OutputManifest,
  options: WriteOptions = {},
): Promise<OutputManifest | undefined> {
  return locked(outDir, options, async (paths) => {
    const dir = await patchable(paths, previous);
    if (!dir) return undefined;
    const digests = new Map(files.map((f) => [f.path, digestOf(f.contents)]));
    const written = files.filter((f) => previous.files.get(f.path) !== digests.get(f.path));
    await writeAll(dir, written);
    const next = new Map(previous.files);
    for (const f of written) next.set(f.path, digests.get(f.path)!);
    return { version: previous.version, files: next, changed: written.map((f) => f.path) };
  });
}
