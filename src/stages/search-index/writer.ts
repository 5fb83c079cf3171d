import { gzipSync } from "node:zlib";
import MiniSearch from "minisearch";
import type { OutputFile } from "../../output-files.ts";
import { addToAverages, MINISEARCH_OPTIONS, SEARCH_FIELDS } from "../../shared/search/index-format.ts";
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
} from "../../shared/search/split-format.ts";
import { sectionOutline, snippetText } from "./core.ts";
import { keyParts, mergeRuns, runRows, shiftRow } from "./runs.ts";
import { titlesFile, type TitledPage } from "./titles.ts";

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
  /** All text appended to `bucket`, in order, in chunks of any size; none when none was. */
  read(bucket: number): AsyncIterable<string>;
}

/** What `SplitIndexWriter` needs. */
export interface SplitIndexWriterOptions {
  /** The parts' folder, relative to the site root, with a trailing slash (`search/<hash>/`). */
  dir: string;
  emit: (file: TextFile) => Promise<void>;
  store: RunStore;
  /** The site section a page URL is grouped under. */
  sectionOf: (url: string) => string;
  /** Gzipped bytes up to which every part is precached (`search.precacheBudget`). */
  precacheBudget: number;
  /** Default `PART_SIZES`. */
  sizes?: PartSizes;
  /** Buckets of the store; default 256, so reading one back holds about 1/256 of the site's postings. */
  buckets?: number;
  /** Makes the titles index (default `titlesFile`); the build's keeps it in the cache, as a page edit seldom changes a title or heading. */
  titles?: (pages: readonly TitledPage[], budget: number) => Promise<{ file: string; pages: number }>;
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
  /** Each section's row: its page (in `rowPages`), anchor, heading, parent (in the run; -1 for none) and snippet. */
  sections: [page: number, anchor: string, heading: string, parent: number, snippet: string][];
  /** Each page as the titles index would keep it. */
  titles: TitledPage[];
  /** The run's postings as run rows (see `runRows`), ids from 0. */
  rows: [string, string][];
  /** Each section's field lengths. */
  lengths: number[][];
}

/** An empty run. */
const newRun = (): SearchRun => ({ pages: 0, rowPages: [], sections: [], titles: [], rows: [], lengths: [] });

/** What the writer made: the root, and the parts the service worker precaches. */
export interface SplitIndexResult {
  root: TextFile;
  precached: TextFile[];
}

/** Characters of page titles and headings kept for the titles index: enough to fill its budget many times over once gzipped. */
const TITLES_TEXT_FACTOR = 24;

/**
 * Writes the split index (see `split-format.ts`) a page at a time, in memory
 * that does not grow with the site. Pages come in runs: the caller ends each
 * run (`endRun`), whose engine then hands its postings to the store,
 * bucketed by a hash of the term's first three letters, and is let go; a run
 * the caller kept from an earlier build is added whole (`addRun`) without
 * indexing its pages again. Document parts are emitted as their sections
 * arrive. At the end each bucket is read back on its own, its terms'
 * postings joined across runs and cut into postings parts. What stays in
 * memory is one run, the vocabulary (for the term-key parts), the parts that
 * fit the precache budget, and the titles that fit the titles index.
 */
export class SplitIndexWriter {
  readonly #options: Required<SplitIndexWriterOptions>;
  #engine = new MiniSearch(MINISEARCH_OPTIONS);
  /** Sections indexed before the current run's; its own ids start there. */
  #offset = 0;
  #count = 0;
  #run = newRun();
  readonly #averages: number[] = SEARCH_FIELDS.map(() => 0);
  #documents: DocumentPart;
  #documentParts = 0;
  #pageOf = new Map<string, number>();
  /** The parts emitted so far while they all fit the precache budget; undefined once they do not. */
  #precached: TextFile[] | undefined = [];
  #precachedBytes = 0;
  /** Pages of the titles index, with their headings, while their text fits what the titles index can use. */
  readonly #titles: TitledPage[] = [];
  /** Gzipped bytes the titles index may take: a quarter of the precache budget. */
  readonly #titlesBudget: number;
  #titlesText = 0;
  #pages = 0;

  constructor(options: SplitIndexWriterOptions) {
    this.#options = { sizes: PART_SIZES, buckets: 256, ...options, titles: options.titles ?? (async (pages, budget) => titlesFile(pages, budget)) };
    this.#titlesBudget = options.precacheBudget / 4;
    this.#documents = { first: 0, pages: [], sections: [] };
  }

