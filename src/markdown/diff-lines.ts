import type { Element, ElementContent } from "hast";
import { splitLines } from "./code-block.ts";

/**
 * What a line of a diff block is, by its first character: `+` added, `-`
 * removed, a space unchanged; any other line (or an empty one) is unchanged
 * code written without the one-column marker, and is kept whole.
 */
export type DiffKind = "+" | "-" | " " | "";

/** The kind of each line of a diff's text (pure); see {@link DiffKind}. */
export function diffKinds(text: string): DiffKind[] {
  return text.split("\n").map((line) => (line[0] === "+" || line[0] === "-" || line[0] === " " ? line[0] : ""));
}

/**
 * True when a diff block is a patch (it has a `@@` hunk header), which is
 * copied and shown as written, rather than a change to a file, whose copy
 * is the file as it is after the change.
 */
export function isPatch(text: string): boolean {
  return /^@@ /m.test(text);
}

/**
 * The code a diff block leads to (pure): removed lines dropped, the marker
 * of added and unchanged lines taken off, unmarked lines kept whole. The
 * copy button does the same in the inline boot script
 * (`templates/boot-script.ts`), on the block's text.
 */
export function resultingCode(text: string): string {
  const kinds = diffKinds(text);
  return text
    .split("\n")
    .filter((_, i) => kinds[i] !== "-")
    .map((line) => (line[0] === "+" || line[0] === " " ? line.slice(1) : line))
    .join("\n");
}

/**
 * The language a diff block's code is written in: the one its fence names
 * after `diff-` (```` ```diff-js ````), or else the one its title's file
 * extension names (`webpack.config.js` → `js`, `package.json` → `json`)
 * when `known` knows it; undefined for a plain `diff` with nothing to go on.
 */
export function diffLanguage(options: { fence: string; title: string | undefined; known: (language: string) => boolean }): string | undefined {
  if (options.fence.startsWith("diff-")) return options.fence.slice("diff-".length) || undefined;
  const extension = /\.([a-z0-9]+)$/i.exec(options.title ?? "")?.[1]?.toLowerCase();
  return extension && extension !== "diff" && options.known(extension) ? extension : undefined;
}

/** The one-column marker of a changed line, in a span of its own so the stylesheet can colour it. */
function marker(kind: "+" | "-"): Element {
  return { type: "element", tagName: "span", properties: { className: ["d-m"] }, children: [{ type: "text", value: kind }] };
}

/**
 * Puts the markers back in front of highlighted code whose markers were
 * taken off before highlighting, and marks each changed line (pure): an
 * added line becomes `<ins class="d-add">`, a removed one
 * `<del class="d-del">` (insertion and deletion to assistive technology),
 * each starting with its visible `+` or `-`, so the change does not rest on
 * colour alone. The line breaks stay outside, so the block's text is the
 * diff as written. Code nested at any depth is split at its line breaks.
 */
export function markDiff(nodes: readonly ElementContent[], kinds: readonly DiffKind[]): ElementContent[] {
  const out: ElementContent[] = [];
  splitLines(nodes).forEach((line, i) => {
    if (i > 0) out.push({ type: "text", value: "\n" });
    const kind = kinds[i] ?? "";
    if (kind === "+" || kind === "-") {
      const tagName = kind === "+" ? "ins" : "del";
      out.push({ type: "element", tagName, properties: { className: [kind === "+" ? "d-add" : "d-del"] }, children: [marker(kind), ...line] });
    } else {
      if (kind === " ") out.push({ type: "text", value: " " });
      out.push(...line);
    }
  });
  return out;
}
