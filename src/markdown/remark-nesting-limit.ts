import type { Root } from "mdast";
import type { Processor } from "unified";
import type { Node } from "unist";

/**
 * The deepest a page's markdown may nest: block quotes, list items, emphasis,
 * links and the like, each level counted. The tree utilities and React that
 * turn a page into HTML recurse once per level, and on Node's default stack
 * they overflow between about 2,000 levels (nested lists, block quotes) and
 * 4,700 (emphasis); 256 leaves them a wide margin while no real page comes
 * near it (the webpack docs and the loader READMEs nest at most 10 deep). markdown-it's own default
 * limit is 100.
 */
export const MAX_NESTING = 256;

/** Where a page nests deeper than {@link MAX_NESTING}: the first node past the limit. */
export class NestingTooDeepError extends Error {
  override name = "NestingTooDeepError";
  constructor(
    readonly line: number,
    readonly column: number,
  ) {
    super(`The page nests deeper than ${MAX_NESTING} levels`);
  }
}

/**
 * The first node deeper than `limit` levels below the root, found without
 * recursion (a walk that recursed would overflow on the very trees it is
 * looking for), or undefined when the tree stays within it.
 */
function tooDeep(tree: Node, limit: number = MAX_NESTING): Node | undefined {
  const stack: Array<[Node, number]> = [[tree, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (depth > limit) return node;
    const children = (node as { children?: Node[] }).children;
    if (children) for (let i = children.length - 1; i >= 0; i--) stack.push([children[i], depth + 1]);
  }
  return undefined;
}

/** Throws {@link NestingTooDeepError} at the first node past the limit. */
function checkNesting(tree: Root): undefined {
  const node = tooDeep(tree);
  if (node) throw new NestingTooDeepError(node.position?.start.line ?? 1, node.position?.start.column ?? 1);
  return undefined;
}

/**
 * Refuses markdown nested deeper than {@link MAX_NESTING} levels as soon as
 * the tree is built, before anything walks it recursively. It registers a
 * transform of mdast-util-from-markdown, so it must be used before plugins
 * whose transforms recurse (remark-gfm's autolink literals do): transforms run
 * in the order they were added.
 */
export function remarkNestingLimit(this: Processor): void {
  const data = this.data();
  (data.fromMarkdownExtensions ??= []).push({ transforms: [checkNesting] });
}
