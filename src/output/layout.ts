import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { UsageError } from "../report/errors.ts";
import { removeTree } from "./write-file.ts";

/**
 * How a site is put in place. `symlink`: the output path is a symlink to a
 * versioned folder beside it, and a new site arrives by renaming a fresh
 * symlink over it, one atomic step. `rename`: the output is a plain folder,
 * swapped by two renames, with a moment in between when it is missing.
 */
export type Layout = "symlink" | "rename";

/** Symlinks need a privilege on Windows that most accounts lack, so Windows keeps the rename swap. */
export const DEFAULT_LAYOUT: Layout = process.platform === "win32" ? "rename" : "symlink";

/** The output path split into the parts the sibling names are made of. */
export interface OutputPaths {
  out: string;
  parent: string;
  base: string;
}

/** What is at the output path: nothing, a plain folder (`id` changes whenever another folder takes its place), or a symlink to a versioned folder. */
export type OutputState = { kind: "missing" } | { kind: "folder"; id: string } | { kind: "link"; target: string };

/**
 * Kinds of sibling: `v` a versioned site (what the output links to), `link` a
 * symlink about to replace the output, `new` and `old` the rename swap's
 * staging and previous folders (the names docs-build has always used).
 */
type Kind = "v" | "link" | "new" | "old";

/** Splits an absolute output path. */
export function outputPaths(out: string): OutputPaths {
  return { out, parent: path.dirname(out), base: path.basename(out) };
}

/** A name for this write's siblings: pid and random, so no two writes ever pick the same. */
export function newTag(): string {
  return `${process.pid}-${randomBytes(4).toString("hex")}`;
}

/** The name of a sibling of the output: `.<out>-<kind>-<pid>-<8 hex>`. */
export function siblingName(paths: OutputPaths, kind: Kind, tag: string): string {
  return `.${paths.base}-${kind}-${tag}`;
}

/**
 * Whether a name is one of this output's siblings (of `kinds`). The tag's
 * fixed shape, anchored at the end, keeps the pattern of output `dist` from
 * matching the siblings of `dist-v` or `dist-old-1` and anything else.
 */
