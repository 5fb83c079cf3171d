import { hashKey, keepsForLater } from "../../cache/cache.ts";
import { basePathOf, rebaseHtml } from "../../shared/base-path.ts";
import { codeHash } from "../../cache/code-hash.ts";
import type { Emitting } from "../../pipeline/stage.ts";
import type { BuildContext } from "../../context/context.ts";
import { byteLength, type Emit, type OutputFile } from "../../output/files.ts";
import type { PageBodies } from "../../pipeline/page-bodies.ts";
import { urlsUnder, type SitePages } from "../../pipeline/site-pages.ts";
import { eachAtOnce, loadedInOrder } from "../../pipeline/read-ahead.ts";
import type { Anchor, ContentEntry, DirectoryEntry, PageEntry, PageSummary } from "../../shared/content-types.ts";
import type { ClientAssets } from "../../shared/client-assets.ts";
import { PRECACHED_PAGES } from "../../shared/constants.ts";
import type { Contributor } from "../../shared/page-data.ts";
import { readRepositoryList, REPOSITORY_LISTS } from "../../data-files/repository-lists.ts";
import { readSponsors } from "../../data-files/sponsors.ts";
import { readVoteTopics } from "../../data-files/vote-topics.ts";
import { eachPlan, hasPageBody, type PageBodyPlan, type PagePlan, type PlanOptions } from "./core.ts";
import { folderTablePath, outputFileUrl, routeTablePath } from "../../shared/routes.ts";
import { gzippedSize, offlineList } from "./offline-list.ts";
import { chunkOf, hasChunk, isRoute } from "./page-chunks.ts";
import { memberSlugs, printableMember } from "./printable.ts";
import { fillRepositoryLists, repositoryListHtml } from "./repository-list.ts";
import { countRoutes, routeTables, type RouteTables } from "./route-tables.ts";
import { anchorGroups, withCurrentAnchors } from "./sidebar.ts";
import { sidebarAnchorsOf } from "../../shared/content-rules.ts";
import { loadMessages, loadSiteChrome } from "../../context/site-chrome.ts";
import type { DocumentFrame } from "./render-document.ts";

/**
 * What rendering leaves in memory once every file has gone to `emit`: the
 * URLs served, and the few pages the service worker precaches.
 */
export interface RenderPagesResult {
  /** How many routes were rendered: every page but the not-found page and the app shell. */
  routes: number;
  /** The URLs of the generated routes (folder indexes, printable pages, the vote page), for the sitemap. */
  generated: string[];
  /** The precached pages (landing, app shell, not-found), for their revisions. */
  precached: OutputFile[];
  /** The plans of the pages with a body of their own, when the input asked to keep them (the dev server); else empty. */
  pagePlans: PageBodyPlan[];
  /** What each page rendered to, by output path, when the input asked to keep plans and the cache is on; else empty. */
  rendered: Map<string, RenderedPage>;
  /** The gzipped bytes of every content chunk and route table, and their URLs when they fit `offline.precacheBudget`. */
  offline: { bytes: number; files: string[] | undefined };
}

/** What the dev server keeps of a rendered page for its next build: its cache key, its content chunk's path and gzipped size, and the bytes of both. */
export interface RenderedPage {
  key: string;
  chunk?: string;
  chunkSize?: number;
  bytes: number;
}

/**
 * The dev server's last build as rendering sees it: what each page rendered
 * to, and a way to keep files as that build wrote them. A page whose key is
 * unchanged is then neither read from the cache nor written.
 */
interface RenderedBefore {
  pages: ReadonlyMap<string, RenderedPage>;
  /** Keeps the files at `paths` as the last build wrote them (counting `bytes`), when it wrote every one; false, keeping none, otherwise. */
  keep(paths: readonly string[], bytes: number): boolean;
}

/** Takes one output file as soon as it is made (the build writes it to the staging folder, or collects it). */

