import MiniSearch, { type Options } from "minisearch";
import { FIELD_IDS, minisearchOptions, radixTree, SEARCH_FIELDS, treeMaps, type PostingsDecoder } from "./index-format.ts";
import type { PostingsPart, SearchRoot } from "./split-format.ts";

/**
 * A MiniSearch engine over the postings parts loaded so far. The root gives
 * the document count and average field lengths, and each posting carries its
 * document's field length, so every term the engine holds scores exactly as
 * it would in the whole index: a query whose terms are all among the loaded
 * parts gets the whole index's results.
 */

/** Section ids are below the root's idSpan (with gaps that no posting names) and stand for themselves; the engine asks this map only whether an id is live and what it is. */
class AllIds extends Map<number, number> {
  readonly #count: number;
  constructor(count: number) {
    super();
    this.#count = count;
  }
  override has(id: number): boolean {
    return Number.isInteger(id) && id >= 0 && id < this.#count;
  }
  override get(id: number): number | undefined {
    return this.has(id) ? id : undefined;
  }
}

/**
 * A common term's kept sections (see `PartSizes.commonAt`): `size` is the
 * number of sections the term is in, which MiniSearch reads as the document
 * frequency its scores come from, so each kept section scores as it would
 * with every section listed; iterating gives the kept ones.
 */
class CommonDocs extends Map<number, number> {
  readonly #count: number;
  constructor(count: number) {
    super();
    this.#count = count;
  }
  override get size(): number {
    return this.#count;
  }
}

/** True when a term's postings are a common term's: some row carries the count of sections it is in. */
export function isCommonPostings(postings: string): boolean {
  return postings.split(";").some((row) => row.split(":", 5).length === 5);
}

/**
 * Decodes split postings (`field:ids:frequencies:lengths[:count]` rows),
 * recording each document's field lengths in `lengths` as it goes. The
 * documented loader turns them into plain objects, which lose a common
 * term's count: there its kept sections score as if they were all.
 */
function splitDecoder(lengths: Map<number, number[]>): PostingsDecoder {
  return (postings) => {
    const data = new Map<number, Map<number, number>>();
    for (const row of postings.split(";")) {
      const [fieldText, idText, frequencyText, lengthText, countText] = row.split(":");
      const field = Number(fieldText);
      const deltas = idText.split(",");
      const frequencies = frequencyText ? frequencyText.split(",") : undefined;
      const fieldLengths = lengthText.split(",");
      const docs = countText ? new CommonDocs(Number(countText)) : new Map<number, number>();
      let id = 0;
      deltas.forEach((delta, k) => {
        id += Number(delta);
        docs.set(id, frequencies ? Number(frequencies[k]) : 1);
        let known = lengths.get(id);
        if (!known) lengths.set(id, (known = SEARCH_FIELDS.map(() => 0)));
        known[field] = Number(fieldLengths[k]);
      });
      data.set(field, docs);
    }
    return data;
  };
}

/** The engine's empty state for the root: counts and averages, no terms yet. */
function emptyState(root: SearchRoot) {
  return {
    documentCount: root.documentCount,
    nextId: root.idSpan,
    documentIds: {},
    fieldIds: FIELD_IDS,
    fieldLength: {},
    averageFieldLength: root.averages,
    storedFields: {},
    dirtCount: 0,
    serializationVersion: 2,
    index: [],
  };
}

/** What the fast path replaces inside MiniSearch 7 (pinned to 7.2.0 for this). */
interface EngineInternals {
  _index?: { _tree?: unknown; _size?: number };
  _documentIds?: unknown;
  _fieldLength?: unknown;
}

/**
 * An engine holding the terms of `parts`. The fast path puts the terms in the
 * engine's term tree directly, with postings decoded when a query first reads
 * them; when MiniSearch's internals are not the shape it expects, every
 * posting is decoded and loaded through the documented `loadJS`. `options`
 * are the engine's (default: those for the root's locale).
 */
export function partsEngine(root: SearchRoot, parts: Iterable<PostingsPart>, options: Options = minisearchOptions(root.locale)): MiniSearch {
  const entries: [string, string][] = [];
  for (const part of parts) for (const term in part) entries.push([term, part[term]]);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const engine = MiniSearch.loadJS(emptyState(root), options);
  const internals = engine as unknown as EngineInternals;
  const terms = internals._index;
  if (
    terms?._tree instanceof Map &&
    terms._tree.size === 0 &&
    "_size" in terms &&
    internals._fieldLength instanceof Map &&
    internals._documentIds instanceof Map
  ) {
    const lengths = new Map<number, number[]>();
    terms._tree = treeMaps(radixTree(entries), splitDecoder(lengths));
    terms._size = undefined;
    internals._fieldLength = lengths;
    internals._documentIds = new AllIds(root.idSpan);
    return engine;
  }
  return documentedEngine(root, entries, options);
}

/** The reference load: every posting decoded and handed to MiniSearch's documented `loadJS`. */
export function documentedEngine(root: SearchRoot, entries: readonly [string, string][], options: Options = minisearchOptions(root.locale)): MiniSearch {
  const lengths = new Map<number, number[]>();
  const decode = splitDecoder(lengths);
  const index = entries.map(([term, postings]) => {
    const fields: Record<string, Record<string, number>> = {};
    for (const [field, docs] of decode(postings)) fields[field] = Object.fromEntries(docs);
    return [term, fields] as [string, Record<string, Record<string, number>>];
  });
  const documentIds = Object.fromEntries([...lengths.keys()].map((id) => [id, id]));
  return MiniSearch.loadJS({ ...emptyState(root), documentIds, fieldLength: Object.fromEntries(lengths), index }, options);
}
