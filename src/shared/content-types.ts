/**
 * Shapes of the content index (product spec section 3). These travel from the
 * Node build into templates and the browser, so they are plain JSON data.
 */

/** A heading of a page; levels 1 to 3 are indexed, the sidebar shows 2 and 3. */
export interface Anchor {
  title: string;
  id: string;
  level: number;
}

/** A "Further Reading" link of a page. */
export interface RelatedItem {
  title: string;
  url: string;
}

/** One markdown page of the content folder. */
export interface PageEntry {
  path: string;
  name: string;
  size: number;
  type: "file";
  extension: string;
  url: string;
  title: string;
  sort: number;
  group: string;
  description: string;
  source: string;
  edit: string;
  repo: string;
  thirdParty: boolean;
  anchors: Anchor[];
  contributors: string[];
  related: RelatedItem[];
}

/** A folder of the content folder; `size` is the sum of its children's sizes. */
export interface DirectoryEntry {
  path: string;
  name: string;
  children: ContentEntry[];
  size: number;
  type: "directory";
  url: string;
}

/** Either kind of content index entry. */
export type ContentEntry = PageEntry | DirectoryEntry;