/** Inputs of the render stage: the index stage's tree, pages and bodies, resolved contributors and the client bundle's assets. */
export interface RenderPagesInput extends Emitting {
  site: SitePages;
  bodies: Pick<PageBodies, "body" | "anchors">;
  /** A page's contributors (the resolve contributors stage). Default none. */
  contributorsOf?: (entry: PageEntry) => Contributor[];
  assets: ClientAssets;
  /** A page's day (the page dates stage), "" for none. Default none. */
  dayOf?: (entry: PageEntry) => string;
  /** Return the plans of the pages with a body of their own (the dev server re-renders an edited page from its plan), and what each page rendered to. */
  keepPlans?: boolean;
  /** The dev server's last build; default none. */
  before?: RenderedBefore;
}

/** A copy of a folder's tree (pure) whose pages in `anchors` carry those headings; the rest is shared. */
function withAnchors(folder: DirectoryEntry, anchors: ReadonlyMap<PageEntry, Anchor[]>): DirectoryEntry {
  const children = folder.children.map((child): ContentEntry => {
    if (child.type === "directory") return withAnchors(child, anchors);
    const found = anchors.get(child);
    return found ? { ...child, anchors: found } : child;
  });
  return { ...folder, children };
}

/**
 * Emits the anchors files of every top-level section, one section at a time:
 * one for its own pages and one per nested folder
 * (`assets/sidebar/guides-part-001-<hash>.json`), what a sidebar item shows
 * when a reader opens another page's anchors. A section's pages and their
 * headings are read for one section at a time, so memory never holds the
 * site's. Each file is named by a hash of its contents, so browsers and the
 * service worker may keep it for good. Returns each file's URL by folder URL.
 */
async function emitAnchorFiles(input: RenderPagesInput, emit: Emit, base: string): Promise<Map<string, string>> {
  const urls = new Map<string, string>();
  for (const part of input.site.parts) {
    if (!part.folder) continue;
    const { folder, pages } = await input.site.load(part);
    const anchors = new Map<PageEntry, Anchor[]>();
    const headed = pages.filter((page) => page.anchorsHash);
    for await (const [page, list] of loadedInOrder(headed, READ_AHEAD, (page) => input.bodies.anchors(page))) anchors.set(page.entry, list);
    for (const group of anchorGroups(withAnchors(folder!, anchors))) {
      const contents = JSON.stringify(group.anchors);
      const name = group.url.split("/").filter(Boolean).join("-");
      const file = { path: `assets/sidebar/${name}-${hashKey(contents).slice(0, 10)}.json`, contents };
      await emit(file);
      urls.set(group.url, outputFileUrl(file.path, base));
    }
  }
  return urls;
}

/**
 * The HTML of each `<RepositoryList kind="…" />`, from the committed list of
 * that kind (`repositories/loaders.json`, `plugins.json`), with a hash of
 * them all; a broken list is reported at its line. Read when the first page
 * with a list is rendered, so nothing is read when no page has one.
 */
async function repositoryLists(ctx: BuildContext, site: SitePages): Promise<{ html: Record<string, string>; hash: string }> {
  const kinds = Object.keys(REPOSITORY_LISTS) as Array<keyof typeof REPOSITORY_LISTS>;
  const urls = await urlsUnder(site, kinds);
  const html: Record<string, string> = {};
  for (const kind of kinds) {
    const parsed = (await readRepositoryList(ctx, kind)) ?? { entries: [], problems: [] };
    for (const problem of parsed.problems) ctx.report(problem);
    html[kind] = repositoryListHtml(parsed.entries, urls);
  }
  return { html, hash: hashKey(JSON.stringify(html)) };
}

/** Members of a combined printable page whose bodies are read at a time. */
const READ_AHEAD = 16;

