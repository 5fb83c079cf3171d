import type MiniSearch from "minisearch";
import type { Options } from "minisearch";
import { minisearchOptions, SEARCH_OPTIONS, type SearchIndexFile } from "./index-format.ts";
import { resultsOf, type Hit, type SearchResult } from "./results.ts";
import { Searcher } from "./searcher.ts";
import { isCommonPostings, partsEngine } from "./split-engine.ts";
import {
  keyPartOf,
  partAddress,
  partFile,
  queryKeys,
  SEARCH_INDEX_VERSION,
  withinOneEdit,
  type DocumentPart,
  type KeyPart,
  type PostingsPart,
  type SearchRoot,
} from "./split-format.ts";

/** Fetches a part by its path relative to the site root and returns its parsed JSON. */
export type PartLoader = (path: string) => Promise<unknown>;

/** Thrown for a root of another version of the file format than this code reads. */
export class SearchIndexVersionError extends Error {
  override name = "SearchIndexVersionError";
  constructor(found: unknown) {
    super(
      `The search index is version ${String(found)}, and this page reads version ${SEARCH_INDEX_VERSION}: the site changed since the page was loaded. Reload the page.`,
    );
  }
}

/** A cache of parts by number: each is fetched once, and a failed fetch is forgotten so the next query tries again. */
class Parts<T> {
  readonly #loading = new Map<number, Promise<T>>();
  readonly loaded = new Map<number, T>();
  constructor(readonly path: (n: number) => string) {}

  get(n: number, load: PartLoader): Promise<T> {
    let part = this.#loading.get(n);
    if (!part) {
      part = load(this.path(n)) as Promise<T>;
      this.#loading.set(n, part);
      part.then(
        (value) => this.loaded.set(n, value),
        () => this.#loading.delete(n),
      );
    }
    return part;
  }
}

/** A query word and how it may match: exactly, as a prefix, and with one typo (as `SEARCH_OPTIONS` says). */
interface QueryWord {
  word: string;
  prefix: boolean;
  fuzzy: boolean;
}

/** The query's words as the engine sees them (the engine's tokenizer and term processing, `options`), with how each may match. */
function queryWords(query: string, options: Options): QueryWord[] {
  const tokenize = options.tokenize as (text: string) => string[];
  const process = options.processTerm as (term: string) => string | null;
  const words = tokenize(query)
    .map((t) => process(t))
    .filter((t): t is string => Boolean(t));
  const prefix = SEARCH_OPTIONS.prefix as (term: string) => boolean;
  const fuzzy = SEARCH_OPTIONS.fuzzy as (term: string) => number | false;
  return [...new Set(words)].map((word) => ({ word, prefix: prefix(word), fuzzy: fuzzy(word) !== false }));
}

/** True when the index term `term` can match the query word (exactly, by prefix or with one typo). */
function mayMatch(term: string, q: QueryWord): boolean {
  return term === q.word || (q.prefix && term.startsWith(q.word)) || (q.fuzzy && withinOneEdit(q.word, term));
}

/**
 * A query with common words, as a search engine's common-terms query runs
 * it: the documents are those every rarer word matches, and the common words,
 * whose postings keep only their best sections, add to their scores where
 * they match instead of narrowing them; a query of common words alone matches
 * sections any of them matches. Each word is searched alone and the scores
 * are combined as MiniSearch combines them: summed, times the number of
 * query words matched.
 */
function commonTermsSearch(engine: MiniSearch, words: readonly QueryWord[], common: ReadonlySet<string>): Hit[] {
  const runs = words.map((q) => ({
    common: common.has(q.word),
    hits: new Map((engine.search(q.word, SEARCH_OPTIONS) as unknown as Hit[]).map((hit) => [hit.id, hit])),
  }));
  const rare = runs.filter((run) => !run.common);
  const ids =
    rare.length > 0
      ? [...rare[0].hits.keys()].filter((id) => rare.every((run) => run.hits.has(id)))
      : [...new Set(runs.flatMap((run) => [...run.hits.keys()]))];
  return ids
    .map((id) => {
      let raw = 0;
      const terms = new Set<string>();
      const queryTerms: string[] = [];
      for (const run of runs) {
        const hit = run.hits.get(id);
        if (!hit) continue;
        raw += hit.score;
        for (const term of hit.terms) terms.add(term);
        queryTerms.push(...hit.queryTerms);
      }
      return { id, score: raw * queryTerms.length, terms: [...terms], queryTerms };
    })
    .sort((a, b) => b.score - a.score);
}

/**
 * Searches the split index: for each query, loads the term-key parts of the
 * query's words, then the postings parts of every term that can match, and
 * once the best sections are known, the document parts that describe them.
 * Parts are kept for later queries. Results are the whole index's results.
 */
export class SplitSearcher {
  readonly #root: SearchRoot;
  readonly #load: PartLoader;
  readonly #keys: Parts<KeyPart>;
  readonly #postings: Parts<PostingsPart>;
  readonly #documents: Parts<DocumentPart>;
  /** The engine's options, with the tokenizer for the root's locale. */
  readonly #options: Options;
  #engine: { parts: number; engine: MiniSearch } | undefined;
  #titles: Promise<Searcher> | undefined;

