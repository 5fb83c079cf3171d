import { voteBoardMessages, type MessageKey, type Messages } from "../../shared/messages/index.ts";
import { SEARCH_INDEX_PATH } from "../../shared/search/split-format.ts";
import type { Settings } from "../../context/config.ts";
import type { LoadedPart, SitePages, SitePart } from "../../pipeline/site-pages.ts";
import { BLOG_URL, blogPosts, isPrintable, onWalk, pagesOf, postDay, titleOfFolder } from "../../shared/content-rules.ts";
import type { DirectoryEntry, PageEntry, PageSummary } from "../../shared/content-types.ts";
import {
  documentTitle,
  type BlogPostSummary,
  type Contributor,
  type DocPageProps,
  type LinkItem,
  type PageData,
  type SiteData,
} from "../../shared/page-data.ts";
import type { SponsorData } from "../../shared/sponsors.ts";
import { APP_SHELL_URL } from "../../shared/constants.ts";
import { alternatesOf, type Alternate } from "../../shared/alternates.ts";
import { basePathOf, withBase } from "../../shared/base-path.ts";
import { resolveMessages, siteLocale, siteMessage } from "../../context/site-chrome.ts";
import type { VoteData } from "../../shared/vote-types.ts";
import { sidebarAt, sidebarFor, type SectionSidebar } from "./sidebar.ts";

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
  /** The page in each language that has it in its own words, this one's included, and `x-default` (the default language's); none for a page no other language has. */
  alternates?: Alternate[];
}

/** The plan of a page with a body of its own. */
export type PageBodyPlan = PagePlan & { body: { kind: "page"; page: PageSummary } };

/** True for the plan of a page with a body of its own. */
export const hasPageBody = (plan: PagePlan): plan is PageBodyPlan => plan.body.kind === "page";

/** Inputs of `eachPlan`. */
export interface PlanOptions {
  /** The content index, read a top-level part at a time. */
  site: SitePages;
  /** A page's contributors. Default none. */
  contributorsOf?: (entry: PageEntry) => Contributor[];
  settings: Settings;
  /** The language the build makes; default the site's default language, left to right. */
  language?: { lang: string; dir: "ltr" | "rtl" };
  /** The validated sponsors file, or null when there is none. */
  sponsors: SponsorData | null;
  /** The validated vote topics file, or null when there is none. */
  vote: VoteData | null;
  /** The URL of each anchors file, by the URL of the section or nested folder whose pages it holds; one without a file has no entry. */
  anchorFiles?: ReadonlyMap<string, string>;
  /** The day a page last changed (`YYYY-MM-DD`), or "" for a page that shows no date. Default none. */
  dayOf?: (entry: PageEntry) => string;
  /** The build's strings, in its locale. Default: those of the shipped catalogue and the config's `texts`. */
  messages?: Messages;
  /** The URL of the vote board's stylesheet, from the client bundle. Default "". */
  voteStylesheet?: string;
}

const NO_BODY: PlanBody = { kind: "none" };

/** Where the HTML of a URL is written: `/a/b/` → `a/b/index.html`. */
function outPathOf(url: string): string {
  return url === "/" ? "index.html" : `${url.slice(1)}index.html`;
}

/** The top-level section of a URL (`/guides/caching/` → `guides`), or "". */
function sectionOf(url: string): string {
  return url.split("/")[1] ?? "";
}

/** Site-wide data from the settings and the top-level parts of the index. */
export function siteData(settings: Settings, parts: readonly SitePart[], language = { lang: settings.defaultLanguage, dir: "ltr" as "ltr" | "rtl" }): SiteData {
  return {
    name: settings.name,
    lang: language.lang,
    dir: language.dir,
    baseUrl: settings.baseUrl,
    repository: settings.repository,
    // What the language menu shows: a language's own folder and direction are the build's business, not every page's.
    languages: settings.languages.map(({ title, lang, url }) => ({ title, lang, url })),
    versions: [...settings.versions],
    currentVersion: settings.defaultVersion,
    links: { ...settings.links },
    analyticsId: settings.analytics.trackingId,
    search:
      settings.search.provider === "docsearch"
        ? { provider: "docsearch", appId: settings.search.appId, apiKey: settings.search.apiKey, indexName: settings.search.indexName }
        : { provider: "local", indexUrl: withBase(basePathOf(settings.baseUrl), `/${SEARCH_INDEX_PATH}`) },
    sections: subNavigation(settings.sections, parts),
  };
}

/**
 * The sub-navigation's sections: the top-level folders named in `sections`,
 * in that order, but the blog. Folders the config does not name are left
 * out, so the site data every page carries stays the same size however many
 * top-level folders a site has (a site of 4,000 of them would otherwise add
 * some 300 KB to each page's HTML and data).
 */
