import fs from "node:fs/promises";
import type { BuildContext } from "../context/context.ts";
import { diagnostic, type Diagnostic, type DiagnosticPlace } from "../report/diagnostics.ts";
import { jsonLocator, parseJson } from "./json-text.ts";
import { formatPath, validate, type AnySchema, type DataProblem } from "./problems.ts";
import type * as v from "valibot";

/** How one kind of data file is checked, and the catalogued diagnostics its problems become. */
export interface DataFileKind<S extends AnySchema> {
  schema: S;
  /** The diagnostic of a syntax error, from the parser's reason. */
  invalidJson: (reason: string, place: DiagnosticPlace) => Diagnostic;
  /** The diagnostic of a problem with a value. */
  invalidValue: (problem: DataProblem, place: DiagnosticPlace) => Diagnostic;
}

/**
 * The kind of a committed data file under `repositories/` (sponsors, vote
 * topics): problems read `"sponsors[1].monthly" must be …` (rule `data-file`).
 */
export function repositoryDataKind<S extends AnySchema>(name: string, schema: S): DataFileKind<S> {
  return {
    schema,
    invalidJson: (reason, place) => diagnostic("data-file", { problem: "json", name, reason }, place),
    invalidValue: (problem, place) => diagnostic("data-file", { problem: "value", name, where: formatPath(problem.path), reason: problem.message }, place),
  };
}

/** A checked data file: its typed value when it is valid, and every problem as a diagnostic. */
export interface CheckedFile<T> {
  value: T | undefined;
  problems: Diagnostic[];
  /** The problems before they became diagnostics, for readers that keep the valid parts. */
  raw: DataProblem[];
  /** The parsed JSON, when it parsed. */
  data?: unknown;
}

/**
 * Parses and validates the text of a JSON data file (pure): a syntax error is
 * one diagnostic at its place; each schema problem is a diagnostic at the
 * line and column of the offending value.
 */
export function checkJsonText<S extends AnySchema>(text: string, file: string, kind: DataFileKind<S>): CheckedFile<v.InferOutput<S>> {
  const parsed = parseJson(text);
  if (!parsed.ok) {
    return {
      value: undefined,
      raw: [],
      problems: [kind.invalidJson(parsed.reason, { file, ...parsed.place })],
    };
  }
  const result = validate(kind.schema, parsed.data);
  const locate = jsonLocator(text);
  const problems = result.problems.map((problem) => kind.invalidValue(problem, { file, ...locate(problem.path, { key: problem.key }) }));
  return {
    value: result.output,
    raw: result.problems,
    problems,
    data: parsed.data,
  };
}

/**
 * Reads and checks a JSON data file, reporting its problems on the context.
 * A missing file gives `undefined`; so does an invalid one, once reported.
 */
export async function readJsonFile<S extends AnySchema>(ctx: BuildContext, file: string, kind: DataFileKind<S>): Promise<v.InferOutput<S> | undefined> {
  const text = await fs.readFile(file, "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  const checked = checkJsonText(text, ctx.display(file), kind);
  for (const problem of checked.problems) ctx.report(problem);
  return checked.value;
}
