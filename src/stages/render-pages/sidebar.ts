import { isPrintable, pagesOf } from "../../shared/content-rules.ts";
import type { Anchor, DirectoryEntry, PageEntry } from "../../shared/content-types.ts";
import type { SectionAnchors, SidebarItem } from "../../shared/page-data.ts";

/** A folder's title: its index page's, else its name capitalised. */
export function titleOfFolder(folder: DirectoryEntry): string {
  const index = folder.children.find((c): c is PageEntry => c.type === "file" && c.url === folder.url);
  return index?.title ?? folder.name.charAt(0).toUpperCase() + folder.name.slice(1);
}

/** The headings a sidebar item shows: levels 2 and 3. */
export function sidebarAnchorsOf(page: PageEntry) {
  return page.anchors.filter((a) => a.level === 2 || a.level === 3);
}

/**
 * A section's sidebar: its own pages and one collapsed item per nested folder
 * (`items`, shared by every page of the section), and each nested folder's
 * pages by the folder's URL, for the pages inside it. A page's sidebar thus
 * grows with the section's own pages and folders plus its own folder's pages,
 * never with every page of a large section.
 */
export interface SectionSidebar {
  items: SidebarItem[];
  folders: ReadonlyMap<string, SidebarItem[]>;
}

const pageItem = (page: PageEntry): SidebarItem => ({
  url: page.url,
  title: page.title,
  anchors: [],
  hasAnchors: sidebarAnchorsOf(page).length > 0,
  group: page.group,
});

/** The sidebar of a section (pure): its pages in order, printable pages left out, nested folders as collapsed groups, no item's anchors filled in. */
export function sidebarFor(folder: DirectoryEntry | undefined): SectionSidebar {
  const folders = new Map<string, SidebarItem[]>();
  const items: SidebarItem[] = [];
  for (const child of folder?.children ?? []) {
    if (child.type === "file") {
      if (!isPrintable(child)) items.push(pageItem(child));
      continue;
    }
    const pages = pagesOf(child)
      .filter((page) => !isPrintable(page))
      .map(pageItem);
    if (pages.length === 0) continue;
    folders.set(child.url, pages);
    items.push({ url: child.url, title: titleOfFolder(child), anchors: [], hasAnchors: false, group: "", pages: pages.length });
  }
  return { items, folders };
}

/**
 * A section's sidebar as the page at `url` sees it (pure): the shared items,
 * with the folder holding the page opened to its pages, and the current
 * page's `anchors` filled in; every other item stays shared.
 */
export function sidebarAt(sidebar: SectionSidebar, url: string, anchors: readonly Anchor[] = []): SidebarItem[] {
  const current = (item: SidebarItem) => (item.url === url && item.hasAnchors ? { ...item, anchors: [...anchors] } : item);
  const items = sidebar.items.map((item) => {
    if (item.pages === undefined) return current(item);
    if (!url.startsWith(item.url)) return item;
    return { ...item, children: (sidebar.folders.get(item.url) ?? []).map(current) };
  });
  // Unchanged, the shared array itself: later steps hash each distinct sidebar once.
  return items.every((item, i) => item === sidebar.items[i]) ? sidebar.items : items;
}

/** The anchors file of a section (pure): every sidebar page's headings of levels 2 and 3, by URL. */
export function sectionAnchors(folder: DirectoryEntry): SectionAnchors {
  const out: SectionAnchors = {};
  for (const page of pagesOf(folder)) {
    const anchors = sidebarAnchorsOf(page);
    if (!isPrintable(page) && anchors.length) out[page.url] = anchors;
  }
  return out;
}
