import type { Nodes } from "mdast";
import { visit } from "unist-util-visit";

/** One feature's look at each node of a page's markdown tree. */
export type NodeVisitor = (node: Nodes) => void;

/**
 * Walks `tree` once, in document order, showing every node to each visitor:
 * features that each need a look at every node share the walk, not each
 * other's code, so removing one changes no other's output.
 */
export function visitNodes(tree: Nodes, visitors: readonly NodeVisitor[]): void {
  visit(tree, (node) => {
    for (const see of visitors) see(node as Nodes);
  });
}
