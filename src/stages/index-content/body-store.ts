import fs from "node:fs/promises";
import path from "node:path";
import { hashKey, type Cache } from "../../cache/cache.ts";
import { makeSpillFolder } from "../../pipeline/spill-folder.ts";
import { firstKept } from "../../pipeline/first-kept.ts";
import type { Anchor, ProcessedPage, SearchSection } from "../../shared/content-types.ts";
import { removeTree } from "../../output/write-file.ts";

/** What the store keeps of a page: its body, search sections and markdown, and its entry's headings. */
type Stored = Pick<ProcessedPage, "bodyHtml" | "sections" | "markdown"> & { entry: Pick<ProcessedPage["entry"], "anchors"> };

/**
 * Where each page's body, search sections, cleaned markdown and headings wait
 * between processing and the stages that read them (rendering, printable
 * pages, the search index, the llms files, the sidebar's anchors files), so
 * the build holds one page's body at a time instead of the whole site's, and
 * no page's headings. Keys are chosen by the index stage, one per page.
 */
export interface BodyStore {
  put(key: string, page: Stored): Promise<void>;
  /** The stored body, or undefined when it is not (or no longer) there. */
  body(key: string): Promise<string | undefined>;
  sections(key: string): Promise<SearchSection[] | undefined>;
  markdown(key: string): Promise<string | undefined>;
  /** The page's headings (its entry's `anchors`). */
  anchors(key: string): Promise<Anchor[] | undefined>;
  /** Removes what only this build needed; stored entries are not read after this. */
  close(): Promise<void>;
}

/** A store in the build cache: bodies stay there for the next build, which then reads only what changed. */
export function cacheBodyStore(cache: Cache): BodyStore {
  const bodyKey = (key: string) => hashKey("body", key);
  const sectionsKey = (key: string) => hashKey("sections", key);
  const markdownKey = (key: string) => hashKey("markdown", key);
  const anchorsKey = (key: string) => hashKey("anchors", key);
  return {
    async put(key, page) {
      await Promise.all([
        cache.set(bodyKey(key), page.bodyHtml),
        cache.setJson(sectionsKey(key), page.sections),
        cache.set(markdownKey(key), page.markdown),
        cache.setJson(anchorsKey(key), page.entry.anchors),
      ]);
    },
    async body(key) {
      return (await cache.get(bodyKey(key)))?.toString("utf8");
    },
    async markdown(key) {
      return (await cache.get(markdownKey(key)))?.toString("utf8");
    },
    sections(key) {
      return cache.getJson<SearchSection[]>(sectionsKey(key));
    },
    anchors(key) {
      return cache.getJson<Anchor[]>(anchorsKey(key));
    },
    async close() {},
  };
}

/** The four texts a stored page is kept as, in the order a spilled page's record lays them out. */
const TEXTS = ["html", "json", "md", "anchors"] as const;
type StoredTexts = Record<(typeof TEXTS)[number], string>;

/** Characters of a page's texts, as the memory bound counts them. */
const lengthOf = (texts: StoredTexts) => TEXTS.reduce((sum, text) => sum + texts[text].length, 0);

const textsOf = (page: Stored): StoredTexts => ({
  html: page.bodyHtml,
  json: JSON.stringify(page.sections),
  md: page.markdown,
  anchors: JSON.stringify(page.entry.anchors),
});

/**
 * Where each spilled page's record lies in the spill file, by the page's
 * number (a build without a cache numbers its pages 0, 1, 2…): its offset and
 * its texts' lengths in bytes, in typed arrays, so a site's worth of places
 * costs 24 bytes a page and no object each.
 */
class Places {
  #offsets = new Float64Array(1024).fill(-1);
  #lengths = new Uint32Array(1024 * TEXTS.length);

