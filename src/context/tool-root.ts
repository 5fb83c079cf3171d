import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BUNDLED } from "./bundled.ts";

/**
 * The folder docs-build itself is installed in (templates and client code
 * live here): two up from this file in the sources (`src/context/`), one up
 * from the bundle's files in lib/. A module of its own so the command line
 * finds its version without loading the build.
 */
export const TOOL_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), BUNDLED ? ".." : "../..");

let version: string | undefined;

/** docs-build's version, from its package.json, read on first use. */
export function toolVersion(): string {
  version ??= (JSON.parse(readFileSync(path.join(TOOL_ROOT, "package.json"), "utf8")) as { version: string }).version;
  return version;
}
