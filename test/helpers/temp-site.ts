import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The docs-build checkout (where bin/, fixtures/ and package.json live). */
export const TOOL_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** A fixture folder copied into a fresh temporary folder. */
export interface TempSite {
  /** The temporary folder holding the copy. */
  dir: string;
  /** A path inside the copy. */
  path(...parts: string[]): string;
  /** Deletes the temporary folder and everything in it. */
  remove(): void;
}

/**
 * Copies `fixtures/<fixture>` (for example `cli/valid`) into a fresh folder
 * under the system temp folder. `fixture` may be omitted for an empty folder.
 */
export function tempSite(fixture?: string): TempSite {
  const label = fixture ? fixture.replace(/[^\w-]+/g, "-") : "empty";
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `docs-build-${label}-`));
  if (fixture) {
    const source = path.join(TOOL_DIR, "fixtures", fixture);
    if (!fs.statSync(source, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`no fixture folder ${source}`);
    fs.cpSync(source, dir, { recursive: true });
  }
  return {
    dir,
    path: (...parts) => path.join(dir, ...parts),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** Every file under `dir`, as sorted `/`-separated paths relative to it. */
export function listFiles(dir: string, prefix = ""): string[] {
  return fs
    .readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((entry) => {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      return entry.isDirectory() ? listFiles(dir, relative) : entry.isFile() ? [relative] : [];
    })
    .sort();
}
