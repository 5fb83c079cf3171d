import { SEARCH_INDEX_PATH } from "../../shared/search/split-format.ts";
import type { Settings } from "../../config.ts";
import { BLOG_URL, blogPosts, isPrintable, pagesOf, postDay } from "../../shared/content-rules.ts";
import type { DirectoryEntry, PageEntry, PageSummary } from "../../shared/content-types.ts";
import type { Contributor, DocPageProps, LinkItem, PageData, SiteData } from "../../shared/page-data.ts";
import type { SponsorData } from "../../shared/sponsors.ts";
import { APP_SHELL_URL, STACKBLITZ_BASE } from "../../shared/constants.ts";
import type { VoteData } from "../../shared/vote-types.ts";
import { sidebarAt, sidebarFor, titleOfFolder, type SectionSidebar } from "./sidebar.ts";

/** Sections that have a combined printable page. */
const PRINTABLE_SECTIONS = ["api", "concepts", "configuration", "contribute", "guides", "loaders", "migrate", "plugins"];

/** The words the landing hero rotates through. */
const HERO_WORDS = ["assets", "scripts", "images", "styles"];

/**
 * Where a planned file's body comes from: nothing (generated screens), one
 * page's stored body, or the bodies of a section's pages one after another
 * (its combined printable page). Bodies are read only when the file is rendered.
 */
type PlanBody = { kind: "none" } | { kind: "page"; page: PageSummary } | { kind: "printable"; members: PageSummary[] };

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
  /** The URL of each anchors file, by the URL of the section or nested folder whose pages it holds; one without a file has no entry. */
  anchorFiles?: ReadonlyMap<string, string>;
  /** The day each page last changed (`YYYY-MM-DD`), by URL; a page without one shows no date. Default none. */
  dates?: ReadonlyMap<string, string>;
  /** The URL of the vote board's stylesheet, from the client bundle. Default "". */
  voteStylesheet?: string;
}

const NO_BODY: PlanBody = { kind: "none" };

/** Where the HTML of a URL is written: `/a/b/` → `a/b/index.html`. */
function outPathOf(url: string): string {
  return url === "/" ? "index.html" : `${url.slice(1)}index.html`;
}

/** The top-level section of a URL (`/guides/caching/` → `guides`), or "". */
export function sectionOf(url: string): string {
  return url.split("/")[1] ?? "";
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
    sections: subNavigation(settings.sections, root),
  };
}

/**
 * The sub-navigation's sections: the top-level folders named in `sections`,
 * in that order, but the blog. Folders the config does not name are left
 * out, so the site data every page carries stays the same size however many
 * top-level folders a site has (a site of 4,000 of them would otherwise add
 * some 300 KB to each page's HTML and data).
 */
function subNavigation(sections: readonly string[], root: DirectoryEntry): SiteData["sections"] {
  const folders = new Map<string, DirectoryEntry>();
  for (const c of root.children) if (c.type === "directory") folders.set(c.name, c);
  return sections.flatMap((name) => {
    const folder = folders.get(name);
    return folder && folder.url !== "/blog/" ? [{ url: folder.url, title: titleOfFolder(folder) }] : [];
  });
}

/** What every kind of page starts from: all of `PageData` but its kind. */
type BaseData = Omit<PageData, "kind">;

/** What the planners of every page kind share, made once per site by `planPages`. */
interface SitePlanning {
  options: PlanOptions;
  /** Every folder of the index by URL, in site order. */
  folders: ReadonlyMap<string, DirectoryEntry>;
  /** The URLs that have a page: the content's, plus the generated printable pages'. */
  urls: ReadonlySet<string>;
  /** The sections that get a generated combined printable page. */
  printable: readonly string[];
  /** A section's sidebar, made once for a run of its pages and shared by them (later steps key caches on it). */
  sidebarOf(section: string): SectionSidebar;
  /** The data of a page at `url` before its kind adds its own. */
  base(url: string, title: string, description: string): BaseData;
}

/** A page's neighbours on the walk of previous and next links: every content page but the landing page and printable pages, in site order; none for pages off it. */
interface Neighbours {
  previous?: PageEntry;
  next?: PageEntry;
}

