import type { BuildContext } from "../../context.ts";
import { readRepositoryList, REPOSITORY_LISTS } from "../../data-files/repository-lists.ts";
import { fillRepositoryLists } from "../../markdown/clean-markdown.ts";
import type { OutputFile, StreamedFile } from "../../output-files.ts";
import type { PageBodies } from "../../pipeline/page-bodies.ts";
import { loadedInOrder } from "../../read-ahead.ts";
import type { PageSummary } from "../../shared/content-types.ts";
import { fullPart, isMachineReadable, LLMS_FULL_PATH, LLMS_INDEX_PATH, llmsIndex, markdownPath, pageMarkdown, repositoryListMarkdown } from "./core.ts";

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

/**
 * Emits the files for language models and tools: each page's markdown at
 * its URL with `.md`, `llms.txt` (the index of them, by section) and
 * `llms-full.txt` (every page's markdown, in site order). The index stage
 * cleaned each page's markdown from the tree it parsed anyway and stored it
 * with the page's HTML; this stage reads it back a few pages at a time and
 * streams `llms-full.txt` page by page, so memory never holds the site's
 * text. Printable pages are left out.
 */
export async function runLlmsFiles(ctx: BuildContext, pages: readonly PageSummary[], bodies: PageBodies, emit: Emit): Promise<void> {
  const listed = pages.filter(isMachineReadable);
  const bodyOf = await bodyReader(ctx, listed, bodies);
  for await (const [page, body] of loadedInOrder(listed, READ_AHEAD, bodyOf)) {
    ctx.signal?.throwIfAborted();
    await emit({ path: markdownPath(page.entry.url), contents: pageMarkdown(page.entry.title, body) });
  }
  const { name, description, baseUrl } = ctx.settings;
  await emit({ path: LLMS_INDEX_PATH, contents: llmsIndex({ name, description, baseUrl }, listed) });
  // The second pass reads every body from the store again, so memory never holds them all.
  const parts = async function* () {
    for await (const [page, body] of loadedInOrder(listed, READ_AHEAD, bodyOf)) yield fullPart(page.entry, pageMarkdown(page.entry.title, body), baseUrl);
  };
  await emit({ path: LLMS_FULL_PATH, parts: parts() });
}
