import type { BuildContext } from "../../context.ts";
import { readRepositoryList, REPOSITORY_LISTS } from "../../data-files/repository-lists.ts";
import { fillRepositoryLists } from "../../markdown/clean-markdown.ts";
import type { OutputFile, StreamedFile } from "../../output-files.ts";
import type { PageBodies } from "../../pipeline/page-bodies.ts";
import { loadedInOrder } from "../../read-ahead.ts";
import type { PageSummary } from "../../shared/content-types.ts";
import {
  fullPart,
  isMachineReadable,
  LLMS_FULL_LIMIT,
  LLMS_FULL_PATH,
  LLMS_INDEX_PATH,
  llmsIndex,
  markdownPath,
  pageMarkdown,
  repositoryListMarkdown,
  sectionFullPath,
  sectionsOf,
} from "./core.ts";

/** Pages whose markdown is read from the body store ahead of the one being written. */
const READ_AHEAD = 16;

/** Takes one output file as soon as it is made. */
type Emit = (file: OutputFile | StreamedFile) => Promise<void>;

/** The markdown of each repository list, by kind; nothing is read when no page has a list. */
async function listsMarkdown(ctx: BuildContext, pages: readonly PageSummary[]): Promise<Record<string, string>> {
  if (!pages.some((p) => p.repositoryLists)) return {};
  const urls = new Set(pages.map((p) => p.entry.url));
  const lists: Record<string, string> = {};
  // Problems in the lists are reported where the lists are rendered as HTML.
  for (const kind of Object.keys(REPOSITORY_LISTS) as Array<keyof typeof REPOSITORY_LISTS>)
    lists[kind] = repositoryListMarkdown((await readRepositoryList(ctx, kind))?.entries ?? [], urls);
  return lists;
}

/** A reader of each page's cleaned body, stored by the index stage with the page's HTML, its repository lists filled in. */
async function bodyReader(ctx: BuildContext, pages: readonly PageSummary[], bodies: PageBodies): Promise<(page: PageSummary) => Promise<string>> {
  const lists = await listsMarkdown(ctx, pages);
  return async (page) => {
    const body = await bodies.markdown(page);
    return page.repositoryLists ? fillRepositoryLists(body, lists) : body;
  };
}

/** What the write llms files stage takes. */
export interface LlmsFilesInput {
  /** Every page's summary, in site order. */
  pages: readonly PageSummary[];
  /** The reader of the cleaned markdown the index stage stored. */
  bodies: PageBodies;
  /** The size in bytes of `llms-full.txt` past which each section gets a file of its own; default `LLMS_FULL_LIMIT` (10 MB). */
  fullLimit?: number;
}

/** Sees each page as its part of a full-text file passes: its markdown (headed by its title) and the part. */
type SeePart = (page: PageSummary, markdown: string, part: string) => Promise<void>;

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
 * pages are left out.
 */
export async function runLlmsFiles(ctx: BuildContext, input: LlmsFilesInput, emit: Emit): Promise<void> {
  const listed = input.pages.filter(isMachineReadable);
  const bodyOf = await bodyReader(ctx, listed, input.bodies);
  const { name, description, baseUrl } = ctx.settings;
  async function* partsOf(pages: readonly PageSummary[], see?: SeePart): AsyncIterable<string> {
    for await (const [page, body] of loadedInOrder(pages, READ_AHEAD, bodyOf)) {
      ctx.signal?.throwIfAborted();
      const markdown = pageMarkdown(page.entry.title, body);
      const part = fullPart(page.entry, markdown, baseUrl);
      await see?.(page, markdown, part);
      yield part;
    }
  }
  let size = 0;
  const seePage: SeePart = async (page, markdown, part) => {
    size += Buffer.byteLength(part);
    await emit({ path: markdownPath(page.entry.url), contents: markdown });
  };
  await emit({ path: LLMS_FULL_PATH, parts: partsOf(listed, seePage) });
  const sections = size > (input.fullLimit ?? LLMS_FULL_LIMIT) ? sectionsOf(listed) : [];
  for (const section of sections) await emit({ path: sectionFullPath(section.folder), parts: partsOf(section.pages) });
  const files = sections.map((section) => ({ title: section.title, path: sectionFullPath(section.folder), pages: section.pages.length }));
  await emit({ path: LLMS_INDEX_PATH, contents: llmsIndex({ name, description, baseUrl }, listed, files) });
}
