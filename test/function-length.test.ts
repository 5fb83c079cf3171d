import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { test } from "uvu";
import * as assert from "uvu/assert";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The longest a function of the tool's own code may be, from its first line to its closing brace. */
const MAX_LINES = 60;

/** Every function, method and function-valued variable of a source text longer than `MAX_LINES`, as `file:line name (n lines)`. */
function longFunctions(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const named =
      ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)
        ? node.name?.getText()
        : (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && ts.isVariableDeclaration(node.parent)
          ? node.parent.name.getText()
          : undefined;
    if (named !== undefined && (node as ts.FunctionLikeDeclaration).body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const lines = source.getLineAndCharacterOfPosition(node.end).line - first + 1;
      if (lines > MAX_LINES) found.push(`${file}:${first + 1} ${named} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test(`no function of src/, templates/ or site-client/ is longer than ${MAX_LINES} lines`, () => {
  const files = execFileSync("git", ["ls-files", "src", "templates", "site-client"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter((file) => /\.tsx?$/.test(file));
  assert.ok(files.length > 100, `found the sources (${files.length})`);
  const long = files.flatMap((file) => longFunctions(file, fs.readFileSync(path.join(ROOT, file), "utf8")));
  assert.equal(long, [], `split these into named steps:\n${long.join("\n")}`);
});

test("the measure finds a long function, method and arrow function, and passes a short one", () => {
  const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join("\n");
  const text = [
    `function long() {\n${body(MAX_LINES)}\n}`,
    `function short() {\n${body(3)}\n}`,
    `class C {\n  method() {\n${body(MAX_LINES)}\n  }\n}`,
    `const arrow = () => {\n${body(MAX_LINES)}\n};`,
  ].join("\n");
  assert.equal(
    longFunctions("x.ts", text).map((line) => line.split(" ")[1]),
    ["long", "method", "arrow"],
  );
});

test.run();