function isSibling(paths: OutputPaths, name: string, kinds = "v|link|new|old"): boolean {
  const base = paths.base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^\\.${base}-(${kinds})-\\d+-[0-9a-f]{8}$`).test(name);
}

/** What is at the output path now; refuses a file and a symlink that docs-build did not make. */
export async function inspectOutput(paths: OutputPaths): Promise<OutputState> {
  const stat = await fs.lstat(paths.out).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (!stat) return { kind: "missing" };
  if (stat.isDirectory()) return { kind: "folder", id: `folder:${stat.ino}` };
  if (stat.isSymbolicLink()) {
    const target = await fs.readlink(paths.out);
    if (isSibling(paths, target, "v")) return { kind: "link", target };
    throw new UsageError(`Output path ${paths.out} is a symbolic link to ${target}, which docs-build did not make. Remove the link or choose another --out.`);
  }
  throw new UsageError(`Output path ${paths.out} exists and is not a folder. Choose another --out.`);
}

/** A string that changes whenever another site takes the output's place; undefined when there is no output. */
export function outputIdentity(state: OutputState): string | undefined {
  return state.kind === "link" ? state.target : state.kind === "folder" ? state.id : undefined;
}

/**
 * Makes the output path whole again after a killed write, then removes what
 * killed writes left beside it: staging folders, previous versions, stray
 * symlinks, every sibling of this output's pattern but the one the output
 * links to, and but those `inUse` names (staging folders still being filled,
 * which are written before the lock is taken). Call it only while holding the
 * output's lock. Returns the output's state.
 */
export async function tidyOutput(paths: OutputPaths, notify?: (line: string) => void, inUse: (name: string) => boolean = () => false): Promise<OutputState> {
  let state = await inspectOutput(paths);
  let siblings = (await fs.readdir(paths.parent)).filter((name) => isSibling(paths, name));
  const previous = siblings.filter((name) => isSibling(paths, name, "old"));
  if (state.kind === "missing" && previous.length > 0) {
    // Only a rename of a complete output makes an `-old-` folder, and the output
    // path is missing only when a write was killed right after that rename (the
    // rename swap, or the move to the symlink layout): the previous site goes back.
    const newest = await newestOf(paths.parent, previous);
    await fs.rename(path.join(paths.parent, newest), paths.out);
    notify?.(`Put back ${paths.base} from ${newest}, left by a build that was stopped while replacing it.`);
    state = await inspectOutput(paths);
    siblings = siblings.filter((name) => name !== newest);
  }
  const keep = state.kind === "link" ? state.target : undefined;
  const leftovers = siblings.filter((name) => name !== keep && !inUse(name));
  // removeTree removes a symlink itself, never what it points to.
  for (const name of leftovers) await removeTree(path.join(paths.parent, name));
  if (leftovers.length > 0)
    notify?.(`Removed ${leftovers.length} leftover${leftovers.length === 1 ? "" : "s"} of stopped builds beside ${paths.base}: ${leftovers.join(", ")}.`);
  return state;
}

async function newestOf(parent: string, names: readonly string[]): Promise<string> {
  const stats = await Promise.all(names.map(async (name) => ({ name, ctimeMs: (await fs.lstat(path.join(parent, name))).ctimeMs })));
  return stats.sort((a, b) => b.ctimeMs - a.ctimeMs)[0].name;
}

/** Points the output at `version` by renaming a fresh symlink over it: a reader sees the old target or the new one, never nothing. */
async function pointAt(paths: OutputPaths, version: string, tag: string): Promise<void> {
  const link = path.join(paths.parent, siblingName(paths, "link", tag));
  // A relative target keeps the output working when its parent folder is moved or mounted elsewhere.
  await fs.symlink(version, link, "dir");
  try {
    await fs.rename(link, paths.out);
  } catch (error) {
    await fs.rm(link, { force: true });
    throw error;
  }
}

/**
 * Installs a filled versioned folder in the symlink layout: points the output
 * at it, then removes the version it replaces. A kill at any moment leaves the
 * output on the old version or the new, both complete; what is left beside it
 * is removed by the next write. On failure the new version is removed.
 */
export async function installLinked(paths: OutputPaths, state: OutputState, version: string, tag: string): Promise<string> {
  try {
    if (state.kind === "folder") await migrate(paths, version, tag);
    else await pointAt(paths, version, tag);
  } catch (error) {
    await removeTree(path.join(paths.parent, version));
    throw error;
  }
  if (state.kind === "link") await removeTree(path.join(paths.parent, state.target));
  return version;
}

/**
 * Moves a plain output folder (from docs-build before the symlink layout, or
 * made by hand) aside and links the output to `version`. A folder cannot be
 * replaced by a symlink in one step, so this one-time move has the window the
 * symlink layout otherwise closes: killed between the two renames, the output
 * path is missing until the next write puts `.<out>-old-<tag>` back (tidyOutput).
 */
async function migrate(paths: OutputPaths, version: string, tag: string): Promise<void> {
  const previous = path.join(paths.parent, siblingName(paths, "old", tag));
  await fs.rename(paths.out, previous);
  try {
    await pointAt(paths, version, tag);
  } catch (error) {
    await fs.rename(previous, paths.out);
    throw error;
  }
  await removeTree(previous);
}

/**
 * Installs a filled staging folder by the rename swap (the layout for
 * Windows): renames the output away and the staging folder in. Killed between
 * the two renames, the output is missing until the next write puts the
 * previous folder back (tidyOutput). Returns the new output's identity.
 */
export async function installRenamed(paths: OutputPaths, state: OutputState, stagingName: string, tag: string): Promise<string> {
  const staging = path.join(paths.parent, stagingName);
  const previous = path.join(paths.parent, siblingName(paths, "old", tag));
  const existing = state.kind !== "missing";
  try {
    if (existing) await fs.rename(paths.out, previous);
    try {
      await fs.rename(staging, paths.out);
    } catch (error) {
      // Put the previous output back before reporting the failure.
      if (existing) await fs.rename(previous, paths.out);
      throw error;
    }
  } catch (error) {
    await removeTree(staging);
    throw error;
  }
  if (existing) await removeTree(previous);
  return outputIdentity(await inspectOutput(paths)) as string;
}
