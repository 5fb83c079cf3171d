import type { Settings } from "../../config.ts";
import { diagnostic, type Diagnostic } from "../../diagnostics.ts";
import type { LinkMode } from "../../context.ts";
import { blogDate, pagesOf } from "../../shared/content-rules.ts";
import type { ContentEntry, DirectoryEntry, PageEntry, PageSummary } from "../../shared/content-types.ts";

/** What indexing needs of a page: its entry, its links and heading ids, and whether it failed. */
export type IndexablePage = Pick<PageSummary, "entry" | "links" | "headingIds" | "failed">;

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

/** Builds the tree of directory and page entries from pages keyed by their path under the content folder. */
function buildTree(pages: Array<{ relative: string; entry: PageEntry }>, rootPath: string, sections: readonly string[]): DirectoryEntry {
  const root: DirectoryEntry = { path: rootPath, name: rootPath.split("/").pop() || rootPath, children: [], size: 0, type: "directory", url: "/" };
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

/**
 * Checks every internal link: the target page must exist and, when the link
 * has a fragment, the target must have a heading with that id. Links to files
 * with an extension (images, downloads) are left alone.
 */
function checkLinks(pages: readonly IndexablePage[], mode: LinkMode): Diagnostic[] {
  const anchors = new Map<string, Set<string>>();
  // A page that failed has its own error; its headings are unknown, so links into it are not judged.
  const failed = new Set(pages.filter((page) => page.failed).map((page) => page.entry.url));
  for (const { entry, headingIds } of pages) anchors.set(entry.url, new Set(headingIds));
  const out: Diagnostic[] = [];
  for (const { entry, links } of pages) {
    for (const link of links) {
      const [rawPath, hash = ""] = link.url.split("#");
      if (/\.[a-z0-9]+$/i.test(rawPath)) continue;
      const target = rawPath.endsWith("/") ? rawPath : `${rawPath}/`;
      const ids = anchors.get(target);
      if (failed.has(target)) continue;
      const place = { file: entry.path, line: link.line, column: link.column, fatal: mode === "error" };
      if (!ids) {
        out.push(diagnostic("broken-link", { url: link.url }, place));
      } else if (hash && !ids.has(safeDecode(hash))) {
        out.push(diagnostic("broken-anchor", { url: link.url, target, hash, headings: [...ids] }, place));
      }
    }
  }
  return out;
}

/**
 * Indexes parsed pages (pure): builds the tree, orders it, checks for
 * duplicate URLs and broken links, and returns the pages in site order.
 */
export function indexContent<P extends IndexablePage>(
  pages: readonly P[],
  options: { rootPath: string; settings: Settings; links: LinkMode },
): IndexContentResult<P> {
  const root = buildTree(
    pages.filter((page) => !page.failed).map(({ entry }) => ({ relative: entry.path.slice(options.rootPath.length + 1), entry })),
    options.rootPath,
    options.settings.sections,
  );
  const byEntry = new Map(pages.map((page) => [page.entry, page]));
  const ordered = pagesOf(root).map((entry) => byEntry.get(entry)!);
  return { root, pages: ordered, diagnostics: [...duplicateUrls(pages), ...checkLinks(pages, options.links)] };
}
