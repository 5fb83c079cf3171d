import { gzipSync } from "node:zlib";
import MiniSearch, { type Options } from "minisearch";
import { hashKey, type Memo } from "../../cache/cache.ts";
import type { OutputFile, StreamedFile } from "../../output/files.ts";
import { addToAverages, minisearchOptions, SEARCH_FIELDS } from "../../shared/search/index-format.ts";
import type { PageEntry, SearchSection } from "../../shared/content-types.ts";
import {
  keyHash,
  PART_SIZES,
  partFile,
  SEARCH_INDEX_PATH,
  SEARCH_INDEX_VERSION,
  type DocumentPart,
  type PartSizes,
  type SearchRoot,
  termStart,
} from "../../shared/search/split-format.ts";
import { sectionOutline, snippetText } from "./core.ts";
import { cutParts, keyParts, mergeRuns, quantized, runRows, shiftRow, type BucketPart, type Cut } from "./runs.ts";
import { titlesFile, TITLES_PAGE_CHARS, TITLES_RAW_PER_GZIPPED, type TitledPage } from "./titles.ts";

/** A file of the split index: always text. */
export interface TextFile extends OutputFile {
  contents: string;
}

/**
 * Where postings wait between the engines that made them and the parts they
 * go into: text appended to numbered buckets, read back whole once every
 * engine is done. The build keeps them in a temporary folder; tests in memory.
 */
export interface RunStore {
  append(bucket: number, text: string): Promise<void>;
  /** All text appended to `bucket`, in order, in chunks of any size; none when none was. Called again, it reads it all again. */
  read(bucket: number): AsyncIterable<string>;
  /** Says `bucket` will not be read again, so what it holds may go. */
  done?(bucket: number): Promise<void>;
}

/**
 * Characters of a bucket's text joined at once (see `mergeRuns`): a bucket
 * grows with the site, as their number does not, so a larger one is joined
 * a run of terms at a time. A 10,000-page site's largest buckets are joined whole.
 */
const JOIN_BUDGET = 1 << 21;

/** What `SplitIndexWriter` needs. */
export interface SplitIndexWriterOptions {
  /** The parts' folder, relative to the site root, with a trailing slash (`search/<hash>/`). */
  dir: string;
  /** Takes each part; a streamed one only with `memo` (see there). */
  emit: (file: TextFile | StreamedFile) => Promise<void>;
  store: RunStore;
  /** The site section a page URL is grouped under. */
  sectionOf: (url: string) => string;
  /** Gzipped bytes up to which every part is precached (`search.precacheBudget`). */
  precacheBudget: number;
  /** Default `PART_SIZES`. */
  sizes?: PartSizes;
  /** Buckets of the store; default 256. */
  buckets?: number;
  /** Characters of a bucket's text joined at once; default `JOIN_BUDGET`. */
  joinBudget?: number;
  /** Makes the titles index (default `titlesFile`); the build's keeps it in the cache, as a page edit seldom changes a title or heading. */
  titles?: (pages: readonly TitledPage[], budget: number, locale?: string) => Promise<{ file: string; pages: number }>;
  /** The locale of the site's CJK text (see `segmenterLocale`), recorded in the root; none by default. */
  locale?: string;
  /**
   * The dev server's memory across builds. With it, each run's postings by
   * bucket and each bucket's parts are kept in it, and a part made from what
   * an earlier build had is emitted streamed, keyed (see `StreamedFile.key`)
   * by what it is made from, so one unchanged since is neither made nor
   * written again.
   */
  memo?: Memo;
  /** Put in the root (see `SearchRoot.stamp`). */
  stamp?: string;
}

/** A page of a document part: URL, title and site section. */
type RowPage = [url: string, title: string, section: string];

/**
 * A run of pages as the writer indexed it (see `SplitIndexWriter.endRun`),
 * with section ids counted from the run's first section, so it can be added
 * again at any place in a later index: what the build caches, so a run none
 * of whose pages changed is not indexed again. Plain data.
 */
export interface SearchRun {
  /** Pages of the run with sections. */
  pages: number;
  /** The pages the sections belong to. */
  rowPages: RowPage[];
  /** Each section's row: its page (in `rowPages`), anchor, heading, parent (its place in the run; -1 for none) and snippet. */
  sections: [page: number, anchor: string, heading: string, parent: number, snippet: string][];
  /** Each page as the titles index would keep it. */
  titles: TitledPage[];
  /** The id its first section had when its postings were bucketed; placed elsewhere, they are moved by the difference. */
  base: number;
  /**
   * The run's postings as run rows (see `runRows`), lines `term<TAB>rows`,
   * by bucket (terms bucketed by a hash of their start: see `termStart`), ids
   * from `base`; "" for a bucket without any.
   */
  buckets: string[];
  /** A digest of each bucket's text ("" for none): with the run's place, what the dev server keeps a bucket's parts under. */
  digests: string[];
  /** Each section's field lengths. */
  lengths: number[][];
}

