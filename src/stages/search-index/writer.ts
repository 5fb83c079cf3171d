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
import { keepCommon, keyParts, mergeRuns, runRows } from "./runs.ts";
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
  /** All text appended to `bucket`, in order; empty when none was. */
  read(bucket: number): Promise<string>;
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
  /** Sections one engine indexes before its postings go to the store; default 4096 (a few MB of heap). */
  engineSections?: number;
  /** Buckets of the store; default 256, so reading one back holds about 1/256 of the site's postings. */
  buckets?: number;
}

/** What the writer made: the root, and the parts the service worker precaches. */
export interface SplitIndexResult {
  root: TextFile;
  precached: TextFile[];
}

/** Characters of page titles and headings kept for the titles index: enough to fill its budget many times over once gzipped. */
const TITLES_TEXT_FACTOR = 24;

/**
 * Writes the split index (see `split-format.ts`) a page at a time, in memory
 * that does not grow with the site: document parts are emitted as their
 * sections arrive; each engine of `engineSections` sections hands its
 * postings to the store, bucketed by a hash of the term's first three
 * letters, and is let go; at
 * the end each bucket is read back on its own, its terms' postings joined
 * across engines and cut into postings parts. What stays in memory is the
 * vocabulary (for the term-key parts), the parts that fit the precache
 * budget, and the titles that fit the titles index.
 */
export class SplitIndexWriter {
  readonly #options: Required<SplitIndexWriterOptions>;
  #engine = new MiniSearch(MINISEARCH_OPTIONS);
  /** Sections indexed before the current engine's; its own ids start there. */
  #offset = 0;
  #count = 0;
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
    this.#options = { sizes: PART_SIZES, engineSections: 4096, buckets: 256, ...options };
    this.#titlesBudget = options.precacheBudget / 4;
    this.#documents = { first: 0, pages: [], sections: [] };
  }

  /** Adds one page's sections (pages are shown in the order they are added). */
  async add(entry: Pick<PageEntry, "url" | "title">, sections: readonly SearchSection[]): Promise<void> {
    if (sections.length === 0) return;
    this.#pages++;
    const section = this.#options.sectionOf(entry.url);
    const first = this.#count;
    const outline = sectionOutline(sections);
    for (const [i, { heading, parent }] of outline.entries()) {
      const s = sections[i];
      const id = this.#count++;
      await this.#addRow([entry.url, entry.title, section], [s.anchor, heading, parent < 0 ? -1 : first + parent, snippetText(s.text)]);
      this.#engine.add({ id: id - this.#offset, title: i === 0 ? entry.title : "", heading, text: s.text });
    }
    this.#keepTitles(
      entry,
      section,
      outline.map((o) => o.heading),
    );
    if (this.#engine.documentCount >= this.#options.engineSections) await this.#spill();
  }

  /** Puts a section's row in the current document part, emitting the part once it is full. */
  async #addRow(page: [string, string, string], [anchor, heading, parent, snippet]: [string, string, number, string]): Promise<void> {
    const part = this.#documents;
    let at = this.#pageOf.get(page[0]);
    if (at === undefined) {
      at = part.pages.push(page) - 1;
      this.#pageOf.set(page[0], at);
    }
    part.sections.push([at, anchor, heading, parent, snippet]);
    if (part.sections.length >= this.#options.sizes.documentsPerPart) await this.#flushDocuments();
  }

  async #flushDocuments(): Promise<void> {
    if (this.#documents.sections.length === 0) return;
    await this.#emit(partFile.documents(this.#documentParts++), JSON.stringify(this.#documents));
    this.#documents = { first: this.#count, pages: [], sections: [] };
    this.#pageOf = new Map();
  }

  #keepTitles(entry: Pick<PageEntry, "url" | "title">, section: string, headings: readonly string[]): void {
    const page = { url: entry.url, title: entry.title, section, headings: headings.filter(Boolean).join(" · ") };
    const size = page.url.length + page.title.length + page.headings.length;
    if (this.#titlesText + size > this.#titlesBudget * TITLES_TEXT_FACTOR) return;
    this.#titlesText += size;
    this.#titles.push(page);
  }

  /** Hands the current engine's postings to the store, bucketed by term, and starts a new engine. */
  async #spill(): Promise<void> {
    const engine = this.#engine;
    const { buckets } = this.#options;
    const lines: string[][] = Array.from({ length: buckets }, () => []);
    const { rows, lengths } = runRows(engine, this.#offset);
    // Terms that share their first three letters share a bucket, so the terms a prefix query reaches sit side by side in few parts.
    for (const [term, row] of rows) lines[keyHash(term.slice(0, 3)) % buckets].push(`${term}\t${row}\n`);
    for (const [local, fieldLengths] of lengths.entries()) addToAverages(this.#averages, this.#offset + local, fieldLengths);
    for (const [bucket, text] of lines.entries()) if (text.length) await this.#options.store.append(bucket, text.join(""));
    this.#engine = new MiniSearch(MINISEARCH_OPTIONS);
    this.#offset = this.#count;
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
    if (this.#engine.documentCount > 0) await this.#spill();
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
    const { file, pages } = titlesFile(this.#titles, this.#titlesBudget);
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
    for (let bucket = 0; bucket < this.#options.buckets; bucket++) {
      for (const [term, merged] of mergeRuns(await this.#options.store.read(bucket))) {
        const postings = keepCommon(merged, this.#options.sizes.commonAt, this.#averages);
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
