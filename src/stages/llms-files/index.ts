import fs from "node:fs/promises";
import path from "node:path";
import { hashKey, hashToolSources } from "../../cache.ts";
import { TOOL_ROOT, type BuildContext } from "../../context.ts";
import { readRepositoryList, REPOSITORY_LISTS } from "../../data-files/repository-lists.ts";
import type { OutputFile, StreamedFile } from "../../output-files.ts";
import { loadedInOrder } from "../../read-ahead.ts";
import type { PageSummary } from "../../shared/content-types.ts";
import { cleanMarkdown } from "./clean-markdown.ts";
import { fullPart, isMachineReadable, LLMS_FULL_PATH, LLMS_INDEX_PATH, llmsIndex, markdownPath, pageMarkdown, repositoryListMarkdown } from "./core.ts";

/** The code a page's cleaned markdown depends on. */
const LLMS_SOURCES = ["src/stages/llms-files/**/*.ts", "src/markdown/remark-components.ts", "src/markdown/remark-asides.ts", "src/shared/constants.ts"];

/** Pages whose sources are read at a time. */
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

/**
 * A reader of each page's cleaned body: the page's source is read again from
 * the content folder, one page at a time, and the result is cached by the
 * source, the page's URL, the repository lists it shows and this stage's code.
 */
async function bodyReader(ctx: BuildContext, pages: readonly PageSummary[]): Promise<(page: PageSummary) => Promise<string>> {
  const lists = await listsMarkdown(ctx, pages);
  const code = ctx.cache.enabled ? await hashToolSources(TOOL_ROOT, LLMS_SOURCES) : "";
  const listsHash = hashKey(JSON.stringify(lists));
  return async (page) => {
    const source = (await fs.readFile(path.resolve(ctx.paths.root, page.entry.path), "utf8")).replace(/^\uFEFF/, "");
    const key = ctx.cache.enabled ? hashKey("llms-page", code, page.entry.url, page.entry.extension, page.repositoryLists ? listsHash : "", source) : "";
    const cached = key ? await ctx.cache.get(key) : undefined;
    if (cached) return cached.toString("utf8");
    const body = cleanMarkdown(source, { url: page.entry.url, mdx: page.entry.extension === ".mdx", lists });
    if (key) await ctx.cache.set(key, body);
    return body;
  };
}

/**
 * Emits the files for language models and tools: each page's markdown at
 * its URL with `.md`, `llms.txt` (the index of them, by section) and
 * `llms-full.txt` (every page's markdown, in site order). Sources are read
 * a few pages at a time, and `llms-full.txt` is streamed page by page, so
 * memory never holds the site's text; printable pages are left out.
 */
export async function runLlmsFiles(ctx: BuildContext, pages: readonly PageSummary[], emit: Emit): Promise<void> {
  const listed = pages.filter(isMachineReadable);
  const bodyOf = await bodyReader(ctx, listed);
  for await (const [page, body] of loadedInOrder(listed, READ_AHEAD, bodyOf)) {
    ctx.signal?.throwIfAborted();
    await emit({ path: markdownPath(page.entry.url), contents: pageMarkdown(page.entry.title, body) });
  }
  const { name, description, baseUrl } = ctx.settings;
  await emit({ path: LLMS_INDEX_PATH, contents: llmsIndex({ name, description, baseUrl }, listed) });
  // The second pass finds every body in the cache the first one filled (or, without a cache, makes it again).
  const parts = async function* () {
    for await (const [page, body] of loadedInOrder(listed, READ_AHEAD, bodyOf)) yield fullPart(page.entry, pageMarkdown(page.entry.title, body), baseUrl);
  };
  await emit({ path: LLMS_FULL_PATH, parts: parts() });
}
