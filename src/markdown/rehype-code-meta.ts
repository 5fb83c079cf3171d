import type { Root } from "hast";
import { visit } from "unist-util-visit";

/**
 * Keeps each fence's meta (such as `title="webpack.config.js" {1,3}`) as a
 * `data-meta` property of its `code` element, where parsing raw HTML and
 * sanitizing, which both drop a node's `data`, leave it for the highlighter.
 * The highlighter reads it and removes it again.
 */
export function rehypeCodeMeta() {
  return (tree: Root) => {
    visit(tree, "element", (node) => {
      const meta = node.tagName === "code" ? node.data?.meta : undefined;
      if (meta) node.properties.dataMeta = meta;
    });
  };
}
