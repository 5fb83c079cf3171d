import MiniSearch, { type Options, type SearchOptions } from "minisearch";
import { isCjkTerm, makeTokenizer } from "./tokenize.ts";

/**
 * The built-in search: a MiniSearch index over page sections in a packed
 * form, with the page and section data results show. The build makes this
 * whole index first and cuts it into the parts the browser loads
 * (`split-format.ts`); tests and benchmarks search it whole, as the
 * reference the parts must answer like.
 */

/** The version of the whole index's shape (it is cached between builds, never served). */
export const WHOLE_INDEX_VERSION = 1;

/** A radix-tree node: edge labels alternating with child nodes, or with postings under the label "". */
export type TreeNode = (string | TreeNode)[];

/** One page of the index: URL, title and the site section it is grouped under. */
export type SearchPage = [url: string, title: string, section: string];

/** One section: its page (index into pages), anchor, own heading, parent section (-1 for none), snippet text. */
export type SearchSectionRow = [page: number, anchor: string, heading: string, parent: number, snippet: string];

/** The whole index, as the build makes it before cutting it into parts. */
export interface SearchIndexFile {
  version: number;
  /** The locale its CJK text was segmented in (see `segmenterLocale`), which queries are segmented in too; absent for none. */
  locale?: string;
  pages: SearchPage[];
  sections: SearchSectionRow[];
  /** Per section: the length of each field, flattened (title, heading, text). */
  lengths: number[];
  averages: number[];
  /** How many terms the index holds. */
  termCount: number;
  /**
   * The inverted index as a radix tree, the shape the engine searches, so
   * loading it needs no insertions: a node is `[label, child, label, child,
   * …]`, and the label "" holds the postings of the term spelled by the path.
   * Postings are text, parsed only when a query reaches the term: per field
   * `fieldId,delta,delta,…` (doc ids delta-coded), then `,-1,` and the term
   * frequencies when any is not 1; fields separated by `;`.
   */
  tree: TreeNode;
}

/** Words too common to help; leaving them out makes the index a third smaller. */
const STOP_WORDS = new Set(
  "a an and are as at be but by can do does for from has have how if in into is it its may more must no not of on or so such that the their then there these this those to use used uses using was we what when where which while will with you your".split(
    " ",
  ),
);

/** The fields indexed, in field-id order. */
export const SEARCH_FIELDS = ["title", "heading", "text"] as const;

/** Each field's id, as the engine numbers them. */
export const FIELD_IDS: Record<string, number> = Object.fromEntries(SEARCH_FIELDS.map((f, i) => [f, i]));

/** Lowercases a term; stop words, single characters and bare numbers are not indexed. */
function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  return lower.length < 2 || STOP_WORDS.has(lower) || /^\d+$/.test(lower) ? null : lower;
}

/**
 * The engine's options for an index whose CJK text is in `locale` (see
 * `segmenterLocale`): the fields, and the tokenizer (see `makeTokenizer`)
 * that splits both the pages and the queries.
 */
export function minisearchOptions(locale?: string): Options {
  return { fields: [...SEARCH_FIELDS], tokenize: makeTokenizer(locale), processTerm };
}

/** The engine's options for an index without a locale: CJK text in it is segmented by the locale its script suggests. */
export const MINISEARCH_OPTIONS: Options = minisearchOptions();

/**
 * Ranking: a title match (the page's own title, on its first section) weighs
 * most, then the section's heading, then body text. Terms match as prefixes
 * from three letters and with one typo (a letter missing, extra or wrong)
 * from five letters, so `splitchunks`, `optimisation` and `modle federation`
 * find their pages; every word must match. One typo, not more: a second
 * multiplies the terms a long word reaches and the time a query takes.
 * A CJK term (two characters or more: single ones are not indexed) matches
 * as a prefix, so `파일` finds `파일의`, and never with a typo: one character
 * changed makes another word (`缓存` cache, `缓冲` buffer).
 */
export const SEARCH_OPTIONS: SearchOptions = {
  boost: { title: 4, heading: 2.5, text: 1 },
  prefix: (term) => term.length >= 3 || isCjkTerm(term),
  fuzzy: (term) => (term.length >= 5 && !isCjkTerm(term) ? 1 : false),
  maxFuzzy: 1,
  combineWith: "AND",
  weights: { fuzzy: 0.45, prefix: 0.6 },
  // MiniSearch's own defaults, named here because the build ranks a common term's sections by them too.
  bm25: { k: 1.2, b: 0.7, d: 0.5 },
};

