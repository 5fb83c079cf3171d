/**
 * JSON text with positions: parses a file strictly and finds the line and
 * column of a syntax error or of the value at a path, through jsonc-parser's
 * syntax tree.
 */

import { findNodeAtLocation, parse, parseTree, printParseErrorCode, type Node, type ParseError } from "jsonc-parser";
import type { PathStep } from "./problems.ts";

/** A 1-based place in a file. */
export interface Place {
  line: number;
  column: number;
}

/** Strict JSON: no comments, no trailing commas, nothing but one value. */
const STRICT = {
  disallowComments: true,
  allowTrailingComma: false,
  allowEmptyContent: false,
} as const;

/** 1-based line and column of `offset` in `text`. */
function placeAt(text: string, offset: number): Place {
  const before = text.slice(0, Math.max(0, offset));
  const lineStart = before.lastIndexOf("\n") + 1;
  return { line: before.split("\n").length, column: offset - lineStart + 1 };
}

/** `CloseBraceExpected` as a reader says it: `close brace expected`. */
function describeError(error: ParseError): string {
  return printParseErrorCode(error.error)
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
}

/** Parsed JSON, or where and why it does not parse: `reason` says what and where, `problem` what alone (for a message that names the place itself). */
export type JsonResult = { ok: true; data: unknown } | { ok: false; place: Place; reason: string; problem: string };

/**
 * Parses JSON text strictly. The value comes from `JSON.parse` (so keys such
 * as `__proto__` stay plain keys); a syntax error is placed by jsonc-parser.
 */
export function parseJson(text: string): JsonResult {
  try {
    return { ok: true, data: JSON.parse(text) };
  } catch (error) {
    const errors: ParseError[] = [];
    parse(text, errors, STRICT);
    const first = errors[0];
    if (!first)
      return {
        ok: false,
        place: { line: 1, column: 1 },
        reason: (error as Error).message,
        problem: (error as Error).message,
      };
    const place = placeAt(text, first.offset);
    const problem = describeError(first);
    return {
      ok: false,
      place,
      reason: `${problem} at line ${place.line}, column ${place.column}`,
      problem,
    };
  }
}

/**
 * Finds values in one JSON text by path: the place of the value at a path,
 * or of its nearest parent that exists (a missing key is reported at its
 * object); with `key`, the place of the property's key instead of its value.
 * The syntax tree is built once, on the first call.
 */
export function jsonLocator(text: string): (path: readonly PathStep[], options?: { key?: boolean }) => Place {
  let tree: Node | undefined | null = null;
  return (path, options) => {
    if (tree === null) tree = parseTree(text, [], STRICT);
    if (!tree) return { line: 1, column: 1 };
    for (let n = path.length; n >= 0; n--) {
      const node = findNodeAtLocation(tree, path.slice(0, n) as PathStep[]);
      if (!node) continue;
      const keyNode = options?.key && n === path.length && node.parent?.type === "property" ? node.parent.children?.[0] : undefined;
      return placeAt(text, (keyNode ?? node).offset);
    }
    return { line: 1, column: 1 };
  };
}
