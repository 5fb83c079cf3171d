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
 * no page's headings. The index stage chooses a key a page; the store says
 * which key the page is read back by.
 */
export interface BodyStore {
  /** Stores a page under `key`; resolves to the key it is read back by (`key` itself, or one naming where the page went). */
  put(key: string, page: Stored): Promise<string>;
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
      return key;
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
 * The key a spilled page is read back by: where its record lies in the spill
 * file, `@offset:html,json,md,anchors` (the texts' lengths in bytes). The
 * page's summary carries it to the stages that read the page, so the store
 * itself keeps nothing a page, however many pages it holds.
 */
const placeKey = (offset: number, lengths: readonly number[]) => `@${offset}:${lengths.join(",")}`;

/** A place key: the offset, then one length for each of `TEXTS`. */
const PLACE_KEY = new RegExp(`^@(\\d+):${TEXTS.map(() => "(\\d+)").join(",")}$`);

/** Where text `at` (an index in TEXTS) of a spilled page lies (pure); undefined for a key that names no place. */
function placeOf(key: string, at: number): { offset: number; length: number } | undefined {
  const match = PLACE_KEY.exec(key);
  if (!match) return undefined;
  const lengths = match.slice(2).map(Number);
  let offset = Number(match[1]);
  for (let n = 0; n < at; n++) offset += lengths[n];
  return { offset, length: lengths[at] };
}

/**
 * A store for builds without a cache. Pages wait in memory, under the key
 * given, until their texts come to `inMemory` characters (a few hundred
 * pages); later ones are appended, a record each, and read back by the key
 * naming the record's place (see `placeKey`), to one file in
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
  // Opened on the first page spilled, so a build that spills nothing leaves nothing to remove.
  let spill: Promise<{ dir: string; file: fs.FileHandle }> | undefined;
  let end = 0;
  const open = () => (spill ??= makeSpillFolder().then(async (dir) => ({ dir, file: await fs.open(path.join(dir, "bodies"), "w+") })));
  /** A stored text; undefined when nothing was stored. */
  const read = async (key: string, text: (typeof TEXTS)[number]) => {
    const inMemoryText = kept.get(key)?.[text];
    if (inMemoryText !== undefined) return inMemoryText;
    const place = placeOf(key, TEXTS.indexOf(text));
    if (!place) return undefined;
    const bytes = Buffer.allocUnsafe(place.length);
    await (await open()).file.read(bytes, 0, place.length, place.offset);
    return bytes.toString("utf8");
  };
  return {
    async put(key, page) {
      const texts = textsOf(page);
      if (kept.keep(key, texts)) return key;
      const buffers = TEXTS.map((text) => Buffer.from(texts[text]));
      // The record's place is taken now, so pages stored at once never write over each other.
      const offset = end;
      end += buffers.reduce((sum, bytes) => sum + bytes.length, 0);
      const { file } = await open();
      await file.writev(buffers, offset);
      return placeKey(
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
