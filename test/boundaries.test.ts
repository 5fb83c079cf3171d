import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { test } from "uvu";
import * as assert from "uvu/assert";

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src");
const STAGES = path.join(SRC, "stages");

/** One import of a stage's file that reaches into another stage. */
interface CrossImport {
  /** The importing file, relative to `src/stages/`. */
  file: string;
  /** The import as written. */
  specifier: string;
  /** The imported file, relative to `src/stages/`. */
  target: string;
}

/** The stage a path under `src/stages/` belongs to (its first folder). */
const stageOf = (relative: string) => relative.split("/")[0];

/**
 * The imports of one stage file that resolve into another stage (static
 * imports, re-exports and dynamic `import()` alike), found by TypeScript's
 * own import scanner.
 */
function crossImports(file: string, source: string): CrossImport[] {
  const from = path.relative(STAGES, file).split(path.sep).join("/");
  return ts.preProcessFile(source, true, true).importedFiles.flatMap(({ fileName: specifier }) => {
    if (!specifier.startsWith(".")) return [];
    const target = path
      .relative(STAGES, path.resolve(path.dirname(file), specifier))
      .split(path.sep)
      .join("/");
    if (target.startsWith("..") || stageOf(target) === stageOf(from)) return [];
    return [{ file: from, specifier, target }];
  });
}

/** Every `.ts` file under a folder, at any depth. */
function tsFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && d.name.endsWith(".ts"))
    .map((d) => path.join(d.parentPath, d.name));
}

test("no stage imports another stage", () => {
  const files = tsFiles(STAGES);
  assert.ok(files.length > 20, `found the stages' files (${files.length})`);
  const found = files.flatMap((file) => crossImports(file, fs.readFileSync(file, "utf8")));
  const forbidden = found.map((i) => `src/stages/${i.file} imports "${i.specifier}" (src/stages/${i.target})`);
  assert.equal(forbidden, [], `stages import each other; move what they share to a neutral module:\n${forbidden.join("\n")}`);
});

test("the scanner finds static, type-only, re-exported and dynamic imports into another stage, and only those", () => {
  const file = path.join(STAGES, "render-pages", "example.ts");
  const source = [
    'import { a } from "../index-content/summary.ts";',
    'import type { B } from "../search-index/core.ts";',
    'export { c } from "../bundle-client/core.ts";',
    'const d = () => import("../emit-site-files/index.ts");',
    'import { e } from "./core.ts";',
    'import { f } from "../../shared/text.ts";',
    'import { g } from "p-limit";',
    'import { h } from "../render-pages/printable.ts";',
  ].join("\n");
  const targets = crossImports(file, source).map((i) => i.target);
  assert.equal(targets, ["index-content/summary.ts", "search-index/core.ts", "bundle-client/core.ts", "emit-site-files/index.ts"]);
});

test.run();
