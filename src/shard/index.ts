import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import pLimit from "p-limit";
import { build, type BuildOptions, type BuildResult } from "../build.ts";
import { hashKey } from "../cache/cache.ts";
import { codeHash } from "../cache/code-hash.ts";
import { loadSettings, type Settings } from "../context/config.ts";
import { createContext } from "../context/context.ts";
import { toolVersion } from "../context/tool-root.ts";
import { writeFileAtomic } from "../output/write-file.ts";
import { markdownFiles } from "../pipeline/markdown-files.ts";
import { ContentError, UsageError } from "../report/errors.ts";
import { createLogger, task, type Logger } from "../report/logger.ts";
import { printProblems } from "../report/reporters.ts";
import { requireContentFolder, runIndexShare } from "../stages/index-content/index.ts";
import { refusal, SHARD_CACHE, SHARD_FORMAT, SHARD_MANIFEST, shardsOf, type BuildInputs, type ShardManifest, type ShardOf, type ShardPart } from "./core.ts";

/** Where a shard's or a merge's project is, and how it is set up; every one has the default a build has. */
interface ProjectOptions {
  root?: string;
  content?: string;
  config?: string;
  logger?: Logger;
}

/** Options of {@link buildShard}. */
export interface ShardOptions extends ProjectOptions {
  shard: ShardOf;
  /** The part's folder, from the root: the shard's processed pages and its manifest go there. */
  out: string;
  threads?: number;
  pageTimeout?: number;
}

/** The content folder's pages with their sizes, and a hash of their paths and bytes (what a part and a merge compare). */
async function contentPages(folder: string): Promise<{ files: Array<{ relative: string; size: number; digest: string }>; hash: string }> {
  const relatives = await markdownFiles(folder);
  const limit = pLimit(32);
  const read = await Promise.all(
    relatives.map((relative) =>
      limit(async () => {
        const bytes = await fs.readFile(path.join(folder, relative));
        return { relative, size: bytes.length, digest: createHash("sha256").update(bytes).digest("hex") };
      }),
    ),
  );
  const hash = createHash("sha256");
  for (const file of read) hash.update(`${file.relative}\0${file.digest}\n`);
  return { files: read, hash: hash.digest("hex") };
}

/** What a shard or a merge is made from (see `BuildInputs`), and the content's pages. */
async function inputsOf(settings: Settings, content: string): Promise<BuildInputs & { files: Array<{ relative: string; size: number }> }> {
  const pages = await contentPages(content);
  return {
    tool: { version: toolVersion(), code: await codeHash() },
    config: hashKey(JSON.stringify(settings)),
    content: { pages: pages.files.length, hash: pages.hash, files: pages.files.map((file) => [file.relative, file.digest] as const) },
    files: pages.files,
  };
}

/**
 * Builds one shard of a site (`docs-build build --shard <i>/<n> --out <part>`):
 * its share of the content's pages (see `shardsOf`), processed as a build's
 * index stage processes them, into the part's cache folder, then the part's
 * manifest: docs-build's version and code, the settings, the content and
 * the pages it holds. The manifest is written last and only when the shard
 * has no content error, so a part that failed or was stopped has none and
 * the merge says it is missing. The part's cache can be the CI's cache of
 * the shard: a shard built again processes only what changed.
 */
