/**
 * The split search index: a small root file and parts a query loads as it
 * needs them, so what a reader downloads for a search does not grow with the
 * site. Used by the build (to write the parts) and the browser (to find them).
 *
 * - **Postings parts** (`p<n>.json`): the terms of one bucket (terms whose
 *   starts hash alike: see `termStart`) in code-unit order, each with its
 *   postings, cut at about `PartSizes.postingsBytes`; bucket `b`'s `k`-th
 *   part is numbered `b + buckets × k`, so a bucket's parts never move
 *   another's. A term's
 *   postings carry each document's field length, so a part scores on its own.
 *   A common term (in more than `PartSizes.commonAt` sections of a field)
 *   keeps only the sections it scores highest in, and says how many it is in,
 *   so no term's postings grow with the site (see `PostingsPart`).
 * - **Term-key parts** (`k<n>.json`): which postings part holds a term, for
 *   every term, filed under each of its keys (see `termKeys`); the part a key
 *   lives in is the key's hash modulo the number of key parts, so the root
 *   needs no list of keys.
 * - **Document parts** (`d<n>.json`): the sections with ids from
 *   `n × documentsPerPart`, at most `PartSizes.documentsPerPart`, with their
 *   pages: what a result shows (title, heading, snippet).
 *
 * Section ids are stable under edits: the pages are indexed in runs (see the
 * build's `RUN_PAGES`), and each run's sections take ids from the start of
 * its own slots of `PartSizes.runStride` ids, so an edit to one page moves
 * no other run's ids, postings or document parts. Ids therefore have gaps;
 * `SearchRoot.idSpan` bounds them.
 *
 * A build's parts live under a folder named by a hash of all the parts, so
 * part names never change meaning and a cached part is always right. The
 * dev server keeps one folder across its rebuilds instead, so unchanged
 * parts are not written again, and its root carries a `stamp` that the
 * loader adds to every part's address.
 */

import { isCjkTerm } from "./tokenize.ts";

/** Bumped whenever the files' shape changes; the loader refuses any other. */
export const SEARCH_INDEX_VERSION = 5;

/** Where the root is served, relative to the site root. */
export const SEARCH_INDEX_PATH = "search-index.json";

/** The folder the parts go in, relative to the site root; each build's parts are in a subfolder named by their hash. */
export const SEARCH_PARTS_DIR = "search";

/** The subfolder the dev server's parts stay in across its rebuilds (see `SearchRoot.stamp`). */
export const SERVED_PARTS_DIR = `${SEARCH_PARTS_DIR}/served/`;

/** How the index is cut: the sizes of its parts. */
export interface PartSizes {
  /** Sections per document part: a result needs one, so twelve results load at most twelve small parts. */
  documentsPerPart: number;
  /** The size a postings part is cut at, in characters (a single term's postings may be larger). */
  postingsBytes: number;
  /** The size a term-key part aims at, in characters, which sets how many there are. */
  keyBytes: number;
  /**
   * Sections a term keeps per field: past it, the term is common, keeps the
   * sections it scores highest in, and stops narrowing a query that has a
   * rarer word (see `SplitSearcher`), as a search engine's common-terms query
   * does. The project's own site has no term this common.
   */
  commonAt: number;
  /**
   * Ids of a slot: each run of pages takes as many whole slots as its
   * sections need, from where the previous run's end. A multiple of
   * `documentsPerPart`, so no document part holds two runs' sections.
   */
  runStride: number;
}

/** The part sizes the build uses. A run of 256 pages has about 3,600 sections on the webpack site, so most runs take one slot. */
export const PART_SIZES: PartSizes = { documentsPerPart: 32, postingsBytes: 12_000, keyBytes: 6_000, commonAt: 2_000, runStride: 4_096 };

/** Letters of a term's start that its keys are made of. */
const KEY_LETTERS = 3;

/** The root file: what every search loads first. */
export interface SearchRoot {
  version: number;
  /** The locale the index's CJK text was segmented in (see `segmenterLocale`), which queries are segmented in too; absent for none. */
  locale?: string;
  /** The parts' folder, relative to the site root, with a trailing slash (`search/3f2a…/`). */
  dir: string;
  /** Sections indexed: the engine's document count, which scores depend on. */
  documentCount: number;
  /** Every section id is below it (ids have gaps: see the top of this file). */
  idSpan: number;
  /** Set by the dev server, whose parts keep their names across rebuilds: added to each part's address as its query, so no cache serves a part of an earlier build. */
  stamp?: string;
  /** The average length of each field (title, heading, text) over every section. */
  averages: number[];
  /** Terms in the index. */
  termCount: number;
  /** How many term-key parts there are (`k0.json` … ). */
  keyParts: number;
  /** How many postings parts there are (their numbers have gaps). */
  postingsParts: number;
  /** How many document parts there are (their numbers have gaps). */
  documentParts: number;
  /** Sections per document part: section `id` is in part `floor(id / documentsPerPart)`. */
  documentsPerPart: number;
  /**
   * The titles index, written when the whole index is past the precache
   * budget: a whole index (one file, precached) of page titles and headings,
   * which answers searches offline when parts a query needs were never
   * loaded. `pages` of `of` pages are in it, in site order.
   */
  titles?: { file: string; pages: number; of: number };
}

