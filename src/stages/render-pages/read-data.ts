import fs from "node:fs/promises";
import path from "node:path";
import type { BuildContext } from "../../context.ts";
import { diagnostic } from "../../diagnostics.ts";
import { lineOfJsonPath } from "../../json-position.ts";

/** A problem found in a data file, at a JSON path. */
export interface DataProblem {
  path: Array<string | number>;
  message: string;
}

/**
 * Reads a committed JSON data file under `repositories/` and validates it
 * with `validate`. A missing file gives `undefined`; a bad one is reported at
 * the line of each problem, naming the path, and also gives `undefined`.
 */
export async function readDataFile<T>(ctx: BuildContext, name: string, validate: (data: unknown) => DataProblem[]): Promise<T | undefined> {
  const file = path.join(ctx.paths.repositories, name);
  const text = await fs.readFile(file, "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  const display = ctx.display(file);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    ctx.report(diagnostic({ file: display, message: `${name} is not valid JSON: ${(error as Error).message}`, ruleId: "data-file", hint: "Fix the JSON syntax." }));
    return undefined;
  }
  const problems = validate(data);
  for (const problem of problems) {
    const where = problem.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${p}`)).join("").replace(/^\./, "") || "(file)";
    ctx.report(diagnostic({ file: display, line: lineOfJsonPath(text, problem.path), message: `"${where}" ${problem.message}`, ruleId: "data-file", hint: `Fix ${name}; see the README for its format.` }));
  }
  return problems.length ? undefined : (data as T);
}
