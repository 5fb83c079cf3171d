import type { Html, Nodes, Paragraph, Root, RootContent } from "mdast";
import { visit } from "unist-util-visit";
import { isExternalUrl } from "../shared/urls.ts";
import { ASIDE_LABELS } from "./remark-asides.ts";
import { COMPONENTS, componentTag, isMdxOnly } from "./remark-components.ts";

/** One change to the source text: the characters from `start` to `end` become `text`. */
interface Edit {
  start: number;
  end: number;
  text: string;
}

/** What cleaning one page needs besides its tree and source. */
export interface CleanOptions {
  /** The page's URL (`/guides/caching/`): relative links are resolved against it. */
  url: string;
  /** True for `.mdx` sources, whose `import`/`export` lines are dropped. */
  mdx: boolean;
  /** The online editor's address a live example's name is appended to. */
  examples: string;
}

const ASIDE_MARKER = /^(T>|W>|\?>)[ \t]?/;
const MARKER_LABELS: Record<string, string> = { "T>": ASIDE_LABELS.tip, "W>": ASIDE_LABELS.warning, "?>": ASIDE_LABELS.todo };
/** The rest of a line and any blank lines after it. */
const BLANK_LINES = /(?:[ \t]*\r?\n)*/y;
const INDENT = /[ \t]*/y;

/**
 * Where a `<RepositoryList kind="…" />` stood: cleaning cannot know the lists
 * (they are data files, read by the stage that writes the markdown), so it
 * leaves this mark, which `fillRepositoryLists` replaces. NUL cannot be
 * anything else in cleaned markdown: the source's own NULs become U+FFFD, as
 * CommonMark reads them.
 */
const LIST_MARK = /\0list:([^\0]*)\0((?:[ \t]*\r?\n)*)/g;

/** The length of what a sticky pattern matches at `at` (0 when it matches nothing there). */
function lengthAt(pattern: RegExp, source: string, at: number): number {
  pattern.lastIndex = at;
  return pattern.exec(source)?.[0].length ?? 0;
}

/** Where a node is in the source. */
function span(node: { position?: RootContent["position"] }): { start: number; end: number } {
  return { start: node.position?.start.offset ?? 0, end: node.position?.end.offset ?? 0 };
}

/** The plain text or link a content-format component stands for; "" for unknown tags. */
function componentText(name: string, value: string, examples: string): string {
  if (name === "Badge") return value;
  if (name === "StackBlitzPreview") return `[Open the ${value} example in an online editor](${examples}${value})`;
  if (name === "BrandingSample") return `Colour sample ${value}`;
  if (name === "RepositoryList") return `\0list:${value}\0`;
  return "";
}

/** The edit that turns a component tag into text, or undefined for HTML that is no component. */
function componentEdit(node: Html, examples: string): Edit | undefined {
  const tag = componentTag(node.value);
  if (!tag) return undefined;
  const spec = COMPONENTS[tag.name];
  return { ...span(node), text: spec ? componentText(tag.name, tag.attributes[spec.attribute] ?? "", examples) : "" };
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
function linkEdit(node: Nodes, source: string, pageUrl: string): Edit | undefined {
  if (node.type !== "link" && node.type !== "image" && node.type !== "definition") return undefined;
  const url = node.url;
  if (!url || url.startsWith("/") || isExternalUrl(url)) return undefined;
  const resolved = new URL(url, `http://site${pageUrl}`);
  const absolute = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  const { start, end } = span(node);
  // The URL is looked for after the link's text (or label), so text that repeats it is left alone.
  const label = node.type === "link" ? (node.children.at(-1)?.position?.end.offset ?? start) : source.indexOf("]", start);
  const at = source.indexOf(url, Math.max(label, start));
  if (at === -1 || at + url.length > end) return undefined;
  return { start: at, end: at + url.length, text: absolute };
}

/** The edit that removes a block node with the blank lines after it. */
function removal(node: RootContent, source: string): Edit {
  const { start, end } = span(node);
  return { start, end: end + lengthAt(BLANK_LINES, source, end), text: "" };
}

/** Every edit the page needs: front matter, MDX-only paragraphs, components, asides and relative links. */
function pageEdits(tree: Root, source: string, options: CleanOptions): Edit[] {
  const edits: Edit[] = [];
  const removed = new Set<Nodes>();
  for (const node of tree.children)
    if (node.type === "yaml" || isMdxOnly(node, options.mdx)) {
      removed.add(node);
      edits.push(removal(node, source));
    }
  visit(tree, (node, _index, parent) => {
    if (removed.has(node)) return "skip";
    if (node.type === "html") {
      const edit = componentEdit(node, options.examples);
      // A block that comes to nothing goes with the blank lines after it.
      const block = parent?.type !== "paragraph" && parent?.type !== "heading";
      if (edit) edits.push(edit.text === "" && block ? removal(node, source) : edit);
    } else if (node.type === "paragraph") edits.push(...asideEdits(node, source));
    else {
      const edit = linkEdit(node, source, options.url);
      if (edit) edits.push(edit);
    }
    return undefined;
  });
  return edits;
}

/** Applies edits that do not overlap, in one pass from the start. */
function applyEdits(source: string, edits: Edit[]): string {
  edits.sort((a, b) => a.start - b.start || a.end - b.end);
  const parts: string[] = [];
  let at = 0;
  for (const edit of edits) {
    if (edit.start < at) continue;
    parts.push(source.slice(at, edit.start), edit.text);
    at = edit.end;
  }
  parts.push(source.slice(at));
  return parts.join("");
}

/**
 * A page's markdown made for reading outside the site (pure), from the tree
 * remark parsed (before any transform) and its source: front matter left out
 * (the caller heads it with the title), components turned into their text or
 * a link (a repository list into a mark `fillRepositoryLists` replaces),
 * asides (`T>`, `W>`, `?>`) into blockquotes opened by their label, and
 * relative links, images and definitions into absolute site paths.
 * Everything else stays as written, code included.
 */
export function cleanMarkdown(tree: Root, source: string, options: CleanOptions): string {
  const edits = pageEdits(tree, source, options);
  const text = applyEdits(source.includes("\0") ? source.replaceAll("\0", "\uFFFD") : source, edits);
  return `${text.slice(lengthAt(BLANK_LINES, text, 0)).trimEnd()}\n`;
}

/** Cleaned markdown with each repository list's mark replaced by the markdown of its list; the mark of an unknown kind goes with the blank lines after it. */
export function fillRepositoryLists(markdown: string, lists: Readonly<Record<string, string>>): string {
  if (!markdown.includes("\0")) return markdown;
  const filled = markdown.replace(LIST_MARK, (_mark, kind: string, blank: string) => (lists[kind] === undefined ? "" : `${lists[kind]}${blank}`));
  return `${filled.trimEnd()}\n`;
}