/** A term-key part: postings part number → the terms it holds that are filed here, space-separated in code-unit order. */
export type KeyPart = Record<string, string>;

/**
 * A postings part: term → postings, one field per `;`-separated row, each
 * `field:ids:frequencies:lengths`, with ids delta-coded, frequencies left
 * empty when all are 1, and each document's length of that field. A common
 * term's row (see `PartSizes.commonAt`) holds only its best sections and ends
 * in a fifth part, `:count`, the number of sections of the field it is in.
 */
export type PostingsPart = Record<string, string>;

/** One page of a document part: URL, title and the site section it is grouped under. */
type DocumentPage = [url: string, title: string, section: string];

/** One section of a document part: its page (index into the part's pages), anchor, own heading, parent section id (-1 for none), snippet text. */
type DocumentRow = [page: number, anchor: string, heading: string, parent: number, snippet: string];

/** A document part: the sections from `first` on, and the pages they belong to. */
export interface DocumentPart {
  first: number;
  pages: DocumentPage[];
  sections: DocumentRow[];
}

/** The file name of each kind of part, inside the root's `dir`. */
export const partFile = {
  key: (n: number) => `k${n}.json`,
  postings: (n: number) => `p${n}.json`,
  documents: (n: number) => `d${n}.json`,
  /** The titles index (see `SearchRoot.titles`). */
  titles: "titles.json",
};

/** Where a part named `name` (see `partFile`) is fetched from: in the root's folder, with the root's stamp as its query when it has one. */
export function partAddress(root: Pick<SearchRoot, "dir" | "stamp">, name: string): string {
  return `${root.dir}${name}${root.stamp ? `?${root.stamp}` : ""}`;
}

/** FNV-1a over a key's UTF-16 code units: the same number in the build and in every browser. */
export function keyHash(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The term-key part that holds `key`. */
export function keyPartOf(key: string, keyParts: number): number {
  return keyHash(key) % keyParts;
}

/**
 * What a term is bucketed by: its first three letters, or the first
 * character of a CJK term. A CJK word is often two characters, and
 * matches as a prefix from two, so the terms a CJK query can reach are
 * those of its first character, and they sit side by side in one bucket.
 */
export function termStart(term: string): string {
  if (!isCjkTerm(term)) return term.slice(0, KEY_LETTERS);
  return String.fromCodePoint(term.codePointAt(0) ?? 0);
}

/**
 * The keys a term is filed under. A term of three letters or fewer is its
 * own key; a longer one is filed under its first three letters and under
 * each way of dropping one of its first four letters. That is what lets a
 * typo in the first letters still find the term: if a query word and a term
 * differ by one edit, either the edit is past the third letter and both
 * start with the same three letters, or it is among the first four, and
 * dropping the changed, extra or missing letter from both leaves the same
 * three letters. So a query looks only in the parts of its own keys. A CJK
 * term, which never matches with a typo, is filed under its first
 * character alone (see `termStart`).
 */
export function termKeys(term: string): string[] {
  if (isCjkTerm(term)) return [termStart(term)];
  if (term.length <= KEY_LETTERS) return [term];
  const start = term.slice(0, KEY_LETTERS + 1);
  const keys = new Set([term.slice(0, KEY_LETTERS)]);
  for (let i = 0; i <= KEY_LETTERS; i++) keys.add(start.slice(0, i) + start.slice(i + 1));
  return [...keys];
}

/**
 * The keys a query word needs: its own start for an exact or prefix match,
 * and, when it may match with a typo, every key a term one edit away can
 * have (see `termKeys`).
 */
export function queryKeys(word: string, fuzzy: boolean): string[] {
  if (isCjkTerm(word)) return [termStart(word)];
  if (word.length <= KEY_LETTERS) return [word];
  return fuzzy ? termKeys(word) : [word.slice(0, KEY_LETTERS)];
}

/** True when `a` and `b` differ by at most one inserted, deleted or changed character. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length - short.length > 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  // Past the first difference, the rest must match after skipping one character of the longer word (or of both).
  return short.length === long.length ? short.slice(i + 1) === long.slice(i + 1) : short.slice(i) === long.slice(i + 1);
}
