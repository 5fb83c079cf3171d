/**
 * Search results as the search box shows them, and the text helpers that
 * make them; no engine here, so the page's main bundle can use these types
 * and `groupResults` without loading the index code.
 */

import { isCjkTerm } from "./tokenize.ts";

/** A piece of a snippet or title; `match` pieces are shown highlighted. */
export interface TextPiece {
  text: string;
  match: boolean;
}

/** One result as the search box shows it. */
export interface SearchResult {
  /** Site-relative URL with the section's anchor. */
  url: string;
  /** The page's title. */
  title: string;
  /** Headings from the page's top down to the matched section; empty for the page's opening text. */
  headings: string[];
  snippet: TextPiece[];
  /** The site section the result is grouped under (`Guides`). */
  section: string;
  score: number;
  /** Set on results of the titles index alone (page titles and headings), given offline when the parts a query needed could not be loaded. */
  partial?: boolean;
}

/**
 * What the search box queries: the built-in index or the hosted DocSearch
 * service. The browser client supplies it, loaded in a chunk of its own.
 */
export interface SearchBackend {
  search(query: string): Promise<SearchResult[]>;
}

/** Results grouped by site section, groups in order of their best result. */
export interface ResultGroup {
  section: string;
  results: SearchResult[];
}

/** Longest snippet shown, in characters. */
const SNIPPET_LENGTH = 160;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Letters, digits, `_` and `$`: what continues a word. */
const WORD = "A-Za-z0-9_$\\u00C0-\\uFFFF";

/** The last pattern built, reused while the same terms are highlighted (every result of one query). */
let cached: { key: string; pattern: RegExp } | undefined;

function patternFor(terms: readonly string[]): RegExp | undefined {
  const usable = [...new Set(terms.filter((t) => t.length > 0).map((t) => t.toLowerCase()))].sort((a, b) => b.length - a.length);
  if (usable.length === 0) return undefined;
  const key = usable.join("\0");
  if (cached?.key !== key) {
    // A CJK word has no spaces around it, so it is marked where it stands, and no further.
    const words = usable.filter((t) => !isCjkTerm(t)).map(escapeRegExp);
    const cjk = usable.filter(isCjkTerm).map(escapeRegExp);
    const alternatives = [...(words.length ? [`(?<![${WORD}])(?:${words.join("|")})[${WORD}]*`] : []), ...(cjk.length ? [`(?:${cjk.join("|")})`] : [])];
    cached = { key, pattern: new RegExp(alternatives.join("|"), "gi") };
  }
  return cached.pattern;
}

/**
 * Splits `text` into pieces, marking every word that starts with one of the
 * matched terms (case-insensitive), so `split` highlights `splitChunks`.
 */
export function highlight(text: string, terms: readonly string[]): TextPiece[] {
  const pattern = patternFor(terms);
  if (!pattern || text === "") return text ? [{ text, match: false }] : [];
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > at) pieces.push({ text: text.slice(at, m.index), match: false });
    pieces.push({ text: m[0], match: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), match: false });
  return pieces;
}

/** A window of `text` around its first match, at most `length` characters, cut at word boundaries. */
export function snippetWindow(text: string, terms: readonly string[], length = SNIPPET_LENGTH): string {
  if (text.length <= length) return text;
  const lower = text.toLowerCase();
  const first = Math.min(...terms.map((t) => lower.indexOf(t.toLowerCase())).filter((i) => i >= 0), Number.POSITIVE_INFINITY);
  const start = Number.isFinite(first) ? Math.max(0, first - Math.floor(length / 3)) : 0;
  let slice = text.slice(start, start + length);
  if (start > 0) slice = `… ${slice.replace(/^\S*\s/, "")}`;
  if (start + length < text.length) slice = `${slice.replace(/\s\S*$/, "")} …`;
  return slice;
}

/** What the engine said of one matched section: its id, score, the index terms it matched and the query words that matched them. */
export interface Hit {
  id: number;
  score: number;
  terms: string[];
  queryTerms: string[];
}

/** What a search index knows of a section: its page (URL, title, site section), anchor, heading path and snippet text. */
export interface SectionFacts {
  url: string;
  title: string;
  section: string;
  anchor: string;
  headings: string[];
  text: string;
}

/**
 * Turns the engine's best hits into results, each with its snippet cut
 * around and highlighting what matched in any shown result and the query's
 * own words (prefixes of what matched).
 */
export function resultsOf(hits: readonly Hit[], facts: (id: number) => SectionFacts): SearchResult[] {
  const terms = [...new Set(hits.flatMap((hit) => [...hit.terms, ...hit.queryTerms]))];
  return hits.map((hit) => {
    const { url, title, section, anchor, headings, text } = facts(hit.id);
    return { url: anchor ? `${url}#${anchor}` : url, title, headings, snippet: highlight(snippetWindow(text, terms), terms), section, score: hit.score };
  });
}

/** Groups results by site section, keeping each group's results in rank order. */
export function groupResults(results: readonly SearchResult[]): ResultGroup[] {
  const groups = new Map<string, SearchResult[]>();
  for (const result of results) {
    const group = groups.get(result.section);
    if (group) group.push(result);
    else groups.set(result.section, [result]);
  }
  return [...groups].map(([section, list]) => ({ section, results: list }));
}