  set(page: number, offset: number, lengths: readonly number[]): void {
    if (page >= this.#offsets.length) {
      const size = Math.max(page + 1, this.#offsets.length * 2);
      const offsets = new Float64Array(size).fill(-1);
      offsets.set(this.#offsets);
      const all = new Uint32Array(size * TEXTS.length);
      all.set(this.#lengths);
      [this.#offsets, this.#lengths] = [offsets, all];
    }
    this.#offsets[page] = offset;
    this.#lengths.set(lengths, page * TEXTS.length);
  }

  /** Where text `at` (an index in TEXTS) of a page lies, or undefined when the page was never spilled. */
  of(page: number, at: number): { offset: number; length: number } | undefined {
    const offset = page < this.#offsets.length ? this.#offsets[page] : -1;
    if (offset < 0) return undefined;
    let before = 0;
    for (let n = 0; n < at; n++) before += this.#lengths[page * TEXTS.length + n];
    return { offset: offset + before, length: this.#lengths[page * TEXTS.length + at] };
  }
}

/** A key of the spill store as the page number it is. */
function pageNumber(key: string): number {
  const page = Number(key);
  if (!Number.isSafeInteger(page) || page < 0) throw new Error(`The spill store keeps pages by number, not by "${key}".`);
  return page;
}

/**
 * A store for builds without a cache, whose keys are the pages' numbers.
 * Pages wait in memory until their texts come to `inMemory` characters (a
 * few hundred pages); later ones are appended, a record each, to one file in
 * a private folder under the system's temporary folder (one file, since
 * creating and removing four files a page cost more system time than the
 * build's own output on a 1,000-page site), removed when the build ends,
 * whether it succeeds or not. Memory stays bounded whatever the site's size,
 * and a small site writes no temporary file at all. A build killed before
 * the end leaves its folder behind; the next build without a cache removes it
 * (see `makeSpillFolder` in `src/pipeline/spill-folder.ts`). Each read parses what it returns afresh, as a
 * read from a file does, so no reader shares another's objects.
 */
export function spillBodyStore({ inMemory }: { inMemory: number }): BodyStore {
  const kept = firstKept<StoredTexts>(inMemory, lengthOf);
  const places = new Places();
  // Opened on the first page spilled, so a build that spills nothing leaves nothing to remove.
  let spill: Promise<{ dir: string; file: fs.FileHandle }> | undefined;
  let end = 0;
  const open = () => (spill ??= makeSpillFolder().then(async (dir) => ({ dir, file: await fs.open(path.join(dir, "bodies"), "w+") })));
  /** A stored text; undefined when nothing was stored. */
  const read = async (key: string, text: (typeof TEXTS)[number]) => {
    const inMemoryText = kept.get(key)?.[text];
    if (inMemoryText !== undefined) return inMemoryText;
    const place = places.of(pageNumber(key), TEXTS.indexOf(text));
    if (!place) return undefined;
    const bytes = Buffer.allocUnsafe(place.length);
    await (await open()).file.read(bytes, 0, place.length, place.offset);
    return bytes.toString("utf8");
  };
  return {
    async put(key, page) {
      const texts = textsOf(page);
      if (kept.keep(key, texts)) return;
      const buffers = TEXTS.map((text) => Buffer.from(texts[text]));
      // The record's place is taken now, so pages stored at once never write over each other.
      const offset = end;
      end += buffers.reduce((sum, bytes) => sum + bytes.length, 0);
      const { file } = await open();
      await file.writev(buffers, offset);
      places.set(
        pageNumber(key),
        offset,
        buffers.map((bytes) => bytes.length),
      );
    },
    body: (key) => read(key, "html"),
    markdown: (key) => read(key, "md"),
    async sections(key) {
      const text = await read(key, "json");
      return text === undefined ? undefined : (JSON.parse(text) as SearchSection[]);
    },
    async anchors(key) {
      const text = await read(key, "anchors");
      return text === undefined ? undefined : (JSON.parse(text) as Anchor[]);
    },
    async close() {
      kept.clear();
      if (!spill) return;
      const { dir, file } = await spill;
      await file.close();
      await removeTree(dir);
    },
  };
}