function subNavigation(sections: readonly string[], parts: readonly SitePart[]): SiteData["sections"] {
  const folders = new Map<string, SitePart>();
  for (const part of parts) if (part.folder) folders.set(part.folder.name, part);
  return sections.flatMap((name) => {
    const part = folders.get(name);
    return part && part.url !== "/blog/" ? [{ url: part.url, title: part.title }] : [];
  });
}

/** What every kind of page starts from: all of `PageData` but its kind. */
type BaseData = Omit<PageData, "kind">;

/** What the planners of every page kind share, made once per site by `eachPlan`. */
interface SitePlanning {
  options: PlanOptions;
  /** The URLs of the top-level folders. */
  sections: ReadonlySet<string>;
  /** The URLs at the top of the site that have a page: the root pages', and the top-level folders' with an index page. */
  topUrls: ReadonlySet<string>;
  /** The blog's posts, newest first, for the blog index. */
  posts: readonly BlogPostSummary[];
  /** The part being planned: its folders by URL, in site order, and its pages' URLs. */
  current: { folders: ReadonlyMap<string, DirectoryEntry>; urls: ReadonlySet<string> };
  /** A section's sidebar, made once for a run of its pages and shared by them (later steps key caches on it). */
  sidebarOf(section: string): SectionSidebar;
  /** The data of a page at `url` before its kind adds its own. */
  base(url: string, title: string, description: string): BaseData;
}

/** A page's neighbours on the walk of previous and next links (see `onWalk`), in site order; none for pages off it. */
interface Neighbours {
  previous?: LinkItem;
  next?: LinkItem;
}

/** The folders of a tree by URL, in site order. */
function foldersOf(folder: DirectoryEntry | undefined, into = new Map<string, DirectoryEntry>()): Map<string, DirectoryEntry> {
  if (!folder) return into;
  into.set(folder.url, folder);
  for (const c of folder.children) if (c.type === "directory") foldersOf(c, into);
  return into;
}

/** Gathers what the planners share (pure but for the blog's part, read once): sections, top URLs, posts, sidebars and the base page data. */
async function sitePlanning(options: PlanOptions): Promise<SitePlanning> {
  const { site, settings, anchorFiles = new Map<string, string>() } = options;
  const siteWide = siteData(settings, site.parts, options.language);
  const sections = new Set(site.parts.flatMap((part) => (part.folder ? [part.url] : [])));
  const topUrls = new Set(site.parts.flatMap((part) => (part.ownPage ? [part.url] : [])));
  // The blog index lists the posts in the feeds' order; a language's feeds carry its own posts only, not its fallback pages.
  const blog = site.parts.find((part) => part.folder && part.url === BLOG_URL);
  const blogPages = blog ? (await site.load(blog)).pages : [];
  const posts = blogPosts(blogPages);
  const own = blogPosts(blogPages.filter((page) => !page.entry.fallback)).length;
  const data = own === posts.length ? siteWide : { ...siteWide, feeds: own > 0 };
  // Only the last section's sidebar is kept: pages come section by section, so memory holds one section's, never the site's.
  let last: { section: string; sidebar: SectionSidebar } | undefined;
  const planning: SitePlanning = {
    options,
    sections,
    topUrls,
    posts,
    current: { folders: new Map(), urls: new Set() },
    sidebarOf(section) {
      if (last?.section !== section) last = { section, sidebar: sidebarFor(planning.current.folders.get(`/${section}/`), anchorFiles) };
      return last.sidebar;
    },
    base: (url, title, description) => ({
      url,
      title,
      description: description || settings.description,
      site: data,
      sidebar: sidebarAt(planning.sidebarOf(sectionOf(url)), url),
      sidebarAnchors: anchorFiles.get(`/${sectionOf(url)}/`) ?? "",
      page: null,
      children: [],
      hero: { words: settings.heroWords },
      posts: url === BLOG_URL ? [...posts] : [],
      sponsors: null,
      vote: null,
    }),
  };
  return planning;
}

/**
 * Makes `loaded` the part being planned. A root page whose URL is also a
 * top-level folder's (`guides.md` beside `guides/`) gets that folder's tree
 * too, for its sidebar.
 */
