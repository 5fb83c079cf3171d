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

/** What the build had done when the disk failed it, for the message. */
export interface DiskProgress {
  /** Bytes of output written before the failure. */
  written?: number;
  /** A staging folder that could not be removed afterwards, and why. */
  leftover?: { folder: string; code: string };
}

const within = (folder: string, file: string) => {
  const relative = path.relative(folder, file);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
};

/** Which of the build's folders `file` lies in, said for a reader, with its path relative to `root`: the deepest that holds it. */
function folderOf(file: string | undefined, folders: BuildFolders, root: string): string {
  const shown = (dir: string) => path.relative(root, dir) || ".";
  if (!file) return "a folder the build writes to";
  const temp = folders.temp ?? os.tmpdir();
  // The output's staging folder sits beside it, so a file being staged lies in the output's parent.
  const places: [string, string][] = [
    [path.dirname(folders.out), `the output folder ${shown(folders.out)} (writing ${shown(file)})`],
    [folders.cache, `the build cache ${shown(folders.cache)}`],
    [temp, `the temporary folder ${temp} (TMPDIR)`],
  ];
  const holding = places.filter(([dir]) => within(dir, file)).sort(([a], [b]) => b.length - a.length);
  return holding[0]?.[1] ?? shown(path.dirname(file));
}

/** What each failure means and what to do about it, by error code. */
const ADVICE: Record<string, (where: string, progress: DiskProgress) => string> = {
  ENOSPC: (where, { written }) =>
    `The disk is full: no space left to write in ${where}${written ? ` after ${formatBytes(written)} of output` : ""}. Free some space, or build to a disk with room (--out, or TMPDIR for the temporary folder), and build again.`,
  EDQUOT: (where) =>
    `The disk quota is used up: nothing more can be written in ${where}. Free some space within your quota, or build elsewhere (--out), and build again.`,
  EACCES: (where) => `Permission denied in ${where}. Make it writable for this user, or build elsewhere (--out, or TMPDIR for the temporary folder).`,
  EPERM: (where) =>
    `The operation is not permitted in ${where}. Make it writable for this user, or build elsewhere (--out, or TMPDIR for the temporary folder).`,
  EROFS: (where) => `The file system is read-only: nothing can be written in ${where}. Build to a writable folder (--out, or TMPDIR for the temporary folder).`,
  EMFILE: (where) => `Too many files are open in this process to go on writing in ${where}. Raise the limit (ulimit -n) and build again.`,
  ENFILE: (where) => `The system has too many files open to go on writing in ${where}. Close other programs, or raise the system's limit, and build again.`,
};

/** The disk error `error` stands for, in one sentence naming the folder (see {@link DiskError}); undefined for any other error. */
export function diskErrorOf(error: unknown, folders: BuildFolders, root: string, progress: DiskProgress = {}): DiskError | undefined {
  if (error instanceof DiskError) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const advice = code ? ADVICE[code] : undefined;
  if (!code || !advice) return undefined;
  const file = (error as NodeJS.ErrnoException).path;
  let message = advice(folderOf(file ? path.resolve(root, file) : undefined, folders, root), progress);
  if (progress.leftover) {
    const { folder, code: why } = progress.leftover;
    message += ` The unfinished folder ${path.relative(root, folder) || folder} could not be removed (${why}); remove it by hand.`;
  }
  return new DiskError(`${message} The previous site is untouched.`, code, { cause: error });
}
