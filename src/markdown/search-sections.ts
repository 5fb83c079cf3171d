import type { Heading, Nodes, Root, RootContent } from "mdast";
import { toString as textOf } from "mdast-util-to-string";
import type { SearchSection } from "../shared/content-types.ts";

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

/**
 * Adds the searchable text of a node to `parts`: prose and inline code;
 * fenced code, YAML and MDX expressions left out.
 */
function collectText(node: RootContent, parts: string[]): void {
  switch (node.type) {
    case "code":
    case "yaml":
    case "definition":
      return;
    case "html":
      parts.push(htmlText(node.value));
      return;
    default:
      if ("children" in node) for (const child of node.children as RootContent[]) collectText(child, parts);
      else parts.push(textOf(node as Nodes));
  }
}

function headingId(node: Heading): string {
  return String((node.data?.hProperties as { id?: unknown } | undefined)?.id ?? "");
}

/**
 * Splits a processed page into search sections (pure): the text before the
 * first heading, then one section per heading of level 2 or deeper, each with
 * its anchor and the path of headings above it. Level-1 headings inside a page
 * start sections too. Whitespace is collapsed and text is capped at
 * `SECTION_TEXT_LIMIT` characters; empty sections without a heading are dropped.
 */
export function searchSections(tree: Root): SearchSection[] {
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
      close();
      while (path.length && path[path.length - 1].depth >= node.depth) path.pop();
      const title = textOf(node).replace(/\s+/g, " ").trim();
      path.push({ depth: node.depth, title });
      current = { anchor: headingId(node), headings: path.map((p) => p.title), text: "" };
      continue;
    }
    collectText(node, parts);
  }
  close();
  return sections;
}
