import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { hashKey, type Cache } from "../../cache.ts";
import { isGone, readHolder, thisProcess } from "../../output-lock.ts";
import type { Anchor, ProcessedPage, SearchSection } from "../../shared/content-types.ts";
import { removeTree } from "../../write-file.ts";

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

/** Folders of the spill store are named `docs-build-bodies-<pid>-<random>`. */
const SPILL_PREFIX = "docs-build-bodies-";

/** The file in a spill folder that names the process filling it, as the output's staging folders do. */
const OWNER_FILE = ".docs-build-owner";

/**
 * Removes the spill folders of builds that were killed before they could
 * remove their own: those whose owner is gone, by the output lock's test (its
 * pid is free, a zombie, or reused by a process that started later). A folder
 * killed before its owner file was written is judged by the pid in its name.
 */
async function sweepSpillFolders(tmp = os.tmpdir()): Promise<void> {
  const names = await fs.readdir(tmp).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const pid = new RegExp(`^${SPILL_PREFIX}(\\d+)-`).exec(name)?.[1];
      if (!pid) return;
      const dir = path.join(tmp, name);
      const owner = readHolder(await fs.readFile(path.join(dir, OWNER_FILE), "utf8").catch(() => "")) ?? {
        pid: Number(pid),
        host: os.hostname(),
        started: "",
        token: "",
      };
      if (await isGone(owner)) await removeTree(dir).catch(() => undefined);
    }),
  );
}

/**
 * Makes a private folder under the system's temporary folder for what a build
 * keeps on disk only while it runs, named for this process; the caller removes
 * it when the build ends. Folders of killed builds are swept first.
 */
export async function makeSpillFolder(): Promise<string> {
  await sweepSpillFolders();
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), `${SPILL_PREFIX}${process.pid}-`));
  await fs.writeFile(path.join(folder, OWNER_FILE), JSON.stringify(await thisProcess()));
  return folder;
}

/** The four texts a stored page is kept as, by the extension of the file each is spilled to. */
type StoredTexts = Record<"html" | "json" | "md" | "anchors.json", string>;

const textsOf = (page: Stored): StoredTexts => ({
  html: page.bodyHtml,
  json: JSON.stringify(page.sections),
  md: page.markdown,
  "anchors.json": JSON.stringify(page.entry.anchors),
});

/**
 * A store for builds without a cache. Pages wait in memory until their texts
 * come to `inMemory` characters (a few hundred pages); later ones go to a
 * private folder under the system's temporary folder, removed when the build
 * ends, whether it succeeds or not, so memory stays bounded whatever the
 * site's size and a small site writes no temporary file at all. A build
 * killed before the end leaves its folder behind; the next build without a
 * cache removes it (see `sweepSpillFolders`). Each read parses what it
 * returns afresh, as a read from a file does, so no reader shares another's objects.
 */
export function spillBodyStore({ inMemory }: { inMemory: number }): BodyStore {
  const kept = new Map<string, StoredTexts>();
  let keptLength = 0;
  // Made on the first page spilled, so a build that spills nothing leaves nothing to remove.
  let made: Promise<string> | undefined;
  let dir = "";
  const file = (key: string, extension: string) => path.join(dir, `${key}.${extension}`);
  /** A stored text; undefined when nothing was stored, or no longer is. */
  const read = async (key: string, extension: keyof StoredTexts) => {
    const inMemoryText = kept.get(key)?.[extension];
    if (inMemoryText !== undefined) return inMemoryText;
    return made ? fs.readFile(file(key, extension), "utf8").catch(() => undefined) : undefined;
  };
  return {
    async put(key, page) {
      const texts = textsOf(page);
      const length = texts.html.length + texts.json.length + texts.md.length + texts["anchors.json"].length;
      const before = kept.get(key);
      if (before || keptLength + length <= inMemory) {
        keptLength += length - (before ? Object.values(before).reduce((sum, text) => sum + text.length, 0) : 0);
        kept.set(key, texts);
        return;
      }
      dir = await (made ??= makeSpillFolder());
      await Promise.all(Object.entries(texts).map(([extension, text]) => fs.writeFile(file(key, extension), text)));
    },
    body: (key) => read(key, "html"),
    markdown: (key) => read(key, "md"),
    async sections(key) {
      const text = await read(key, "json");
      return text === undefined ? undefined : (JSON.parse(text) as SearchSection[]);
    },
    async anchors(key) {
      const text = await read(key, "anchors.json");
      return text === undefined ? undefined : (JSON.parse(text) as Anchor[]);
    },
    async close() {
      kept.clear();
      if (made) await removeTree(await made);
    },
  };
}
