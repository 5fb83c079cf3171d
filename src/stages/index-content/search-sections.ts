import type { Heading, Nodes, Root, RootContent } from "mdast";
import { toString as textOf } from "mdast-util-to-string";
import type { SearchSection } from "../../shared/content-types.ts";

/** Longest text kept per section; the rest of a very long section adds little to search and much to the index. */
const SECTION_TEXT_LIMIT = 4000;

/** Text of raw HTML: tags and comments dropped, entities for spaces and brackets decoded. */
function htmlText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Calls `onNode` for a node and every node inside it. */
function each(node: Nodes, onNode: (node: Nodes) => void): void {
  onNode(node);
  if ("children" in node) for (const child of node.children) each(child, onNode);
}

/**
 * Adds the searchable text of a node to `parts`: prose and inline code;
 * fenced code, YAML and MDX expressions left out. Calls `onNode` for every
 * node it passes, so callers learn about the tree without walking it again.
 */
function collectText(node: RootContent, parts: string[], onNode: (node: Nodes) => void): void {
  onNode(node);
  switch (node.type) {
    case "code":
    case "yaml":
    case "definition":
      return;
    case "html":
      parts.push(htmlText(node.value));
      return;
    default:
      if ("children" in node) for (const child of node.children as RootContent[]) collectText(child, parts, onNode);
      else parts.push(textOf(node as Nodes));
  }
}

function headingId(node: Heading): string {
  return String((node.data?.hProperties as { id?: unknown } | undefined)?.id ?? "");
}

/** Options of {@link searchSections}. */
export interface SearchSectionsOptions {
  /**
   * Called once for every node of the tree below the root, in document order,
   * so a caller that needs to know something else about the page gets it from
   * the same walk. Default: none.
   */
  onNode?: (node: Nodes) => void;
}

const ignore = () => {};

/**
 * Splits a processed page into search sections (pure): the text before the
 * first heading, then one section per heading of level 2 or deeper, each with
 * its anchor and the path of headings above it. Level-1 headings inside a page
 * start sections too. Whitespace is collapsed and text is capped at
 * `SECTION_TEXT_LIMIT` characters; empty sections without a heading are dropped.
 */
export function searchSections(tree: Root, options: SearchSectionsOptions = {}): SearchSection[] {
  const onNode = options.onNode ?? ignore;
  const sections: SearchSection[] = [];
  const path: { depth: number; title: string }[] = [];
  let current: SearchSection = { anchor: "", headings: [], text: "" };
  const parts: string[] = [];
  const close = () => {
    const text = parts.join(" ").replace(/\s+/g, " ").trim();
    parts.length = 0;
    current.text = text.length > SECTION_TEXT_LIMIT ? `${text.slice(0, SECTION_TEXT_LIMIT).replace(/\s+\S*$/, "")} …` : text;
    if (current.text || current.anchor) sections.push(current);
  };
  for (const node of tree.children) {
    if (node.type === "heading") {
      each(node, onNode);
      close();
      while (path.length && path[path.length - 1].depth >= node.depth) path.pop();
      const title = textOf(node).replace(/\s+/g, " ").trim();
      path.push({ depth: node.depth, title });
      current = { anchor: headingId(node), headings: path.map((p) => p.title), text: "" };
      continue;
    }
    collectText(node, parts, onNode);
  }
  close();
  return sections;
}
