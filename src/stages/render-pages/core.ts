import { SEARCH_INDEX_PATH } from "../../shared/search/index-format.ts";
import type { Settings } from "../../config.ts";
import { blogDate, isPrintable, pagesOf } from "../../shared/content-rules.ts";
import type { Anchor, DirectoryEntry, PageEntry, PageSummary } from "../../shared/content-types.ts";
import type { BlogPostSummary, Contributor, LinkItem, PageData, SectionAnchors, SidebarItem, SiteData } from "../../shared/page-data.ts";
import type { SponsorData } from "../../shared/sponsors.ts";
import { APP_SHELL_URL, STACKBLITZ_BASE } from "../../shared/constants.ts";
import type { VoteData } from "../../shared/vote-types.ts";

/** Sections that have a combined printable page. */
export const PRINTABLE_SECTIONS = ["api", "concepts", "configuration", "contribute", "guides", "loaders", "migrate", "plugins"];

/** The words the landing hero rotates through. */
export const HERO_WORDS = ["assets", "scripts", "images", "styles"];

/**
 * Where a planned file's body comes from: nothing (generated screens), one
 * page's stored body, or the bodies of a section's pages one after another
 * (its combined printable page). Bodies are read only when the file is rendered.
 */
export type PlanBody = { kind: "none" } | { kind: "page"; page: PageSummary } | { kind: "printable"; members: PageSummary[] };

/** One HTML file to render: where it goes, its data, and where its body comes from. */
export interface PagePlan {
  outPath: string;
  data: PageData;
  body: PlanBody;
  /** A hash of the body ("" when there is none). */
  bodyHash: string;
  canonical: string;
  robots: string;
  /** Hash redirects that start on this page. */
  redirects: Array<{ from: string; to: string }>;
}

/** Inputs of `planPages`. */
export interface PlanOptions {
  root: DirectoryEntry;
  pages: readonly PageSummary[];
  contributors: Record<string, Contributor[]>;
  settings: Settings;
  /** The validated sponsors file, or null when there is none. */
  sponsors: SponsorData | null;
  /** The validated vote topics file, or null when there is none. */
  vote: VoteData | null;
  /** The URL of each section's anchors file, by section name; a section without one has no entry. */
  anchorFiles?: ReadonlyMap<string, string>;
  /** The URL of the vote board's stylesheet, from the client bundle. Default "". */
  voteStylesheet?: string;
}

const NO_BODY: PlanBody = { kind: "none" };

/** Where the HTML of a URL is written: `/a/b/` → `a/b/index.html`. */
export function outPathOf(url: string): string {
  return url === "/" ? "index.html" : `${url.slice(1)}index.html`;
}

/** The top-level section of a URL (`/guides/caching/` → `guides`), or "". */
export function sectionOf(url: string): string {
  return url.split("/")[1] ?? "";
}

function titleOfFolder(folder: DirectoryEntry): string {
  const index = folder.children.find((c): c is PageEntry => c.type === "file" && c.url === folder.url);
  return index?.title ?? folder.name.charAt(0).toUpperCase() + folder.name.slice(1);
}

