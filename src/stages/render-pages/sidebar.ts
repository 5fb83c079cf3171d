import { isPrintable, pagesOf, sidebarAnchorsOf, titleOfFolder } from "../../shared/content-rules.ts";
import type { Anchor, DirectoryEntry, PageEntry } from "../../shared/content-types.ts";
import type { SectionAnchors, SidebarItem } from "../../shared/page-data.ts";

/** One entry of a section's sidebar before it becomes an item: one of its own pages, or a nested folder with all the pages under it. */
type SidebarEntry = { page: PageEntry } | { folder: DirectoryEntry; pages: PageEntry[] };

/**
 * What a section's sidebar lists, in order (pure): its own pages, and each
 * nested folder with every page under it, however deep (deeper folders are
 * not items of their own); printable pages and folders without another page
 * are left out. Both the sidebar and its anchors files are cut from this.
 */
function sidebarEntries(section: DirectoryEntry | undefined): SidebarEntry[] {
  const entries: SidebarEntry[] = [];
  for (const child of section?.children ?? []) {
    if (child.type === "file") {
      if (!isPrintable(child)) entries.push({ page: child });
      continue;
    }
    const pages = pagesOf(child).filter((page) => !isPrintable(page));
    if (pages.length) entries.push({ folder: child, pages });
  }
  return entries;
}

/**
 * A section's sidebar: its own pages and one collapsed item per nested folder
 * (`items`, shared by every page of the section), and each nested folder's
 * pages and anchors file by the folder's URL, for the pages inside it. A
 * page's sidebar thus grows with the section's own pages and folders plus its
 * own folder's pages, never with every page of a large section.
 */
export interface SectionSidebar {
  items: SidebarItem[];
  folders: ReadonlyMap<string, { pages: SidebarItem[]; anchorsFile: string }>;
}

const pageItem = (page: PageEntry): SidebarItem => ({
  url: page.url,
  title: page.title,
  anchors: [],
  // A page summary's entry counts its headings; their list waits in the body store.
  hasAnchors: (page.sidebarAnchors ?? sidebarAnchorsOf(page).length) > 0,
  group: page.group,
});

/**
 * The sidebar of a section (pure): its pages in order, printable pages left
 * out, nested folders as collapsed groups, no item's anchors filled in.
 * `anchorFiles` gives each folder's anchors file by folder URL (default none).
 */
export function sidebarFor(section: DirectoryEntry | undefined, anchorFiles: ReadonlyMap<string, string> = new Map()): SectionSidebar {
  const folders = new Map<string, { pages: SidebarItem[]; anchorsFile: string }>();
  const items = sidebarEntries(section).map((entry): SidebarItem => {
    if ("page" in entry) return pageItem(entry.page);
    const { folder, pages } = entry;
    folders.set(folder.url, { pages: pages.map(pageItem), anchorsFile: anchorFiles.get(folder.url) ?? "" });
    return { url: folder.url, title: titleOfFolder(folder), anchors: [], hasAnchors: false, group: "", pages: pages.length };
  });
  return { items, folders };
}

/**
 * A section's sidebar as the page at `url` sees it (pure): the shared items,
 * with the folder holding the page opened to its pages and given its anchors
 * file, and the current page's `anchors` filled in; every other item stays shared.
 */
export function sidebarAt(sidebar: SectionSidebar, url: string, anchors: readonly Anchor[] = []): SidebarItem[] {
  const items = sidebar.items.map((item) => {
    const folder = item.pages === undefined ? undefined : sidebar.folders.get(item.url);
    if (!folder || !url.startsWith(item.url)) return item;
    return { ...item, children: folder.pages, anchorsFile: folder.anchorsFile };
  });
  // Unchanged, the shared array itself: later steps hash each distinct sidebar once.
  const opened = items.every((item, i) => item === sidebar.items[i]) ? sidebar.items : items;
  return anchors.length ? withCurrentAnchors(opened, url, anchors) : opened;
}

/**
 * The items with the page at `url` given its sidebar `anchors` (pure): a page
 * is planned from its summary, whose headings wait in the body store, and
 * gets them when it is rendered. Items that do not change are kept.
 */
export function withCurrentAnchors(items: SidebarItem[], url: string, anchors: readonly Anchor[]): SidebarItem[] {
  return items.map((item) => {
    if (item.url === url && item.hasAnchors) return { ...item, anchors: [...anchors] };
    return item.children && url.startsWith(item.url) ? { ...item, children: withCurrentAnchors(item.children, url, anchors) } : item;
  });
}

/**
 * The pages of one anchors file: a section's own sidebar pages (`url` is the
 * section's), or one nested folder's (`url` is the folder's), with their
 * headings of levels 2 and 3 by page URL.
 */
export interface AnchorGroup {
  url: string;
  anchors: SectionAnchors;
}

const anchorsOf = (pages: readonly PageEntry[]): SectionAnchors => {
  const out: SectionAnchors = {};
  for (const page of pages) {
    const anchors = sidebarAnchorsOf(page);
    if (anchors.length) out[page.url] = anchors;
  }
  return out;
};

/**
 * The anchors files of a section (pure): one for its own pages, first, and
 * one per nested folder its sidebar shows, each holding what that folder's
 * item lists. Opening any item thus loads at most one folder's worth of anchors.
 */
export function anchorGroups(section: DirectoryEntry): AnchorGroup[] {
  const entries = sidebarEntries(section);
  const own = entries.flatMap((entry) => ("page" in entry ? [entry.page] : []));
  const folders = entries.flatMap((entry) => ("folder" in entry ? [{ url: entry.folder.url, anchors: anchorsOf(entry.pages) }] : []));
  return [{ url: section.url, anchors: anchorsOf(own) }, ...folders];
}