/** What rendering one page needs besides its plan: the stage's input, where files go, and the parts of every page's cache key. */
interface RenderSetup {
  ctx: BuildContext;
  input: RenderPagesInput;
  emit: Emit;
  /** A page's body from the body store, its repository lists filled in. */
  bodyOf: (page: PageSummary) => Promise<string>;
  /** A hash of the repository lists' HTML, read on first use. */
  listsHash: () => Promise<string>;
  /** What every document is rendered with: the client assets and the site's chrome. */
  frame: DocumentFrame;
  /** The frame as JSON, for cache keys. */
  assets: string;
  /** A hash of the template sources; empty without a cache. */
  templates: string;
  /** A hash of an object the plans share, computed once per object. */
  hashOf: (value: object) => string;
}

/** React and the templates are loaded only when some page is not cached. */
const renderer = () => import("./render-document.ts");

/**
 * Renders every planned page with react-dom/server and hands each HTML file
 * and content chunk to `emit` as soon as it is made. Bodies are read from the
 * body store only for pages that are rendered, one page at a time; a combined
 * printable page is streamed member by member. A page whose plan (data, body,
 * metadata) and templates are unchanged is taken from the cache.
 */
export async function runRenderPages(ctx: BuildContext, input: RenderPagesInput): Promise<RenderPagesResult> {
  const { emit } = input;
  const sponsors = await readSponsors(ctx);
  const vote = await readVoteTopics(ctx);
  const anchorUrls = await emitAnchorFiles(input, emit, basePathOf(ctx.settings.baseUrl));
  const options: PlanOptions = {
    ...input,
    settings: ctx.settings,
    language: ctx.language,
    messages: await loadMessages(ctx),
    sponsors,
    vote,
    anchorFiles: anchorUrls,
    voteStylesheet: input.assets.voteCss,
  };
  const setup = await renderSetup(ctx, input, emit);
  const { precached, printable, routes, generated, pagePlans, rendered, offline } = await renderPagesAtOnce(setup, options);
  // Printable pages one at a time: each holds a few of its members' bodies at once.
  for (const plan of printable) {
    ctx.signal?.throwIfAborted();
    if (plan.body.kind === "printable") await streamPrintable(setup, plan, plan.body.members);
  }
  return { routes, generated, precached, pagePlans, rendered, offline };
}

/** Reads the repository lists and hashes what every page's cache key shares. */
async function renderSetup(ctx: BuildContext, input: RenderPagesInput, emit: Emit): Promise<RenderSetup> {
  let lists: ReturnType<typeof repositoryLists> | undefined;
  const listsOf = () => (lists ??= repositoryLists(ctx, input.site));
  const listsHash = async () => (await listsOf()).hash;
  // Bodies are stored as made at the site's root; a site under a base path (a language's under /zh/) shows them with its links under it.
  const base = basePathOf(ctx.settings.baseUrl);
  const bodyOf = async (page: PageSummary) => {
    const body = await input.bodies.body(page);
    return rebaseHtml(page.repositoryLists ? fillRepositoryLists(body, (await listsOf()).html) : body, base);
  };
  const frame: DocumentFrame = { assets: input.assets, chrome: await loadSiteChrome(ctx) };
  const assets = JSON.stringify(frame);
  const templates = keepsForLater(ctx.cache) ? await codeHash() : "";
  // The site and sidebar objects are shared between plans; each is hashed once, not once per page.
  // Weakly held: a page's own sidebar (its item's anchors filled) is hashed once and let go with the page.
  const shared = new WeakMap<object, string>();
  const hashOf = (value: object) => {
    let hash = shared.get(value);
    if (!hash) shared.set(value, (hash = hashKey(JSON.stringify(value))));
    return hash;
  };
  return { ctx, input, emit, bodyOf, frame, assets, templates, listsHash, hashOf };
}

