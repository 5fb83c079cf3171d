import { hashKey, keepsForLater } from "../../cache/cache.ts";
import type { Emitting } from "../../pipeline/stage.ts";
import type { BuildContext } from "../../context/context.ts";
import { readRepositoryList, REPOSITORY_LISTS } from "../../data-files/repository-lists.ts";
import { fillRepositoryLists } from "../../markdown/clean-markdown.ts";
import type { StreamedFile } from "../../output/files.ts";
import type { PageBodies } from "../../pipeline/page-bodies.ts";
import { pagesWhere, partSections, urlsUnder, type SitePages, type SitePart } from "../../pipeline/site-pages.ts";
import type { PageSummary } from "../../shared/content-types.ts";
import {
  isMachineReadable,
  LLMS_FULL_LIMIT,
  LLMS_FULL_PATH,
  LLMS_INDEX_PATH,
  llmsIndexFiles,
  llmsIndexHead,
  llmsIndexSection,
  markdownPath,
  repositoryListMarkdown,
  sectionFullPath,
} from "./core.ts";
import {
  fullText,
  sectionKey,
  sectionText,
  writtenOf,
  type FullTextWalk,
  type LlmsBefore,
  type LlmsWritten,
  type PageKeyer,
  type WalkedPart,
} from "./full-text.ts";

/** One text as parts. */
async function* once(text: string): AsyncIterable<string> {
  yield text;
}

/** A page's markdown file. Its key (see `pageKeyer`) lets the dev server keep it undigested when unchanged. */
function markdownFile(page: PageSummary, markdown: string, key: string | undefined): StreamedFile {
  return { path: markdownPath(page.entry.url), parts: once(markdown), key: key && `md\0${key}` };
}

/** Takes one output file as soon as it is made. */

/** The markdown of each repository list, by kind, read on first use; nothing is read when no page has a list. */
function listsMarkdown(ctx: BuildContext, site: SitePages): () => Promise<Record<string, string>> {
  let lists: Promise<Record<string, string>> | undefined;
  const read = async () => {
    const kinds = Object.keys(REPOSITORY_LISTS) as Array<keyof typeof REPOSITORY_LISTS>;
    const urls = await urlsUnder(site, kinds);
    const out: Record<string, string> = {};
    // Problems in the lists are reported where the lists are rendered as HTML.
    for (const kind of kinds) out[kind] = repositoryListMarkdown((await readRepositoryList(ctx, kind))?.entries ?? [], urls);
    return out;
  };
  return () => (lists ??= read());
}

/** A reader of each page's cleaned body, stored by the index stage with the page's HTML, its repository lists filled in. */
function bodyReader(bodies: PageBodies, lists: () => Promise<Record<string, string>>): (page: PageSummary) => Promise<string> {
  return async (page) => {
    const body = await bodies.markdown(page);
    return page.repositoryLists ? fillRepositoryLists(body, await lists()) : body;
  };
}

/**
 * Each page's key for the llms files: a hash of its body key, URL and title,
 * and of the repository lists' markdown for a page that has them; without a
 * cache body keys are only counters, and no page has a key.
 */
function pageKeyer(ctx: BuildContext, lists: () => Promise<Record<string, string>>): PageKeyer {
  if (!keepsForLater(ctx.cache)) return async () => undefined;
  let listsKey: Promise<string> | undefined;
  return async (page) => {
    const made = [page.bodyKey, page.entry.url, page.entry.title];
    if (page.repositoryLists) made.push(await (listsKey ??= lists().then((markdown) => hashKey(...Object.entries(markdown).flat()))));
    return hashKey(...made);
  };
}

/** The last build's record, when its `llms-full.txt` is still the size it recorded; else nothing is kept from it. */
async function usable(before: LlmsBefore | undefined): Promise<LlmsBefore | undefined> {
  return before && (await before.size(LLMS_FULL_PATH)) === before.written.bytes ? before : undefined;
}

/** What the write llms files stage takes. */
/** What the llms files' stage leaves: where it wrote each part of `llms-full.txt`, for the dev server's next build; undefined without a cache. */
export type LlmsFilesResult = LlmsWritten | undefined;

export interface LlmsFilesInput extends Emitting {
  /** The site's pages, read a part at a time. */
  site: SitePages;
  /** The reader of the cleaned markdown the index stage stored. */
  bodies: PageBodies;
  /** The size in bytes of `llms-full.txt` past which each section gets a file of its own; default `LLMS_FULL_LIMIT` (10 MB). */
  fullLimit?: number;
  /** For the dev server's later builds: what its last build wrote, so the parts unchanged since are copied, not read again. */
  before?: LlmsBefore;
}

