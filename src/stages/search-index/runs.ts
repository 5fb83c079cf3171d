import readline from "node:readline";
import quickselect from "quickselect";
import { Readable } from "node:stream";
import type MiniSearch from "minisearch";
import { engineState, fieldLengthsOf, SEARCH_OPTIONS } from "../../shared/search/index-format.ts";
import { keyPartOf, termKeys, type KeyPart, type PostingsPart } from "../../shared/search/split-format.ts";

/**
 * Postings on their way from the engines that index the site a run of
 * sections at a time to the postings parts: one engine's postings as text
 * rows (`runRows`), and the rows of every engine joined per term
 * (`mergeRuns`) into the parts' form, `field:ids:frequencies:lengths` per
 * field with ids delta-coded from 0 (see `PostingsPart`).
 */

/**
 * One engine's postings as run rows, with ids offset by `offset` (the
 * sections before the engine's): per term, `;`-separated rows
 * `field:first:last:ids:frequencies:lengths` where `ids` are delta-coded
 * from 0, `first` and `last` are the row's first and last id, and
 * `frequencies` is empty when all are 1. Also each document's field lengths.
 */
export function runRows(engine: MiniSearch, offset: number): { rows: [string, string][]; lengths: number[][] } {
  const state = engineState(engine, "runRows");
  const lengths = Array.from({ length: state._documentCount }, (_, id) => fieldLengthsOf(state, id));
  const rows: [string, string][] = [];
  for (const [term, fields] of state._index) {
    const fieldRows: string[] = [];
    for (const [field, documents] of [...fields].sort(([a], [b]) => a - b)) {
      const entries = [...documents].sort((a, b) => a[0] - b[0]);
      const ids: number[] = [];
      let previous = 0;
      for (const [local] of entries) {
        ids.push(offset + local - previous);
        previous = offset + local;
      }
      const frequencies = entries.every(([, f]) => f === 1) ? "" : entries.map(([, f]) => f).join(",");
      const fieldLengths = entries.map(([local]) => lengths[local][field]).join(",");
      fieldRows.push(`${field}:${offset + entries[0][0]}:${previous}:${ids.join(",")}:${frequencies}:${fieldLengths}`);
    }
    rows.push([term, fieldRows.join(";")]);
  }
  return { rows, lengths };
}

/**
 * Run rows (see `runRows`) made with ids from 0, moved up by `offset`: each
 * field row's first and last id and its first id (the one delta from 0).
 */
export function shiftRow(row: string, offset: number): string {
  if (offset === 0) return row;
  return row
    .split(";")
    .map((fieldRow) => {
      const [field, first, last, ids, ...rest] = fieldRow.split(":");
      const comma = ids.indexOf(",");
      const head = Number(comma === -1 ? ids : ids.slice(0, comma)) + offset;
      return [field, Number(first) + offset, Number(last) + offset, `${head}${comma === -1 ? "" : ids.slice(comma)}`, ...rest].join(":");
    })
    .join(";");
}

/**
 * A field's postings once it has been cut (see {@link keepBest}): held as
 * numbers in id order, with each posting's impact, so the next cut reads the
 * kept ones without parsing them again.
 */
interface Pool {
  ids: number[];
  frequencies: number[];
  lengths: number[];
  impacts: number[];
}

/** One field's postings being joined across runs, cut to its best `cap` whenever it holds more than twice that. */
interface FieldJoin {
  ids: string[];
  /** Per run, its frequencies ("" when all are 1) and how many ids it has. */
  frequencies: [string, number][];
  lengths: string[];
  last: number;
  /** Ids the join holds now. */
  held: number;
  /** Ids it has been given, the cut ones included. */
  total: number;
  /** Set by the first cut: the postings kept, as numbers; later rows join it. */
  pool?: Pool;
}

/** How a bucket's terms are cut: see {@link mergeRuns}. */
export interface Cut {
  cap: number;
  averages: readonly number[];
}

/** Adds a run row's field to its join (the run's first id becomes a delta from the previous run's last), cutting the join once it holds more than twice the cap. */
function join(joins: Map<number, FieldJoin>, row: string, cut: Cut): void {
  const [fieldText, firstText, lastText, ids, frequencies, lengths] = row.split(":");
  const field = Number(fieldText);
  let j = joins.get(field);
  if (j?.pool) {
    const added = addToPool(j.pool, ids, frequencies, lengths, impactOf(field, cut));
    j.total += added;
    j.held += added;
  } else {
    const count = commas(ids) + 1;
    if (!j) {
      j = { ids: [ids], frequencies: [[frequencies, count]], lengths: [lengths], last: Number(lastText), held: count, total: count };
      joins.set(field, j);
    } else {
      const comma = ids.indexOf(",");
      j.ids.push(`${Number(firstText) - j.last}${comma === -1 ? "" : ids.slice(comma)}`);
      j.frequencies.push([frequencies, count]);
      j.lengths.push(lengths);
      j.last = Number(lastText);
      j.held += count;
      j.total += count;
    }
  }
  if (j.held > 2 * cut.cap) keepBest(j, field, cut);
}

