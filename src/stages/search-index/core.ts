import MiniSearch, { type Options } from "minisearch";
import { StageError } from "../../report/errors.ts";
import { isPrintable, sectionNamer } from "../../shared/content-rules.ts";
import type { PageEntry, SearchSection } from "../../shared/content-types.ts";
import {
  minisearchOptions,
  PostingsPacker,
  WHOLE_INDEX_VERSION,
  type SearchIndexFile,
  type SearchPage,
  type SearchSectionRow,
} from "../../shared/search/index-format.ts";

/** Characters of each section's text kept for result snippets (the whole text is indexed). */
export const STORED_SNIPPET = 200;

/** The start of a section's text kept for snippets, cut at a word and marked when cut. */
export function snippetText(text: string): string {
  return text.length <= STORED_SNIPPET ? text : `${text.slice(0, STORED_SNIPPET).replace(/\s+\S*$/, "")} …`;
}

/**
 * Each section's own heading and its parent's position among the page's
 * sections (-1 for none): the nearest section before it with fewer headings
 * above it.
 */
export function sectionOutline(sections: readonly SearchSection[]): { heading: string; parent: number }[] {
  const stack: { depth: number; at: number }[] = [];
  return sections.map((section, at) => {
    const depth = section.headings.length;
    while (stack.length && stack[stack.length - 1].depth >= depth) stack.pop();
    const parent = stack.length ? stack[stack.length - 1].at : -1;
    stack.push({ depth, at });
    return { heading: section.headings.at(-1) ?? "", parent };
  });
}

/** Sections one engine indexes before its postings are packed (a few MB of heap each). */
const ENGINE_SECTIONS = 4096;

/** True for pages the search index covers: all but printable ones and pages without text. */
export function isSearchable(page: { entry: PageEntry; sectionsHash: string }): boolean {
  return !isPrintable(page.entry) && page.sectionsHash !== "";
}

/** How the whole index is built. */
export interface SearchIndexOptions {
  /** Sections per engine before it is packed; default 4,096 (tests make it small). */
  engineSections?: number;
  /** The locale of the site's CJK text (see `segmenterLocale`); none by default, and each run's is told by its script. */
  locale?: string;
}

/**
 * Builds the search index file a page at a time, so only the index itself
 * grows, never a list of every page's text: one entry per section, with the
 * page title indexed on the page's first section only, each section's own
 * heading, and its text.
 */
export class SearchIndexBuilder {
  readonly #engineOptions: Options;
  readonly #locale: string | undefined;
  #engine: MiniSearch | undefined;
  /** Sections indexed before the current engine's; its own ids start there. */
  #offset = 0;
  readonly #packer = new PostingsPacker();
  readonly #pages: SearchPage[] = [];
  readonly #sections: SearchSectionRow[] = [];
  readonly #sectionOf: (url: string) => string;
  readonly #engineSections: number;

  /** `engineSections`: sections per engine before it is packed (tests make it small); `locale`: that of the site's CJK text (see `segmenterLocale`), none by default. */
  constructor(sectionOf: (url: string) => string, options: SearchIndexOptions = {}) {
    this.#sectionOf = sectionOf;
    this.#engineSections = options.engineSections ?? ENGINE_SECTIONS;
    this.#locale = options.locale;
    this.#engineOptions = minisearchOptions(options.locale);
    this.#engine = new MiniSearch(this.#engineOptions);
  }

  /** Adds one page's sections (pages are shown in the order they are added). */
  add(entry: Pick<PageEntry, "url" | "title">, sections: readonly SearchSection[]): void {
    const engine = this.#unfinished();
    if (sections.length === 0) return;
    const pageIndex = this.#pages.length;
    this.#pages.push([entry.url, entry.title, this.#sectionOf(entry.url)]);
    const first = this.#sections.length;
    for (const [i, { heading, parent }] of sectionOutline(sections).entries()) {
      const section = sections[i];
      this.#sections.push([pageIndex, section.anchor, heading, parent < 0 ? -1 : first + parent, snippetText(section.text)]);
      engine.add({ id: first + i - this.#offset, title: i === 0 ? entry.title : "", heading, text: section.text });
    }
    // A full engine is packed and replaced, so no engine ever holds the whole site's postings.
    if (engine.documentCount >= this.#engineSections) {
      this.#packer.absorb(engine);
      this.#engine = new MiniSearch(this.#engineOptions);
      this.#offset = this.#sections.length;
    }
  }

  /** The engine pages are added to; there is none once the index is finished, and using the builder then is a bug. */
  #unfinished(): MiniSearch {
    if (this.#engine) return this.#engine;
    throw new StageError(
      "build search index",
      "the search index was used after it was finished. This is a docs-build bug: report it with the command you ran and the output of --debug.",
    );
  }

  /** The file (see `PostingsPacker`); the builder is done after this. */
  finish(): SearchIndexFile {
    this.#packer.absorb(this.#unfinished());
    this.#engine = undefined;
    const locale = this.#locale === undefined ? {} : { locale: this.#locale };
    return { version: WHOLE_INDEX_VERSION, ...locale, pages: this.#pages, sections: this.#sections, ...this.#packer.finish() };
  }
}

/** Builds the search index file (pure) from pages that carry their sections; see `SearchIndexBuilder`. */
export function buildSearchIndex(
  pages: ReadonlyArray<{ entry: PageEntry; sections: readonly SearchSection[] }>,
  options: SearchIndexOptions = {},
): SearchIndexFile {
  const builder = new SearchIndexBuilder(sectionNamer(pages), options);
  for (const page of pages) if (!isPrintable(page.entry)) builder.add(page.entry, page.sections);
  return builder.finish();
}