  /** Adds one page's sections to the current run (pages are shown in the order they are added). */
  async add(entry: Pick<PageEntry, "url" | "title">, sections: readonly SearchSection[]): Promise<void> {
    if (sections.length === 0) return;
    const run = this.#run;
    run.pages++;
    this.#pages++;
    const page: RowPage = [entry.url, entry.title, this.#options.sectionOf(entry.url)];
    const at = run.rowPages.push(page) - 1;
    const first = this.#count - this.#offset;
    const outline = sectionOutline(sections);
    for (const [i, { heading, parent }] of outline.entries()) {
      const s = sections[i];
      this.#engine.add({ id: this.#count - this.#offset, title: i === 0 ? entry.title : "", heading, text: s.text });
      run.sections.push([at, s.anchor, heading, parent < 0 ? -1 : first + parent, snippetText(s.text)]);
      await this.#addRow(page, run.sections[run.sections.length - 1]);
    }
    const titled = {
      url: entry.url,
      title: entry.title,
      section: page[2],
      headings: outline
        .map((o) => o.heading)
        .filter(Boolean)
        .join(" · "),
    };
    run.titles.push(titled);
    this.#keepTitles(titled);
  }

  /** Ends the current run: its postings go to the store, and it is returned as it can be added again. */
  async endRun(): Promise<SearchRun> {
    const run = this.#run;
    const { rows, lengths } = runRows(this.#engine, 0);
    run.rows = rows;
    run.lengths = lengths;
    await this.#store(run);
    this.#engine = new MiniSearch(MINISEARCH_OPTIONS);
    this.#run = newRun();
    this.#offset = this.#count;
    return run;
  }

  /** Adds a run ended in this or an earlier build (ending the current run first): its sections follow those added before. */
  async addRun(run: SearchRun): Promise<void> {
    if (this.#run.sections.length > 0) await this.endRun();
    this.#pages += run.pages;
    for (const row of run.sections) await this.#addRow(run.rowPages[row[0]], row);
    for (const titled of run.titles) this.#keepTitles(titled);
    await this.#store(run);
    this.#offset = this.#count;
  }

  /** Counts a section of the run that starts at `#offset` and puts its row in the current document part, its parent made absolute, emitting the part once it is full. */
  async #addRow(page: RowPage, [, anchor, heading, parent, snippet]: SearchRun["sections"][number]): Promise<void> {
    this.#count++;
    const part = this.#documents;
    let at = this.#pageOf.get(page[0]);
    if (at === undefined) {
      at = part.pages.push(page) - 1;
      this.#pageOf.set(page[0], at);
    }
    part.sections.push([at, anchor, heading, parent < 0 ? -1 : this.#offset + parent, snippet]);
    if (part.sections.length >= this.#options.sizes.documentsPerPart) await this.#flushDocuments();
  }

  async #flushDocuments(): Promise<void> {
    if (this.#documents.sections.length === 0) return;
    await this.#emit(partFile.documents(this.#documentParts++), JSON.stringify(this.#documents));
    this.#documents = { first: this.#count, pages: [], sections: [] };
    this.#pageOf = new Map();
  }

  #keepTitles(page: TitledPage): void {
    const size = page.url.length + page.title.length + page.headings.length;
    if (this.#titlesText + size > this.#titlesBudget * TITLES_TEXT_FACTOR) return;
    this.#titlesText += size;
    this.#titles.push(page);
  }

  /** Hands a run's postings to the store, its ids moved to where the run starts, bucketed by term, and counts its field lengths. */
  async #store(run: SearchRun): Promise<void> {
    const { buckets } = this.#options;
    const lines: string[][] = Array.from({ length: buckets }, () => []);
    // Terms that share their first three letters share a bucket, so the terms a prefix query reaches sit side by side in few parts.
    for (const [term, row] of run.rows) lines[keyHash(term.slice(0, 3)) % buckets].push(`${term}\t${shiftRow(row, this.#offset)}\n`);
    for (const [local, fieldLengths] of run.lengths.entries()) addToAverages(this.#averages, this.#offset + local, fieldLengths);
    for (const [bucket, text] of lines.entries()) if (text.length) await this.#options.store.append(bucket, text.join(""));
  }

  /** Emits a part, keeping it for the precache while every part so far fits the budget. */
  async #emit(name: string, contents: string): Promise<TextFile> {
    const file = { path: `${this.#options.dir}${name}`, contents };
    await this.#options.emit(file);
    if (this.#precached) {
      this.#precachedBytes += gzipSync(contents).length;
      if (this.#precachedBytes <= this.#options.precacheBudget) this.#precached.push(file);
      else this.#precached = undefined;
    }
    return file;
  }

  /** Writes the rest: the last document part, the postings parts, the term-key parts, the titles index when needed, and the root. */
  async finish(): Promise<SplitIndexResult> {
    if (this.#run.sections.length > 0) await this.endRun();
    await this.#flushDocuments();
    const partOf = await this.#writePostings();
    const keys = keyParts(partOf, this.#options.sizes.keyBytes);
    for (const [n, part] of keys.entries()) await this.#emit(partFile.key(n), JSON.stringify(part));
    const root: SearchRoot = {
      version: SEARCH_INDEX_VERSION,
      dir: this.#options.dir,
      documentCount: this.#count,
      averages: this.#count ? [...this.#averages] : [],
      termCount: partOf.size,
      keyParts: keys.length,
      postingsParts: Math.max(0, ...partOf.values()) + (partOf.size ? 1 : 0),
      documentParts: this.#documentParts,
      documentsPerPart: this.#options.sizes.documentsPerPart,
    };
    const precached = this.#precached;
    if (precached) return { root: { path: SEARCH_INDEX_PATH, contents: JSON.stringify(root) }, precached };
    const { file, pages } = await this.#options.titles(this.#titles, this.#titlesBudget);
    const titles = await this.#emit(partFile.titles, file);
    root.titles = { file: partFile.titles, pages, of: this.#pages };
    return { root: { path: SEARCH_INDEX_PATH, contents: JSON.stringify(root) }, precached: [titles] };
  }

  /** Reads each bucket back, joins each term's postings across engines and emits them in parts; returns each term's part. */
  async #writePostings(): Promise<Map<string, number>> {
    const partOf = new Map<string, number>();
    let part: Record<string, string> = {};
    let size = 0;
    let parts = 0;
    const cut = { cap: this.#options.sizes.commonAt, averages: this.#averages };
    for (let bucket = 0; bucket < this.#options.buckets; bucket++) {
      for (const [term, postings] of await mergeRuns(this.#options.store.read(bucket), cut)) {
        if (size > 0 && size + postings.length > this.#options.sizes.postingsBytes) {
          await this.#emit(partFile.postings(parts++), JSON.stringify(part));
          part = {};
          size = 0;
        }
        part[term] = postings;
        size += term.length + postings.length + 6;
        partOf.set(term, parts);
      }
    }
    if (size > 0) await this.#emit(partFile.postings(parts), JSON.stringify(part));
    return partOf;
  }
}
