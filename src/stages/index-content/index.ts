import fs from "node:fs/promises";
import path from "node:path";
import pLimit from "p-limit";
import type { BuildContext } from "../../context/context.ts";
import { boundHeapGrowth } from "../../pipeline/heap-growth.ts";
import type { PageBodies } from "../../pipeline/page-bodies.ts";
import { loadWholeSite, type SitePages } from "../../pipeline/site-pages.ts";
import type { DirectoryEntry, PageSummary } from "../../shared/content-types.ts";
import type { OptionReference } from "../../markdown/option-reference.ts";
import { loadedInOrder } from "../../pipeline/read-ahead.ts";
import { cacheBodyStore, spillBodyStore, type BodyStore } from "./body-store.ts";
import { stoppedAtBudget } from "./page-failure.ts";
import type { PageProcessor } from "./process-pages.ts";
import { indexedPage, type IndexedPage } from "./summary.ts";
import { linkSpill, type LinkSpill } from "./link-spill.ts";
import { checkLinks } from "./core.ts";
import { summarySpill, type SummarySpill } from "./summary-spill.ts";
import type { SourceFile } from "./parse-page.ts";
import { markdownLabels, type MarkdownLabels } from "../../markdown/markdown-labels.ts";
import { loadMessages, resolveMessages, siteLocale } from "../../context/site-chrome.ts";
import { languageHolders, listPages, type FoundPages, type ListingInput, type PageListing } from "./page-listing.ts";
import { lazyProcessor } from "./lazy-processor.ts";
import { pageKeyer } from "./page-keys.ts";
import { optionReference, referenceHash } from "./option-index.ts";
import { findSource, readAgain, requireContentFolder, sourceDigest, type FoundFile } from "./source-files.ts";
import { pageBodies } from "./stored-bodies.ts";

export { requireContentFolder } from "./source-files.ts";

/** Pages read, processed and stored together: bounds what is in memory at once, whatever the site's size. */
const GROUP = 64;

/** The content index: the site's pages, read a top-level part at a time, and the reader of their bodies. */
export interface IndexedContent {
  site: SitePages;
  bodies: PageBodies;
  /** Removes what the build stored only for itself, the pages' summaries and bodies; call once the build no longer reads them. */
  close(): Promise<void>;
  /** The page files found, for the next build's change list; set for a session's build whose listing may stand for the content folder. */
  found?: FoundPages;
  /** The option reference the pages' configuration examples were linked against, for pages processed again later (the dev server's edits). */
  reference?: OptionReference | undefined;
}

/**
 * Summarizes one group of pages: cached pages are reused (keyed by the
 * page's bytes, its path, the settings it depends on and the pipeline's
 * code); the others are processed, their bodies stored and their summaries,
 * link facts and problems cached. Problems are reported, and link facts and
 * summaries spilled, here: memory keeps none of them.
 */
async function summarizeGroup(ctx: BuildContext, found: readonly FoundFile[], stores: Stores, marks: PageMarks): Promise<void> {
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
        // The summary names the page's body by the key the store reads it back by.
        const bodyKey = page.failed ? keys[at] : await store.put(keys[at], page);
        const made = (indexed[at] = indexedPage(page, bodyKey));
        // A page stopped at its time budget may well finish on a less busy machine: the next build tries it again.
        if (!stoppedAtBudget(page)) await ctx.cache.setJson(keys[at], made);
      }),
    ),
  );
  const pages = indexed.filter((page): page is IndexedPage => page !== undefined);
  // A page the language's folder lacks is the default language's, processed (and cached) as in that language's build, and marked here;
  // so is a translated page whose source changed since (its freshness is the history's, not the page's), and a page the site's other
  // languages have in their own words (what it has is the build's, not the page's).
  for (const [at, page] of indexed.entries()) {
    if (!page) continue;
    const { relative } = found[at];
    const { entry } = page.summary;
    if (marks.fallback?.(relative)) entry.fallback = true;
    const outdated = marks.outdated?.get(relative);
    if (outdated) entry.outdated = outdated;
    // Set on every build, as a summary kept in the dev server's memory carries the last build's.
    const holders = entry.fallback ? [] : marks.holders(relative);
    entry.alternates = holders.length > 0 ? holders : undefined;
  }
  for (const page of pages) for (const d of page.diagnostics) ctx.report(d);
  await links.add(pages.map((page) => page.links));
  await summaries.add(pages.map((page) => page.summary));
}

