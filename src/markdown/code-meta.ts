import type { Nodes } from "mdast";

/**
 * Keeps a fence's meta (such as `title="webpack.config.js" {1,3}`) as a
 * `data-meta` property of the `code` element the fence becomes, where parsing
 * raw HTML and sanitizing, which both drop a node's `data`, leave it for the
 * highlighter; the highlighter reads it and removes it again. Called on the
 * markdown tree's nodes by a walk the page makes anyway, so the HTML tree
 * needs no walk of its own.
 */
export function keepCodeMeta(node: Nodes): void {
  if (node.type !== "code" || !node.meta) return;
  const data = (node.data ??= {});
  data.hProperties = { ...data.hProperties, dataMeta: node.meta };
}