export async function buildShard(options: ShardOptions): Promise<{ pages: number; seconds: number }> {
  const started = performance.now();
  const root = path.resolve(options.root ?? process.cwd());
  const logger = options.logger ?? createLogger();
  const loaded = await loadSettings(root, options.config);
  const settings = options.pageTimeout === undefined ? loaded : { ...loaded, pageTimeout: options.pageTimeout };
  const part = path.resolve(root, options.out);
  if (part === path.resolve(root, "dist"))
    throw new UsageError(
      `--shard ${options.shard.index}/${options.shard.count}: name the part's folder with --out (such as --out part-${options.shard.index}), not the site's output folder.`,
    );
  const ctx = createContext({
    root,
    content: options.content,
    settings,
    logger,
    threads: options.threads,
    cacheDir: path.join(part, SHARD_CACHE),
    links: "warn",
  });
  try {
    await requireContentFolder(ctx);
    // A part keeps no manifest while it is being built: one stopped half-way is missing to the merge, not wrong.
    await fs.rm(path.join(part, SHARD_MANIFEST), { force: true });
    const inputs = await inputsOf(loaded, ctx.paths.content);
    const shard = shardsOf(inputs.files, options.shard.count);
    const mine = new Set(inputs.files.filter((_, at) => shard[at] === options.shard.index).map((file) => file.relative));
    const pages = await task(logger, `shard ${options.shard.index}/${options.shard.count}: index content`, () =>
      runIndexShare(ctx, (relative) => mine.has(relative)),
    );
    if (ctx.problems.errors > 0) throw new ContentError(await ctx.problems.all());
    await printProblems(ctx.problems.sorted(), logger);
    const manifest: ShardManifest = {
      format: SHARD_FORMAT,
      tool: inputs.tool,
      config: inputs.config,
      content: inputs.content,
      shard: options.shard,
      pages: [...mine],
    };
    await writeFileAtomic(path.join(part, SHARD_MANIFEST), `${JSON.stringify(manifest)}\n`);
    const seconds = (performance.now() - started) / 1000;
    logger.summary(`Built shard ${options.shard.index}/${options.shard.count}: ${pages} pages in ${seconds.toFixed(1)} s → ${ctx.display(part)}`);
    return { pages, seconds };
  } finally {
    await ctx.problems.close();
  }
}

/** Options of {@link mergeShards}: the parts' folders (from the root), and the build's own. */
export interface MergeOptions extends ProjectOptions, Pick<BuildOptions, "out" | "links" | "cache" | "threads" | "lockWait" | "history" | "baseUrl"> {
  parts: readonly string[];
}

/** Reads a part's manifest; a part without one (or with one of another format) is refused in one sentence. */
async function readPart(root: string, dir: string): Promise<ShardPart> {
  const file = path.join(path.resolve(root, dir), SHARD_MANIFEST);
  const text = await fs.readFile(file, "utf8").catch(() => undefined);
  if (text === undefined)
    throw new UsageError(`${dir} holds no ${SHARD_MANIFEST}: its shard failed, was stopped or was not built there; build it again, or give the right folder.`);
  let manifest: ShardManifest;
  try {
    manifest = JSON.parse(text) as ShardManifest;
  } catch {
    throw new UsageError(`${dir}/${SHARD_MANIFEST} is not a shard manifest (not JSON): build the shard again.`);
  }
  if (manifest.format !== SHARD_FORMAT)
    throw new UsageError(`${dir}/${SHARD_MANIFEST} is of format ${manifest.format}, and this docs-build reads ${SHARD_FORMAT}: build the shard again with it.`);
  return { dir, manifest };
}

/**
 * Merges the parts of a sharded build into the site
 * (`docs-build merge <part>… --out <dir>`). It first checks that the parts
 * are complete, disjoint, and built from the merge's content, settings and
 * docs-build; anything else is refused with one sentence that names the
 * mismatch, and nothing is written. Then it builds the whole site as
 * `build` does, reading the parts' processed pages where its own cache has
 * none: every page comes from a part, so none is processed again, and the
 * site-wide stages (the link check, rendering, search, sitemap and feeds,
 * llms files, service worker, the languages under the site's prefixes) run
 * here. The output is put in place atomically, so a failed merge leaves the
 * previous site, and it is byte for byte the site one `build` makes.
 */
export async function mergeShards(options: MergeOptions): Promise<BuildResult> {
  const root = path.resolve(options.root ?? process.cwd());
  const logger = options.logger ?? createLogger();
  const settings = await loadSettings(root, options.config);
  const content = path.resolve(root, options.content ?? "content");
  const parts = await Promise.all(options.parts.map((dir) => readPart(root, dir)));
  const here = await inputsOf(settings, content);
  const why = refusal(parts, here);
  if (why) throw new UsageError(`docs-build merge: ${why}`);
  const layers = parts.map((part) => path.join(path.resolve(root, part.dir), SHARD_CACHE));
  const { parts: _parts, ...rest } = options;
  return build({ ...rest, root, settings, logger, cacheLayers: layers });
}
