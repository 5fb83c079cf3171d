import fs from "node:fs/promises";
import path from "node:path";
import fg from "fast-glob";
import pLimit from "p-limit";
import { hashKey, hashToolSources } from "../../cache.ts";
import { TOOL_ROOT, type BuildContext } from "../../context.ts";
import { diagnostic } from "../../diagnostics.ts";
import { UsageError } from "../../errors.ts";
import type { ProcessedPage } from "../../shared/content-types.ts";
import { indexContent, type IndexContentResult } from "./core.ts";
import type { SourceFile } from "./parse-page.ts";

/** Bumped whenever processing changes its output, so cached pages from older versions are not reused. */
const PIPELINE_VERSION = "6";

/** Processes pages; the markdown pipeline is loaded only when some page is not cached. */
async function processPages(...args: Parameters<typeof import("./process-pages.ts").processPages>) {
  if (args[0].length === 0) return [];
  const { processPages: run } = await import("./process-pages.ts");
  return run(...args);
}

export type { IndexContentResult } from "./core.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The code whose output a cached page depends on; any change to it makes every cached page stale. */
const PIPELINE_SOURCES = ["src/markdown/**/*.ts", "src/stages/index-content/**/*.{ts,js}", "src/shared/**/*.ts"];

/**
 * True when the file really lies under the content folder. A symbolic link
 * (to the file, or to a folder above it) that resolves outside is reported
 * and skipped, so a link to `/etc/passwd` or to a private folder is never
 * read or published; links that stay inside are followed.
 */
async function insideContent(ctx: BuildContext, full: string, contentReal: string): Promise<boolean> {
  const display = ctx.display(full);
  const real = await fs.realpath(full).catch(() => undefined);
  if (real === undefined) {
    const target = await fs.readlink(full).catch(() => "?");
    ctx.report(diagnostic({ file: display, message: `Symbolic link points at ${target}, which does not exist`, ruleId: "symlink", hint: "Remove the link or point it at a page inside the content folder." }));
    return false;
  }
  if (real.startsWith(`${contentReal}${path.sep}`)) return true;
  ctx.report(
    diagnostic({
      file: display,
      message: `Symbolic link leads outside the content folder: ${display} → ${real}`,
      ruleId: "symlink",
      hint: "Only files inside the content folder are read. Copy the page into it, or point the link at a file inside it.",
    }),
  );
  return false;
}

/**
 * Reads one file; reports (and skips) files that are empty or not UTF-8. A
 * long-lived process keeps what it read by modification time and size, so a
 * rebuild reads only the files that changed.
 */
async function readSource(ctx: BuildContext, relative: string, contentReal: string): Promise<SourceFile | undefined> {
  const full = path.join(ctx.paths.content, relative);
  if (!(await insideContent(ctx, full, contentReal))) return undefined;
  const memo = ctx.cache.memo;
  if (memo) {
    const { mtimeMs, size } = await fs.stat(full);
    const id = `source\0${full}\0${mtimeMs}\0${size}`;
    const kept = memo.get(id) as SourceFile | undefined;
    if (kept) return kept;
    const read = await readFresh(ctx, relative, full);
    if (read) memo.set(id, read);
    return read;
  }
  return readFresh(ctx, relative, full);
}

async function readFresh(ctx: BuildContext, relative: string, full: string): Promise<SourceFile | undefined> {
  const display = ctx.display(full);
  const bytes = await fs.readFile(full);
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    ctx.report(diagnostic({ file: display, message: "File is not valid UTF-8", ruleId: "encoding", hint: "Save the file with UTF-8 encoding." }));
    return undefined;
  }
  if (text.trim() === "") {
    ctx.report(diagnostic({ file: display, message: "File is empty", ruleId: "empty-file", hint: "Add front matter with a title and some content, or delete the file." }));
    return undefined;
  }
  return { relative, display, text: text.replace(/^\uFEFF/, ""), size: bytes.byteLength };
}

const pageKeys = new WeakMap<SourceFile, { prefix: string; key: string }>();

/** The cache key of a page: its bytes, path, and everything else its processing depends on (`prefix`). */
function pageKey(source: SourceFile, prefix: string): string {
  const known = pageKeys.get(source);
  if (known?.prefix === prefix) return known.key;
  const key = hashKey("page", prefix, source.display, source.relative, source.text);
  pageKeys.set(source, { prefix, key });
  return key;
}

/**
 * Processes pages, reusing cached results keyed by the page's bytes, its
 * path, the settings it depends on and the pipeline's code. Only pages not in
 * the cache go to the worker threads.
 */
async function processWithCache(ctx: BuildContext, sources: readonly SourceFile[]): Promise<ProcessedPage[]> {
  if (!ctx.cache.enabled) return processPages(sources, ctx.settings, ctx.threads);
  const pipeline = await hashToolSources(TOOL_ROOT, PIPELINE_SOURCES);
  const prefix = `${PIPELINE_VERSION}\0${pipeline}\0${ctx.settings.repository}\0${ctx.settings.branch}`;
  const keys = sources.map((s) => pageKey(s, prefix));
  const limit = pLimit(32);
  const pages = await Promise.all(keys.map((key) => limit(() => ctx.cache.getJson<ProcessedPage>(key))));
  const missing = sources.flatMap((_source, i) => (pages[i] ? [] : [i]));
  const fresh = await processPages(missing.map((i) => sources[i]), ctx.settings, ctx.threads);
  await Promise.all(
    missing.map((i, n) => {
      pages[i] = fresh[n];
      return limit(() => ctx.cache.setJson(keys[i], fresh[n]));
    }),
  );
  return pages as ProcessedPage[];
}

/**
 * Finds every `.md`/`.mdx` page under the content folder, processes each in
 * one pass (in worker threads, or from the cache) and builds the content
 * index. Problems are reported on the context.
 */
export async function runIndexContent(ctx: BuildContext): Promise<IndexContentResult> {
  const stat = await fs.stat(ctx.paths.content).catch(() => undefined);
  if (!stat?.isDirectory()) throw new UsageError(`Content folder ${ctx.display(ctx.paths.content)} does not exist. Pass --content <folder>.`);
  const relatives = await fg("**/*.{md,mdx}", { cwd: ctx.paths.content, onlyFiles: true, dot: false, ignore: ["**/node_modules/**"] });
  relatives.sort();
  const limit = pLimit(32);
  const contentReal = await fs.realpath(ctx.paths.content);
  const sources = (await Promise.all(relatives.map((relative) => limit(() => readSource(ctx, relative, contentReal))))).filter((s): s is SourceFile => s !== undefined);
  const pages = await processWithCache(ctx, sources);
  for (const page of pages) for (const d of page.diagnostics) ctx.report(d);
  const result = indexContent(pages, { rootPath: ctx.display(ctx.paths.content), settings: ctx.settings, links: ctx.links });
  for (const d of result.diagnostics) ctx.report(d);
  return result;
}
