import { isNode, LineCounter, parseDocument } from "yaml";

/** 1-based line and column of `offset` in `text`. */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset));
  return { line: before.split("\n").length, column: offset - before.lastIndexOf("\n") };
}

/** Where `JSON.parse` stopped, from its message ("… at position 42"), or undefined when it does not say. */
export function jsonErrorPosition(text: string, error: unknown): { line: number; column: number } | undefined {
  const at = /position (\d+)/.exec((error as Error).message);
  return at ? positionAt(text, Number(at[1])) : undefined;
}

/** The line of the value at `keyPath` in JSON text, or of the nearest parent that exists (1 when none). */
export function lineOfJsonPath(text: string, keyPath: readonly (string | number)[]): number {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  for (let n = keyPath.length; n > 0; n--) {
    const node = doc.getIn(keyPath.slice(0, n), true);
    if (isNode(node) && node.range) return lineCounter.linePos(node.range[0]).line;
  }
  return 1;
}