/**
 * Renders the pages other than printable ones, up to 32 at once, taking each
 * plan as it is made and letting it go once rendered. Emits each page, its
 * content chunk, and its folder's route table once the folder's last chunk is
 * made; the tables' sizes come from a first pass over the plans that keeps
 * only a count per table. A chunk's id is its plan's position among these
 * pages, so it is unique in the site. A route carries its chunk's gzipped
 * size, and a nested folder's route says that its folder has a table, for the
 * service worker's offline saving; the chunks and tables are counted for its
 * list of the whole site. Returns the precached pages, the printable plans,
 * the count of routes (every page but the not-found page and the app shell),
 * the generated routes' URLs, the offline count and, when asked, the page plans.
 */
async function renderPagesAtOnce(setup: RenderSetup, options: PlanOptions) {
  const { ctx, emit } = setup;
  const counts = new Map<string, number>();
  for await (const plan of eachPlan(options)) if (plan.body.kind !== "printable" && hasChunk(plan)) countRoutes([plan.data.url], counts);
  const tables: RouteTables = routeTables(counts);
  const precached: OutputFile[] = [];
  const printable: PagePlan[] = [];
  const generated: string[] = [];
  let routes = 0;
  const pagePlans: PageBodyPlan[] = [];
  const others = async function* () {
    for await (const plan of eachPlan(options)) {
      if (isRoute(plan)) routes++;
      if (isRoute(plan) && plan.body.kind !== "page") generated.push(plan.data.url);
      if (setup.input.keepPlans && hasPageBody(plan)) pagePlans.push(plan);
      if (plan.body.kind === "printable") printable.push(plan);
      else yield plan;
    }
  };
  const rendered = new Map<string, RenderedPage>();
  const offline = offlineList(ctx.settings.offline.precacheBudget);
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  let done = 0;
  await eachAtOnce(others(), 32, async (plan, id) => {
    ctx.signal?.throwIfAborted();
    const one = await renderOne(setup, plan);
    ctx.logger.progress?.("render pages", Math.min(++done, total), total, "pages");
    let chunk: string | undefined;
    let size = 0;
    if ("kept" in one) ({ chunk, chunkSize: size = 0 } = one.kept);
    else {
      await emit(one.page);
      if (PRECACHED_PAGES.includes(one.page.path)) precached.push(one.page);
      if (one.chunk) await emit(one.chunk);
      chunk = one.chunk?.path;
      size = one.chunkSize;
    }
    if (setup.input.keepPlans && one.key) rendered.set(plan.outPath, "kept" in one ? one.kept : renderedPage(one));
    if (!chunk) return;
    const url = plan.data.url;
    const file = outputFileUrl(chunk, setup.frame.chrome.base);
    offline.add(file, size);
    const nested = folderTablePath(url) !== routeTablePath(url) && counts.has(folderTablePath(url));
    const table = tables.add(url, { id, file, size, ...(nested ? { folder: true as const } : {}) });
    if (!table) return;
    await emit(table);
    offline.add(outputFileUrl(table.path, setup.frame.chrome.base), await gzippedSize(table));
  });
  return { precached, printable, routes, generated, pagePlans, rendered, offline: offline.result() };
}

/** What the dev server keeps of a page it rendered. */
function renderedPage({ key, page, chunk, chunkSize }: Made): RenderedPage {
  return { key, chunk: chunk?.path, chunkSize, bytes: byteLength(page) + (chunk ? byteLength(chunk) : 0) };
}

/** A page rendered (or read from the cache): its HTML page, and for routes its content chunk with the chunk's gzipped size (else 0). */
type Made = { key: string; page: OutputFile; chunk: OutputFile | undefined; chunkSize: number };

/** A rendered page, or one the dev server's last build wrote the same; `key` is "" without a cache. */
type RenderedOne = Made | { key: string; kept: RenderedPage };

/**
 * Renders one page plan into its HTML page and, for routes, its content
 * chunk; both are cached by the same key. When the dev server's last build
 * rendered the page with the same key, its files are kept as they are.
 */
