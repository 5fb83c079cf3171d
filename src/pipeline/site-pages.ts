import { onWalk, pagesOf, sectionsFrom, titleOfFolder, type SiteSections } from "../shared/content-rules.ts";
import type { ContentEntry, DirectoryEntry, PageSummary } from "../shared/content-types.ts";
import type { LinkItem } from "../shared/page-data.ts";

/**
 * One top-level part of the site, in site order: a top-level folder with
 * everything under it, or one page at the content folder's root. What the
 * build keeps of a part in memory is the same size however many pages it
 * holds; its pages are read back with {@link SitePages.load}.
 */
export interface SitePart {
  /** The folder's URL (`/guides/`), or the root page's. */
  url: string;
  /** The top-level folder with its children left out; undefined for a page at the root. */
  folder?: DirectoryEntry;
  /** The folder's title (its index page's, else its name capitalised), or the root page's title. */
  title: string;
  /** How many pages the part holds. */
  count: number;
  /** True when a page of the part sits at the part's own URL (the folder's index page, or the root page itself). */
  ownPage: boolean;
  /** The part's first and last pages on the walk of previous and next links, if any (see `onWalk` in the content rules). */
  firstWalk?: LinkItem;
  lastWalk?: LinkItem;
}

/** A part read back: its folder with its whole tree (none for a root page) and its pages in site order. */
export interface LoadedPart {
  folder?: DirectoryEntry;
  pages: PageSummary[];
}

/**
 * The content index as later stages read it: the content folder down to its
 * top-level entries, and each top-level part's pages, read a part at a time.
 * The index stage keeps the pages' summaries on disk, so what a build holds
 * in memory grows with its top-level folders, never with its pages.
 */
export interface SitePages {
  /** The content folder with its top-level folders (children left out) and its root pages, in site order. */
  top: DirectoryEntry;
  /** The top-level parts, in site order (the order of `top`'s children). */
  parts: readonly SitePart[];
  /** How many pages the site has. */
  count: number;
  /** Reads one part's folder tree and pages; every call reads them afresh, so nothing stays in memory after use. */
  load(part: SitePart): Promise<LoadedPart>;
}

/**
 * The whole content tree and every page, in memory at once: for `docs-build
 * index`, which prints the tree, and for tests of small sites.
 */
export async function loadWholeSite(site: SitePages): Promise<{ root: DirectoryEntry; pages: PageSummary[] }> {
  const pages: PageSummary[] = [];
  const children: ContentEntry[] = [];
  for (const part of site.parts) {
    const loaded = await site.load(part);
    pages.push(...loaded.pages);
    children.push(loaded.folder ?? loaded.pages[0].entry);
  }
  return { root: { ...site.top, children }, pages };
}

const linkOf = (page: PageSummary | undefined): LinkItem | undefined => (page ? { url: page.entry.url, title: page.entry.title } : undefined);

/** What the build keeps of a top-level entry of the index (pure): a folder, its children left out, or a root page; `pages` are the part's pages in site order. */
export function describePart(entry: ContentEntry, pages: readonly PageSummary[]): SitePart {
  const walk = pages.filter((page) => onWalk(page.entry));
  const ends = { firstWalk: linkOf(walk[0]), lastWalk: linkOf(walk[walk.length - 1]) };
  const ownPage = pages.some((page) => page.entry.url === entry.url);
  if (entry.type === "file") return { url: entry.url, title: entry.title, count: pages.length, ownPage, ...ends };
  return { url: entry.url, folder: { ...entry, children: [] }, title: titleOfFolder(entry), count: pages.length, ownPage, ...ends };
}

/** A site held in memory (pure): the content index's tree and its pages in site order, cut into parts as the index stage cuts them; for tests and small tools. */
export function memorySite(root: DirectoryEntry, pages: readonly PageSummary[]): SitePages {
  const byEntry = new Map(pages.map((page) => [page.entry, page]));
  const loaded = root.children.map((child) => ({
    folder: child.type === "directory" ? child : undefined,
    pages: (child.type === "directory" ? pagesOf(child) : [child]).flatMap((entry) => byEntry.get(entry) ?? []),
  }));
  const parts = root.children.map((child, i) => describePart(child, loaded[i].pages));
  const top = { ...root, children: parts.map((part, i) => part.folder ?? root.children[i]) };
  return {
    top,
    parts,
    count: pages.length,
    async load(part) {
      const at = parts.indexOf(part);
      if (at === -1) throw new Error(`${part.url} is not a part of this site`);
      return loaded[at];
    },
  };
}

/** The URLs of the pages under the named top-level folders (`loaders`, `plugins`), read from those parts alone. */
export async function urlsUnder(site: SitePages, folders: readonly string[]): Promise<Set<string>> {
  const urls = new Set<string>();
  for (const part of site.parts)
    if (part.folder && folders.includes(part.folder.name)) for (const page of (await site.load(part)).pages) urls.add(page.entry.url);
  return urls;
}

/**
 * The site's sections from its parts alone (pure), as `sectionFolders` and
 * `sectionNamer` find them from every page: a top-level folder is a section
 * when some page lies below its own URL, and is titled by the page at its URL.
 */
export function partSections(parts: readonly SitePart[]): SiteSections {
  const titles = new Map<string, string>();
  const folders = new Set<string>();
  for (const part of parts) {
    if (part.folder && part.count > (part.ownPage ? 1 : 0)) folders.add(part.folder.name);
    if (part.ownPage) titles.set(part.url, part.title);
  }
  return sectionsFrom(folders, titles);
}

/** Every page of the site that `keep` accepts, in site order, read a part at a time. */
export async function* pagesWhere(site: SitePages, keep: (page: PageSummary) => boolean, parts = site.parts): AsyncGenerator<PageSummary> {
  for (const part of parts) for (const page of (await site.load(part)).pages) if (keep(page)) yield page;
}

/** The items in runs of `size`, the last maybe shorter. */
export async function* inRuns<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let run: T[] = [];
  for await (const item of items) {
    run.push(item);
    if (run.length === size) {
      yield run;
      run = [];
    }
  }
  if (run.length > 0) yield run;
}
