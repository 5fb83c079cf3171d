import fs from "node:fs/promises";
import path from "node:path";
import pLimit from "p-limit";
import { hashKey, hashToolSources } from "../../cache.ts";
import { TOOL_ROOT, type BuildContext } from "../../context.ts";
import { diagnostic, type Diagnostic } from "../../diagnostics.ts";
import { UsageError } from "../../errors.ts";
import { boundHeapGrowth } from "../../heap-growth.ts";
import type { PageBodies } from "../../pipeline/page-bodies.ts";
import { loadWholeSite, type SitePages } from "../../pipeline/site-pages.ts";
import type { DirectoryEntry, PageSummary } from "../../shared/content-types.ts";
import { loadedInOrder } from "../../read-ahead.ts";
import { cacheBodyStore, spillBodyStore, type BodyStore } from "./body-store.ts";
import { stoppedAtBudget } from "./page-failure.ts";
import type { PageProcessor } from "./process-pages.ts";
import { indexedPage, type IndexedPage } from "./summary.ts";
import { linkSpill, type LinkSpill } from "./link-spill.ts";
import { checkLinks } from "./core.ts";
import { summarySpill, type SummarySpill } from "./summary-spill.ts";
import type { SourceFile } from "./parse-page.ts";
import { listPages, type FoundPages, type ListingInput, type PageListing } from "./page-listing.ts";

/** Bumped whenever processing changes its output, so cached pages from older versions are not reused. */
const PIPELINE_VERSION = "12";

/** Pages read, processed and stored together: bounds what is in memory at once, whatever the site's size. */
const GROUP = 64;

/** Creates the page processor; the markdown pipeline is loaded only when some page is not cached. */
function lazyProcessor(total: number, ctx: BuildContext): PageProcessor {
  let processor: Promise<PageProcessor> | undefined;
  return {
    async run(sources) {
      if (sources.length === 0) return [];
      // The dev server (a memory layer across builds) keeps the workers for its next build.
      const keepWorkers = ctx.cache.memo !== undefined;
      processor ??= import("./process-pages.ts").then(({ createPageProcessor }) =>
        createPageProcessor(total, ctx.settings, { threads: ctx.threads, keepWorkers }),
      );
      return (await processor).run(sources);
    },
    async close() {
      await (await processor)?.close();
    },
  };
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The code whose output a cached page depends on; any change to it makes every cached page stale. */
const PIPELINE_SOURCES = ["src/markdown/**/*.ts", "src/stages/index-content/**/*.{ts,js}", "src/shared/**/*.ts", "src/diagnostics.ts"];

/**
 * True when the file really lies under the content folder. A symbolic link
 * (to the file, or to a folder above it) that resolves outside is reported
 * and skipped, so a link to `/etc/passwd` or to a private folder is never
 * read or published; links that stay inside are followed.
 */
async function insideContent(ctx: BuildContext, full: string, contentReal: string): Promise<boolean> {
  const display = ctx.display(full);
  const real = await fs.realpath(full).catch(() => undefined);
  if (real === undefined) {
    const target = await fs.readlink(full).catch(() => "?");
    ctx.report(diagnostic("symlink", { problem: "missing", target }, { file: display }));
    return false;
  }
  if (real.startsWith(`${contentReal}${path.sep}`)) return true;
  ctx.report(diagnostic("symlink", { problem: "outside", link: display, real }, { file: display }));
  return false;
}

/**
 * A page file as the index stage finds it: its source, read now, and the
 * digest of its text, which its cache key is made from. A long-lived process
 * that has read the file before, unchanged since (same modification time and
 * size), knows the digest and leaves the file unread: its summary comes from
 * the cache, and only a page whose summary is not there is read again.
 */
interface FoundFile {
  relative: string;
  display: string;
  /** SHA-256 of the text; empty when the build keeps no cache (no key needs it). */
  digest: string;
  source?: SourceFile;
}

/** A file read now, with the digest of its text (`hashKey`, as every cache key is made). */
const readNow = (source: SourceFile): FoundFile => ({ relative: source.relative, display: source.display, digest: hashKey(source.text), source });

/**
 * Finds one file; reports (and skips) files that are empty or not UTF-8. A
 * long-lived process remembers each file's digest by modification time and
 * size, never its text, so a rebuild reads only the files that changed and
 * its memory holds no page sources. A file `known` unchanged since the
 * session's last build (see {@link listPages}) is not looked at at all.
 */
async function findSource(ctx: BuildContext, relative: string, contentReal: string, known: string | undefined): Promise<FoundFile | undefined> {
  const full = path.join(ctx.paths.content, relative);
  if (known) return { relative, display: ctx.display(full), digest: known };
  if (!(await insideContent(ctx, full, contentReal))) return undefined;
  const memo = ctx.cache.memo;
  if (!memo) {
    const source = await readFresh(ctx, relative, full);
    return source && (ctx.cache.enabled ? readNow(source) : { relative, display: source.display, digest: "", source });
  }
  const { mtimeMs, size } = await fs.stat(full);
  const id = `digest\0${full}\0${mtimeMs}\0${size}`;
  const digest = memo.get(id) as string | undefined;
  if (digest) return { relative, display: ctx.display(full), digest };
  const source = await readFresh(ctx, relative, full);
  if (!source) return undefined;
  const found = readNow(source);
  memo.set(id, found.digest, { size: id.length * 2 + 128 });
  return found;
}

async function readFresh(ctx: BuildContext, relative: string, full: string): Promise<SourceFile | undefined> {
  const decoded = decodeSource(relative, ctx.display(full), await fs.readFile(full));
  if ("ruleId" in decoded) {
    ctx.report(decoded);
    return undefined;
  }
  return decoded;
}

/** A page's file as text (pure), or the problem that keeps it from being a page: not UTF-8, or empty. */
export function decodeSource(relative: string, display: string, bytes: Uint8Array): SourceFile | Diagnostic {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return diagnostic("encoding", {}, { file: display });
  }
  if (text.trim() === "") return diagnostic("empty-file", {}, { file: display });
  return { relative, display, text: text.replace(/^\uFEFF/, ""), size: bytes.byteLength };
}