async function renderOne(setup: RenderSetup, planned: PagePlan): Promise<RenderedOne> {
  const { ctx, input, bodyOf, hashOf } = setup;
  const plan = await withPageAnchors(planned, input.bodies);
  const make = async () => {
    const body = plan.body.kind === "page" ? await bodyOf(plan.body.page) : "";
    const chunk = hasChunk(plan) ? chunkOf(plan, body) : undefined;
    return {
      page: { path: plan.outPath, contents: (await renderer()).renderDocument(plan, body, setup.frame) },
      chunk,
      chunkSize: chunk ? await gzippedSize(chunk) : 0,
    };
  };
  if (!keepsForLater(ctx.cache)) return { key: "", ...(await make()) };
  const own = JSON.stringify({ ...plan.data, site: null, sidebar: null });
  const lists = plan.body.kind === "page" && plan.body.page.repositoryLists ? await setup.listsHash() : "";
  const key = hashKey(
    "html",
    setup.templates,
    setup.assets,
    hashOf(plan.data.site),
    hashOf(plan.data.sidebar),
    own,
    plan.bodyHash,
    lists,
    plan.canonical,
    plan.robots,
    JSON.stringify(plan.redirects),
    JSON.stringify(plan.alternates ?? []),
  );
  const before = input.before?.pages.get(plan.outPath);
  // The precached pages' contents go to the service worker's revisions, so they are always read.
  if (
    before?.key === key &&
    !PRECACHED_PAGES.includes(plan.outPath) &&
    input.before?.keep(before.chunk ? [plan.outPath, before.chunk] : [plan.outPath], before.bytes)
  )
    return { key, kept: before };
  const cached = await ctx.cache.getJson<{ page: OutputFile; chunk?: OutputFile; chunkSize: number }>(key);
  if (cached !== undefined) return { key, page: cached.page, chunk: cached.chunk, chunkSize: cached.chunkSize };
  const made = await make();
  await ctx.cache.setJson(key, made);
  return { key, ...made };
}

/** The plan with its page's own sidebar item given the page's headings, read from the body store; plans without them as they are. */
async function withPageAnchors(plan: PagePlan, bodies: Pick<PageBodies, "anchors">): Promise<PagePlan> {
  if (plan.body.kind !== "page" || !plan.body.page.anchorsHash) return plan;
  const anchors = sidebarAnchorsOf({ anchors: await bodies.anchors(plan.body.page) });
  return { ...plan, data: { ...plan.data, sidebar: withCurrentAnchors(plan.data.sidebar, plan.data.url, anchors) } };
}

/**
 * Emits a combined printable page: the document around its body, then each member's body as it is read. It
 * is cached like a page (by its data and its members' bodies) but written and read part by part.
 */
async function streamPrintable(setup: RenderSetup, plan: PagePlan, members: readonly PageSummary[]): Promise<void> {
  const { ctx, emit, bodyOf } = setup;
  const parts = async function* () {
    const { before, after } = (await renderer()).documentAround(plan, setup.frame);
    const slugs = memberSlugs(members);
    yield before;
    for await (const [member, body] of loadedInOrder(members, READ_AHEAD, bodyOf)) yield printableMember(member.entry, body, slugs);
    yield after;
  };
  if (!keepsForLater(ctx.cache)) return emit({ path: plan.outPath, parts: parts() });
  const lists = members.some((member) => member.repositoryLists) ? await setup.listsHash() : "";
  const key = hashKey("printable", setup.templates, setup.assets, JSON.stringify(plan.data), plan.bodyHash, lists, plan.canonical, plan.robots);
  // Read from the cache only when emitted: the dev server keeps a printable page whose key is unchanged unread.
  const cachedParts = async function* () {
    let cached = await ctx.cache.getParts(key);
    if (!cached) {
      await ctx.cache.setParts(key, parts());
      cached = await ctx.cache.getParts(key);
    }
    yield* cached ?? parts();
  };
  await emit({ path: plan.outPath, parts: cachedParts(), key });
}