/** A section of the llms files: its title and folder, and the parts holding its pages, in site order. */
interface WalkedSection {
  title: string;
  folder: string;
  parts: WalkedPart[];
}

/** The walked parts grouped by section, in the order each section first appears. */
function sectionsOfWalk(walked: readonly WalkedPart[], titleOf: (url: string) => string): WalkedSection[] {
  const sections = new Map<string, WalkedSection>();
  for (const part of walked) {
    const section = sections.get(part.folder) ?? { title: titleOf(part.part.url), folder: part.folder, parts: [] };
    sections.set(part.folder, section);
    section.parts.push(part);
  }
  return [...sections.values()];
}

/**
 * Emits the files for language models and tools: each page's markdown at
 * its URL with `.md`, `llms-full.txt` (every page's markdown, in site order)
 * and `llms.txt` (the index of them, by section). The index stage cleaned
 * each page's markdown from the tree it parsed anyway and stored it with the
 * page's HTML; this stage reads it back a few pages at a time and streams
 * `llms-full.txt` page by page, emitting each page's `.md` as its part
 * passes, so each body is read once and memory never holds the site's text.
 *
 * The size of `llms-full.txt` is counted as it is written. Past
 * `input.fullLimit`, each section (see `sectionsOf`) also gets its own
 * `<folder>/llms-full.txt` (`llms-full-general.txt` for the pages outside
 * any folder), streamed in a second read of the bodies, and `llms.txt`,
 * written last, lists them. Deciding after the whole file is written costs
 * no read of its own and never leaves a section file that `llms.txt` does not
 * list; a small site reads its bodies once, a large one twice. Printable
 * pages are left out. Pages are read a part at a time, and `llms.txt` is
 * streamed a section at a time, so memory never holds the site's pages.
 *
 * `llms-full.txt` is made of the site's top-level parts' stretches, and a
 * section file of its parts' stretches. Each part's key is made from its
 * pages' keys without reading a body, so the dev server's later builds
 * (`input.before`) copy an unchanged part's stretch from the file the last
 * build wrote, keep its markdown files as written, and keep a section file
 * whose parts are all unchanged unread: a rebuild reads the bodies of the
 * edited parts alone. Returns what the next such build needs, or nothing
 * without a cache.
 */
export async function runLlmsFiles(ctx: BuildContext, input: LlmsFilesInput): Promise<LlmsFilesResult> {
  const { emit } = input;
  const { site } = input;
  const lists = listsMarkdown(ctx, site);
  const { name, description, baseUrl } = ctx.settings;
  const named = partSections(site.parts);
  const load = async (part: SitePart) => (await site.load(part)).pages;
  let passed = 0;
  const walk: FullTextWalk = {
    baseUrl,
    bodyOf: bodyReader(input.bodies, lists),
    keyOf: pageKeyer(ctx, lists),
    folderOf: named.folderOf,
    before: await usable(input.before),
    see: (page, markdown, key) => emit(markdownFile(page, markdown, key)),
    passed(pages) {
      ctx.signal?.throwIfAborted();
      passed += pages;
      ctx.logger.progress?.("write llms files", passed, site.count, "pages");
    },
    walked: [],
  };
  await emit({ path: LLMS_FULL_PATH, parts: fullText(site.parts, load, walk) });
  const written = writtenOf(walk.walked);
  const sections = sectionsOfWalk(walk.walked, named.titleOf);
  const split = written.bytes > (input.fullLimit ?? LLMS_FULL_LIMIT) ? sections : [];
  for (const section of split)
    await emit({ path: sectionFullPath(section.folder), parts: sectionText(section.parts, load, walk), key: sectionKey(section.parts) });
  const files = split.map((section) => ({
    title: section.title,
    path: sectionFullPath(section.folder),
    pages: section.parts.reduce((n, part) => n + part.pages, 0),
  }));
  async function* index(): AsyncIterable<string> {
    yield llmsIndexHead({ name, description });
    for (const section of sections) {
      const pages: PageSummary[] = [];
      for await (const page of pagesWhere(
        site,
        isMachineReadable,
        section.parts.map((part) => part.part),
      ))
        pages.push(page);
      yield llmsIndexSection(section.title, pages, baseUrl);
    }
    yield llmsIndexFiles(files, baseUrl);
  }
  await emit({ path: LLMS_INDEX_PATH, parts: index() });
  return keepsForLater(ctx.cache) ? written : undefined;
}