/** The cache key of a page: its text's digest, its path, and everything else its processing depends on (`prefix`). */
const pageKey = (found: FoundFile, prefix: string) => hashKey("page", prefix, found.display, found.relative, found.digest);

/** The content index: the site's pages, read a top-level part at a time, and the reader of their bodies. */
export interface IndexedContent {
  site: SitePages;
  bodies: PageBodies;
  /** Removes what the build stored only for itself, the pages' summaries and bodies; call once the build no longer reads them. */
  close(): Promise<void>;
  /** The page files found, for the next build's change list; set for a session's build whose listing may stand for the content folder. */
  found?: FoundPages;
}

/**
 * Reads bodies back from the store. An entry that has gone (a cache pruned
 * while the build ran) is made again from the page's file; a file changed
 * since it was indexed fails the build with a sentence, never a mixed site.
 */
function pageBodies(ctx: BuildContext, store: BodyStore, contentReal: string): PageBodies {
  const remake = async (page: PageSummary) => {
    const full = path.resolve(ctx.paths.root, page.entry.path);
    const source = (await insideContent(ctx, full, contentReal)) ? await readFresh(ctx, path.relative(ctx.paths.content, full), full) : undefined;
    const { processPage } = await import("./process-page.ts");
    const made = source && processPage(source, ctx.settings);
    if (!made || made.bodyHash !== page.bodyHash)
      throw new UsageError(`${page.entry.path} changed while the site was being built. Build again once edits are saved.`);
    await store.put(page.bodyKey, made);
    return made;
  };
  return {
    async body(page) {
      return (await store.body(page.bodyKey)) ?? (await remake(page)).bodyHtml;
    },
    async sections(page) {
      return (await store.sections(page.bodyKey)) ?? (await remake(page)).sections;
    },
    async markdown(page) {
      return (await store.markdown(page.bodyKey)) ?? (await remake(page)).markdown;
    },
    async anchors(page) {
      if (!page.anchorsHash) return [];
      return (await store.anchors(page.bodyKey)) ?? (await remake(page)).entry.anchors;
    },
    close: () => store.close(),
  };
}

