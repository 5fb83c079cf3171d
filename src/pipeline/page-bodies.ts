import type { Anchor, PageSummary, SearchSection } from "../shared/content-types.ts";

/**
 * The reader of the pages' bodies that indexing hands on besides the index:
 * rendering reads bodies and the search index reads sections, one page at a
 * time, so no stage holds every body at once.
 */
export interface PageBodies {
  /** The page's body HTML. */
  body(page: PageSummary): Promise<string>;
  /** The page's search sections. */
  sections(page: PageSummary): Promise<SearchSection[]>;
  /** The page's markdown cleaned for reading outside the site, without its title. */
  markdown(page: PageSummary): Promise<string>;
  /** The page's headings of levels 1 to 3, which its summary leaves out (see `PageEntry.anchors`). */
  anchors(page: PageSummary): Promise<Anchor[]>;
  /** Removes what the build stored only for itself; call once the build no longer reads bodies. */
  close(): Promise<void>;
}
