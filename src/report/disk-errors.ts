import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DiskError } from "./errors.ts";
import { formatBytes } from "./logger.ts";

/** The folders a build writes to, as the messages name them. */
export interface BuildFolders {
  /** The output folder (`--out`); the build writes beside it, in a staging folder. */
  out: string;
  /** The build cache. */
  cache: string;
  /** The system's temporary folder (spilled bodies, the search index's runs), default `os.tmpdir()`. */
  temp?: string;
}

/** A folder a command writes to, and how its disk errors name it. */
interface DiskPlace {
  dir: string;
  /** The folder as a sentence names it, given the file that failed (relative to the root). */
  name(file: string): string;
}

/** Where a command writes, and what its disk errors tell the reader to do. */
export interface DiskTarget {
  /** The project root; paths in the messages are relative to it. */
  root: string;
  /** The folders the command writes to; the deepest that holds the failed file is named. */
  places: DiskPlace[];
  /** What is named when the error names no file: `a folder the build writes to`. */
  somewhere: string;
  /** Options that send the files elsewhere, `--out, or TMPDIR for the temporary folder`; none when the files have one place. */
  elsewhere?: string;
  /** What to do once the cause is fixed: `build again`, `run fetch-readmes again`. */
  again: string;
  /** The sentence the message ends with, on what the failure left as it was: `The previous site is untouched.` */
  untouched: string;
}

/** What the command had done when the disk failed it, for the message. */
export interface DiskProgress {
  /** Bytes of output written before the failure. */
  written?: number;
  /** Bytes the previous site in the output folder takes on disk; the build replaces it with one of about that size. */
  previous?: number;
  /** A staging folder that could not be removed afterwards, and why. */
  leftover?: { folder: string; code: string };
}

const within = (folder: string, file: string) => {
  const relative = path.relative(folder, file);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
};

/** `file` relative to `root`, or `.` for the root itself. */
const shown = (root: string, file: string) => path.relative(root, file) || ".";

/** Which of the target's folders `file` lies in, said for a reader: the deepest that holds it. */
function folderOf(file: string | undefined, target: DiskTarget): string {
  if (!file) return target.somewhere;
  const holding = target.places.filter((place) => within(place.dir, file)).sort((a, b) => b.dir.length - a.dir.length);
  return holding[0]?.name(shown(target.root, file)) ?? shown(target.root, path.dirname(file));
}

/** Where a build writes: the output (its staging folder beside it), the build cache and the temporary folder. */
function buildTarget(folders: BuildFolders, root: string): DiskTarget {
  const temp = folders.temp ?? os.tmpdir();
  return {
    root,
    places: [
      // The output's staging folder sits beside it, so a file being staged lies in the output's parent.
      { dir: path.dirname(folders.out), name: (file) => `the output folder ${shown(root, folders.out)} (writing ${file})` },
      { dir: folders.cache, name: () => `the build cache ${shown(root, folders.cache)}` },
      { dir: temp, name: () => `the temporary folder ${temp} (TMPDIR)` },
    ],
    somewhere: "a folder the build writes to",
    elsewhere: "--out, or TMPDIR for the temporary folder",
    again: "build again",
    untouched: "The previous site is untouched.",
  };
}

/** What a full disk's message says was needed: the output written so far, and what the previous site takes. */
function needed({ written, previous }: DiskProgress): string {
  const after = written ? ` after ${formatBytes(written)} of output` : "";
  return previous ? `${after}; the previous site takes ${formatBytes(previous)} on disk, so the new one needs about as much free space` : after;
}

