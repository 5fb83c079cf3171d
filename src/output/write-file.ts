import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * Writes a file through a temporary sibling and a rename, so a reader (or a
 * crash halfway) never sees half a file: the old content stays until the
 * new one is complete.
 */
export async function writeFileAtomic(target: string, value: string | Buffer | AsyncIterable<string | Buffer>): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
  try {
    await fs.writeFile(temp, value);
    await fs.rename(temp, target);
  } catch (error) {
    await fs.rm(temp, { force: true });
    // A failed write names no file, a failed rename the temporary one: the error names the file the reader knows.
    const failed = error as NodeJS.ErrnoException;
    if (failed && typeof failed === "object" && (failed.path === undefined || failed.path === temp)) failed.path = target;
    throw error;
  }
}

/** Entries removed at once by {@link removeTree}. */
const REMOVE_BATCH = 64;

/** Removes one folder's entries, `REMOVE_BATCH` at a time as the listing is read; subfolders one at a time, depth first. */
async function emptyFolder(dir: string): Promise<void> {
  let batch: string[] = [];
  const flush = async () => {
    await Promise.all(batch.map((file) => fs.rm(file, { force: true })));
    batch = [];
  };
  for await (const entry of await fs.opendir(dir, { bufferSize: REMOVE_BATCH })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await removeTree(full);
    else batch.push(full);
    if (batch.length >= REMOVE_BATCH) await flush();
  }
  await flush();
}

/**
 * Removes a file or a folder with everything under it; nothing when it is
 * missing. Memory holds a few entries at a time, however many the folder
 * has: `fs.rm` with `recursive` lists a folder whole and starts a removal
 * for every entry at once, which for the 400,000 files a 100,000-page build
 * spills took about 650 MB (233 MB for 100,000 files, measured). A listing
 * read while its folder empties may miss entries, so a folder still not
 * empty is listed again.
 */
export async function removeTree(target: string): Promise<void> {
  const stat = await fs.lstat(target).catch((error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? undefined : Promise.reject(error)));
  if (!stat) return;
  if (!stat.isDirectory()) return fs.rm(target, { force: true });
  for (let pass = 1; ; pass++) {
    await emptyFolder(target);
    try {
      return await fs.rmdir(target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") return;
      if (code !== "ENOTEMPTY" || pass >= 3) throw error;
    }
  }
}
