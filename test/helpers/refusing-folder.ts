import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Folders that refuse writes the way a disk or the system does, for the
 * tests of disk errors: by tmpfs mounts where the process may mount (root
 * in a container), and by permissions for a user other than root.
 */

/** Mounts a tmpfs at `dir` with the given `-o` options; false where this process may not mount one. */
function mountTmpfs(dir: string, options: string): boolean {
  return spawnSync("mount", ["-t", "tmpfs", "-o", options, "tmpfs", dir]).status === 0;
}

/** Mounts a tmpfs of `size` at a new folder; undefined where this process may not mount one. */
export function smallFileSystem(size: string): { dir: string; remove(): void } | undefined {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-build-small-fs-"));
  if (!mountTmpfs(dir, `size=${size}`)) {
    fs.rmdirSync(dir);
    return undefined;
  }
  return {
    dir,
    remove() {
      spawnSync("umount", [dir]);
      fs.rmdirSync(dir);
    },
  };
}

/** A folder that refuses new files, and the error code it gives. */
export interface RefusingFolder {
  code: "EACCES" | "EROFS" | "ENOSPC";
  /** Makes the folder writable again: the tmpfs unmounted (its copies gone), or the permission given back. */
  restore(): void;
}

/** Mounts a tmpfs over `dir` holding copies of its files, then `seal`s it; undefined where this process may not mount. */
function coverWithTmpfs(dir: string, seal: () => void): { restore(): void } | undefined {
  const files = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => [entry.name, fs.readFileSync(path.join(dir, entry.name))] as const);
  if (!mountTmpfs(dir, "size=256k")) return undefined;
  for (const [name, contents] of files) fs.writeFileSync(path.join(dir, name), contents);
  seal();
  return { restore: () => void spawnSync("umount", [dir]) };
}

/**
 * Makes `dir` refuse new files while keeping those it has: for a user other
 * than root, by taking away its write permission (EACCES); for root, whom
 * permissions do not stop, by a read-only tmpfs over it holding copies of its
 * files (EROFS). Undefined where neither can be done.
 */
export function readOnlyFolder(dir: string): RefusingFolder | undefined {
  if (process.getuid?.() !== 0) {
    fs.chmodSync(dir, 0o555);
    return { code: "EACCES", restore: () => fs.chmodSync(dir, 0o755) };
  }
  const covered = coverWithTmpfs(dir, () => {
    if (spawnSync("mount", ["-o", "remount,ro", dir]).status !== 0) throw new Error(`could not make the tmpfs over ${dir} read-only`);
  });
  return covered && { code: "EROFS", ...covered };
}

/**
 * Puts a small tmpfs over `dir` holding copies of its files and a file that
 * fills the rest, so writing a new file there fails with ENOSPC; undefined
 * where this process may not mount.
 */
export function fullFolder(dir: string): RefusingFolder | undefined {
  const covered = coverWithTmpfs(dir, () => {
    const filler = fs.openSync(path.join(dir, ".filler"), "w");
    try {
      for (;;) fs.writeSync(filler, Buffer.alloc(4096, 1));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
    } finally {
      fs.closeSync(filler);
    }
  });
  return covered && { code: "ENOSPC", ...covered };
}
