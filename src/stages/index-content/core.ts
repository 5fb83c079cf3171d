import type { Settings } from "../../context/config.ts";
import { diagnostic, type Diagnostic } from "../../report/diagnostics.ts";
import type { LinkMode } from "../../context/context.ts";
import { blogDate, pagesOf } from "../../shared/content-rules.ts";
import { keyHash } from "../../shared/search/split-format.ts";
import type { ContentEntry, DirectoryEntry, PageEntry, PageLink, PageLinkFacts, PageSummary } from "../../shared/content-types.ts";

/** What indexing needs of a page: its entry, and whether it failed. */
export type IndexablePage = Pick<PageSummary, "entry" | "failed">;

/** What the index stage hands on: the tree, the pages in site order, and problems found. */
export interface IndexContentResult<P extends IndexablePage = PageSummary> {
  root: DirectoryEntry;
  /** Every page, in site order (the order of previous/next). */
  pages: P[];
  diagnostics: Diagnostic[];
}

function isIndexPage(entry: ContentEntry): boolean {
  return entry.type === "file" && /^index\.mdx?$/.test(entry.name);
}

/**
 * Orders the children of one folder: the index page first; in the blog,
 * newest post first; elsewhere folders in `sections` order, then pages by
 * group (ungrouped first), sort, then title.
 */
function compareEntries(sections: readonly string[], inBlog: boolean) {
  const rank = (name: string) => {
    const i = sections.indexOf(name);
    return i === -1 ? sections.length : i;
  };
  return (a: ContentEntry, b: ContentEntry): number => {
    if (isIndexPage(a) !== isIndexPage(b)) return isIndexPage(a) ? -1 : 1;
    if (a.type !== b.type) return a.type === "directory" ? -1 : 1;
    if (a.type === "directory" || b.type === "directory") return rank(a.name) - rank(b.name) || a.name.localeCompare(b.name);
    if (inBlog) {
      const byDate = blogDate(b.name).localeCompare(blogDate(a.name));
      if (byDate) return byDate;
    }
    if (a.group !== b.group) return a.group === "" ? -1 : b.group === "" ? 1 : a.group.localeCompare(b.group);
    return a.sort - b.sort || a.title.localeCompare(b.title);
  };
}

/** The content folder's entry, before its children are added. */
function emptyRoot(rootPath: string): DirectoryEntry {
  return { path: rootPath, name: rootPath.split("/").pop() || rootPath, children: [], size: 0, type: "directory", url: "/" };
}

/**
 * The content folder down to its top-level entries (pure), ordered as
 * {@link indexContent} orders them: `children` are its top-level folders,
 * their own children left out and their sizes kept, and its root pages.
 */
export function topOfSite(rootPath: string, children: readonly ContentEntry[], sections: readonly string[]): DirectoryEntry {
  const root = emptyRoot(rootPath);
  root.children = [...children].sort(compareEntries(sections, false));
  root.size = root.children.reduce((sum, child) => sum + child.size, 0);
  return root;
}

/** Builds the tree of directory and page entries from pages keyed by their path under the content folder. */
function buildTree(pages: Array<{ relative: string; entry: PageEntry }>, rootPath: string, sections: readonly string[]): DirectoryEntry {
  const root = emptyRoot(rootPath);
  const folders = new Map<string, DirectoryEntry>([["", root]]);
  const folderOf = (dir: string): DirectoryEntry => {
    const found = folders.get(dir);
    if (found) return found;
    const parentDir = dir.includes("/") ? dir.slice(0, dir.lastIndexOf("/")) : "";
    const name = dir.split("/").pop()!;
    const entry: DirectoryEntry = { path: `${rootPath}/${dir}`, name, children: [], size: 0, type: "directory", url: `/${dir}/` };
    folderOf(parentDir).children.push(entry);
    folders.set(dir, entry);
    return entry;
  };
  for (const { relative, entry } of pages) {
    const dir = relative.includes("/") ? relative.slice(0, relative.lastIndexOf("/")) : "";
    folderOf(dir).children.push(entry);
  }
  const finish = (folder: DirectoryEntry): number => {
    folder.children.sort(compareEntries(sections, folder.url === "/blog/"));
    folder.size = folder.children.reduce((sum, child) => sum + (child.type === "directory" ? finish(child) : child.size), 0);
    return folder.size;
  };
  finish(root);
  return root;
}

/** Reports two files with the same URL, naming both. */
function duplicateUrls(pages: readonly IndexablePage[]): Diagnostic[] {
  const seen = new Map<string, PageEntry>();
  const out: Diagnostic[] = [];
  for (const { entry } of pages) {
    const first = seen.get(entry.url);
    if (!first) seen.set(entry.url, entry);
    else out.push(diagnostic("duplicate-url", { url: entry.url, first: first.path, second: entry.path }, { file: entry.path }));
  }
  return out;
}

