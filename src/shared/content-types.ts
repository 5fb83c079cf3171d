/**
 * Shapes of the content index (the product spec's "Entities and their
 * fields"). These travel from the Node build into templates and the browser,
 * so they are plain JSON data.
 */

import type { RuleId } from "./diagnostic-rules.ts";

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
  /**
   * The page's headings of levels 1 to 3. Empty in the build's page summaries:
   * there they wait in the body store (`PageBodies.anchors`), and
   * `sidebarAnchors` says how many a sidebar item shows.
   */
  anchors: Anchor[];
  /** In page summaries, the number of headings of levels 2 and 3 (what a sidebar item shows), since `anchors` is left empty there. */
  sidebarAnchors?: number;
  contributors: string[];
  related: RelatedItem[];
  /** The day `docs-build fetch-readmes` wrote a fetched page (`YYYY-MM-DD`, front matter `fetched`); absent on other pages. */
  fetched?: string;
  /** In a language's build, a page its folder lacks, built from the default language's: it says so, in that language's words. */
  fallback?: boolean;
  /**
   * The site's other languages that have this page in their own words (the
   * default language: as its original), by tag; absent when none has it, and
   * on a fallback page. Its head and the sitemap name them (`hreflang`).
   */
  alternates?: string[] | undefined;
  /** In a language's build, a translated page whose source changed since the revision it translates: when, how many commits since, and where to see what changed. */
  outdated?: { changed: string; commits: number; compareUrl: string };
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

/** A link from one page to another page of the site, kept for link checking. */
export interface PageLink {
  url: string;
  line: number;
  column: number;
}

/** A problem found while processing a page, in the one diagnostic shape. */
export interface PageDiagnostic {
  file: string;
  line: number;
  column: number;
  message: string;
  ruleId: RuleId;
  source: string;
  fatal: boolean;
  hint: string;
}

/** One searchable part of a page: the text under one heading (or before the first). */
export interface SearchSection {
  /** The heading's id, "" for the text before the first heading. */
  anchor: string;
  /** Titles of the headings from the page's top level down to this one. */
  headings: string[];
  text: string;
}

/**
 * Everything one pass over a page yields: its index entry, its links, its
 * body as HTML, its search sections and its problems. Plain data, so it
 * crosses worker threads.
 */
export interface ProcessedPage {
  entry: PageEntry;
  links: PageLink[];
  /** Every heading id of the page, of any level; links may point at any of them. */
  headingIds: string[];
  bodyHtml: string;
  /** A hash of `bodyHtml`, so later steps can key caches on the body without hashing it again. */
  bodyHash: string;
  /** The example of the page's first `<StackBlitzPreview>`, or "". */
  stackBlitz: string;
  /** The page split at its headings, for the search index. */
  sections: SearchSection[];
  /** The page's markdown cleaned for reading outside the site, without its title (see the llms files stage). */
  markdown: string;
  diagnostics: PageDiagnostic[];
  /** True when the page could not be processed; its one diagnostic says why, and it is left out of the index. */
  failed?: boolean;
}

/**
 * What the link check needs of a page: its URL and file, whether it failed,
 * its heading ids and its links. It waits on disk (see the index stage's link
 * spill) until every page is indexed, so memory never holds the site's links.
 */
export interface PageLinkFacts {
  url: string;
  path: string;
  failed: boolean;
  headingIds: string[];
  links: PageLink[];
}

/**
 * What the build keeps of a processed page while it runs: everything but the
 * body, the search sections and the markdown, which wait on disk (see the index
 * stage's body store) until later stages read them one page at a time, and but
 * the links, heading ids and problems, which the index stage checks and reports
 * as it goes. Memory therefore holds each page's metadata, never the site's
 * bodies or links. Plain data, cached as JSON.
 */
export interface PageSummary extends Omit<ProcessedPage, "bodyHtml" | "sections" | "markdown" | "links" | "headingIds" | "diagnostics"> {
  /** Where the body store keeps this page's body, sections and markdown. */
  bodyKey: string;
  /** A hash of the search sections, so the search index is cached without reading them. */
  sectionsHash: string;
  /** A hash of the entry's headings, which wait in the body store; "" when the page has none. */
  anchorsHash: string;
  /** The plain-text teaser of the body (see `teaserOf`) for blog pages, "" elsewhere. */
  teaser: string;
  /** True when the body holds a `<RepositoryList>` placeholder, filled when the page is rendered. */
  repositoryLists: boolean;
}