interface SerializedEntry {
  [docId: string]: number;
}

/** The longest common prefix of two strings. */
function commonPrefix(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(0, i);
}

/** Builds a compressed radix tree from terms sorted by code unit, each with its postings. */
export function radixTree(entries: readonly [string, string][]): TreeNode {
  const node: TreeNode = [];
  let i = 0;
  while (i < entries.length) {
    if (entries[i][0] === "") {
      node.push("", entries[i][1]);
      i++;
      continue;
    }
    // The run of terms sharing this term's first character becomes one edge.
    let j = i + 1;
    let label = entries[i][0];
    while (j < entries.length && entries[j][0][0] === entries[i][0][0]) label = commonPrefix(label, entries[j++][0]);
    node.push(label, radixTree(entries.slice(i, j).map(([term, postings]) => [term.slice(label.length), postings])));
    i = j;
  }
  return node;
}

/** Every term of a tree with its postings, in tree order. */
export function treeTerms(node: TreeNode, prefix = "", out: [string, string][] = []): [string, string][] {
  for (let i = 0; i < node.length; i += 2) {
    const label = node[i] as string;
    if (label === "") out.push([prefix, node[i + 1] as string]);
    else treeTerms(node[i + 1] as TreeNode, prefix + label, out);
  }
  return out;
}

/** One term's postings: per field id, each document id with the term's frequency in it. */
type TermPostings = Iterable<[field: number, documents: Iterable<[id: number, frequency: number]>]>;

/** Packs the index's terms and lengths into the compact file fields (ids 0…n-1). */
function packTerms(
  documentCount: number,
  fieldLength: (id: number) => readonly number[] | undefined,
  averages: number[],
  index: Iterable<[string, TermPostings]>,
): Pick<SearchIndexFile, "lengths" | "averages" | "termCount" | "tree"> {
  const lengths: number[] = [];
  for (let id = 0; id < documentCount; id++) lengths.push(...(fieldLength(id) ?? SEARCH_FIELDS.map(() => 0)));
  const terms: [string, string][] = [];
  for (const [term, fields] of index) {
    const packed: string[] = [];
    for (const [field, documents] of fields) {
      const entries = [...documents].sort((a, b) => a[0] - b[0]);
      const row = [field];
      let previous = 0;
      for (const [id] of entries) {
        row.push(id - previous);
        previous = id;
      }
      if (entries.some(([, frequency]) => frequency !== 1)) row.push(-1, ...entries.map(([, frequency]) => frequency));
      packed.push(row.join(","));
    }
    terms.push([term, packed.join(";")]);
  }
  terms.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { lengths, averages, termCount: terms.length, tree: radixTree(terms) };
}

/** Packs MiniSearch's plain-object form (ids 0…n-1) into the compact file fields. */
export function packIndex(js: ReturnType<MiniSearch["toJSON"]>): Pick<SearchIndexFile, "lengths" | "averages" | "termCount" | "tree"> {
  const index = js.index.map(([term, fields]): [string, TermPostings] => [
    term,
    Object.entries(fields as Record<string, SerializedEntry>).map(([field, entry]) => [
      Number(field),
      Object.entries(entry).map(([id, frequency]) => [Number(id), frequency]),
    ]),
  ]);
  return packTerms(js.documentCount, (id) => js.fieldLength[id], js.averageFieldLength, index);
}

/** What the index builders read of MiniSearch 7's engine: the term map and the field lengths. */
export interface EngineState {
  _index: Iterable<[string, Map<number, Map<number, number>>]>;
  _fieldLength: Map<number, number[]>;
  _documentCount: number;
}

/** An engine's term map and field lengths; throws, naming `reader`, when this MiniSearch keeps them differently. */
export function engineState(engine: MiniSearch, reader: string): EngineState {
  const state = engine as unknown as EngineState;
  if (!state._index || !(state._fieldLength instanceof Map)) throw new Error(`This MiniSearch version keeps its index differently; ${reader} needs updating`);
  return state;
}

/** A document's length of each field, 0 for a field it lacks. */
export function fieldLengthsOf(state: EngineState, id: number): number[] {
  const lengths = state._fieldLength.get(id);
  return SEARCH_FIELDS.map((_field, f) => lengths?.[f] ?? 0);
}

/**
 * Adds one document's field lengths to averages over the `count` documents
 * before it, as the engine updates them document by document, so the figures
 * match the engine's to the last bit.
 */
