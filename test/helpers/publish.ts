import type { OutputFile } from "../../src/output/files.ts";
import { Publisher } from "../../src/output/publisher.ts";
import type { WriteOptions } from "../../src/output/staging.ts";

/**
 * Writes `files` as a build writes its site, through the build's publisher:
 * staged beside `out`, then put in place atomically under the output's lock;
 * on failure the staging folder is removed and the previous site stays.
 */
export async function writeOutput(out: string, files: readonly OutputFile[], lock: WriteOptions = {}): Promise<void> {
  const publisher = await Publisher.open({ out, write: true, track: false, lock });
  try {
    for (const file of files) await publisher.emit(file);
  } catch (error) {
    await publisher.abort();
    throw error;
  }
  await publisher.publish();
}
