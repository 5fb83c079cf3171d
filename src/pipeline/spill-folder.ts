import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { isGone, readHolder, thisProcess } from "../output/lock.ts";
import { removeTree } from "../output/write-file.ts";

/** Spill folders are named `docs-build-bodies-<pid>-<random>` (the name is older than the other things they hold). */
const SPILL_PREFIX = "docs-build-bodies-";

/** The file in a spill folder that names the process filling it, as the output's staging folders do. */
const OWNER_FILE = ".docs-build-owner";

/**
 * Removes the spill folders of builds that were killed before they could
 * remove their own: those whose owner is gone, by the output lock's test (its
 * pid is free, a zombie, or reused by a process that started later). A folder
 * killed before its owner file was written is judged by the pid in its name.
 */
async function sweepSpillFolders(tmp = os.tmpdir()): Promise<void> {
  const names = await fs.readdir(tmp).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const pid = new RegExp(`^${SPILL_PREFIX}(\\d+)-`).exec(name)?.[1];
      if (!pid) return;
      const dir = path.join(tmp, name);
      const owner = readHolder(await fs.readFile(path.join(dir, OWNER_FILE), "utf8").catch(() => "")) ?? {
        pid: Number(pid),
        host: os.hostname(),
        started: "",
        token: "",
      };
      if (await isGone(owner)) await removeTree(dir).catch(() => undefined);
    }),
  );
}

/**
 * Makes a private folder under the system's temporary folder for what a build
 * keeps on disk only while it runs, named for this process; the caller removes
 * it when the build ends. Folders of killed builds are swept first.
 */
export async function makeSpillFolder(): Promise<string> {
  await sweepSpillFolders();
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), `${SPILL_PREFIX}${process.pid}-`));
  await fs.writeFile(path.join(folder, OWNER_FILE), JSON.stringify(await thisProcess()));
  return folder;
}
