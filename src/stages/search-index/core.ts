import MiniSearch from "minisearch";
import { isPrintable } from "../../shared/content-rules.ts";
import type { ProcessedPage } from "../../shared/content-types.ts";
import { MINISEARCH_OPTIONS, packIndex, SEARCH_INDEX_VERSION, type SearchIndexFile, type SearchPage, type SearchSectionRow } from "../../shared/search/index-format.ts";

/** Characters of each section's text kept for result snippets (the whole text is indexed). */
export const STORED_SNIPPET = 200;

/** The start of a section's text kept for snippets, cut at a word and marked when cut. */
function snippetText(text: string): string {
  return text.length <= STORED_SNIPPET ? text : `${text.slice(0, STORED_SNIPPET).replace(/\s+\S*$/, "")} …`;
}

/** First segment of a URL (`guides` of `/guides/caching/`). */
const firstSegment = (url: string) => url.split("/")[1] ?? "";

/**
 * The site section each URL belongs to: the title of its top-level folder's
 * page (`Guides`), or `General` for pages outside any folder (the landing page,
 * `/comparison/`). Folders are the first segments of nested URLs.
 */
function sectionNamer(urls: readonly string[], titles: ReadonlyMap<string, string>): (url: string) => string {
  const folders = new Set(urls.filter((u) => u.split("/").filter(Boolean).length > 1).map(firstSegment));
  return (url) => {
    const folder = firstSegment(url);
    if (!folders.has(folder)) return "General";
    return titles.get(`/${folder}/`) ?? folder.charAt(0).toUpperCase() + folder.slice(1);
  };
}

/**
 * Builds the search index file (pure) from processed pages: one entry per
 * section of every page but printable ones, with the page title indexed on
 * the page's first section only, each section's own heading, and its text.
 */
export function buildSearchIndex(pages: readonly ProcessedPage[]): SearchIndexFile {
  const searchable = pages.filter((p) => !isPrintable(p.entry) && p.sections.length > 0);
  const sectionOf = sectionNamer(
    pages.map((p) => p.entry.url),
    new Map(pages.map((p) => [p.entry.url, p.entry.title])),
  );
  const pageRows: SearchPage[] = [];
  const sectionRows: SearchSectionRow[] = [];
  const documents: { id: number; title: string; heading: string; text: string }[] = [];
  for (const page of searchable) {
    const pageIndex = pageRows.length;
    pageRows.push([page.entry.url, page.entry.title, sectionOf(page.entry.url)]);
    const stack: { depth: number; id: number }[] = [];
    page.sections.forEach((section, i) => {
      const id = sectionRows.length;
      const depth = section.headings.length;
      while (stack.length && stack[stack.length - 1].depth >= depth) stack.pop();
      const parent = stack.length ? stack[stack.length - 1].id : -1;
      stack.push({ depth, id });
      const heading = section.headings.at(-1) ?? "";
      sectionRows.push([pageIndex, section.anchor, heading, parent, snippetText(section.text)]);
      documents.push({ id, title: i === 0 ? page.entry.title : "", heading, text: section.text });
    });
  }
  const engine = new MiniSearch(MINISEARCH_OPTIONS);
  engine.addAll(documents);
  return { version: SEARCH_INDEX_VERSION, pages: pageRows, sections: sectionRows, ...packIndex(engine.toJSON()) };
}
