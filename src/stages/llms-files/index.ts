import { createHash, type Hash } from "node:crypto";
import type { BuildContext } from "../../context.ts";
import { readRepositoryList, REPOSITORY_LISTS } from "../../data-files/repository-lists.ts";
import { fillRepositoryLists } from "../../markdown/clean-markdown.ts";
import type { OutputFile, StreamedFile } from "../../output-files.ts";
import type { PageBodies } from "../../pipeline/page-bodies.ts";
import { inRuns, pagesWhere, partSections, urlsUnder, type SitePages, type SitePart } from "../../pipeline/site-pages.ts";
import { loadedInOrder } from "../../read-ahead.ts";
import type { PageSummary } from "../../shared/content-types.ts";
import {
  fullPart,
  isMachineReadable,
  LLMS_FULL_LIMIT,
  LLMS_FULL_PATH,
  LLMS_INDEX_PATH,
  llmsIndexFiles,
  llmsIndexHead,
  llmsIndexSection,
  markdownPath,
  pageMarkdown,
  repositoryListMarkdown,
  sectionFullPath,
} from "./core.ts";

/** Pages whose markdown is read from the body store ahead of the one being written. */
const READ_AHEAD = 16;

/** One text as parts. */
async function* once(text: string): AsyncIterable<string> {
  yield text;
}

/**
 * A page's markdown file. Its key, the page's body key and title, lets the
 * dev server keep it undigested when unchanged; a page with repository lists
 * depends on data files too, and without a cache body keys are only counters.
 */
function markdownFile(ctx: BuildContext, page: PageSummary, markdown: string): StreamedFile {
  const key = ctx.cache.enabled && !page.repositoryLists ? `md\0${page.bodyKey}\0${page.entry.title}` : undefined;
  return { path: markdownPath(page.entry.url), parts: once(markdown), key };
}

/** Takes one output file as soon as it is made. */
type Emit = (file: OutputFile | StreamedFile) => Promise<void>;

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
function bodyReader(ctx: BuildContext, site: SitePages, bodies: PageBodies): (page: PageSummary) => Promise<string> {
  const lists = listsMarkdown(ctx, site);
  return async (page) => {
    const body = await bodies.markdown(page);
    return page.repositoryLists ? fillRepositoryLists(body, await lists()) : body;
  };
}

/** What the write llms files stage takes. */
export interface LlmsFilesInput {
  /** The site's pages, read a part at a time. */
  site: SitePages;
  /** The reader of the cleaned markdown the index stage stored. */
  bodies: PageBodies;
  /** The size in bytes of `llms-full.txt` past which each section gets a file of its own; default `LLMS_FULL_LIMIT` (10 MB). */
  fullLimit?: number;
}

/** Sees each page as its part of a full-text file passes: its markdown (headed by its title) and the part. */
type SeePart = (page: PageSummary, markdown: string, part: string) => Promise<void>;

/** A section of the llms files as the stage walks it: its title and folder, the parts holding its pages, and how many it has. */
interface WalkedSection {
  title: string;
  folder: string;
  parts: SitePart[];
  pages: number;
  /** A hash of the section's parts of `llms-full.txt`: what its own file holds, so the dev server keeps it unread when unchanged. */
  hash: Hash;
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
 */
export async function runLlmsFiles(ctx: BuildContext, input: LlmsFilesInput, emit: Emit): Promise<void> {
  const { site } = input;
  const bodyOf = bodyReader(ctx, site, input.bodies);
  const { name, description, baseUrl } = ctx.settings;
  const named = partSections(site.parts);
  // Pages read so far; a large site reads them twice (see above), so the count may pass the site's once.
  let read = 0;
  async function* partsOf(pages: AsyncIterable<PageSummary>, see?: SeePart): AsyncIterable<string> {
    for await (const run of inRuns(pages, READ_AHEAD))
      for await (const [page, body] of loadedInOrder(run, READ_AHEAD, bodyOf)) {
        ctx.signal?.throwIfAborted();
        ctx.logger.progress?.("write llms files", Math.min(++read, site.count), site.count, "pages");
        const markdown = pageMarkdown(page.entry.title, body);
        const part = fullPart(page.entry, markdown, baseUrl);
        await see?.(page, markdown, part);
        yield part;
      }
  }
  let size = 0;
  const sections = new Map<string, WalkedSection>();
  const seePage: SeePart = async (page, markdown, part) => {
    size += Buffer.byteLength(part);
    const folder = named.folderOf(page.entry.url);
    const section = sections.get(folder) ?? { title: named.titleOf(page.entry.url), folder, parts: [], pages: 0, hash: createHash("sha256") };
    sections.set(folder, section);
    section.pages++;
    section.hash.update(part);
    const from = partOf.get(page);
    if (from && section.parts[section.parts.length - 1] !== from) section.parts.push(from);
    await emit(markdownFile(ctx, page, markdown));
  };
  // Which part each page came from, while it passes, so each section knows the parts to read again.
  const partOf = new WeakMap<PageSummary, SitePart>();
  async function* listed(): AsyncIterable<PageSummary> {
    for (const part of site.parts)
      for (const page of (await site.load(part)).pages) {
        if (!isMachineReadable(page)) continue;
        partOf.set(page, part);
        yield page;
      }
  }
  await emit({ path: LLMS_FULL_PATH, parts: partsOf(listed(), seePage) });
  const inSection = (section: WalkedSection) => (page: PageSummary) => isMachineReadable(page) && named.folderOf(page.entry.url) === section.folder;
  const split = size > (input.fullLimit ?? LLMS_FULL_LIMIT) ? [...sections.values()] : [];
  for (const section of split)
    await emit({ path: sectionFullPath(section.folder), parts: partsOf(pagesWhere(site, inSection(section), section.parts)), key: section.hash.digest("hex") });
  const files = split.map((section) => ({ title: section.title, path: sectionFullPath(section.folder), pages: section.pages }));
  async function* index(): AsyncIterable<string> {
    yield llmsIndexHead({ name, description });
    for (const section of sections.values()) {
      const pages: PageSummary[] = [];
      for await (const page of pagesWhere(site, inSection(section), section.parts)) pages.push(page);
      yield llmsIndexSection(section.title, pages, baseUrl);
    }
    yield llmsIndexFiles(files, baseUrl);
  }
  await emit({ path: LLMS_INDEX_PATH, parts: index() });
}
