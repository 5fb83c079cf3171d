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

/**
 * Characters of the titles index's JSON per gzipped byte of its budget at
 * most. A reader's browser parses the whole file and holds it, so it is
 * bounded as it is read, not only as it is fetched: text that gzips better
 * than this buys no more pages. The build holds it too, as an engine many
 * times its size while it is made.
 */
export const TITLES_RAW_PER_GZIPPED = 8;

/** Characters a page takes in the titles index's JSON besides its text: its rows in the pages and the sections, its field lengths, its ids in the postings. */
export const TITLES_PAGE_CHARS = 40;

/**
 * Sections per engine while the titles index is made: one page is one short
 * section, and a small engine is let go before the collector moves it to the
 * old generation. With 4,096 (the page index's), made alone, it peaked 9 MB
 * higher for 10,000 pages of the generated site and 34 MB for 15,755.
 */
const TITLES_ENGINE_SECTIONS = 256;

/** Pages of the first, trial index made when there are more: it gives the bytes a page takes, so the first whole index is about the size that fits. */
const TRIAL_PAGES = 2_000;

/** The whole index of `pages`: one section per page, its title, and its headings as its heading text. */
function titlesOf(pages: readonly TitledPage[], locale: string | undefined): string {
  const sections = new Map(pages.map((page) => [page.url, page.section]));
  const builder = new SearchIndexBuilder((url) => sections.get(url) ?? "", { locale, engineSections: TITLES_ENGINE_SECTIONS });
  for (const page of pages) builder.add(page, [{ anchor: "", headings: [page.headings], text: "" }]);
  const titles = builder.finish();
  // Results show the page alone, so rows keep no heading text.
  const file: SearchIndexFile = { ...titles, sections: titles.sections.map(([page]) => [page, "", "", -1, ""]) };
  return JSON.stringify(file);
}

/**
 * The titles index (see `SearchRoot.titles`): a whole index of page titles
 * and headings for as many of `pages`, in order, as fit `budget` gzipped
 * bytes and {@link TITLES_RAW_PER_GZIPPED} times that in characters, and how
 * many that is; `locale` is the site's CJK text's (see `segmenterLocale`),
 * none by default. Past {@link TRIAL_PAGES} pages, a trial index of that many
 * sets the first count tried, so the index is seldom made at many times the
 * size that fits.
 */
export function titlesFile(pages: readonly TitledPage[], budget: number, locale?: string): { file: string; pages: number } {
  const chars = budget * TITLES_RAW_PER_GZIPPED;
  let count = pages.length;
  if (count > TRIAL_PAGES) {
    const trial = titlesOf(pages.slice(0, TRIAL_PAGES), locale);
    const sizes = { raw: trial.length, gzipped: gzipSync(trial).length };
    // Pages past the first take fewer bytes each (their words were mostly seen), so a tenth more is tried than the trial's share.
    count = Math.max(TRIAL_PAGES, Math.min(count, Math.floor(1.1 * TRIAL_PAGES * Math.min(chars / sizes.raw, budget / sizes.gzipped))));
  }
  let file = titlesOf(pages.slice(0, count), locale);
  // Fewer pages until it fits: a proportional guess, and at least a tenth fewer each time.
  for (let over = overBy(file, budget, chars); over > 1 && count > 0; over = overBy(file, budget, chars)) {
    count = Math.min(Math.floor(count * 0.9), Math.floor(count / over));
    // The larger index is garbage now; left to the collector, the heap grew by both indexes before it came (see collectGarbage).
    collectGarbage();
    file = titlesOf(pages.slice(0, count), locale);
  }
  return { file, pages: count };
}

/** How many times the larger of its two bounds a titles index is: its gzipped bytes over `budget`, its characters over `chars`. */
function overBy(file: string, budget: number, chars: number): number {
  return Math.max(file.length / chars, gzipSync(file).length / budget);
}
