import readline from "node:readline";
import { Readable } from "node:stream";
import type MiniSearch from "minisearch";
import { engineState, fieldLengthsOf, SEARCH_OPTIONS } from "../../shared/search/index-format.ts";
import { keyPartOf, termKeys, type KeyPart } from "../../shared/search/split-format.ts";

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
  const count = ids.split(",").length;
  let j = joins.get(field);
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
  if (j.held > 2 * cut.cap) keepBest(j, field, cut);
}

/** A join's `ids:frequencies:lengths`. */
function fieldText(j: FieldJoin): string {
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

/**
 * The terms of one bucket's text (lines `term<TAB>rows`, runs in id order,
 * read as its chunks come) with their postings joined across runs, in
 * code-unit order of the terms. A field of a term in more than `cut.cap`
 * sections keeps only the `cap` it scores highest in, by BM25's
 * term-frequency part (the inverse document frequency is the same for all
 * of them), ties to the lower id, and gains a fifth part, the number of
 * sections it is in, which scores are computed from. The cut is made while
 * the runs are joined, whenever a field holds twice the cap: that order is
 * total, so the best of the best kept so far and the next run's are the best
 * of all, and no term holds more than about twice the cap however large the
 * site.
 */
export async function mergeRuns(chunks: AsyncIterable<string>, cut: Cut): Promise<[string, string][]> {
  const terms = new Map<string, Map<number, FieldJoin>>();
  for await (const line of readline.createInterface({ input: Readable.from(chunks), crlfDelay: Number.POSITIVE_INFINITY })) {
    if (!line) continue;
    const tab = line.indexOf("\t");
    const term = line.slice(0, tab);
    let joins = terms.get(term);
    if (!joins) terms.set(term, (joins = new Map()));
    for (const row of line.slice(tab + 1).split(";")) join(joins, row, cut);
  }
  return [...terms].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([term, joins]): [string, string] => [term, joined(joins, cut)]);
}

/** The BM25 parameters searches score with, which the cut ranks a common term's sections by. */
const BM25 = SEARCH_OPTIONS.bm25 ?? { k: 1.2, b: 0.7 };

/** Cuts a join to the `cap` sections it scores highest in (see {@link mergeRuns}); typed arrays and a numeric sort, as a cut reads twice the cap. */
function keepBest(j: FieldJoin, field: number, { cap, averages }: Cut): void {
  const [idText, frequencyText, lengthText] = fieldText(j).split(":");
  const deltas = idText.split(",");
  const n = deltas.length;
  const frequencies = frequencyText ? frequencyText.split(",") : undefined;
  const lengths = lengthText.split(",");
  const average = averages[field] || 1;
  const impact = new Float64Array(n);
  const ids = new Float64Array(n);
  let id = 0;
  for (let k = 0; k < n; k++) {
    id += Number(deltas[k]);
    ids[k] = id;
    const tf = frequencies ? Number(frequencies[k]) : 1;
    impact[k] = (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b + (BM25.b * Number(lengths[k])) / average));
  }
  // The cap-th highest impact; all above it are kept, and of those equal to it the lowest ids.
  const threshold = impact.slice().sort()[n - cap];
  let room = cap;
  for (let k = 0; k < n; k++) if (impact[k] > threshold) room--;
  const keptIds: number[] = [];
  const keptFrequencies: string[] = [];
  const keptLengths: string[] = [];
  let previous = 0;
  for (let k = 0; k < n; k++) {
    if (!(impact[k] > threshold || (impact[k] === threshold && room-- > 0))) continue;
    keptIds.push(ids[k] - previous);
    previous = ids[k];
    keptFrequencies.push(frequencies ? frequencies[k] : "1");
    keptLengths.push(lengths[k]);
  }
  j.ids = [keptIds.join(",")];
  j.frequencies = [[keptFrequencies.every((f) => f === "1") ? "" : keptFrequencies.join(","), cap]];
  j.lengths = [keptLengths.join(",")];
  j.last = previous;
  j.held = cap;
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
