import { gzipSync } from "node:zlib";
import { collectGarbage } from "../../pipeline/heap-growth.ts";
import type { SearchIndexFile } from "../../shared/search/index-format.ts";
import { SearchIndexBuilder } from "./core.ts";

/** A page as the titles index keeps it: its URL, title, site section and its headings as one text. */
export interface TitledPage {
  url: string;
  title: string;
  section: string;
  headings: string;
}

/** The whole index of `pages`: one section per page, its title, and its headings as its heading text. */
function titlesOf(pages: readonly TitledPage[], locale: string | undefined): SearchIndexFile {
  const sections = new Map(pages.map((page) => [page.url, page.section]));
  const builder = new SearchIndexBuilder((url) => sections.get(url) ?? "", { locale });
  for (const page of pages) builder.add(page, [{ anchor: "", headings: [page.headings], text: "" }]);
  const titles = builder.finish();
  // Results show the page alone, so rows keep no heading text.
  return { ...titles, sections: titles.sections.map(([page]) => [page, "", "", -1, ""]) };
}

/**
 * The titles index (see `SearchRoot.titles`): a whole index of page titles
 * and headings for as many of `pages`, in order, as fit `budget` gzipped
 * bytes, and how many that is; `locale` is the site's CJK text's (see
 * `segmenterLocale`), none by default.
 */
export function titlesFile(pages: readonly TitledPage[], budget: number, locale?: string): { file: string; pages: number } {
  let count = pages.length;
  let file = JSON.stringify(titlesOf(pages, locale));
  // Fewer pages until it fits: a proportional guess, and at least a tenth fewer each time.
  for (let size = gzipSync(file).length; size > budget && count > 0; size = gzipSync(file).length) {
    count = Math.min(Math.floor(count * 0.9), Math.floor((count * budget) / size));
    // The larger index is garbage now; left to the collector, the heap grew by both indexes before it came (see collectGarbage).
    collectGarbage();
    file = JSON.stringify(titlesOf(pages.slice(0, count), locale));
  }
  return { file, pages: count };
}