async function enterPart(planning: SitePlanning, part: SitePart, loaded: LoadedPart): Promise<void> {
  let folder = loaded.folder;
  if (!folder && planning.sections.has(part.url)) {
    const named = planning.options.site.parts.find((other) => other.folder && other.url === part.url);
    if (named) folder = (await planning.options.site.load(named)).folder;
  }
  planning.current = { folders: foldersOf(folder), urls: new Set(loaded.pages.map((page) => page.entry.url)) };
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
  // The boot script matches them against the browser's address, under the site's base path.
  const starting = settings.redirects.filter((r) => r.from.startsWith(`${entry.url}#`));
  const base = starting.length > 0 ? basePathOf(settings.baseUrl) : "/";
  const redirects = starting.map((r) => ({ from: withBase(base, r.from), to: withBase(base, r.to) }));
  return {
    outPath: outPathOf(entry.url),
    data,
    body: { kind: "page", page: processed },
    bodyHash: processed.bodyHash,
    // A fallback page's text is the default language's page, which is where search engines should look.
    canonical: `${entry.fallback ? defaultLanguageUrl(settings) : settings.baseUrl}${entry.url}`,
    robots,
    redirects,
    alternates: alternatesOf(settings, planning.options.language?.lang ?? settings.defaultLanguage, entry),
  };
}

/** Where the default language's site is: its languages entry's address, else the site's own. */
function defaultLanguageUrl(settings: Settings): string {
  return settings.languages.find((l) => l.lang === settings.defaultLanguage)?.url ?? settings.baseUrl;
}

/**
 * The languages built here that lack a page (pure): none for a page of the
 * default language's (every language has it, in its own words or as a
 * fallback page); for a page only this language has, every other language
 * built from a folder that does not have it either (see `PageEntry.alternates`).
 */
function missingIn(settings: Pick<Settings, "languages" | "defaultLanguage">, lang: string, entry: Pick<PageEntry, "alternates" | "fallback">): string[] {
  const has = new Set([lang, ...(entry.alternates ?? [])]);
  if (entry.fallback || has.has(settings.defaultLanguage)) return [];
  return [settings.defaultLanguage, ...settings.languages.filter((l) => l.content).map((l) => l.lang)].filter((tag) => !has.has(tag));
}

/** The page props of a page of the content: its front matter's fields, contributors, neighbours, printable page and live preview. */
function docPageProps(planning: SitePlanning, processed: PageSummary, neighbours: Neighbours): DocPageProps {
  const { entry } = processed;
  const link = (e: LinkItem | undefined): LinkItem | null => (e ? { url: e.url, title: e.title } : null);
  const section = sectionOf(entry.url);
  const printUrl = `/${section}/printable/`;
  const { settings } = planning.options;
  return {
    title: entry.title,
    url: entry.url,
    date: postDay(entry),
    updated: planning.options.dayOf?.(entry) ?? "",
    contributors: planning.options.contributorsOf?.(entry) ?? [],
    related: entry.related,
    previous: link(neighbours.previous),
    next: link(neighbours.next),
    thirdParty: entry.thirdParty,
    fallback: entry.fallback ? settings.defaultLanguage : "",
    outdated: entry.outdated ? { ...entry.outdated, language: settings.defaultLanguage } : null,
    missingIn: missingIn(settings, planning.options.language?.lang ?? settings.defaultLanguage, entry),
    edit: entry.edit,
    path: entry.path,
    repo: entry.repo,
    // A printable section with a folder has its printable page: the content's own, or a generated one.
    printUrl: settings.printable.includes(section) && planning.sections.has(`/${section}/`) ? printUrl : "",
    stackBlitz: processed.stackBlitz ? `${settings.examplesUrl}${processed.stackBlitz}` : "",
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
    ...planning.base(entry.url, documentTitle(isPrintable(entry) ? "Combined printable page" : entry.title, name), entry.description),
    kind: "doc",
    // Its own item's headings wait in the body store; rendering fills them in (see `withCurrentAnchors`).
    sidebar: sidebarAt(planning.sidebarOf(sectionOf(entry.url)), entry.url),
    page: docPageProps(planning, processed, neighbours),
  };
  return contentPlan(planning, processed, data);
}

/** One of the build's strings, in its language, the project's own included (see `PlanOptions.messages`). */
function buildMessage(planning: SitePlanning, key: MessageKey): string {
  return planning.options.messages?.[key] ?? siteMessage(planning.options.settings, key);
}

/** The generated index of a folder without an index page: links to the folder's pages. */
function planSectionIndex(planning: SitePlanning, folder: DirectoryEntry): PagePlan {
  const { settings } = planning.options;
  const title = titleOfFolder(folder);
  const children = pagesOf(folder)
    .filter((e) => !isPrintable(e))
    .map((e) => ({ url: e.url, title: e.title }));
  const data: PageData = { ...planning.base(folder.url, documentTitle(title, settings.name), ""), kind: "section", children };
  return generatedPlan(folder.url, data, { canonical: `${settings.baseUrl}${folder.url}`, robots: "" });
}