/** Decodes a URL fragment, keeping it as written when it is not valid percent-encoding. */
function safeDecode(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/** What a link points at: the target page's URL (with its trailing slash) and the fragment; null for links to files with an extension (images, downloads), which are left alone. */
function targetOf(link: PageLink): { target: string; hash: string } | null {
  const [rawPath, hash = ""] = link.url.split("#");
  if (/\.[a-z0-9]+$/i.test(rawPath)) return null;
  return { target: rawPath.endsWith("/") ? rawPath : `${rawPath}/`, hash };
}

/**
 * Pages whose URLs and heading ids one pass of the link check holds at most:
 * a larger site is checked in several passes, each over the links whose
 * target falls in its share of URLs (by hash), so the check holds a share of
 * the site at a time: one pass holds every page's URL (about 9 MB at 100,000
 * pages) and the heading ids of every page linked to with a fragment, which
 * on a large site that links across its sections can be most of its pages.
 */
const LINK_CHECK_PAGES = 20_000;

/**
 * Checks every internal link: the target page must exist and, when the link
 * has a fragment, the target must have a heading with that id. A site of
 * `count` pages is checked in one pass per `perPass` pages (see
 * {@link LINK_CHECK_PAGES}), and each pass reads the pages three times from
 * `pages` (the index stage's link spill): for the URLs that exist and the
 * pages linked to with a fragment, for those pages' heading ids, and for the
 * links. Memory holds a pass's share of the site's URLs and of the headings
 * of pages linked to with a fragment, never every page's links and headings.
 */
export async function checkLinks(
  pages: () => AsyncIterable<PageLinkFacts>,
  mode: LinkMode,
  report: (problem: Diagnostic) => void,
  { count = 0, perPass = LINK_CHECK_PAGES }: { count?: number; perPass?: number } = {},
): Promise<void> {
  const passes = Math.max(1, Math.ceil(count / perPass));
  for (let pass = 0; pass < passes; pass++) await checkShare(pages, mode, report, (url) => passes === 1 || keyHash(url) % passes === pass);
}

/** One pass of {@link checkLinks}: the links whose target URL is `mine`. */
async function checkShare(
  pages: () => AsyncIterable<PageLinkFacts>,
  mode: LinkMode,
  report: (problem: Diagnostic) => void,
  mine: (url: string) => boolean,
): Promise<void> {
  const urls = new Set<string>();
  // A page that failed has its own error; its headings are unknown, so links into it are not judged.
  const failed = new Set<string>();
  const wanted = new Set<string>();
  for await (const page of pages()) {
    if (mine(page.url)) {
      urls.add(page.url);
      if (page.failed) failed.add(page.url);
    }
    for (const link of page.links) {
      const to = targetOf(link);
      if (to?.hash && mine(to.target)) wanted.add(to.target);
    }
  }
  const anchors = new Map<string, Set<string>>();
  for await (const { url, headingIds } of pages()) if (wanted.has(url)) anchors.set(url, new Set(headingIds));
  for await (const page of pages()) {
    for (const link of page.links) {
      const to = targetOf(link);
      if (!to || !mine(to.target) || failed.has(to.target)) continue;
      const place = { file: page.path, line: link.line, column: link.column, fatal: mode === "error" };
      if (!urls.has(to.target)) {
        report(diagnostic("broken-link", { url: link.url }, place));
      } else if (to.hash && !anchors.get(to.target)?.has(safeDecode(to.hash))) {
        report(diagnostic("broken-anchor", { url: link.url, target: to.target, hash: to.hash, headings: [...(anchors.get(to.target) ?? [])] }, place));
      }
    }
  }
}

/**
 * Indexes parsed pages (pure): builds the tree, orders it, checks for
 * duplicate URLs, and returns the pages in site order. Links are checked
 * apart, from the link spill (see {@link checkLinks}).
 */
export function indexContent<P extends IndexablePage>(pages: readonly P[], options: { rootPath: string; settings: Settings }): IndexContentResult<P> {
  const root = buildTree(
    pages.filter((page) => !page.failed).map(({ entry }) => ({ relative: entry.path.slice(options.rootPath.length + 1), entry })),
    options.rootPath,
    options.settings.sections,
  );
  const byEntry = new Map(pages.map((page) => [page.entry, page]));
  const ordered = pagesOf(root).map((entry) => byEntry.get(entry)!);
  return { root, pages: ordered, diagnostics: duplicateUrls(pages) };
}

/** A changed path as the index stage sees it: where it lies, and what is there now ("unknown" when it could not be looked at). */
export interface PathChange {
  /** The path under the content folder, with `/`; "" for the content folder itself or a folder above it; undefined outside it. */
  relative?: string;
  now: "file" | "folder" | "link" | "other" | "gone" | "unknown";
}

/** True for a path the content folder's listing leaves out, and everything below it: hidden (`.git`, `.drafts/`) or under `node_modules`. */
const unlisted = (relative: string) => relative.split("/").some((segment) => segment.startsWith(".") || segment === "node_modules");

/** True for a path under the content folder that the listing (`**\/*.{md,mdx}`, hidden and `node_modules` left out) finds when it is a file. */
export const isPagePath = (relative: string) => /\.mdx?$/.test(relative) && !unlisted(relative);

/**
 * The page files after a list of changes to those an earlier listing found
 * (pure), in path order, with the ones to look at again; undefined when the
 * changes cannot say: the content folder or a folder in it made, renamed or
 * replaced (its files are not named one by one), a link (what it leads to
 * changes unheard), or a path that could not be looked at. A path gone, or no
 * longer a file, that held pages the changes do not name is a folder that went.
 */
export function pagesAfterChanges(previous: Iterable<string>, changes: readonly PathChange[]): { relatives: string[]; changed: Set<string> } | undefined {
  const pages = new Set(previous);
  const changed = new Set<string>();
  const others: string[] = [];
  for (const { relative, now } of changes) {
    if (relative === undefined || (relative !== "" && unlisted(relative))) continue;
    if (relative === "" || now === "folder" || now === "link" || now === "unknown") return undefined;
    if (now === "file" && isPagePath(relative)) {
      pages.add(relative);
      changed.add(relative);
    } else {
      pages.delete(relative);
      others.push(relative);
    }
  }
  // Once every change is applied: pages removed one by one, then their folder, are all named.
  for (const relative of others) for (const page of pages) if (page.startsWith(`${relative}/`)) return undefined;
  return { relatives: [...pages].sort(), changed };
}