/** An empty run. */
const newRun = (): SearchRun => ({ pages: 0, rowPages: [], sections: [], titles: [], base: 0, buckets: [], digests: [], lengths: [] });

/** What the writer made: the root, and the parts the service worker precaches. */
export interface SplitIndexResult {
  root: TextFile;
  precached: TextFile[];
}

/** Parts emitted and not yet written at most (see `SplitIndexWriter.#write`). */
const WRITES_IN_FLIGHT = 16;

/**
 * Characters of page titles and headings kept for the titles index, each
 * page counted `TITLES_PAGE_CHARS` more, per gzipped byte of its
 * budget: twice the characters its JSON may take (see
 * `TITLES_RAW_PER_GZIPPED`). That JSON measured 0.55 to 1 times the text so
 * counted, on sites of long and of short pages.
 */
const TITLES_TEXT_FACTOR = 2 * TITLES_RAW_PER_GZIPPED;

/** One text as parts, made when the first is asked for. */
async function* once(text: () => string | Promise<string>): AsyncIterable<string> {
  yield await text();
}

/** Bucket text (lines `term<TAB>rows`) with every id moved up by `offset` (see `shiftRow`). */
function shiftText(text: string, offset: number): string {
  if (offset === 0 || !text) return text;
  return text.replace(/\t([^\n]*)/g, (_, row: string) => `\t${shiftRow(row, offset)}`);
}

/**
 * The document part holding the sections of `run` from its `from`-th, at
 * most `per`, the run's first section having id `base` (pure).
 */
function documentPart(run: Pick<SearchRun, "rowPages" | "sections">, base: number, from: number, per: number): DocumentPart {
  const part: DocumentPart = { first: base + from, pages: [], sections: [] };
  const pageAt = new Map<number, number>();
  for (const [page, anchor, heading, parent, snippet] of run.sections.slice(from, from + per)) {
    let at = pageAt.get(page);
    if (at === undefined) pageAt.set(page, (at = part.pages.push(run.rowPages[page]) - 1));
    part.sections.push([at, anchor, heading, parent < 0 ? -1 : base + parent, snippet]);
  }
  return part;
}

/**
 * Writes the split index (see `split-format.ts`) a page at a time, in memory
 * that does not grow with the site. Pages come in runs: the caller ends each
 * run (`endRun`), whose engine then hands its postings to the store,
 * bucketed by a hash of the term's start (see `termStart`), and is let go; a run
 * the caller kept from an earlier build is added whole (`addRun`) without
 * indexing its pages again. Each run's sections take ids from the start of
 * its own slots (see `PartSizes.runStride`), and its document parts are
 * emitted as it ends. At the end each bucket is read back on its own, its
 * terms' postings joined across runs (a large bucket a run of terms at a
 * time) and cut into postings parts, each emitted as it is cut. What stays
 * in memory is one run, the vocabulary (for the term-key parts), the parts
 * that fit the precache budget, and the titles that fit the titles index.
 */
export class SplitIndexWriter {
  readonly #options: Required<Omit<SplitIndexWriterOptions, "memo" | "stamp" | "locale">> & Pick<SplitIndexWriterOptions, "memo" | "stamp" | "locale">;
  /** The engine's options, with the tokenizer for the locale. */
  readonly #engineOptions: Options;
  #engine: MiniSearch;
  /** Sections of the runs placed so far. */
  #count = 0;
  /** The id the next run starts at: the end of the last run's slots. */
  #next = 0;
  /** One past the highest id given. */
  #idSpan = 0;
  #run = newRun();
  readonly #averages: number[] = SEARCH_FIELDS.map(() => 0);
  #documentParts = 0;
  /** Characters of text the runs handed each bucket. */
  readonly #bucketText: number[];
  /** With a memo, per bucket: each run's place and the digest of its text there, in order (see `#groupParts`). */
  readonly #digests: string[][];
  /** Characters of postings text handed to the store: what sets how many groups of buckets the postings parts are cut in. */
  #postingsText = 0;
  /** The parts emitted so far while they all fit the precache budget; undefined once they do not. */
  #precached: TextFile[] | undefined = [];
  #precachedBytes = 0;
  /**
   * Pages of the titles index, with their headings, while their text fits
   * what the titles index can use; each as one JSON text, not an object and
   * four strings, which on a site of short pages more than doubled what a
   * kept page took.
   */
  readonly #titles: string[] = [];
  /** Gzipped bytes the titles index may take: a quarter of the precache budget. */
  readonly #titlesBudget: number;
  #titlesText = 0;
  #pages = 0;
  /** Parts emitted whose writes have not ended (see `#write`). */
  readonly #writing = new Set<Promise<void>>();