/** How many commas a text has. */
function commas(text: string): number {
  let n = 0;
  for (let at = text.indexOf(","); at !== -1; at = text.indexOf(",", at + 1)) n++;
  return n;
}

/** A join's `ids:frequencies:lengths`. */
function fieldText(j: FieldJoin): string {
  if (j.pool) {
    const { ids, frequencies, lengths } = j.pool;
    const deltas = ids.map((id, k) => id - (k === 0 ? 0 : ids[k - 1]));
    return `${deltas.join(",")}:${frequencies.every((f) => f === 1) ? "" : frequencies.join(",")}:${lengths.join(",")}`;
  }
  const allOnes = j.frequencies.every(([f]) => f === "");
  const frequencies = allOnes ? "" : j.frequencies.map(([f, n]) => f || Array(n).fill(1).join(",")).join(",");
  return `${j.ids.join(",")}:${frequencies}:${j.lengths.join(",")}`;
}

/** A term's joined postings in the parts' form; a field given more than the cap ends in the number it was given. */
function joined(joins: Map<number, FieldJoin>, cut: Cut): string {
  return [...joins]
    .sort(([a], [b]) => a - b)
    .map(([field, j]) => {
      if (j.total <= cut.cap) return `${field}:${fieldText(j)}`;
      if (j.held > cut.cap) keepBest(j, field, cut);
      return `${field}:${fieldText(j)}:${j.total}`;
    })
    .join(";");
}

/** Code-unit order of two terms. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The lines (`term<TAB>rows`) of a bucket's text, read as its chunks come. */
function lines(chunks: AsyncIterable<string>): AsyncIterable<string> {
  return readline.createInterface({ input: Readable.from(chunks), crlfDelay: Number.POSITIVE_INFINITY });
}

/** The joins of a bucket's terms (only those `wanted` has, when given), in one reading of its text. */
async function joinTerms(chunks: AsyncIterable<string>, cut: Cut, wanted?: ReadonlySet<string>): Promise<Map<string, Map<number, FieldJoin>>> {
  const terms = new Map<string, Map<number, FieldJoin>>();
  for await (const line of lines(chunks)) {
    if (!line) continue;
    const tab = line.indexOf("\t");
    const term = line.slice(0, tab);
    if (wanted && !wanted.has(term)) continue;
    let joins = terms.get(term);
    if (!joins) terms.set(term, (joins = new Map()));
    for (const row of line.slice(tab + 1).split(";")) join(joins, row, cut);
  }
  return terms;
}

/** Each term of a bucket with the characters of its rows, in one reading of its text. */
async function termSizes(chunks: AsyncIterable<string>): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for await (const line of lines(chunks)) {
    if (!line) continue;
    const term = line.slice(0, line.indexOf("\t"));
    sizes.set(term, (sizes.get(term) ?? 0) + line.length);
  }
  return sizes;
}

/** Terms in order cut into runs whose rows come to at most `budget` characters (a term larger than that alone). */
function termRuns(sizes: ReadonlyMap<string, number>, budget: number): string[][] {
  const runs: string[][] = [];
  let size = budget;
  for (const term of [...sizes.keys()].sort(byCodeUnits)) {
    const own = sizes.get(term)!;
    if (size + own > budget) {
      runs.push([]);
      size = 0;
    }
    runs[runs.length - 1].push(term);
    size += own;
  }
  return runs;
}

/** How much of one bucket {@link mergeRuns} joins at a time. */
export interface JoinSize {
  /** Characters of the bucket's text. */
  size: number;
  /** Characters of rows joined at once: a larger bucket is read once for its terms, then once per run of terms whose rows come to this. */
  budget: number;
}

/**
 * The terms of one bucket's text (lines `term<TAB>rows`, runs in id order,
 * read as its chunks come, from `read`, which may be called more than once)
 * with their postings joined across runs, in code-unit order of the terms.
 * A field of a term in more than `cut.cap` sections keeps only the `cap` it
 * scores highest in, by BM25's term-frequency part (the inverse document
 * frequency is the same for all of them), ties to the lower id, and gains a
 * fifth part, the number of sections it is in, which scores are computed
 * from. The cut is made while the runs are joined, whenever a field holds
 * twice the cap: that order is total, so the best of the best kept so far
 * and the next run's are the best of all, and no term holds more than about
 * twice the cap however large the site. A bucket larger than the budget is
 * joined a run of terms at a time (each a reading of its text), so what the
 * join holds stays within the budget however large the site: a site's
 * buckets grow with it, as their number does not.
 */
export async function* mergeRuns(read: () => AsyncIterable<string>, cut: Cut, { size, budget }: JoinSize): AsyncGenerator<[string, string]> {
  const runs = size <= budget ? [undefined] : termRuns(await termSizes(read()), budget);
  for (const run of runs) {
    const terms = await joinTerms(read(), cut, run && new Set(run));
    for (const term of run ?? [...terms.keys()].sort(byCodeUnits)) yield [term, joined(terms.get(term)!, cut)];
  }
}

