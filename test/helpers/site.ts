import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build, type BuildOptions, type BuildResult } from "../../src/build.ts";
import { createMemoryLogger } from "../../src/report/logger.ts";
import { FIXTURES } from "./fixture-loop.ts";

/** Builds a fixture site from `fixtures/sites/<name>` in memory (no disk output, no cache, no git dates: the tool's own history would change the output). */
export async function buildFixtureSite(name: string, options: BuildOptions = {}): Promise<BuildResult> {
  return build({ root: path.join(FIXTURES, "sites", name), write: false, cache: false, history: false, logger: createMemoryLogger(), ...options });
}

/** The text of one built file, failing loudly when it is missing. */
export function fileText(result: BuildResult, filePath: string): string {
  const file = result.files.find((f) => f.path === filePath);
  if (!file) throw new Error(`no output file ${filePath}; have ${result.files.map((f) => f.path).join(", ")}`);
  return typeof file.contents === "string" ? file.contents : Buffer.from(file.contents).toString("utf8");
}

/** Copies a fixture site into a fresh temporary folder and returns its path. */
export function copyFixtureSite(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `docs-build-${name}-`));
  fs.cpSync(path.join(FIXTURES, "sites", name), dir, { recursive: true });
  return dir;
}
