import MiniSearch, { type Options, type SearchOptions } from "minisearch";

/**
 * The built-in search: a MiniSearch index over page sections, shipped as one
 * JSON file in a packed form, with the page and section data results show.
 * Used by the build (to make the file), the browser and the tests (to search it).
 */

/** Bumped whenever the file's shape changes. */
export const SEARCH_INDEX_VERSION = 1;

/** Where the built index is served, relative to the site root. */
export const SEARCH_INDEX_PATH = "search-index.json";

/** One page of the index: URL, title and the site section it is grouped under. */
export type SearchPage = [url: string, title: string, section: string];

/** One section: its page (index into pages), anchor, own heading, parent section (-1 for none), snippet text. */
export type SearchSectionRow = [page: number, anchor: string, heading: string, parent: number, snippet: string];

/** The file the build writes and the browser loads. */
export interface SearchIndexFile {
  version: number;
  pages: SearchPage[];
  sections: SearchSectionRow[];
  /** Per section: the length of each field, flattened (title, heading, text). */
  lengths: number[];
  averages: number[];
  /** The inverted index: per term, per field, doc ids delta-coded, then -1 and term frequencies when any is not 1. */
  terms: [string, ...number[][]][];
}

/** Words too common to help; leaving them out makes the index a third smaller. */
const STOP_WORDS = new Set(
  "a an and are as at be but by can do does for from has have how if in into is it its may more must no not of on or so such that the their then there these this those to use used uses using was we what when where which while will with you your".split(" "),
);

/** The fields indexed, in field-id order. */
export const SEARCH_FIELDS = ["title", "heading", "text"] as const;

/** Splits on anything but letters, digits and `_`/`$`, so `optimization.splitChunks` gives both words. */
const TOKEN_SEPARATOR = /[^\p{L}\p{N}_$]+/u;

/** Lowercases a term; stop words, single characters and bare numbers are not indexed. */
export function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  return lower.length < 2 || STOP_WORDS.has(lower) || /^\d+$/.test(lower) ? null : lower;
}

export const MINISEARCH_OPTIONS: Options = {
  fields: [...SEARCH_FIELDS],
  tokenize: (text) => text.split(TOKEN_SEPARATOR),
  processTerm,
};

/**
 * Ranking: a title match (the page's own title, on its first section) weighs
 * most, then the section's heading, then body text. Terms match as prefixes
 * from three letters and with one typo in five letters, so `splitchunks`,
 * `optimisation` and `modle federation` find their pages; every word must match.
 */
export const SEARCH_OPTIONS: SearchOptions = {
  boost: { title: 4, heading: 2.5, text: 1 },
  prefix: (term) => term.length >= 3,
  fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
  maxFuzzy: 2,
  combineWith: "AND",
  weights: { fuzzy: 0.45, prefix: 0.6 },
};

interface SerializedEntry {
  [docId: string]: number;
}

/** Packs MiniSearch's plain-object form (ids 0…n-1) into the compact file fields. */
export function packIndex(js: ReturnType<MiniSearch["toJSON"]>): Pick<SearchIndexFile, "lengths" | "averages" | "terms"> {
  const lengths: number[] = [];
  for (let id = 0; id < js.documentCount; id++) lengths.push(...(js.fieldLength[id] ?? SEARCH_FIELDS.map(() => 0)));
  const terms = js.index.map(([term, fields]) => {
    const packed: number[][] = [];
    for (const [field, entry] of Object.entries(fields as Record<string, SerializedEntry>)) {
      const ids = Object.keys(entry)
        .map(Number)
        .sort((a, b) => a - b);
      const row = [Number(field)];
      let previous = 0;
      for (const id of ids) {
        row.push(id - previous);
        previous = id;
      }
      const frequencies = ids.map((id) => entry[id]);
      packed.push(frequencies.every((f) => f === 1) ? row : [...row, -1, ...frequencies]);
    }
    return [term, ...packed] as [string, ...number[][]];
  });
  return { lengths, averages: js.averageFieldLength, terms };
}

interface TermMap {
  set(term: string, data: Map<number, Map<number, number>>): void;
}

/** The postings of one term as MiniSearch keeps them: field id → (doc id → frequency). */
function termData(fields: number[][]): Map<number, Map<number, number>> {
  const data = new Map<number, Map<number, number>>();
  for (const row of fields) {
    const split = row.indexOf(-1);
    const end = split === -1 ? row.length : split;
    const docs = new Map<number, number>();
    let id = 0;
    for (let k = 1; k < end; k++) {
      id += row[k];
      docs.set(id, split === -1 ? 1 : row[split + k]);
    }
    data.set(row[0], docs);
  }
  return data;
}

/**
 * Turns the file back into a MiniSearch instance. The documented `loadJS`
 * takes postings as objects keyed by number, and building those for 120 000
 * postings costs about 150 ms in a browser; so the instance is created empty
 * through `loadJS` and the postings go straight into its term map as Maps,
 * the form `loadJS` itself produces (MiniSearch 7). If that map is not
 * there, the documented path is taken.
 */
export function unpackIndex(file: SearchIndexFile): MiniSearch {
  const count = file.sections.length;
  const width = SEARCH_FIELDS.length;
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  for (let id = 0; id < count; id++) {
    documentIds[id] = id;
    fieldLength[id] = file.lengths.slice(id * width, id * width + width);
  }
  const base = {
    documentCount: count,
    nextId: count,
    documentIds,
    fieldIds: Object.fromEntries(SEARCH_FIELDS.map((f, i) => [f, i])),
    fieldLength,
    averageFieldLength: file.averages,
    storedFields: {},
    dirtCount: 0,
    serializationVersion: 2,
  };
  const empty = MiniSearch.loadJS({ ...base, index: [] }, MINISEARCH_OPTIONS);
  const terms = (empty as unknown as { _index?: TermMap })._index;
  if (typeof terms?.set === "function") {
    for (const [term, ...fields] of file.terms) terms.set(term, termData(fields));
    return empty;
  }
  const index = file.terms.map(([term, ...fields]) => {
    const entries: Record<string, SerializedEntry> = {};
    for (const [field, docs] of termData(fields)) entries[field] = Object.fromEntries(docs);
    return [term, entries] as [string, Record<string, SerializedEntry>];
  });
  return MiniSearch.loadJS({ ...base, index }, MINISEARCH_OPTIONS);
}
