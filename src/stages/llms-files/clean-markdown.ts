import type { Html, Paragraph, Root, RootContent } from "mdast";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import { ASIDE_LABELS } from "../../markdown/remark-asides.ts";
import { COMPONENTS, remarkMdxCleanup } from "../../markdown/remark-components.ts";
import { STACKBLITZ_BASE } from "../../shared/constants.ts";

/** One change to the source text: the characters from `start` to `end` become `text`. */
interface Edit {
  start: number;
  end: number;
  text: string;
}

/** What cleaning one page needs besides its source. */
export interface CleanOptions {
  /** The page's URL (`/guides/caching/`): relative links are resolved against it. */
  url: string;
  /** True for `.mdx` sources, whose `import`/`export` lines are dropped. */
  mdx: boolean;
  /** The markdown of each `<RepositoryList kind="…" />`, by kind. */
  lists: Readonly<Record<string, string>>;
}

const processor = unified().use(remarkParse).use(remarkFrontmatter, ["yaml"]).use(remarkGfm);

const TAG = /^<([A-Z][A-Za-z0-9]*)\b([^>]*?)\/?>\s*(?:<\/\1>)?$/;
const ATTRIBUTE = /([A-Za-z][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const ASIDE_MARKER = /^(T>|W>|\?>)[ \t]?/;
const MARKER_LABELS: Record<string, string> = { "T>": ASIDE_LABELS.tip, "W>": ASIDE_LABELS.warning, "?>": ASIDE_LABELS.todo };
/** The rest of a line and any blank lines after it. */
const BLANK_LINES = /(?:[ \t]*\r?\n)*/y;
const INDENT = /[ \t]*/y;

/** The length of what a sticky pattern matches at `at` (0 when it matches nothing there). */
function lengthAt(pattern: RegExp, source: string, at: number): number {
  pattern.lastIndex = at;
  return pattern.exec(source)?.[0].length ?? 0;
}
const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/** The plain text or link a content-format component stands for; "" for unknown tags. */
function componentText(name: string, value: string, lists: CleanOptions["lists"]): string {
  if (name === "Badge") return value;
  if (name === "StackBlitzPreview") return `[Open the ${value} example in an online editor](${STACKBLITZ_BASE}${value})`;
  if (name === "BrandingSample") return `Colour sample ${value}`;
  if (name === "RepositoryList") return lists[value] ?? "";
  return "";
}

/** The edit that turns a component tag into text, or undefined for HTML that is no component. */
function componentEdit(node: Html, lists: CleanOptions["lists"]): Edit | undefined {
  const match = TAG.exec(node.value.trim());
  if (!match) return undefined;
  const spec = COMPONENTS[match[1]];
  let value = "";
  for (const m of match[2].matchAll(ATTRIBUTE)) if (spec && m[1] === spec.attribute) value = m[2] ?? m[3] ?? "";
  return { ...span(node), text: spec ? componentText(match[1], value, lists) : "" };
}

/** Where a node is in the source. */
function span(node: { position?: RootContent["position"] }): { start: number; end: number } {
  return { start: node.position?.start.offset ?? 0, end: node.position?.end.offset ?? 0 };
}

/**
 * The edits that make an aside paragraph a blockquote: its first line's
 * marker becomes `> **Tip:**`, every later line's marker (or, on a line
 * without one, nothing) becomes `> `, after the line's indentation.
 */
function asideEdits(node: Paragraph, source: string): Edit[] {
  const first = node.children[0];
  if (first?.type !== "text") return [];
  const marker = ASIDE_MARKER.exec(first.value);
  if (!marker) return [];
  const { start, end } = span(node);
  const edits: Edit[] = [{ start, end: start + marker[0].length, text: `> **${MARKER_LABELS[marker[1]]}:** ` }];
  for (let at = source.indexOf("\n", start); at !== -1 && at < end; at = source.indexOf("\n", at + 1)) {
    const lineStart = at + 1 + lengthAt(INDENT, source, at + 1);
    const later = ASIDE_MARKER.exec(source.slice(lineStart, Math.min(lineStart + 3, end)));
    edits.push({ start: lineStart, end: lineStart + (later ? later[0].length : 0), text: "> " });
  }
  return edits;
}

/** The edit that makes a relative link, image or definition's URL an absolute site path, if it is relative. */
function linkEdit(node: RootContent, source: string, pageUrl: string): Edit | undefined {
  if (node.type !== "link" && node.type !== "image" && node.type !== "definition") return undefined;
  const url = node.url;
  if (!url || url.startsWith("/") || EXTERNAL.test(url)) return undefined;
  const resolved = new URL(url, `http://site${pageUrl}`);
  const absolute = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  const { start, end } = span(node);
  // The URL is looked for after the link's text (or label), so text that repeats it is left alone.
  const label = node.type === "link" ? (node.children.at(-1)?.position?.end.offset ?? start) : source.indexOf("]", start);
  const at = source.indexOf(url, Math.max(label, start));
  if (at === -1 || at + url.length > end) return undefined;
  return { start: at, end: at + url.length, text: absolute };
}

/** Every edit the page needs, front matter aside: components, asides, relative links, and MDX-only lines. */
function bodyEdits(tree: Root, source: string, options: CleanOptions): Edit[] {
  const edits: Edit[] = [];
  visit(tree, (node, _index, parent) => {
    if (node.type === "html") {
      const edit = componentEdit(node, options.lists);
      // A block that comes to nothing goes with the blank lines after it.
      const block = parent?.type !== "paragraph" && parent?.type !== "heading";
      if (edit) edits.push(edit.text === "" && block ? removal(node, source) : edit);
    } else if (node.type === "paragraph") edits.push(...asideEdits(node, source));
    else {
      const edit = linkEdit(node as RootContent, source, options.url);
      if (edit) edits.push(edit);
    }
  });
  // The format's own cleanup decides which top-level paragraphs are MDX comments or statements; those go.
  const before = tree.children;
  remarkMdxCleanup({ mdx: options.mdx })(tree);
  const kept = new Set(tree.children);
  for (const node of before) if (!kept.has(node)) edits.push(removal(node, source));
  return edits;
}

/** The edit that removes a block node with the blank lines after it. */
function removal(node: RootContent, source: string): Edit {
  const { start, end } = span(node);
  return { start, end: end + lengthAt(BLANK_LINES, source, end), text: "" };
}

/** Applies edits that do not overlap, last first, so earlier offsets stay right. */
function applyEdits(source: string, edits: readonly Edit[]): string {
  let text = source;
  for (const edit of [...edits].sort((a, b) => b.start - a.start || b.end - a.end)) text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  return text;
}

/**
 * A page's markdown made for reading outside the site (pure): its front
 * matter left out (the caller heads it with the title), components turned
 * into their text or a link, asides (`T>`, `W>`, `?>`) into blockquotes
 * opened by their label, and relative links, images and definitions into
 * absolute site paths. Everything else stays as written, code included.
 */
export function cleanMarkdown(source: string, options: CleanOptions): string {
  const tree = processor.parse(source) as Root;
  const edits = bodyEdits(tree, source, options);
  const yaml = tree.children[0]?.type === "yaml" ? tree.children[0] : undefined;
  if (yaml) edits.push(removal(yaml, source));
  const text = applyEdits(source, edits);
  return `${text.slice(lengthAt(BLANK_LINES, text, 0)).trimEnd()}\n`;
}
