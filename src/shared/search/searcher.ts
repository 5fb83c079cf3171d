import type MiniSearch from "minisearch";
import { SEARCH_OPTIONS, unpackIndex, type SearchIndexFile } from "./index-format.ts";
import { highlight, snippetWindow, type SearchResult } from "./results.ts";

/** Searches a loaded index file. */
export class Searcher {
  readonly #engine: MiniSearch;
  readonly #file: SearchIndexFile;

  constructor(file: SearchIndexFile) {
    this.#file = file;
    this.#engine = unpackIndex(file);
  }

  /** Number of sections indexed. */
  get size(): number {
    return this.#file.sections.length;
  }

  #headings(section: number): string[] {
    const path: string[] = [];
    for (let at = section; at >= 0; at = this.#file.sections[at][3]) {
      const heading = this.#file.sections[at][2];
      if (heading) path.unshift(heading);
    }
    return path;
  }

  /** The best `limit` sections for `query`, best first; an empty query gives none. */
  search(query: string, limit = 10): SearchResult[] {
    if (query.trim() === "") return [];
    const hits = this.#engine.search(query, SEARCH_OPTIONS).slice(0, limit);
    // Highlight what matched in any shown result, and the query's own words (prefixes of what matched).
    const terms = [...new Set(hits.flatMap((hit) => [...hit.terms, ...hit.queryTerms]))];
    return hits.map((hit) => {
      const [pageIndex, anchor, , , text] = this.#file.sections[hit.id as number];
      const [url, title, section] = this.#file.pages[pageIndex];
      return {
        url: anchor ? `${url}#${anchor}` : url,
        title,
        headings: this.#headings(hit.id as number),
        snippet: highlight(snippetWindow(text, terms), terms),
        section,
        score: hit.score,
      };
    });
  }
}
