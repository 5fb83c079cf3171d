/**
 * The one problem shape of every validated input: a valibot issue becomes
 * `{ path, message }`, which the readers turn into a diagnostic at the line
 * and column of the offending value.
 */

import * as v from "valibot";
import { isHttpUrl } from "../shared/urls.ts";

/** One step of a path into parsed data: an object key or an array index. */
export type PathStep = string | number;

/** Something wrong with validated data, at the path of the value (or missing key) it is about. */
export interface DataProblem {
  path: PathStep[];
  message: string;
  /** The problem is the key itself (unknown, or not a valid name), not its value. */
  key?: boolean;
}

/** Whether an issue is about a key (an unknown key, a record key that is not valid) rather than its value. */
export function isKeyIssue(issue: v.BaseIssue<unknown>): boolean {
  return (issue.kind === "schema" && issue.expected === "never") || issue.path?.at(-1)?.origin === "key";
}

/** Any valibot schema, as the readers take it. */
export type AnySchema = v.GenericSchema<unknown, unknown>;

/** The steps of a valibot issue's path (`["topics", 1, "votes"]`). */
export function issuePath(issue: v.BaseIssue<unknown>): PathStep[] {
  return (issue.path ?? []).map((item) => item.key as PathStep);
}

/**
 * Validates `data` against `schema` (pure) and returns the typed output, or
 * every problem found, in schema order.
 */
export function validate<S extends AnySchema>(
  schema: S,
  data: unknown,
): { output: v.InferOutput<S>; problems: [] } | { output: undefined; problems: DataProblem[] } {
  const result = v.safeParse(schema, data);
  if (result.success) return { output: result.output as v.InferOutput<S>, problems: [] };
  return {
    output: undefined,
    problems: result.issues.map((issue) => ({ path: issuePath(issue), message: issue.message, ...(isKeyIssue(issue) && { key: true }) })),
  };
}

/**
 * An object schema that also refuses arrays (valibot's object schemas take
 * any non-null object), with the object schema's own message for them.
 */
export function jsonObject<S extends v.GenericSchema<object, unknown>>(schema: S & { message?: v.ErrorMessage<v.BaseIssue<unknown>> }) {
  const message = schema.message;
  return v.pipe(
    v.unknown(),
    v.check(
      (value) => !Array.isArray(value),
      (issue) => (typeof message === "function" ? message(issue) : (message ?? "must be an object")),
    ),
    schema,
  );
}

/** A valibot issue path item for `step`, for checks that add issues below the value they check. */
function pathItem(step: PathStep, input: unknown): v.IssuePathItem {
  return typeof step === "number"
    ? {
        type: "array",
        origin: "value",
        input: input as unknown[],
        key: step,
        value: (input as unknown[])?.[step],
      }
    : {
        type: "object",
        origin: "value",
        input: input as Record<string, unknown>,
        key: step,
        value: (input as Record<string, unknown>)?.[step],
      };
}

/**
 * A check on a list that reports each repeat of a value at the repeat's own
 * path (below the list), naming where the value was first used.
 */
export function noRepeats<T>(
  keyOf: (item: unknown, index: number) => { value: string; path: PathStep[]; shown?: string } | undefined,
  message: (shown: string, first: string) => string,
) {
  // The check also runs when some items are invalid, so `keyOf` sees each item as unknown.
  return v.rawCheck<T[]>(({ dataset, addIssue }) => {
    if (!Array.isArray(dataset.value)) return;
    const list: unknown[] = dataset.value;
    const first = new Map<string, string>();
    list.forEach((item, index) => {
      const key = keyOf(item, index);
      if (!key) return;
      const seen = first.get(key.value);
      if (seen === undefined) first.set(key.value, formatPath(key.path));
      else {
        let input: unknown = list;
        const path = key.path.map((step) => {
          const item = pathItem(step, input);
          input = item.value;
          return item;
        });
        addIssue({
          message: message(key.shown ?? key.value, seen),
          path: path as [v.IssuePathItem, ...v.IssuePathItem[]],
        });
      }
    });
  });
}

/** Writes a path as `topics[1].votes`; the root is `(file)`. */
export function formatPath(path: readonly PathStep[]): string {
  return (
    path
      .map((step) => (typeof step === "number" ? `[${step}]` : `.${step}`))
      .join("")
      .replace(/^\./, "") || "(file)"
  );
}

/** Names the type of a JSON value in a message: `a string`, `an array`, `null`. */
export function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (value === undefined) return "missing";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** A message for a value of the wrong type: `must be a string, not a number`. */
export function mustBe(what: string): (issue: v.BaseIssue<unknown>) => string {
  return (issue) => `must be ${what}, not ${typeName(issue.input)}`;
}

/** What an object schema says about a wrong type, a missing key or an unknown key. */
export interface ObjectMessages {
  /** The message for a value that is not an object. */
  type: string | ((issue: v.BaseIssue<unknown>) => string);
  /** The message for a missing key, by key; `is required` when absent. */
  required?: Readonly<Record<string, string>>;
  /** The message for an unknown key; defaults to `unknown key "x" (allowed: …)`. */
  unknown?: (key: string) => string;
}

/**
 * One valibot message for an object schema that tells its three issues
 * apart: a value that is not an object, a missing key and (strict objects) an
 * unknown key.
 */
export function objectMessage(keys: readonly string[], messages: ObjectMessages): (issue: v.BaseIssue<unknown>) => string {
  return (issue) => {
    const key = String(issue.path?.at(-1)?.key ?? "");
    if (issue.kind === "schema" && issue.expected === "never")
      return messages.unknown ? messages.unknown(key) : `unknown key "${key}" (allowed: ${keys.join(", ")})`;
    if (issue.kind === "schema" && issue.expected === `"${key}"`) return messages.required?.[key] ?? "is required";
    return typeof messages.type === "string" ? messages.type : messages.type(issue);
  };
}

/** Whether text is an absolute http(s) URL, as a check on strings. */
export const isUrl = (value: string): boolean => isHttpUrl(value);
