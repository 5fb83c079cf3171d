import type { VoteBoardMessages } from "./messages/index.ts";
import type { Anchor, RelatedItem } from "./content-types.ts";
import type { SponsorData, SponsorThresholds } from "./sponsors.ts";
import type { VoteTopic } from "./vote-types.ts";

/**
 * The props every server-rendered page is hydrated with. They are embedded in
 * the page as JSON, so the browser renders the same tree the server did.
 */

/** A link with a title, used for previous/next and navigation. */
export interface LinkItem {
  url: string;
  title: string;
}

/**
 * One entry of the left sidebar. Only the current page's item carries its
 * anchors: a page's size then grows with its section's page count, not with
 * every page's headings. The others' anchors are in anchors files, loaded
 * when a reader opens one: the section's own pages' in one
 * ({@link PageData.sidebarAnchors}), each nested folder's pages' in one of
 * their own ({@link SidebarItem.anchorsFile}).
 */
export interface SidebarItem {
  url: string;
  title: string;
  /** The page's headings of levels 2 and 3 on the current page's item; empty on the others. */
  anchors: Anchor[];
  /** Whether the page has headings of levels 2 or 3 to show (whether its item has a toggle). */
  hasAnchors: boolean;
  group: string;
  /**
   * Set on the item of a folder nested in the section (`/guides/part-001/`):
   * how many pages it holds. Its link goes to the folder's page. Such an
   * item is a group of its own, collapsed on every page but its own.
   */
  pages?: number;
  /** The folder's pages, on the pages inside that folder only (the one group that comes open). */
  children?: SidebarItem[];
  /** URL of the anchors file of the folder's pages (content-hashed JSON); set with `children`, "" when the folder has none. */
  anchorsFile?: string;
}

/** An anchors file (a section's own pages, or one nested folder's): each page's headings of levels 2 and 3, by page URL. */
export type SectionAnchors = Record<string, Anchor[]>;

/** One translated site in the language dropdown. */
export interface LanguageItem {
  title: string;
  lang: string;
  url: string;
}

/** A contributor shown in the contributors grid. */
export interface Contributor {
  handle: string;
  name: string;
}

/** Site-wide values every page needs (from the resolved settings). */
export interface SiteData {
  name: string;
  /** The language of the pages (`<html lang>`) and its direction. */
  lang: string;
  dir: "ltr" | "rtl";
  baseUrl: string;
  repository: string;
  languages: LanguageItem[];
  versions: string[];
  currentVersion: string;
  links: { codeHost: string; social: string; questions: string };
  sections: LinkItem[];
  /** Analytics tracking id; "" means no analytics at all. */
  analyticsId: string;
  search: SiteSearch;
  /** Whether the blog has RSS and Atom feeds in the site's language: a post of its own, not a fallback page. Absent: it has when it has posts. */
  feeds?: boolean;
}

/** What the search box queries: the built-in index, or the hosted DocSearch service (search-only key). */
export type SiteSearch = { provider: "local"; indexUrl: string } | { provider: "docsearch"; appId: string; apiKey: string; indexName: string };

/** Props of a documentation page (the spec's "Page props"). */
export interface DocPageProps {
  title: string;
  url: string;
  date: string;
  /** The day the page last changed (`YYYY-MM-DD`: its file's last commit, or a fetched page's fetch day), "" when unknown. */
  updated: string;
  contributors: Contributor[];
  related: RelatedItem[];
  previous: LinkItem | null;
  next: LinkItem | null;
  thirdParty: boolean;
  /** The default language's tag on a page its language's folder lacks (a fallback page, shown in that language); "" otherwise. */
  fallback: string;
  /** The site's languages that lack this page (one only its own language has): their item in the language menu leads to their home page. */
  missingIn: string[];
  /** A translated page whose source changed since: the day it changed, how many commits since, and where to see what changed; null otherwise. */
  outdated: { changed: string; commits: number; compareUrl: string; language: string } | null;
  edit: string;
  path: string;
  repo: string;
  printUrl: string;
  stackBlitz: string;
}

/** A blog post as the blog index lists it. */
export interface BlogPostSummary {
  url: string;
  title: string;
  date: string;
  teaser: string;
}

/**
 * What every page's data holds, whatever its kind. The fields of one kind
 * are on every page, empty or null elsewhere, so each page's data has the
 * same shape; `PageData` says which kind holds what.
 */
interface PageDataFields {
  url: string;
  /** The document's title: the page's own title and the site's name (see `documentTitle`). */
  title: string;
  description: string;
  site: SiteData;
  sidebar: SidebarItem[];
  /** URL of the anchors file of the section's own pages, not its nested folders' (content-hashed JSON), or "" when the page has no sidebar. */
  sidebarAnchors: string;
  /** The page's props (documentation pages only). */
  page: DocPageProps | null;
  /** The folder's pages (section indexes only). */
  children: LinkItem[];
  hero: { words: string[] };
  /** The blog's posts, newest first (the blog index only). */
  posts: BlogPostSummary[];
  /** The sponsors section (the landing page only). */
  sponsors: { data: SponsorData; thresholds: SponsorThresholds; latest: number } | null;
  /** The vote board's topics and its lazily loaded stylesheet (the vote page only). */
  vote: { topics: VoteTopic[]; stylesheet: string; messages: VoteBoardMessages } | null;
}

/** Everything needed to render (and hydrate) one HTML page, by the kind of screen it is. */
export type PageData =
  | (PageDataFields & { kind: "doc"; page: DocPageProps })
  | (PageDataFields & { kind: "vote"; vote: NonNullable<PageDataFields["vote"]> })
  | (PageDataFields & { kind: "landing" | "section" | "printable" | "not-found" | "app-shell" });

/** A page's document title: its own title, then the site's name. */
export function documentTitle(own: string, siteName: string): string {
  return `${own} | ${siteName}`;
}

/** A page's own title: its document title without the site's name (see `documentTitle`). */
export function ownTitle(data: Pick<PageData, "title" | "site">): string {
  const suffix = documentTitle("", data.site.name);
  return data.title.endsWith(suffix) ? data.title.slice(0, -suffix.length) : data.title;
}
