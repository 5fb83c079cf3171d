import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * Writes a file through a temporary sibling and a rename, so a reader (or a
 * crash halfway) never sees half a file: the old content stays until the
 * new one is complete.
 */
export async function writeFileAtomic(target: string, value: string | Buffer | AsyncIterable<string>): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
  try {
    await fs.writeFile(temp, value);
    await fs.rename(temp, target);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}