/** The BM25 parameters searches score with, which the cut ranks a common term's sections by. */
const BM25 = SEARCH_OPTIONS.bm25 ?? { k: 1.2, b: 0.7 };

/** The impact of a posting of `field` with a term frequency and a field length: BM25's term-frequency part. */
function impactOf(field: number, { averages }: Cut): (tf: number, length: number) => number {
  const average = averages[field] || 1;
  return (tf, length) => (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b + (BM25.b * length) / average));
}

/**
 * Appends postings in text form (ids delta-coded, the first absolute; empty
 * frequencies for all 1) to a pool, with their impacts; returns how many.
 */
function addToPool(pool: Pool, ids: string, frequencies: string, lengths: string, impact: (tf: number, length: number) => number): number {
  const deltas = ids.split(",");
  const tfs = frequencies ? frequencies.split(",") : undefined;
  const lens = lengths.split(",");
  let id = 0;
  for (let k = 0; k < deltas.length; k++) {
    id += Number(deltas[k]);
    const tf = tfs ? Number(tfs[k]) : 1;
    const length = Number(lens[k]);
    pool.ids.push(id);
    pool.frequencies.push(tf);
    pool.lengths.push(length);
    pool.impacts.push(impact(tf, length));
  }
  return deltas.length;
}

/** Cuts a join to the `cap` sections it scores highest in (see {@link mergeRuns}), keeping them as numbers for the next cut. */
function keepBest(j: FieldJoin, field: number, cut: Cut): void {
  let pool = j.pool;
  if (!pool) {
    // The first cut reads the joined text once; later rows join the pool as numbers.
    const [idText, frequencyText, lengthText] = fieldText(j).split(":");
    pool = { ids: [], frequencies: [], lengths: [], impacts: [] };
    addToPool(pool, idText, frequencyText, lengthText, impactOf(field, cut));
    j.pool = pool;
    j.ids = [];
    j.frequencies = [];
    j.lengths = [];
  }
  const { cap } = cut;
  const n = pool.ids.length;
  // The cap-th highest impact; all above it are kept, and of those equal to it the lowest ids.
  const impacts = pool.impacts.slice();
  quickselect(impacts, n - cap);
  const threshold = impacts[n - cap];
  let room = cap;
  for (let k = 0; k < n; k++) if (pool.impacts[k] > threshold) room--;
  let kept = 0;
  for (let k = 0; k < n; k++) {
    const impact = pool.impacts[k];
    if (!(impact > threshold || (impact === threshold && room-- > 0))) continue;
    pool.ids[kept] = pool.ids[k];
    pool.frequencies[kept] = pool.frequencies[k];
    pool.lengths[kept] = pool.lengths[k];
    pool.impacts[kept] = impact;
    kept++;
  }
  pool.ids.length = pool.frequencies.length = pool.lengths.length = pool.impacts.length = kept;
  j.last = pool.ids[kept - 1];
  j.held = kept;
}

/** The term-key parts: every term under each of its keys, in the part its key hashes to, grouped by the postings part that holds it. */
export function keyParts(partOf: ReadonlyMap<string, number>, target: number): KeyPart[] {
  let bytes = 0;
  for (const term of partOf.keys()) bytes += (term.length + 1) * termKeys(term).length;
  const count = Math.max(1, Math.ceil(bytes / target));
  const groups = Array.from({ length: count }, () => new Map<number, Set<string>>());
  for (const [term, part] of [...partOf].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    for (const key of termKeys(term)) {
      const group = groups[keyPartOf(key, count)];
      let terms = group.get(part);
      if (!terms) group.set(part, (terms = new Set()));
      terms.add(term);
    }
  }
  return groups.map((group) => Object.fromEntries([...group].map(([part, terms]) => [part, [...terms].join(" ")])));
}

/** One postings part of a bucket: its terms, in order, and its file's text. */
export interface BucketPart {
  terms: string[];
  contents: string;
}

/** Joined terms, in order (see {@link mergeRuns}), cut into postings parts of about `limit` characters as they come; a term larger than that has a part of its own. */
export async function* cutParts(merged: AsyncIterable<[string, string]>, limit: number): AsyncGenerator<BucketPart> {
  let part: PostingsPart = {};
  let terms: string[] = [];
  let size = 0;
  for await (const [term, postings] of merged) {
    if (size > 0 && size + postings.length > limit) {
      yield { terms, contents: JSON.stringify(part) };
      [part, terms, size] = [{}, [], 0];
    }
    part[term] = postings;
    terms.push(term);
    size += term.length + postings.length + 6;
  }
  if (size > 0) yield { terms, contents: JSON.stringify(part) };
}

/**
 * An average field length rounded to an eighth of a doubling: what common
 * terms are cut by (see {@link mergeRuns}), so that the small change an edit
 * makes to an average seldom changes which sections a common term keeps, and
 * a bucket no edit reached keeps its parts.
 */
export function quantized(average: number): number {
  return average > 0 ? 2 ** (Math.round(Math.log2(average) * 8) / 8) : 0;
}