/** The headings a sidebar item shows: levels 2 and 3. */
function sidebarAnchorsOf(page: PageEntry) {
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

const pageItem = (page: PageEntry): SidebarItem => ({ url: page.url, title: page.title, anchors: [], hasAnchors: sidebarAnchorsOf(page).length > 0, group: page.group });

/** The sidebar of a section (pure): its pages in order, printable pages left out, nested folders as collapsed groups, no item's anchors filled in. */
export function sidebarFor(folder: DirectoryEntry | undefined): SectionSidebar {
  const folders = new Map<string, SidebarItem[]>();
  const items: SidebarItem[] = [];
  for (const child of folder?.children ?? []) {
    if (child.type === "file") {
      if (!isPrintable(child)) items.push(pageItem(child));
      continue;
    }
    const pages = pagesOf(child).filter((page) => !isPrintable(page)).map(pageItem);
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

/** Site-wide data from the settings and the top-level folders of the index. */
export function siteData(settings: Settings, root: DirectoryEntry): SiteData {
  return {
    name: settings.name,
    baseUrl: settings.baseUrl,
    repository: settings.repository,
    languages: settings.languages.map((l) => ({ ...l })),
    versions: [...settings.versions],
    currentVersion: settings.defaultVersion,
    links: { ...settings.links },
    analyticsId: settings.analytics.trackingId,
    search:
      settings.search.provider === "docsearch"
        ? { provider: "docsearch", appId: settings.search.appId, apiKey: settings.search.apiKey, indexName: settings.search.indexName }
        : { provider: "local", indexUrl: `/${SEARCH_INDEX_PATH}` },
    sections: root.children
      .filter((c): c is DirectoryEntry => c.type === "directory" && c.url !== "/blog/")
      .map((folder) => ({ url: folder.url, title: titleOfFolder(folder) })),
  };
}

/**
 * Plans every HTML file of the site (pure): one per page of the index (the
 * landing page at `/`), a generated index for folders without one, the
 * not-found page and the app shell, each with the data its template needs.
 */
export function planPages({ root, pages, contributors, settings, sponsors, vote, anchorFiles = new Map(), voteStylesheet = "" }: PlanOptions): PagePlan[] {
  const site = siteData(settings, root);
  const folders = new Map<string, DirectoryEntry>();
  const walk = (folder: DirectoryEntry) => {
    folders.set(folder.url, folder);
    folder.children.forEach((c) => c.type === "directory" && walk(c));
  };
  walk(root);
  // One sidebar array per section, shared by its pages (later steps key caches on it).
  const sidebars = new Map<string, SectionSidebar>();
  const sidebarOf = (section: string): SectionSidebar => {
    let found = sidebars.get(section);
    if (!found) sidebars.set(section, (found = sidebarFor(folders.get(`/${section}/`))));
    return found;
  };
  const urls = new Set(pages.map((p) => p.entry.url));
  const byUrl = new Map(pages.map((p) => [p.entry.url, p]));
  const posts: BlogPostSummary[] = pages
    .filter((p) => p.entry.url.startsWith("/blog/") && p.entry.url !== "/blog/" && !isPrintable(p.entry))
    .map((p) => ({ url: p.entry.url, title: p.entry.title, date: blogDate(p.entry.name), teaser: p.teaser }));
  const chain = pages.map((p) => p.entry).filter((e) => e.url !== "/" && !isPrintable(e));
  const position = new Map(chain.map((e, i) => [e.url, i]));
  const link = (e: PageEntry | undefined): LinkItem | null => (e ? { url: e.url, title: e.title } : null);
  const base = (url: string, title: string, description: string) => ({
    url,
    title,
    description: description || settings.description,
    site,
    sidebar: sidebarAt(sidebarOf(sectionOf(url)), url),
    sidebarAnchors: anchorFiles.get(sectionOf(url)) ?? "",
    page: null,
    children: [],
    hero: { words: HERO_WORDS },
    posts: url === "/blog/" ? posts : [],
    sponsors: null,
    vote: null,
  });
  // Sections that get a combined printable page: those with pages, unless the content has its own.
  const printable = PRINTABLE_SECTIONS.filter((section) => folders.has(`/${section}/`) && !urls.has(`/${section}/printable/`));
  for (const section of printable) urls.add(`/${section}/printable/`);
  const plans: PagePlan[] = pages.map((processed) => {
    const entry = processed.entry;
    const i = position.get(entry.url);
    const landing = entry.url === "/";
    const section = sectionOf(entry.url);
    const printUrl = `/${section}/printable/`;
    const data: PageData = {
      ...base(entry.url, landing ? settings.name : isPrintable(entry) ? `Combined printable page | ${settings.name}` : `${entry.title} | ${settings.name}`, entry.description),
      kind: landing ? "landing" : "doc",
      sidebar: landing ? [] : sidebarAt(sidebarOf(section), entry.url, sidebarAnchorsOf(entry)),
      ...(landing ? { sidebarAnchors: "" } : {}),
      sponsors: landing && sponsors ? { data: sponsors, thresholds: settings.sponsors.thresholds, latest: settings.sponsors.latest } : null,
      page: {
        title: entry.title,
        url: entry.url,
        date: section === "blog" ? blogDate(entry.name) : "",
        contributors: contributors[entry.url] ?? [],
        related: entry.related,
        previous: i === undefined ? null : link(chain[i - 1]),
        next: i === undefined ? null : link(chain[i + 1]),
        thirdParty: entry.thirdParty,
        edit: entry.edit,
        path: entry.path,
        repo: entry.repo,
        printUrl: PRINTABLE_SECTIONS.includes(section) && urls.has(printUrl) ? printUrl : "",
        stackBlitz: processed.stackBlitz ? `${STACKBLITZ_BASE}${processed.stackBlitz}` : "",
      },
    };
    const robots = isPrintable(entry) ? "noindex,nofollow" : "";
    const redirects = settings.redirects.filter((r) => r.from.startsWith(`${entry.url}#`));
    return { outPath: outPathOf(entry.url), data, body: { kind: "page", page: processed }, bodyHash: processed.bodyHash, canonical: `${settings.baseUrl}${entry.url}`, robots, redirects };
  });
  for (const folder of folders.values()) {
    if (urls.has(folder.url)) continue;
    const title = titleOfFolder(folder);
    const children = pagesOf(folder).filter((e) => !isPrintable(e)).map((e) => ({ url: e.url, title: e.title }));
    const data: PageData = { ...base(folder.url, `${title} | ${settings.name}`, ""), kind: "section", children };
    plans.push({ outPath: outPathOf(folder.url), data, body: NO_BODY, bodyHash: "", canonical: `${settings.baseUrl}${folder.url}`, robots: "", redirects: [] });
  }
  for (const section of printable) {
    const url = `/${section}/printable/`;
    const members = pagesOf(folders.get(`/${section}/`)!).filter((e) => !isPrintable(e)).map((e) => byUrl.get(e.url)!);
    const data: PageData = { ...base(url, `Combined printable page | ${settings.name}`, ""), kind: "printable", sidebar: [], sidebarAnchors: "" };
    const bodyHash = members.map((m) => `${m.entry.url}\0${m.entry.title}\0${m.bodyHash}`).join("\0");
    plans.push({ outPath: outPathOf(url), data, body: { kind: "printable", members }, bodyHash, canonical: `${settings.baseUrl}${url}`, robots: "noindex,nofollow", redirects: [] });
  }
  if (vote && !urls.has("/vote/")) {
    const data: PageData = {
      ...base("/vote/", `Vote | ${settings.name}`, "Vote on the webpack features and documentation topics you care about."),
      kind: "vote",
      vote: { topics: vote.topics, stylesheet: voteStylesheet },
    };
    plans.push({ outPath: outPathOf("/vote/"), data, body: NO_BODY, bodyHash: "", canonical: `${settings.baseUrl}/vote/`, robots: "", redirects: [] });
  }
  plans.push(
    { outPath: "404.html", data: { ...base("/404/", `Page Not Found | ${settings.name}`, ""), kind: "not-found", sidebar: [], sidebarAnchors: "" }, body: NO_BODY, bodyHash: "", canonical: "", robots: "noindex", redirects: [] },
    { outPath: `${APP_SHELL_URL.slice(1)}index.html`, data: { ...base(APP_SHELL_URL, settings.name, ""), kind: "app-shell", sidebar: [], sidebarAnchors: "" }, body: NO_BODY, bodyHash: "", canonical: "", robots: "noindex", redirects: [] },
  );
  return plans;
}