/** Gathers what the planners share (pure): folders, URLs, printable sections, sidebars and the base page data. */
function sitePlanning(options: PlanOptions): SitePlanning {
  const { root, pages, settings, anchorFiles = new Map<string, string>() } = options;
  const site = siteData(settings, root);
  const folders = new Map<string, DirectoryEntry>();
  const walk = (folder: DirectoryEntry) => {
    folders.set(folder.url, folder);
    for (const c of folder.children) if (c.type === "directory") walk(c);
  };
  walk(root);
  // Only the last section's sidebar is kept: pages come section by section, so memory holds one section's, never the site's.
  let last: { section: string; sidebar: SectionSidebar } | undefined;
  const sidebarOf = (section: string): SectionSidebar => {
    if (last?.section !== section) last = { section, sidebar: sidebarFor(folders.get(`/${section}/`), anchorFiles) };
    return last.sidebar;
  };
  const urls = new Set(pages.map((p) => p.entry.url));
  // Sections that get a combined printable page: those with pages, unless the content has its own.
  const printable = PRINTABLE_SECTIONS.filter((section) => folders.has(`/${section}/`) && !urls.has(`/${section}/printable/`));
  for (const section of printable) urls.add(`/${section}/printable/`);
  // The blog index lists exactly the posts the feeds carry, in the same order.
  const posts = blogPosts(pages);
  const base = (url: string, title: string, description: string): BaseData => ({
    url,
    title,
    description: description || settings.description,
    site,
    sidebar: sidebarAt(sidebarOf(sectionOf(url)), url),
    sidebarAnchors: anchorFiles.get(`/${sectionOf(url)}/`) ?? "",
    page: null,
    children: [],
    hero: { words: HERO_WORDS },
    posts: url === BLOG_URL ? posts : [],
    sponsors: null,
    vote: null,
  });
  return { options, folders, urls, printable, sidebarOf, base };
}

/** A generated page: no body of its own and no redirects. */
function generatedPlan(url: string, data: PageData, { canonical, robots }: Pick<PagePlan, "canonical" | "robots">): PagePlan {
  return { outPath: outPathOf(url), data, body: NO_BODY, bodyHash: "", canonical, robots, redirects: [] };
}

/** The plan of a page of the content around its data: its body, canonical URL, robots and the hash redirects starting on it. */
function contentPlan(planning: SitePlanning, processed: PageSummary, data: PageData): PagePlan {
  const { entry } = processed;
  const { settings } = planning.options;
  const robots = isPrintable(entry) ? "noindex,nofollow" : "";
  const redirects = settings.redirects.filter((r) => r.from.startsWith(`${entry.url}#`));
  return {
    outPath: outPathOf(entry.url),
    data,
    body: { kind: "page", page: processed },
    bodyHash: processed.bodyHash,
    canonical: `${settings.baseUrl}${entry.url}`,
    robots,
    redirects,
  };
}

/** The page props of a page of the content: its front matter's fields, contributors, neighbours, printable page and live preview. */
function docPageProps(planning: SitePlanning, processed: PageSummary, neighbours: Neighbours): DocPageProps {
  const { entry } = processed;
  const link = (e: PageEntry | undefined): LinkItem | null => (e ? { url: e.url, title: e.title } : null);
  const section = sectionOf(entry.url);
  const printUrl = `/${section}/printable/`;
  return {
    title: entry.title,
    url: entry.url,
    date: postDay(entry),
    updated: planning.options.dates?.get(entry.url) ?? "",
    contributors: planning.options.contributors[entry.url] ?? [],
    related: entry.related,
    previous: link(neighbours.previous),
    next: link(neighbours.next),
    thirdParty: entry.thirdParty,
    edit: entry.edit,
    path: entry.path,
    repo: entry.repo,
    printUrl: PRINTABLE_SECTIONS.includes(section) && planning.urls.has(printUrl) ? printUrl : "",
    stackBlitz: processed.stackBlitz ? `${STACKBLITZ_BASE}${processed.stackBlitz}` : "",
  };
}

/** The landing page (`/`): the site's name as title, no sidebar, and the sponsors section. */
function planLandingPage(planning: SitePlanning, processed: PageSummary, neighbours: Neighbours): PagePlan {
  const { settings, sponsors } = planning.options;
  const data: PageData = {
    ...planning.base("/", settings.name, processed.entry.description),
    kind: "landing",
    sidebar: [],
    sidebarAnchors: "",
    sponsors: sponsors ? { data: sponsors, thresholds: settings.sponsors.thresholds, latest: settings.sponsors.latest } : null,
    page: docPageProps(planning, processed, neighbours),
  };
  return contentPlan(planning, processed, data);
}

/** A documentation page (blog posts and the content's own printable pages too), with its section's sidebar opened at it. */
function planDocPage(planning: SitePlanning, processed: PageSummary, neighbours: Neighbours): PagePlan {
  const { entry } = processed;
  const { name } = planning.options.settings;
  const data: PageData = {
    ...planning.base(entry.url, isPrintable(entry) ? `Combined printable page | ${name}` : `${entry.title} | ${name}`, entry.description),
    kind: "doc",
    // Its own item's headings wait in the body store; rendering fills them in (see `withCurrentAnchors`).
    sidebar: sidebarAt(planning.sidebarOf(sectionOf(entry.url)), entry.url),
    page: docPageProps(planning, processed, neighbours),
  };
  return contentPlan(planning, processed, data);
}