  /** Takes the parsed root; throws `SearchIndexVersionError` for a root of another format version. */
  constructor(root: SearchRoot, load: PartLoader) {
    if (root?.version !== SEARCH_INDEX_VERSION) throw new SearchIndexVersionError(root?.version);
    this.#root = root;
    this.#load = load;
    this.#options = minisearchOptions(root.locale);
    this.#keys = new Parts((n) => partAddress(root, partFile.key(n)));
    this.#postings = new Parts((n) => partAddress(root, partFile.postings(n)));
    this.#documents = new Parts((n) => partAddress(root, partFile.documents(n)));
  }

  /** Number of sections indexed. */
  get size(): number {
    return this.#root.documentCount;
  }

  /** The best `limit` sections for `query`, best first; an empty query gives none. */
  async search(query: string, limit = 10): Promise<SearchResult[]> {
    if (query.trim() === "") return [];
    const words = queryWords(query, this.#options);
    const common = this.#commonWords(words, await this.#loadTerms(words));
    const engine = this.#currentEngine();
    const all = common.size === 0 ? (engine.search(query, SEARCH_OPTIONS) as unknown as Hit[]) : commonTermsSearch(engine, words, common);
    const hits = all.slice(0, limit);
    await this.#loadDocuments(hits.map((hit) => hit.id));
    return resultsOf(hits, (id) => {
      const [part, [pageIndex, anchor, , , text]] = this.#row(id);
      const [url, title, section] = part.pages[pageIndex];
      return { url, title, section, anchor, headings: this.#headings(id), text };
    });
  }

  /**
   * Searches the titles index alone (see `SearchRoot.titles`): for when the
   * parts a query needs cannot be loaded, offline. Its results are pages,
   * marked `partial`; undefined when the root names no titles index.
   */
  async searchTitles(query: string, limit = 10): Promise<SearchResult[] | undefined> {
    const titles = this.#root.titles;
    if (!titles) return undefined;
    this.#titles ??= this.#load(partAddress(this.#root, titles.file)).then(
      (file) => new Searcher(file as SearchIndexFile),
      (error: unknown) => {
        this.#titles = undefined;
        throw error;
      },
    );
    return (await this.#titles).search(query, limit).map((result) => ({ ...result, partial: true }));
  }

  /** The words that can match a common term (see `PartSizes.commonAt`) among the terms of the postings parts numbered `parts`. */
  #commonWords(words: readonly QueryWord[], parts: Iterable<number>): Set<string> {
    const common = new Set<string>();
    for (const n of parts) {
      const part = this.#postings.loaded.get(n) ?? {};
      for (const term in part) {
        const matching = words.filter((q) => !common.has(q.word) && mayMatch(term, q));
        if (matching.length > 0 && isCommonPostings(part[term])) for (const q of matching) common.add(q.word);
      }
    }
    return common;
  }

  /** Loads the postings parts of every term any of the words can match; returns their numbers. */
  async #loadTerms(words: readonly QueryWord[]): Promise<Set<number>> {
    const keyNumbers = new Set(words.flatMap((q) => queryKeys(q.word, q.fuzzy).map((key) => keyPartOf(key, this.#root.keyParts))));
    const keyParts = await Promise.all([...keyNumbers].map((n) => this.#keys.get(n, this.#load)));
    const needed = new Set<number>();
    for (const part of keyParts) {
      for (const n in part) if (part[n].split(" ").some((term) => words.some((q) => mayMatch(term, q)))) needed.add(Number(n));
    }
    await Promise.all([...needed].map((n) => this.#postings.get(n, this.#load)));
    return needed;
  }

  /** The engine over every postings part loaded so far, made again only when more have arrived. */
  #currentEngine(): MiniSearch {
    const count = this.#postings.loaded.size;
    if (this.#engine?.parts !== count) this.#engine = { parts: count, engine: partsEngine(this.#root, this.#postings.loaded.values(), this.#options) };
    return this.#engine.engine;
  }

  /** Loads the document parts of `ids` and of the sections above them, for their heading paths. */
  async #loadDocuments(ids: readonly number[]): Promise<void> {
    let wanted = ids;
    while (wanted.length) {
      const parts = [...new Set(wanted.map((id) => Math.floor(id / this.#root.documentsPerPart)))];
      await Promise.all(parts.map((n) => this.#documents.get(n, this.#load)));
      // A section's parent may sit in an earlier part; load that part too.
      const parents = new Set<number>();
      for (const id of wanted) {
        let at = this.#row(id)[1][3];
        while (at >= 0 && this.#hasRow(at)) at = this.#row(at)[1][3];
        if (at >= 0) parents.add(at);
      }
      wanted = [...parents];
    }
  }

  #hasRow(id: number): boolean {
    return this.#documents.loaded.has(Math.floor(id / this.#root.documentsPerPart));
  }

  #row(id: number): [DocumentPart, DocumentPart["sections"][number]] {
    const part = this.#documents.loaded.get(Math.floor(id / this.#root.documentsPerPart));
    if (!part) throw new Error(`Search section ${id} was not loaded`);
    return [part, part.sections[id - part.first]];
  }

  #headings(section: number): string[] {
    const path: string[] = [];
    for (let at = section; at >= 0; at = this.#row(at)[1][3]) {
      const heading = this.#row(at)[1][2];
      if (heading) path.unshift(heading);
    }
    return path;
  }
}