/**
 * Summarizes one group of pages: cached pages are reused (keyed by the
 * page's bytes, its path, the settings it depends on and the pipeline's
 * code); the others are processed, their bodies stored and their summaries,
 * link facts and problems cached. Problems are reported, and link facts and
 * summaries spilled, here: memory keeps none of them.
 */
async function summarizeGroup(ctx: BuildContext, found: readonly FoundFile[], stores: Stores): Promise<void> {
  const { store, processor, links, summaries, keyOf } = stores;
  const keys = found.map(keyOf);
  const limit = pLimit(32);
  const indexed = ctx.cache.enabled
    ? await Promise.all(keys.map((key) => limit(() => ctx.cache.getJson<IndexedPage>(key))))
    : new Array<IndexedPage | undefined>(found.length);
  const missing: { at: number; source: SourceFile }[] = [];
  for (const [at, file] of found.entries()) {
    if (indexed[at]) continue;
    // A file left unread whose summary has left the cache is read now; if it changed meanwhile, under its new key.
    const read = file.source ? file : await readAgain(ctx, file);
    if (!read?.source) continue;
    keys[at] = keyOf(read);
    missing.push({ at, source: read.source });
  }
  const fresh = await processor.run(missing.map(({ source }) => source));
  await Promise.all(
    missing.map(({ at }, n) =>
      limit(async () => {
        const page = fresh[n];
        const made = (indexed[at] = indexedPage(page, keys[at]));
        if (!page.failed) await store.put(keys[at], page);
        // A page stopped at its time budget may well finish on a less busy machine: the next build tries it again.
        if (!stoppedAtBudget(page)) await ctx.cache.setJson(keys[at], made);
      }),
    ),
  );
  const pages = indexed.filter((page): page is IndexedPage => page !== undefined);
  for (const page of pages) for (const d of page.diagnostics) ctx.report(d);
  await links.add(pages.map((page) => page.links));
  await summaries.add(pages.map((page) => page.summary));
}

/** A file found unread (see {@link FoundFile}) read again, with the digest of what it holds now; undefined when it is no longer a page (reported). */
async function readAgain(ctx: BuildContext, file: FoundFile): Promise<FoundFile | undefined> {
  const source = await readFresh(ctx, file.relative, path.join(ctx.paths.content, file.relative)).catch(() => undefined);
  return source && readNow(source);
}

/** Where the index stage puts what it does not keep in memory, what processes the pages, and their keys. */
interface Stores {
  store: BodyStore;
  links: LinkSpill;
  summaries: SummarySpill;
  processor: PageProcessor;
  keyOf: (file: FoundFile) => string;
}

/**
 * Reads and summarizes the listed pages a group at a time, noting each file's
 * digest in `digests` when given. A function of its own, so that nothing the
 * index stage returns (its `close`) keeps the listing, a path per page, alive.
 */
async function summarizeListed(
  ctx: BuildContext,
  { listing, contentReal, digests }: { listing: PageListing; contentReal: string; digests: Map<string, string> | undefined },
  stores: Stores,
): Promise<void> {
  const { relatives } = listing;
  const limit = pLimit(32);
  for (let at = 0; at < relatives.length; at += GROUP) {
    ctx.signal?.throwIfAborted();
    const group = relatives.slice(at, at + GROUP);
    const all = await Promise.all(group.map((relative) => limit(() => findSource(ctx, relative, contentReal, listing.known(relative)))));
    if (digests) for (const [n, relative] of group.entries()) digests.set(relative, all[n]?.digest ?? "");
    const found = all.filter((file): file is FoundFile => file !== undefined);
    await summarizeGroup(ctx, found, stores);
    ctx.logger.progress?.("index content", at + group.length, relatives.length, "pages");
  }
}