/** What each failure means and what to do about it, by error code. */
const ADVICE: Record<string, (where: string, target: DiskTarget, progress: DiskProgress) => string> = {
  ENOSPC: (where, { elsewhere, again }, progress) =>
    `The disk is full: no space left to write in ${where}${needed(progress)}. Free some space${elsewhere ? `, or build to a disk with room (${elsewhere}),` : ""} and ${again}.`,
  EDQUOT: (where, { elsewhere, again }) =>
    `The disk quota is used up: nothing more can be written in ${where}. Free some space within your quota${elsewhere ? `, or build elsewhere (${elsewhere}),` : ""} and ${again}.`,
  EACCES: (where, target) => `Permission denied in ${where}. Make it writable for this user${orElsewhere(target)}.`,
  EPERM: (where, target) => `The operation is not permitted in ${where}. Make it writable for this user${orElsewhere(target)}.`,
  EROFS: (where, { elsewhere, again }) =>
    `The file system is read-only: nothing can be written in ${where}. ${elsewhere ? `Build to a writable folder (${elsewhere})` : `Make it writable and ${again}`}.`,
  EMFILE: (where, { again }) => `Too many files are open in this process to go on writing in ${where}. Raise the limit (ulimit -n) and ${again}.`,
  ENFILE: (where, { again }) =>
    `The system has too many files open to go on writing in ${where}. Close other programs, or raise the system's limit, and ${again}.`,
};

/** The end of a permission message: where else to write, or to run again. */
const orElsewhere = ({ elsewhere, again }: DiskTarget) => (elsewhere ? `, or build elsewhere (${elsewhere})` : ` and ${again}`);

/**
 * The disk error `error` stands for in a command that writes to `target`: one
 * sentence naming the folder and what to do, then what was left untouched
 * (see {@link DiskError}); undefined for any other error.
 */
export function diskErrorIn(error: unknown, target: DiskTarget, progress: DiskProgress = {}): DiskError | undefined {
  if (error instanceof DiskError) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const advice = code ? ADVICE[code] : undefined;
  if (!code || !advice) return undefined;
  const file = (error as NodeJS.ErrnoException).path;
  let message = advice(folderOf(file ? path.resolve(target.root, file) : undefined, target), target, progress);
  if (progress.leftover) {
    const { folder, code: why } = progress.leftover;
    message += ` The unfinished folder ${path.relative(target.root, folder) || folder} could not be removed (${why}); remove it by hand.`;
  }
  return new DiskError(`${message} ${target.untouched}`, code, { cause: error });
}

/** The disk error `error` stands for in a build writing to `folders` (see {@link diskErrorIn}); undefined for any other error. */
export function diskErrorOf(error: unknown, folders: BuildFolders, root: string, progress: DiskProgress = {}): DiskError | undefined {
  return diskErrorIn(error, buildTarget(folders, root), progress);
}

/**
 * {@link diskErrorOf} for a failed build: on a full disk, the message also
 * says what the previous site in the output folder takes, found by walking
 * it then (a build that succeeds never pays for the walk).
 */
export async function buildDiskError(error: unknown, folders: BuildFolders, root: string, progress: DiskProgress = {}): Promise<DiskError | undefined> {
  const full = !(error instanceof DiskError) && (error as NodeJS.ErrnoException | null)?.code === "ENOSPC";
  return diskErrorOf(error, folders, root, full ? { ...progress, previous: await siteSize(folders.out) } : progress);
}

/**
 * The bytes the files of the site in `out` take on disk (its link to its
 * version folder followed), as `du` counts them; undefined when there is no
 * site or it cannot be read. Walks one folder at a time.
 */
export async function siteSize(out: string): Promise<number | undefined> {
  const walk = async (folder: string): Promise<number> => {
    let bytes = 0;
    for await (const entry of await fs.opendir(folder)) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) bytes += await walk(full);
      else if (entry.isFile()) {
        const stat = await fs.lstat(full);
        // Blocks are what the disk gives a file; a file system that counts none (Windows) gives its size.
        bytes += stat.blocks > 0 ? stat.blocks * 512 : stat.size;
      }
    }
    return bytes;
  };
  try {
    return (await walk(await fs.realpath(out))) || undefined;
  } catch {
    return undefined;
  }
}
