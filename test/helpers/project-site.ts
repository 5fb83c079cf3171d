import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build, type BuildResult } from "../../src/build.ts";
import type { OutputFile } from "../../src/output/files.ts";
import { createMemoryLogger } from "../../src/report/logger.ts";
import { serveFolder, type ServedSite } from "./browser.ts";
import { TOOL_DIR } from "./temp-site.ts";

/** The project's own site, built once per test process. */
export interface ProjectBuild {
  /** The output folder (a temporary folder, removed when the process exits). */
  root: string;
  result: BuildResult;
}

let built: Promise<ProjectBuild> | undefined;

/** Every file of a written output folder (which may be a symlink to its versioned folder). */
function readOutput(dir: string): OutputFile[] {
  const real = fs.realpathSync(dir);
  return fs
    .readdirSync(real, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const full = path.join(entry.parentPath, entry.name);
      const relative = path.relative(real, full).split(path.sep).join("/");
      const bytes = fs.readFileSync(full);
      return { path: relative, contents: /\.(html|json|js|css|xml|txt|svg|webmanifest)$/.test(relative) ? bytes.toString("utf8") : new Uint8Array(bytes) };
    });
}

/**
 * Builds the project's own `content/` (strict links, no cache) into a
 * temporary folder, once for every test file of the run: uvu runs all files
 * in one process, so the content, search, static and browser suites share it.
 * Suites that need the project's site use this build and never build it themselves.
 */
export function projectBuild(): Promise<ProjectBuild> {
  return (built ??= (async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "docs-build-project-"));
    process.once("exit", () => fs.rmSync(root, { recursive: true, force: true }));
    const result = await build({ root: TOOL_DIR, out: path.relative(TOOL_DIR, root), cache: false, links: "error", logger: createMemoryLogger() });
    // The build streamed its files to disk; the checks read them back from there.
    return { root, result: { ...result, files: readOutput(root) } };
  })());
}

/** Serves the project's own built site on 127.0.0.1; closing stops the server and keeps the build. */
export async function serveProjectSite(): Promise<ServedSite> {
  const { root, result } = await projectBuild();
  return serveFolder({ root, result });
}