/** Fails with a usage error, before anything is read or written, when the content folder does not exist. */
export async function requireContentFolder(ctx: BuildContext): Promise<void> {
  const stat = await fs.stat(ctx.paths.content).catch(() => undefined);
  if (!stat?.isDirectory()) throw new UsageError(`Content folder ${ctx.display(ctx.paths.content)} does not exist. Pass --content <folder>.`);
}

/**
 * Finds every `.md`/`.mdx` page under the content folder and processes them a
 * group at a time (in worker threads, or from the cache), so memory never
 * holds the site's sources, bodies or summaries: bodies go to the body store
 * and summaries to a spill read back a top-level part at a time (see
 * {@link SitePages}). Then checks the links. Problems are reported on the
 * context. Told of the session's last build and the paths changed since
 * (`input`), it looks only at the files that changed (see {@link listPages}).
 */
export async function runIndexContent(ctx: BuildContext, input: ListingInput = {}): Promise<IndexedContent> {
  await requireContentFolder(ctx);
  const contentReal = await fs.realpath(ctx.paths.content);
  const listing = await listPages(ctx, contentReal, input);
  boundHeapGrowth(listing.relatives.length, { oneOff: ctx.cache.memo === undefined });
  const digests = listing.keep ? new Map<string, string>() : undefined;
  const store = ctx.cache.enabled ? cacheBodyStore(ctx.cache) : spillBodyStore({ inMemory: ctx.spillAbove });
  // The dev server (a memory layer across builds) keeps the parts it reads; a build reads a part each time a stage comes to it.
  const session = ctx.cache.memo !== undefined;
  const summaries = summarySpill({ rootPath: ctx.display(ctx.paths.content), settings: ctx.settings, keepParts: session });
  const stores: Stores = {
    store,
    links: linkSpill({ inMemory: session }),
    summaries,
    processor: lazyProcessor(listing.relatives.length, ctx),
    keyOf: await pageKeyer(ctx),
  };
  const close = async () => {
    await summaries.close();
    await store.close();
  };
  try {
    await summarizeListed(ctx, { listing, contentReal, digests }, stores);
    const { site, diagnostics } = await summaries.finish();
    for (const d of diagnostics) ctx.report(d);
    await checkLinks(() => stores.links.pages(), ctx.links, ctx.report, { count: site.count });
    const kept = digests && { content: ctx.paths.content, contentReal, digests };
    return { site, bodies: pageBodies(ctx, store, contentReal), close, found: kept };
  } catch (error) {
    await close();
    throw error;
  } finally {
    await stores.processor.close();
    await stores.links.close();
  }
}

/**
 * The whole content index as the spec has it, for `docs-build index`: the
 * tree with every page, each page given its headings back from the body store
 * (the build's summaries leave them there and count only those a sidebar item shows).
 */
export async function wholeIndex({ site, bodies }: IndexedContent): Promise<{ root: DirectoryEntry; pages: PageSummary[] }> {
  const whole = await loadWholeSite(site);
  for await (const [page, anchors] of loadedInOrder(whole.pages, 32, (page) => bodies.anchors(page))) {
    page.entry.anchors = anchors;
    delete page.entry.sidebarAnchors;
  }
  return whole;
}

/** The key of each page's cache entries and stored body: a hash of what its processing depends on, or a counter without a cache. */
async function pageKeyer(ctx: BuildContext): Promise<(file: FoundFile) => string> {
  if (!ctx.cache.enabled) {
    let next = 0;
    return () => String(next++);
  }
  const pipeline = await hashToolSources(TOOL_ROOT, PIPELINE_SOURCES);
  const prefix = `${PIPELINE_VERSION}\0${pipeline}\0${ctx.settings.repository}\0${ctx.settings.branch}`;
  return (file) => pageKey(file, prefix);
}