/** A section's combined printable page: its pages' bodies one after another (`pages`, its part's pages in site order), left out of search engines. */
function planPrintablePage(planning: SitePlanning, section: string, pages: readonly PageSummary[]): PagePlan {
  const { settings } = planning.options;
  const url = `/${section}/printable/`;
  const members = pages.filter((page) => !isPrintable(page.entry));
  const data: PageData = {
    ...planning.base(url, documentTitle(buildMessage(planning, "printable.title"), settings.name), ""),
    kind: "printable",
    sidebar: [],
    sidebarAnchors: "",
  };
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
    ...planning.base("/vote/", documentTitle(buildMessage(planning, "vote.title"), settings.name), buildMessage(planning, "vote.description")),
    kind: "vote",
    vote: {
      topics: vote.topics,
      stylesheet: voteStylesheet,
      messages: voteBoardMessages(planning.options.messages ?? resolveMessages(settings, { locale: siteLocale(settings) })),
    },
  };
  return generatedPlan("/vote/", data, { canonical: `${settings.baseUrl}/vote/`, robots: "" });
}

/** The not-found page, written as `404.html` and left out of search engines. */
function planNotFoundPage(planning: SitePlanning): PagePlan {
  const data: PageData = {
    ...planning.base("/404/", documentTitle(buildMessage(planning, "notFound.title"), planning.options.settings.name), ""),
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

/** The content pages of one part, each with its neighbours: `before` and `after` are the walk's pages just outside the part. */
function* partPlans(planning: SitePlanning, pages: readonly PageSummary[], before?: LinkItem, after?: LinkItem): Generator<PagePlan> {
  const chain = pages.filter((p) => onWalk(p.entry));
  let at = 0;
  for (const page of pages) {
    // Pages come in site order, so a page's place on the walk is the count of walk pages before it.
    const i = onWalk(page.entry) ? at++ : -1;
    const neighbours: Neighbours = i < 0 ? {} : { previous: i > 0 ? chain[i - 1].entry : before, next: chain[i + 1]?.entry ?? after };
    yield (page.entry.url === "/" ? planLandingPage : planDocPage)(planning, page, neighbours);
  }
}

/** The generated indexes of a part's folders that have no page of their own, in site order. */
function* sectionIndexes(planning: SitePlanning): Generator<PagePlan> {
  const { folders, urls } = planning.current;
  for (const folder of folders.values()) if (!urls.has(folder.url) && !planning.topUrls.has(folder.url)) yield planSectionIndex(planning, folder);
}

/**
 * The generated index of the site's root when the content has no landing
 * page: it lists every page, so the site is read whole, as that page is.
 */
async function rootIndex(planning: SitePlanning): Promise<PagePlan> {
  const { site } = planning.options;
  const children = [];
  for (const part of site.parts) {
    const loaded = await site.load(part);
    children.push(loaded.folder ?? loaded.pages[0].entry);
  }
  planning.current = { folders: new Map(), urls: new Set() };
  return planSectionIndex(planning, { ...site.top, children });
}

/**
 * Plans every HTML file of the site (pure but for reading the parts): one
 * per page of the index (the landing page at `/`), a generated index for
 * folders without one, each printable section's combined page, the vote
 * page when there are topics and the content has none, the not-found page
 * and the app shell, each with the data its template needs. Parts are read
 * one at a time and plans made as they are taken, so a caller that renders
 * each and lets it go never holds the site's plans, or its pages, at once.
 */
export async function* eachPlan(options: PlanOptions): AsyncGenerator<PagePlan> {
  const { site, vote } = options;
  const planning = await sitePlanning(options);
  const { parts } = site;
  let before: LinkItem | undefined;
  for (let p = 0; p < parts.length; p++) {
    const loaded = await site.load(parts[p]);
    await enterPart(planning, parts[p], loaded);
    const after = parts.slice(p + 1).find((part) => part.firstWalk)?.firstWalk;
    yield* partPlans(planning, loaded.pages, before, after);
    before = parts[p].lastWalk ?? before;
  }
  if (!planning.topUrls.has("/")) yield await rootIndex(planning);
  for (const part of parts) {
    if (!part.folder) continue;
    await enterPart(planning, part, await site.load(part));
    yield* sectionIndexes(planning);
  }
  for (const section of options.settings.printable) {
    const part = parts.find((other) => other.folder && other.url === `/${section}/`);
    if (!part) continue;
    const loaded = await site.load(part);
    await enterPart(planning, part, loaded);
    // The content's own printable page takes the place of the generated one.
    if (!planning.current.urls.has(`/${section}/printable/`)) yield planPrintablePage(planning, section, loaded.pages);
  }
  planning.current = { folders: new Map(), urls: new Set() };
  if (vote && !planning.topUrls.has("/vote/")) yield planVotePage(planning, vote);
  yield planNotFoundPage(planning);
  yield planAppShell(planning);
}

/** Every plan of {@link eachPlan} in one array. */
export async function planPages(options: PlanOptions): Promise<PagePlan[]> {
  const plans: PagePlan[] = [];
  for await (const plan of eachPlan(options)) plans.push(plan);
  return plans;
}
