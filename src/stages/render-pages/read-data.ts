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
    ctx.report(diagnostic("data-file", { problem: "json", name, reason: (error as Error).message }, { file: display }));
    return undefined;
  }
  const problems = validate(data);
  for (const problem of problems) {
    const where = problem.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${p}`)).join("").replace(/^\./, "") || "(file)";
    ctx.report(diagnostic("data-file", { problem: "value", name, where, reason: problem.message }, { file: display, line: lineOfJsonPath(text, problem.path) }));
  }
  return problems.length ? undefined : (data as T);
}