/** The generated index of a folder without an index page: links to the folder's pages. */
function planSectionIndex(planning: SitePlanning, folder: DirectoryEntry): PagePlan {
  const { settings } = planning.options;
  const title = titleOfFolder(folder);
  const children = pagesOf(folder)
    .filter((e) => !isPrintable(e))
    .map((e) => ({ url: e.url, title: e.title }));
  const data: PageData = { ...planning.base(folder.url, `${title} | ${settings.name}`, ""), kind: "section", children };
  return generatedPlan(folder.url, data, { canonical: `${settings.baseUrl}${folder.url}`, robots: "" });
}

/** A section's combined printable page: its pages' bodies one after another, left out of search engines. */
function planPrintablePage(planning: SitePlanning, section: string, byUrl: ReadonlyMap<string, PageSummary>): PagePlan {
  const { settings } = planning.options;
  const url = `/${section}/printable/`;
  const members = pagesOf(planning.folders.get(`/${section}/`)!)
    .filter((e) => !isPrintable(e))
    .map((e) => byUrl.get(e.url)!);
  const data: PageData = { ...planning.base(url, `Combined printable page | ${settings.name}`, ""), kind: "printable", sidebar: [], sidebarAnchors: "" };
  const bodyHash = members.map((m) => `${m.entry.url}\0${m.entry.title}\0${m.bodyHash}`).join("\0");
  return {
    outPath: outPathOf(url),
    data,
    body: { kind: "printable", members },
    bodyHash,
    canonical: `${settings.baseUrl}${url}`,
    robots: "noindex,nofollow",
    redirects: [],
  };
}

/** The vote page, from the vote topics file, with the vote board's stylesheet. */
function planVotePage(planning: SitePlanning, vote: VoteData): PagePlan {
  const { settings, voteStylesheet = "" } = planning.options;
  const data: PageData = {
    ...planning.base("/vote/", `Vote | ${settings.name}`, "Vote on the webpack features and documentation topics you care about."),
    kind: "vote",
    vote: { topics: vote.topics, stylesheet: voteStylesheet },
  };
  return generatedPlan("/vote/", data, { canonical: `${settings.baseUrl}/vote/`, robots: "" });
}

/** The not-found page, written as `404.html` and left out of search engines. */
function planNotFoundPage(planning: SitePlanning): PagePlan {
  const data: PageData = {
    ...planning.base("/404/", `Page Not Found | ${planning.options.settings.name}`, ""),
    kind: "not-found",
    sidebar: [],
    sidebarAnchors: "",
  };
  return { ...generatedPlan("/404/", data, { canonical: "", robots: "noindex" }), outPath: "404.html" };
}

/** The app shell the service worker serves for pages it has not cached: the layout around an empty page. */
function planAppShell(planning: SitePlanning): PagePlan {
  const data: PageData = { ...planning.base(APP_SHELL_URL, planning.options.settings.name, ""), kind: "app-shell", sidebar: [], sidebarAnchors: "" };
  return generatedPlan(APP_SHELL_URL, data, { canonical: "", robots: "noindex" });
}

/**
 * Plans every HTML file of the site (pure): one per page of the index (the
 * landing page at `/`), a generated index for folders without one, each
 * printable section's combined page, the vote page when there are topics
 * and the content has none, the not-found page and the app shell, each with
 * the data its template needs. Plans are made one at a time as they are
 * taken, so a caller that renders each and lets it go never holds the
 * site's plans at once.
 */
export function* eachPlan(options: PlanOptions): Generator<PagePlan> {
  const { pages, vote } = options;
  const planning = sitePlanning(options);
  const onWalk = (e: PageEntry) => e.url !== "/" && !isPrintable(e);
  const chain = pages.filter((p) => onWalk(p.entry));
  let at = 0;
  for (const page of pages) {
    // Pages come in site order, so a page's place on the walk is the count of walk pages before it.
    const i = onWalk(page.entry) ? at++ : -1;
    const neighbours: Neighbours = i < 0 ? {} : { previous: chain[i - 1]?.entry, next: chain[i + 1]?.entry };
    yield (page.entry.url === "/" ? planLandingPage : planDocPage)(planning, page, neighbours);
  }
  for (const folder of planning.folders.values()) if (!planning.urls.has(folder.url)) yield planSectionIndex(planning, folder);
  if (planning.printable.length) {
    const byUrl = new Map(pages.map((p) => [p.entry.url, p]));
    for (const section of planning.printable) yield planPrintablePage(planning, section, byUrl);
  }
  if (vote && !planning.urls.has("/vote/")) yield planVotePage(planning, vote);
  yield planNotFoundPage(planning);
  yield planAppShell(planning);
}

/** Every plan of {@link eachPlan} in one array (pure). */
export function planPages(options: PlanOptions): PagePlan[] {
  return [...eachPlan(options)];
}
