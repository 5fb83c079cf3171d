import type { Root } from "mdast";
import type { Anchor, PageEntry, PageLink } from "../shared/content-types.ts";

export type { PageLink } from "../shared/content-types.ts";

declare module "vfile" {
  interface DataMap {
    /** The page's content index entry. */
    entry: PageEntry;
    /** The parsed and transformed markdown tree, parsed once and reused by rendering. */
    tree: Root;
    /** Headings of levels 1 to 3, in order. */
    anchors: Anchor[];
    /** The ids of all headings, of any level. */
    headingIds: string[];
    /** Links to other pages of the site. */
    links: PageLink[];
    /** The page's markdown cleaned for reading outside the site (see `cleanMarkdown`). */
    markdown: string;
    /** The page's front matter, as parsed. */
    frontmatter: Record<string, unknown>;
  }
}
