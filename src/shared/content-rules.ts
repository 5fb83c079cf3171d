import type { Anchor, DirectoryEntry, PageEntry } from "./content-types.ts";
import type { BlogPostSummary } from "./page-data.ts";

const BLOG_DATE = /^_?(\d{4}-\d{2}-\d{2})-/;

/** The blog's own URL; its index page is not a post. */
export const BLOG_URL = "/blog/";

/** True for pages left out of navigation: titled printable, or containing Printable. */
export function isPrintable(entry: Pick<PageEntry, "title">): boolean {
  return entry.title === "printable" || entry.title.includes("Printable");
}

/** True for the pages on the walk of previous and next links: every page but the landing page and printable pages. */
export function onWalk(entry: Pick<PageEntry, "url" | "title">): boolean {
  return entry.url !== "/" && !isPrintable(entry);
}

/** The date of a blog post from its file name (`YYYY-MM-DD-slug.md`), or "". */
export function blogDate(name: string): string {
  return BLOG_DATE.exec(name)?.[1] ?? "";
}

/** True for a page under `/blog/` that could be a post: not the blog index, not printable. */
export function isUnderBlog(entry: Pick<PageEntry, "url" | "title">): boolean {
  return entry.url.startsWith(BLOG_URL) && entry.url !== BLOG_URL && !isPrintable(entry);
}

/** True when `day` (`YYYY-MM-DD`) is a real calendar day: `2026-02-30` is refused, not rolled over to March. */
export function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/**
 * The publication day of a blog post (`YYYY-MM-DD`, from its file name
 * `YYYY-MM-DD-slug.md`), or "" for every page that is not a post: pages
 * outside `/blog/`, the blog index, printable pages, and blog pages whose
 * file name starts with no real calendar day.
 */
export function postDay(entry: Pick<PageEntry, "url" | "name" | "title">): string {
  if (!isUnderBlog(entry)) return "";
  const day = blogDate(entry.name);
  return day && isCalendarDay(day) ? day : "";
}

/**
 * True for a blog post, the one definition the blog index and the feeds
 * share: a page under `/blog/` other than the blog index, not printable,
 * dated by its file name (see `postDay`).
 */
export function isBlogPost(entry: Pick<PageEntry, "url" | "name" | "title">): boolean {
  return postDay(entry) !== "";
}

/** Orders posts newest first, and by URL within a day, so the output never depends on input order. */
export function newestFirst(posts: readonly BlogPostSummary[]): BlogPostSummary[] {
  return [...posts].sort((a, b) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}

/** The blog posts among the pages (see `isBlogPost`), newest first: what the blog index lists and the feeds carry. */
export function blogPosts(pages: ReadonlyArray<{ entry: Pick<PageEntry, "url" | "title" | "name">; teaser: string }>): BlogPostSummary[] {
  const posts = pages.flatMap(({ entry, teaser }) => (isBlogPost(entry) ? [{ url: entry.url, title: entry.title, date: postDay(entry), teaser }] : []));
  return newestFirst(posts);
}

/** Lists the pages of a folder depth-first, which is the site order. */
export function pagesOf(folder: DirectoryEntry): PageEntry[] {
  return folder.children.flatMap((child) => (child.type === "directory" ? pagesOf(child) : [child]));
}

/** A folder's title: its index page's, else its name capitalised. */
export function titleOfFolder(folder: DirectoryEntry): string {
  const index = folder.children.find((c): c is PageEntry => c.type === "file" && c.url === folder.url);
  return index?.title ?? folder.name.charAt(0).toUpperCase() + folder.name.slice(1);
}

/** First segment of a URL (`guides` of `/guides/caching/`). */
const firstSegment = (url: string) => url.split("/")[1] ?? "";

/** Where a URL's site section is, and what it is called (see {@link sectionsFrom}). */
export interface SiteSections {
  /** The section's top-level folder for a URL, or "" for pages outside any folder (the `General` section). */
  folderOf(url: string): string;
  /** The section's title for a URL: its folder's page's title, its folder's name capitalised, or `General`. */
  titleOf(url: string): string;
}

/**
 * The site's sections (pure) from the top-level folders that have a page
 * nested under them and the titles of the pages at top-level URLs
 * (`/guides/`): a URL's section is its first segment when that is such a
 * folder, else `General`.
 */
export function sectionsFrom(folders: ReadonlySet<string>, titles: ReadonlyMap<string, string>): SiteSections {
  const folderOf = (url: string) => {
    const folder = firstSegment(url);
    return folders.has(folder) ? folder : "";
  };
  return {
    folderOf,
    titleOf(url) {
      const folder = folderOf(url);
      if (!folder) return "General";
      return titles.get(`/${folder}/`) ?? folder.charAt(0).toUpperCase() + folder.slice(1);
    },
  };
}

/** The top-level folders with a page nested under them (`guides` of `/guides/caching/`), from every page. */
const nestedFolders = (pages: ReadonlyArray<{ entry: Pick<PageEntry, "url"> }>) =>
  new Set(
    pages
      .map((p) => p.entry.url)
      .filter((u) => u.split("/").filter(Boolean).length > 1)
      .map(firstSegment),
  );

/**
 * The top-level folder each URL's section is (pure): the first segment of
 * the URL when some page is nested under it (`guides` of `/guides/caching/`),
 * "" for pages outside any folder (the landing page, `/comparison/`).
 */
export function sectionFolders(pages: ReadonlyArray<{ entry: Pick<PageEntry, "url"> }>): (url: string) => string {
  return sectionsFrom(nestedFolders(pages), new Map()).folderOf;
}

/**
 * The site section each URL belongs to (pure): the title of its top-level
 * folder's page (`Guides`), or `General` for pages outside any folder (the
 * landing page, `/comparison/`; see `sectionFolders`).
 */
export function sectionNamer(pages: ReadonlyArray<{ entry: Pick<PageEntry, "url" | "title"> }>): (url: string) => string {
  // Only top-level pages (`/guides/`) can title a section, so only theirs are kept.
  const titles = new Map(pages.filter((p) => p.entry.url.split("/").length === 3).map((p) => [p.entry.url, p.entry.title]));
  return sectionsFrom(nestedFolders(pages), titles).titleOf;
}

/** The headings a sidebar item shows: levels 2 and 3. */
export function sidebarAnchorsOf(page: Pick<PageEntry, "anchors">): Anchor[] {
  return page.anchors.filter((a) => a.level === 2 || a.level === 3);
}

/** A commit's name as git prints it: 7 to 40 hexadecimal digits (a translation's `translates`). */
const REVISION = /^[0-9a-f]{7,40}$/i;

/** True when `value` can name a commit: 7 to 40 hexadecimal digits. */
export function isRevision(value: string): boolean {
  return REVISION.test(value);
}
