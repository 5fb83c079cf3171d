import { ENGLISH_LABELS, type MarkdownLabels } from "./markdown-labels.ts";
import type { Element, ElementContent, RootContent, Text } from "hast";

declare module "hast" {
  interface ElementData {
    /** What a code block's fence said of it, kept on the block for the passes after highlighting (not written to the HTML). */
    codeBlock?: { language: string; title?: string | undefined; invalid: boolean };
  }
}

const blank = (node: RootContent | ElementContent | undefined) => node?.type === "text" && node.value.trim() === "";

/** The title a fence's meta gives its block (`title="webpack.config.js"`, single quotes too), or undefined. */
export function metaTitle(meta: unknown): string | undefined {
  if (typeof meta !== "string") return undefined;
  const match = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)')/.exec(meta);
  return (match?.[1] ?? match?.[2])?.trim() || undefined;
}

/**
 * Whether a fence's meta holds `flag` as a word of its own (```` ```js invalid ````),
 * outside any quoted value, so `title="an invalid setup"` is no flag.
 */
export function metaFlag(meta: unknown, flag: string): boolean {
  if (typeof meta !== "string") return false;
  return meta
    .replace(/"[^"]*"|'[^']*'/g, " ")
    .split(/\s+/)
    .includes(flag);
}

/** The line numbers (from 1) a fence's meta marks, such as `{1,4-6}`; empty when it marks none. */
export function metaLines(meta: unknown): Set<number> {
  const lines = new Set<number>();
  const match = typeof meta === "string" ? /(?:^|\s)\{([\d,\s-]+)\}/.exec(meta) : null;
  for (const part of match?.[1].split(",") ?? []) {
    const [from, to = from] = part.split("-").map((n) => Number.parseInt(n, 10));
    // A range is capped so a typo such as {1-99999999} cannot fill memory.
    for (let line = from; line <= Math.min(to, from + 10_000); line++) if (line > 0) lines.add(line);
  }
  return lines;
}

/**
 * The label a block's content gives it on the line before (pure): a
 * paragraph that holds only bold plain text, such as `**webpack.config.js**`,
 * with nothing but white space between it and the block. Returns the label
 * and the paragraph's index, or undefined.
 */
export function labelBefore(siblings: readonly RootContent[], index: number): { title: string; start: number } | undefined {
  let start = index - 1;
  while (start >= 0 && blank(siblings[start])) start--;
  const paragraph = siblings[start];
  if (paragraph?.type !== "element" || paragraph.tagName !== "p") return undefined;
  const [strong, ...rest] = paragraph.children.filter((c) => !blank(c));
  if (rest.length > 0 || strong?.type !== "element" || strong.tagName !== "strong") return undefined;
  if (!strong.children.every((c): c is Text => c.type === "text")) return undefined;
  const title = strong.children
    .map((c) => c.value)
    .join("")
    .trim();
  return title ? { title, start } : undefined;
}

/**
 * Splits code into its lines (pure): text is cut at each line break, and an
 * element whose content spans line breaks (a token, or a link around
 * tokens) is repeated on each line with that line's part of its content, at
 * any depth. Parts left empty by a cut are dropped; an element that was
 * empty to begin with is kept. The line breaks themselves are not returned.
 */
export function splitLines(nodes: readonly ElementContent[]): ElementContent[][] {
  const lines: ElementContent[][] = [[]];
  for (const node of nodes) {
    let parts: ElementContent[][];
    if (node.type === "text") parts = node.value.split("\n").map((value) => (value ? [{ type: "text", value }] : []));
    else if (node.type === "element" && node.children.length > 0)
      parts = splitLines(node.children).map((line) => (line.length > 0 ? [{ ...node, properties: { ...node.properties }, children: line }] : []));
    else parts = [[node]];
    lines[lines.length - 1].push(...parts[0]);
    for (const part of parts.slice(1)) lines.push(part);
  }
  return lines;
}

/**
 * Wraps each line of highlighted code that `lines` marks in a
 * `<span class="hl">` (pure); the line breaks stay outside, so the code's
 * text is unchanged. Tokens that span lines are split (see `splitLines`).
 */
export function markLines(nodes: ElementContent[], lines: ReadonlySet<number>): ElementContent[] {
  const out: ElementContent[] = [];
  splitLines(nodes).forEach((line, i) => {
    if (i > 0) out.push({ type: "text", value: "\n" });
    if (lines.has(i + 1) && line.length > 0) out.push({ type: "element", tagName: "span", properties: { className: ["hl"] }, children: line });
    else out.push(...line);
  });
  return out;
}

/** Options of {@link codeBlock}. */
export interface CodeBlockOptions {
  /** The fence's language, written as `data-language`; none when empty. */
  language: string;
  /** The visible language label; none when undefined. */
  label?: string | undefined;
  /** The block's title, shown as its caption; without one (and not invalid) the block is a plain `div`. */
  title?: string | undefined;
  /** The example is wrong on purpose (`invalid` in the fence's meta): the caption says so. */
  invalid?: boolean | undefined;
  /** The block is a diff of a change: `data-diff` tells the copy button to copy the code the change leads to. */
  diff?: boolean | undefined;
  /** The labels in the page's language; default English. */
  labels?: MarkdownLabels | undefined;
}

/** The caption of a block: its title, then the invalid label when it is marked so; undefined when it has neither. */
function caption(options: CodeBlockOptions): Element | undefined {
  const children: ElementContent[] = options.title === undefined ? [] : [{ type: "text", value: options.title }];
  if (options.invalid) {
    if (children.length > 0) children.push({ type: "text", value: " " });
    children.push({
      type: "element",
      tagName: "span",
      properties: { className: ["code-invalid"] },
      children: [{ type: "text", value: (options.labels ?? ENGLISH_LABELS)["code.invalid"] }],
    });
  }
  return children.length === 0 ? undefined : { type: "element", tagName: "figcaption", properties: { className: ["code-title"] }, children };
}

/**
 * A code block as pages show it: a `figure` captioned by its title (or a
 * `div` without one), the language label, the `pre`, a copy button and the
 * polite live region that confirms a copy. A block marked `invalid` is
 * always a figure, its caption ending with "Invalid configuration", so
 * readers (and screen readers, through the figure's name) know the example
 * is wrong on purpose. The button has no text of its own (the stylesheet
 * draws it), so a page's plain text and search entries stay as they were;
 * the inline boot script handles its clicks, and copies a block marked
 * `data-diff` as the code its change leads to.
 */
export function codeBlock(pre: Element, options: CodeBlockOptions): Element {
  const children: ElementContent[] = [];
  const span = (className: string, value?: string): Element => ({
    type: "element",
    tagName: "span",
    properties: { className: [className] },
    children: value === undefined ? [] : [{ type: "text", value }],
  });
  const figcaption = caption(options);
  if (figcaption) children.push(figcaption);
  if (options.label !== undefined) children.push(span("code-label", options.label));
  const button: Element = {
    type: "element",
    tagName: "button",
    properties: { type: "button", className: ["code-copy"], ariaLabel: (options.labels ?? ENGLISH_LABELS)["code.copyLabel"] },
    children: [],
  };
  const status = span("code-status");
  status.properties.ariaLive = "polite";
  children.push(pre, button, status);
  return {
    type: "element",
    tagName: figcaption ? "figure" : "div",
    properties: { className: ["code-block"], ...(options.language ? { dataLanguage: options.language } : {}), ...(options.diff ? { dataDiff: "" } : {}) },
    children,
    data: { codeBlock: { language: options.language, title: options.title, invalid: options.invalid === true } },
  };
}