export function addToAverages(averages: number[], count: number, lengths: readonly number[]): void {
  for (const [f, length] of lengths.entries()) averages[f] = (averages[f] * count + length) / (count + 1);
}

/** One term's postings in one field, as text parts: delta-coded ids, frequencies, and whether every frequency is 1. */
interface PackedRow {
  field: number;
  ids: string[];
  frequencies: string[];
  allOnes: boolean;
  last: number;
}

/**
 * Builds the packed index from engines that each hold a run of documents:
 * each engine's postings are turned into the file's text form (see
 * `SearchIndexFile.tree`) and the engine let go, so building needs about the
 * size of the file rather than of an engine holding every document. At 10,000
 * pages (142,000 sections) one engine took 338 MB of heap; the packed text is
 * about 50 MB. The documents of the engines, in the order they are absorbed,
 * have ids 0…n-1 (each engine's own ids offset by the documents before it),
 * and the result equals `packIndex` of one engine holding them all (tested).
 */
export class PostingsPacker {
  readonly #terms = new Map<string, PackedRow[]>();
  readonly #lengths: number[] = [];
  readonly #averages: number[] = SEARCH_FIELDS.map(() => 0);
  #count = 0;

  /** Takes an engine's postings; its documents follow every document absorbed before. */
  absorb(engine: MiniSearch): void {
    const state = engineState(engine, "PostingsPacker");
    const offset = this.#count;
    for (let id = 0; id < state._documentCount; id++) {
      const lengths = fieldLengthsOf(state, id);
      this.#lengths.push(...lengths);
      addToAverages(this.#averages, this.#count++, lengths);
    }
    for (const [term, fields] of state._index) {
      let rows = this.#terms.get(term);
      if (!rows) this.#terms.set(term, (rows = []));
      for (const [field, documents] of fields) {
        let row = rows.find((r) => r.field === field);
        if (!row) rows.push((row = { field, ids: [], frequencies: [], allOnes: true, last: 0 }));
        const entries = [...documents].sort((a, b) => a[0] - b[0]);
        const deltas: number[] = [];
        for (const [local] of entries) {
          deltas.push(offset + local - row.last);
          row.last = offset + local;
        }
        row.ids.push(deltas.join(","));
        row.frequencies.push(entries.map(([, frequency]) => frequency).join(","));
        row.allOnes &&= entries.every(([, frequency]) => frequency === 1);
      }
    }
  }

  /** The packed fields of every document absorbed. */
  finish(): Pick<SearchIndexFile, "lengths" | "averages" | "termCount" | "tree"> {
    const terms: [string, string][] = [];
    for (const [term, rows] of this.#terms) {
      const packed = rows.map((row) => `${row.field},${row.ids.join(",")}${row.allOnes ? "" : `,-1,${row.frequencies.join(",")}`}`);
      terms.push([term, packed.join(";")]);
    }
    this.#terms.clear();
    terms.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return { lengths: this.#lengths, averages: this.#count ? [...this.#averages] : [], termCount: terms.length, tree: radixTree(terms) };
  }
}

/** The engine's term map: a radix tree of Maps (MiniSearch 7's SearchableMap). */
interface TermMap {
  _tree?: unknown;
  _size?: number;
}

/**
 * A term's postings that decode themselves on first use. A query touches a
 * few dozen of the thousands of terms, so the rest are never decoded; this
 * keeps loading the index to a few milliseconds.
 */
class LazyPostings extends Map<number, Map<number, number>> {
  #postings: string | undefined;
  readonly #decoder: PostingsDecoder;

  constructor(postings: string, decoder: PostingsDecoder) {
    super();
    this.#postings = postings;
    this.#decoder = decoder;
  }

  #decode(): void {
    const postings = this.#postings;
    if (postings === undefined) return;
    this.#postings = undefined;
    for (const [field, docs] of this.#decoder(postings)) super.set(field, docs);
  }

  override get(key: number) {
    this.#decode();
    return super.get(key);
  }
  override has(key: number) {
    this.#decode();
    return super.has(key);
  }
  override get size() {
    this.#decode();
    return super.size;
  }
  override set(key: number, value: Map<number, number>) {
    this.#decode();
    return super.set(key, value);
  }
  override delete(key: number) {
    this.#decode();
    return super.delete(key);
  }
  override clear() {
    this.#postings = undefined;
    super.clear();
  }
  override forEach(callback: (value: Map<number, number>, key: number, map: Map<number, Map<number, number>>) => void, thisArg?: unknown) {
    this.#decode();
    super.forEach(callback, thisArg);
  }
  override keys() {
    this.#decode();
    return super.keys();
  }
  override values() {
    this.#decode();
    return super.values();
  }
  override entries() {
    this.#decode();
    return super.entries();
  }
  override [Symbol.iterator]() {
    return this.entries();
  }
}

/** Turns one term's postings text into what MiniSearch keeps: field id → (doc id → frequency). */
export type PostingsDecoder = (postings: string) => Map<number, Map<number, number>>;

/** The postings of one term of the whole index as MiniSearch keeps them: field id → (doc id → frequency). */
function termData(postings: string): Map<number, Map<number, number>> {
  const data = new Map<number, Map<number, number>>();
  for (const field of postings.split(";")) {
    const row = field.split(",").map(Number);
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

/** The tree as the engine keeps it: a Map per node, postings at the leaves decoded by `decoder` when first read. */
export function treeMaps(node: TreeNode, decoder: PostingsDecoder = termData): Map<string, unknown> {
  const map = new Map<string, unknown>();
  for (let i = 0; i < node.length; i += 2) {
    const label = node[i] as string;
    map.set(label, label === "" ? new LazyPostings(node[i + 1] as string, decoder) : treeMaps(node[i + 1] as TreeNode, decoder));
  }
  return map;
}

/** The engine's state for the file apart from its terms: documents, field ids and lengths. */
function engineBase(file: SearchIndexFile) {
  const count = file.sections.length;
  const width = SEARCH_FIELDS.length;
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  for (let id = 0; id < count; id++) {
    documentIds[id] = id;
    fieldLength[id] = file.lengths.slice(id * width, id * width + width);
  }
  return {
    documentCount: count,
    nextId: count,
    documentIds,
    fieldIds: FIELD_IDS,
    fieldLength,
    averageFieldLength: file.averages,
    storedFields: {},
    dirtCount: 0,
    serializationVersion: 2,
  };
}

/** Engines `unpackIndexFast` filled, so tests can tell which way an index was loaded. */
const fastLoaded = new WeakSet<MiniSearch>();

/** True when `engine` came from the fast path of `unpackIndex`, not from the documented loader. */
export function loadedByFastPath(engine: MiniSearch): boolean {
  return fastLoaded.has(engine);
}

/**
 * Loads the file through MiniSearch's documented `loadJS`, every posting
 * turned into the objects keyed by number that it takes. The reference the
 * fast path must equal, and the fallback when the fast path cannot be taken.
 */
export function unpackIndexDocumented(file: SearchIndexFile): MiniSearch {
  const index = treeTerms(file.tree).map(([term, postings]) => {
    const entries: Record<string, SerializedEntry> = {};
    for (const [field, docs] of termData(postings)) entries[field] = Object.fromEntries(docs);
    return [term, entries] as [string, Record<string, SerializedEntry>];
  });
  return MiniSearch.loadJS({ ...engineBase(file), index }, minisearchOptions(file.locale));
}

/**
 * The fast path: creates the engine empty through `loadJS` and replaces its
 * term tree with the file's tree, built as Maps of the shape MiniSearch 7's
 * SearchableMap keeps (MiniSearch is pinned to 7.2.0 for this), with postings
 * that decode when a query first reads them. Returns undefined when the
 * engine's internals are not that shape.
 */
export function unpackIndexFast(file: SearchIndexFile): MiniSearch | undefined {
  const empty = MiniSearch.loadJS({ ...engineBase(file), index: [] }, minisearchOptions(file.locale));
  const terms = (empty as unknown as { _index?: TermMap })._index;
  if (!(terms?._tree instanceof Map) || terms._tree.size !== 0 || !("_size" in terms)) return undefined;
  terms._tree = treeMaps(file.tree);
  terms._size = undefined;
  fastLoaded.add(empty);
  return empty;
}

/**
 * Turns the file back into a MiniSearch instance. The documented `loadJS`
 * takes postings as objects keyed by number, and building those for 120 000
 * postings costs about 150 ms in a browser, and inserting 6 000 terms into
 * the engine's radix tree another 40 ms; so the fast path is taken when the
 * engine's internals allow it, and the documented one otherwise.
 */
export function unpackIndex(file: SearchIndexFile): MiniSearch {
  return unpackIndexFast(file) ?? unpackIndexDocumented(file);
}
