import GithubSlugger from "github-slugger";
import type { Root } from "mdast";
import { toString as textOf } from "mdast-util-to-string";
import type { VFile } from "vfile";
import { visit } from "unist-util-visit";
import type { Anchor } from "../shared/content-types.ts";

/**
 * Gives every heading a GitHub-compatible id, unique within the page, and
 * records headings of levels 1 to 3 as anchors on `file.data.anchors` (and
 * every heading's id, for link checking, on `file.data.headingIds`). Ids and
 * anchors come from the same pass, so the index and the page always agree.
 */
export function remarkHeadingIds() {
  return (tree: Root, file: VFile) => {
    const slugger = new GithubSlugger();
    const anchors: Anchor[] = [];
    const ids: string[] = [];
    visit(tree, "heading", (node) => {
      const title = textOf(node).trim();
      const id = slugger.slug(title);
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id } };
      ids.push(id);
      if (node.depth <= 3) anchors.push({ title, id, level: node.depth });
    });
    file.data.anchors = anchors;
    file.data.headingIds = ids;
  };
}