/** What the build knows of a page beside its file, by its path under the content folder: see `summarizeGroup`. */
interface PageMarks {
  /** True for a page the language's folder lacks (a language's build only). */
  fallback?: (relative: string) => boolean;
  outdated?: ListingInput["outdated"];
  /** The other languages that have the page (see `languageHolders`). */
  holders: (relative: string) => string[];
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
 * The labels the bodies show (code blocks', tables'), by where a page comes
 * from: a language's own pages in its words, the default language's pages
 * (fallback pages too) in the default language's, so a fallback page is the
 * very page the default language's build processed. Each is left out where
 * it is the shipped catalogue's, which the processing falls back to.
 */
async function bodyLabels(ctx: BuildContext): Promise<{ original?: MarkdownLabels; own?: MarkdownLabels }> {
  const { settings } = ctx;
  const shipped = JSON.stringify(markdownLabels(resolveMessages(settings, { locale: siteLocale(settings) })));
  const of = async (lang: string) => {
    const labels = markdownLabels(await loadMessages(ctx, siteLocale(settings, lang)));
    return JSON.stringify(labels) === shipped ? undefined : labels;
  };
  const original = await of(settings.defaultLanguage);
  const own = ctx.language.translation ? await of(ctx.language.lang) : undefined;
  return { ...(original && { original }), ...(own && { own }) };
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
  const own = listing.translation;
  const marks: PageMarks = {
    holders: await languageHolders(ctx, listing),
    ...(own && { fallback: (relative: string) => !own.pages.has(relative), outdated: listing.outdated }),
  };
  const labels = await bodyLabels(ctx);
  const labelsOf = (relative: string) => (own?.pages.has(relative) ? labels.own : labels.original);
  const limit = pLimit(32);
  for (let at = 0; at < relatives.length; at += GROUP) {
    ctx.signal?.throwIfAborted();
    const group = relatives.slice(at, at + GROUP);
    const folderOf = (relative: string) => (own?.pages.has(relative) ? own : { dir: ctx.paths.content, real: contentReal });
    const all = await Promise.all(
      group.map((relative) =>
        limit(async () => {
          // A translated page comes with its original, whose headings give it aliases (see `SourceFile.original`).
          const original = own?.originals.get(relative);
          const originalPath = original === undefined ? undefined : path.join(ctx.paths.content, original);
          const found = await findSource(ctx, relative, folderOf(relative), listing.known(relative), originalPath, labelsOf(relative));
          return found && original !== undefined ? withOriginalIds(ctx, found, original, labels.original, stores.keyOf) : found;
        }),
      ),
    );
    if (digests) for (const [n, relative] of group.entries()) digests.set(relative, all[n]?.digest ?? "");
    const found = all.filter((file): file is FoundFile => file !== undefined);
    await summarizeGroup(ctx, found, stores, marks);
    ctx.logger.progress?.("index content", at + group.length, relatives.length, "pages");
  }
}

/**
 * A translated page given its original's heading ids (see
 * `SourceFile.originalIds`) from the cache, where processing the original
 * left them: in a build of several languages the default language's build
 * has just processed every original, so a translation's needs not be parsed
 * again. Without that entry (a language built alone, no cache), the original
 * is parsed as before.
 */
async function withOriginalIds(
  ctx: BuildContext,
  found: FoundFile,
  relative: string,
  labels: MarkdownLabels | undefined,
  keyOf: Stores["keyOf"],
): Promise<FoundFile> {
  const text = found.source?.original;
  if (!ctx.cache.enabled || text === undefined) return found;
  const display = ctx.display(path.join(ctx.paths.content, relative));
  const cached = await ctx.cache.getJson<IndexedPage>(keyOf({ relative, display, digest: sourceDigest({ text, ...(labels && { labels }) }) }));
  if (!cached || cached.links.failed) return found;
  return { ...found, source: { ...found.source!, originalIds: cached.links.headingIds } };
}

/** Opens where the index stage puts what it does not keep in memory, and what processes the pages (see `Stores`), for `pages` pages. */
async function openStores(ctx: BuildContext, pages: number): Promise<{ stores: Stores; reference: OptionReference | undefined }> {
  // A private cache (a build of languages) holds its first entries in memory, where this build and its other languages read them.
  const store = ctx.cache.enabled ? cacheBodyStore(ctx.cache) : spillBodyStore({ inMemory: ctx.spillAbove });
  // The dev server (a memory layer across builds) keeps the parts it reads; a build reads a part each time a stage comes to it.
  const session = ctx.cache.memo !== undefined;
  const reference = await optionReference(ctx);
  const stores: Stores = {
    store,
    links: linkSpill({ inMemory: session }),
    summaries: summarySpill({ rootPath: ctx.display(ctx.paths.content), settings: ctx.settings, keepParts: session }),
    processor: lazyProcessor(pages, ctx, reference),
    keyOf: await pageKeyer(ctx, referenceHash(reference)),
  };
  return { stores, reference };
}

/**
 * Processes the pages of the content folder that `only` names into the
 * cache, as the index stage does each page: its body, summary, link facts and
 * problems (reported on the context), cached under the key a build of the
 * whole site looks for. The checks across pages (links, the tree) are left to
 * that build. This is a shard's work (`docs-build build --shard`); it needs
 * the cache. Returns how many pages it processed.
 */
export async function runIndexShare(ctx: BuildContext, only: (relative: string) => boolean): Promise<number> {
  await requireContentFolder(ctx);
  if (!ctx.cache.enabled) throw new Error("runIndexShare needs the cache: a shard's pages are kept there for the merge");
  const contentReal = await fs.realpath(ctx.paths.content);
  const listed = await listPages(ctx, contentReal, {});
  const listing = { ...listed, relatives: listed.relatives.filter(only) };
  boundHeapGrowth(listing.relatives.length, { oneOff: true });
  const { stores } = await openStores(ctx, listing.relatives.length);
  try {
    await summarizeListed(ctx, { listing, contentReal, digests: undefined }, stores);
    return listing.relatives.length;
  } finally {
    await stores.summaries.close();
    await stores.store.close();
    await stores.processor.close();
    await stores.links.close();
  }
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
  const listed = await listPages(ctx, contentReal, input);
  const listing = listed.translation && input.outdated ? { ...listed, outdated: input.outdated } : listed;
  boundHeapGrowth(listing.relatives.length, { oneOff: ctx.cache.memo === undefined });
  const digests = listing.keep ? new Map<string, string>() : undefined;
  const { stores, reference } = await openStores(ctx, listing.relatives.length);
  const { store, summaries } = stores;
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
    return {
      site,
      bodies: pageBodies(ctx, store, [{ dir: ctx.paths.content, real: contentReal }, ...(listing.translation ? [listing.translation] : [])], reference),
      close,
      found: kept,
      reference,
    };
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
