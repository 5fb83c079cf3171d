import type MiniSearch from "minisearch";
import { SEARCH_OPTIONS, unpackIndex, type SearchIndexFile } from "./index-format.ts";
import { resultsOf, type Hit, type SearchResult } from "./results.ts";

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
    const hits = this.#engine.search(query, SEARCH_OPTIONS).slice(0, limit) as unknown as Hit[];
    return resultsOf(hits, (id) => {
      const [pageIndex, anchor, , , text] = this.#file.sections[id];
      const [url, title, section] = this.#file.pages[pageIndex];
      return { url, title, section, anchor, headings: this.#headings(id), text };
    });
  }
}