  constructor(options: SplitIndexWriterOptions) {
    this.#options = {
      sizes: PART_SIZES,
      buckets: 256,
      joinBudget: JOIN_BUDGET,
      ...options,
      titles: options.titles ?? (async (pages, budget, locale) => titlesFile(pages, budget, locale)),
    };
    this.#engineOptions = minisearchOptions(options.locale);
    this.#engine = new MiniSearch(this.#engineOptions);
    this.#titlesBudget = options.precacheBudget / 4;
    this.#bucketText = Array.from({ length: this.#options.buckets }, () => 0);
    this.#digests = Array.from({ length: this.#options.buckets }, () => []);
  }

  /** Adds one page's sections to the current run (pages are shown in the order they are added). */
  async add(entry: Pick<PageEntry, "url" | "title">, sections: readonly SearchSection[]): Promise<void> {
    if (sections.length === 0) return;
    const run = this.#run;
    run.pages++;
    const page: RowPage = [entry.url, entry.title, this.#options.sectionOf(entry.url)];
    const at = run.rowPages.push(page) - 1;
    const first = run.sections.length;
    const outline = sectionOutline(sections);
    for (const [i, { heading, parent }] of outline.entries()) {
      const s = sections[i];
      this.#engine.add({ id: run.sections.length, title: i === 0 ? entry.title : "", heading, text: s.text });
      run.sections.push([at, s.anchor, heading, parent < 0 ? -1 : first + parent, snippetText(s.text)]);
    }
    const headings = outline
      .map((o) => o.heading)
      .filter(Boolean)
      .join(" · ");
    run.titles.push({ url: entry.url, title: entry.title, section: page[2], headings });
  }

  /**
   * Ends the current run: it takes its ids, its postings go to the store and
   * its document parts are emitted; it is returned as it can be added again.
   * `key`, with a memo, names what the run is made from (see `addRun`).
   */
  async endRun(key?: string): Promise<SearchRun> {
    const run = this.#run;
    const { rows, lengths } = runRows(this.#engine, this.#next);
    const { buckets } = this.#options;
    const lines: string[][] = Array.from({ length: buckets }, () => []);
    // Terms that share their start share a bucket, so the terms a prefix query reaches sit side by side in few parts.
    for (const [term, row] of rows) lines[keyHash(termStart(term)) % buckets].push(`${term}\t${row}\n`);
    run.base = this.#next;
    run.buckets = lines.map((text) => text.join(""));
    run.digests = run.buckets.map((text) => (text ? hashKey(text) : ""));
    run.lengths = lengths;
    this.#engine = new MiniSearch(this.#engineOptions);
    this.#run = newRun();
    await this.#place(run, key);
    return run;
  }

  /**
   * Adds a run ended in this or an earlier build (ending the current run
   * first): its sections follow those added before. With a memo, `key` names
   * what the run is made from, so its bucketed postings are kept across
   * builds and its document parts emitted keyed.
   */
  async addRun(run: SearchRun, key?: string): Promise<void> {
    if (this.#run.sections.length > 0) await this.endRun();
    await this.#place(run, key);
  }

  /** Gives a run its ids (from the end of the last run's slots), stores its postings, emits its document parts and keeps its titles. */
  async #place(run: SearchRun, key: string | undefined): Promise<void> {
    const base = this.#next;
    const { runStride, documentsPerPart } = this.#options.sizes;
    const keyed = this.#options.memo && key !== undefined ? hashKey("run", key, String(base)) : undefined;
    await this.#store(run, base);
    for (let from = 0; from < run.sections.length; from += documentsPerPart) {
      const part = () => JSON.stringify(documentPart(run, base, from, documentsPerPart));
      await this.#emit(partFile.documents((base + from) / documentsPerPart), part, keyed && `${keyed}\0${from}`);
      this.#documentParts++;
    }
    for (const titled of run.titles) this.#keepTitles(titled);
    this.#pages += run.pages;
    this.#count += run.sections.length;
    if (run.sections.length > 0) this.#idSpan = base + run.sections.length;
    this.#next = base + Math.ceil(run.sections.length / runStride) * runStride;
  }

  #keepTitles({ url, title, section, headings }: TitledPage): void {
    const size = url.length + title.length + headings.length + TITLES_PAGE_CHARS;
    if (this.#titlesText + size > this.#titlesBudget * TITLES_TEXT_FACTOR) return;
    this.#titlesText += size;
    this.#titles.push(JSON.stringify([url, title, section, headings]));
  }

  /** Hands a run's postings to the store, moved to `base` when they were bucketed for another place, and counts its field lengths. */
  async #store(run: SearchRun, base: number): Promise<void> {
    if (run.buckets.length !== this.#options.buckets)
      throw new Error(`A search run of ${run.buckets.length} buckets was added to an index of ${this.#options.buckets}.`);
    for (const [local, fieldLengths] of run.lengths.entries()) addToAverages(this.#averages, this.#count + local, fieldLengths);
    for (const [bucket, text] of run.buckets.entries()) {
      if (!text) continue;
      await this.#options.store.append(bucket, shiftText(text, base - run.base));
      this.#bucketText[bucket] += text.length;
      if (this.#options.memo) this.#digests[bucket].push(`${base}:${run.digests[bucket]}`);
      this.#postingsText += text.length;
    }
  }

  /**
   * Emits a part, keeping it for the precache while every part so far fits
   * the budget. Past the budget, a part with a key (given only with a memo)
   * is emitted streamed and keyed, made only if it is written.
   */
  async #emit(name: string, contents: string | (() => string | Promise<string>), key?: string): Promise<TextFile | undefined> {
    const path = `${this.#options.dir}${name}`;
    const text = typeof contents === "string" ? () => contents : contents;
    if (key !== undefined && !this.#precached) {
      await this.#options.emit({ path, parts: once(text), key });
      return undefined;
    }
    const file = { path, contents: await text() };
    await this.#write(file);
    if (this.#precached) {
      this.#precachedBytes += gzipSync(file.contents).length;
      if (this.#precachedBytes <= this.#options.precacheBudget) this.#precached.push(file);
      else this.#precached = undefined;
    }
    return file;
  }

  /**
   * Emits a whole part without waiting for it to be written while fewer than
   * {@link WRITES_IN_FLIGHT} are: a part is small, and waiting on each write
   * in turn left the thread idle for most of a small site's search stage. A
   * failed write is thrown by the next wait, at the latest by `finish`.
   */
  async #write(file: TextFile): Promise<void> {
    const writing = this.#options.emit(file);
    this.#writing.add(writing);
    writing.then(
      () => this.#writing.delete(writing),
      () => undefined,
    );
    if (this.#writing.size >= WRITES_IN_FLIGHT) await Promise.race(this.#writing);
  }

  /** Writes the rest: the postings parts, the term-key parts, the titles index when needed, and the root. */
  async finish(): Promise<SplitIndexResult> {
    try {
      return await this.#finishParts();
    } finally {
      // No part is still being written once the writer is done, however it ends; a failed write fails it.
      await Promise.all(this.#writing);
    }
  }

  async #finishParts(): Promise<SplitIndexResult> {
    if (this.#run.sections.length > 0) await this.endRun();
    const { partOf, parts } = await this.#writePostings();
    const keys = keyParts(partOf, this.#options.sizes.keyBytes);
    for (const [n, part] of keys.entries()) await this.#emit(partFile.key(n), JSON.stringify(part));
    const root: SearchRoot = {
      version: SEARCH_INDEX_VERSION,
      ...(this.#options.locale === undefined ? {} : { locale: this.#options.locale }),
      dir: this.#options.dir,
      ...(this.#options.stamp ? { stamp: this.#options.stamp } : {}),
      documentCount: this.#count,
      idSpan: this.#idSpan,
      averages: this.#count ? [...this.#averages] : [],
      termCount: partOf.size,
      keyParts: keys.length,
      postingsParts: parts,
      documentParts: this.#documentParts,
      documentsPerPart: this.#options.sizes.documentsPerPart,
    };
    const precached = this.#precached;
    if (precached) return { root: { path: SEARCH_INDEX_PATH, contents: JSON.stringify(root) }, precached };
    const kept = this.#titles.map((text): TitledPage => {
      const [url, title, section, headings] = JSON.parse(text) as string[];
      return { url, title, section, headings };
    });
    this.#titles.length = 0;
    const { file, pages } = await this.#options.titles(kept, this.#titlesBudget, this.#options.locale);
    const titles = (await this.#emit(partFile.titles, file)) as TextFile;
    root.titles = { file: partFile.titles, pages, of: this.#pages };
    return { root: { path: SEARCH_INDEX_PATH, contents: JSON.stringify(root) }, precached: [titles] };
  }

  /**
   * The parts of a group's buckets, made as they are cut: each bucket's
   * terms' postings joined across runs (see `mergeRuns`), and the group's,
   * bucket after bucket, cut at `postingsBytes`. What a bucket holds goes
   * once it is joined.
   */
  async *#groupParts(buckets: readonly number[], cut: Cut): AsyncGenerator<BucketPart> {
    const { store, sizes, joinBudget } = this.#options;
    const bucketText = this.#bucketText;
    async function* merged(): AsyncGenerator<[string, string]> {
      for (const bucket of buckets) {
        yield* mergeRuns(() => store.read(bucket), cut, { size: bucketText[bucket], budget: joinBudget });
        await store.done?.(bucket);
      }
    }
    yield* cutParts(merged(), sizes.postingsBytes);
  }

  /**
   * With a memo, a group's parts: the terms of each, and a maker of each
   * one's text. A group's terms are kept under a key made of every run's
   * place and digest in each of its buckets and of how common terms are
   * cut, and its parts are emitted under that key: a group no edit reached is
   * neither joined nor written again (it is joined only if a part the last
   * build wrote is gone).
   */
  async #keptGroup(
    memo: NonNullable<SplitIndexWriterOptions["memo"]>,
    group: { first: number; count: number; buckets: readonly number[] },
    cut: Cut,
  ): Promise<{ terms: string[][]; text: (k: number) => Promise<string>; key: string }> {
    const { sizes } = this.#options;
    const { buckets } = group;
    let made: Promise<BucketPart[]> | undefined;
    const collect = async () => {
      const all: BucketPart[] = [];
      for await (const part of this.#groupParts(buckets, cut)) all.push(part);
      return all;
    };
    const parts = () => (made ??= collect());
    const text = async (k: number) => (await parts())[k].contents;
    const digests = buckets.flatMap((bucket) => [`bucket ${bucket}`, ...this.#digests[bucket]]);
    const key = hashKey("group", String(group.first), String(group.count), JSON.stringify(cut), String(sizes.postingsBytes), ...digests);
    let terms = memo.get(key) as string[][] | undefined;
    if (!terms) {
      terms = (await parts()).map((part) => part.terms);
      memo.set(key, terms, { size: terms.reduce((sum, part) => sum + part.reduce((n, term) => n + term.length * 2 + 16, 0), 1) });
    }
    return { terms, text, key };
  }

  /**
   * Emits the postings parts: the buckets are taken in groups of
   * consecutive buckets, as many groups (a power of two, at most one a
   * bucket) as the postings text handed to the store fills parts, so a small
   * site's parts are not cut smaller than it needs; group `g`'s `k`-th part is
   * numbered `g + groups × k`. Returns each term's part and how many parts
   * there are.
   */
  async #writePostings(): Promise<{ partOf: Map<string, number>; parts: number }> {
    const partOf = new Map<string, number>();
    const { buckets, sizes } = this.#options;
    // Common terms are cut by their scores with averages rounded to an eighth of a doubling, so an edit seldom moves the cut.
    const cut: Cut = { cap: sizes.commonAt, averages: this.#averages.map(quantized) };
    const groups = Math.min(buckets, 2 ** Math.floor(Math.log2(Math.max(1, this.#postingsText / sizes.postingsBytes))));
    const per = Math.ceil(buckets / groups);
    let count = 0;
    const { memo } = this.#options;
    for (let group = 0; group < groups; group++) {
      const first = group * per;
      const size = Math.min(per, buckets - first);
      const filled = Array.from({ length: size }, (_, i) => first + i).filter((bucket) => this.#bucketText[bucket] > 0);
      if (filled.length === 0) continue;
      const place = (part: readonly string[], k: number) => {
        const id = group + groups * k;
        for (const term of part) partOf.set(term, id);
        count++;
        return partFile.postings(id);
      };
      if (!memo) {
        // Each part is emitted as it is cut, so a group's parts are never all in memory.
        let k = 0;
        for await (const part of this.#groupParts(filled, cut)) await this.#emit(place(part.terms, k++), part.contents);
        continue;
      }
      const { terms, text, key } = await this.#keptGroup(memo, { first, count: size, buckets: filled }, cut);
      for (const [k, part] of terms.entries()) await this.#emit(place(part, k), () => text(k), `${key}\0${k}`);
    }
    return { partOf, parts: count };
  }
}
