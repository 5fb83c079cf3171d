import { hashKey } from "../../cache/cache.ts";
import { REPOSITORY_LIST_TAG } from "../../markdown/repository-list.ts";
import type { PageDiagnostic, PageLinkFacts, PageSummary, ProcessedPage } from "../../shared/content-types.ts";
import { teaserOf } from "../../shared/text.ts";
import { sidebarAnchorsOf } from "../../shared/content-rules.ts";

/**
 * What the build keeps of a processed page (pure): everything but its body and
 * search sections, which go to the body store under `bodyKey`, plus what later
 * stages would otherwise read the body for (the blog teaser, whether it lists
 * repositories) and a hash of the sections for the search index's cache.
 *
 * The summary is a fresh copy. Titles, ids and URLs cut from a page's text
 * can keep the whole text (and parse trees) alive through them; the build
 * keeps summaries until it ends, and at 2,000 pages these originals took 28 MB
 * of heap where the copies take 8 MB.
 */
export function summarize(page: ProcessedPage, bodyKey: string): PageSummary {
  const { bodyHtml, sections, markdown: _markdown, links: _links, headingIds: _ids, diagnostics: _diagnostics, ...rest } = page;
  const { anchors } = page.entry;
  return copied({
    ...rest,
    // The headings wait in the body store: what a site keeps per page in memory must not grow with its headings.
    entry: { ...page.entry, anchors: [], sidebarAnchors: sidebarAnchorsOf(page.entry).length },
    anchorsHash: anchors.length && !page.failed ? hashKey(JSON.stringify(anchors)).slice(0, 32) : "",
    bodyKey: page.failed ? "" : bodyKey,
    sectionsHash: sections.length ? hashKey(JSON.stringify(sections)).slice(0, 32) : "",
    teaser: page.entry.url.startsWith("/blog/") ? teaserOf(bodyHtml) : "",
    repositoryLists: bodyHtml.includes(REPOSITORY_LIST_TAG),
  });
}

/** A deep copy of plain data whose strings share nothing with the original's. */
function copied<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** What the index stage caches of a processed page: its summary, the facts the link check reads, and its problems. */
export interface IndexedPage {
  summary: PageSummary;
  links: PageLinkFacts;
  diagnostics: PageDiagnostic[];
}

/** The cached form of a processed page (pure): its summary, link facts and problems, copied apart from the page like the summary. */
export function indexedPage(page: ProcessedPage, bodyKey: string): IndexedPage {
  const { entry, links, headingIds, diagnostics } = page;
  return {
    summary: summarize(page, bodyKey),
    links: copied({ url: entry.url, path: entry.path, failed: page.failed === true, headingIds, links }),
    diagnostics: copied(diagnostics),
  };
}
