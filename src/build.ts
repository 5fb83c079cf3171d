import type { MemoryCache } from "./cache.ts";
import { loadSettings, resolveSettings, type Settings } from "./config.ts";
import { createContext, type BuildContext, type LinkMode } from "./context.ts";
import { formatDiagnostic, type Diagnostic } from "./diagnostics.ts";
import { buildDiskError } from "./disk-errors.ts";
import { printProblems } from "./reporters.ts";
import { PROBLEMS_IN_MEMORY } from "./problem-log.ts";
import { ContentError } from "./errors.ts";
import { createLogger, formatBytes, formatDuration, task, type Logger } from "./logger.ts";
import { collectGarbage } from "./heap-growth.ts";
import type { OutputFile } from "./output/files.ts";
import type { ClientAssets } from "./shared/client-assets.ts";
import type { PageSummary } from "./shared/content-types.ts";
import type { PagePlan } from "./stages/render-pages/core.ts";
import type { RenderedPage } from "./stages/render-pages/index.ts";
import { runBundleClient } from "./stages/bundle-client/index.ts";
import { runEmitSiteFiles } from "./stages/emit-site-files/index.ts";
import { runGenerateServiceWorker } from "./stages/generate-service-worker/index.ts";
import { runPageDates, type DayOf } from "./stages/page-dates/index.ts";
import { requireContentFolder, runIndexContent, wholeIndex } from "./stages/index-content/index.ts";
import type { FoundPages } from "./stages/index-content/page-listing.ts";
import type { LlmsBefore, LlmsWritten } from "./stages/llms-files/full-text.ts";
import { runLlmsFiles } from "./stages/llms-files/index.ts";
import { runRenderPages } from "./stages/render-pages/index.ts";
import { runResolveContributors } from "./stages/resolve-contributors/index.ts";
import { runSearchIndex } from "./stages/search-index/index.ts";
import type { OutputManifest } from "./output/staging.ts";
import { Publisher, type KeyedFile } from "./output/publisher.ts";

/** Options of a build; every one has a default that builds this site. */
export interface BuildOptions {
  /** Project root (config, repositories/, .cache/). Default: the working directory. */
  root?: string;
  /** Content folder, relative to the root. Default `content`. */
  content?: string;
  /** Output folder, relative to the root. Default `dist`. */
  out?: string;
  /** Overrides the config's base URL for canonical links. */
  baseUrl?: string;
  /** Overrides the config's `pageTimeout`: seconds one page may take to process; 0 for no budget. */
  pageTimeout?: number;
  /** Seconds to wait for another build that holds the output's lock before giving up; default 120, 0 gives up at once. */
  lockWait?: number;
  /** Path of a config file; default `docs-build.config.json` at the root, if present. */
  config?: string;
  /** Ready settings (skips loading the config file); used by tests. */
  settings?: Settings;
  /** false returns the files without touching the disk. Default true. */
  write?: boolean;
  /** false reads and writes no cache. Default true. */
  cache?: boolean;
  /** false reads no git history: no page shows a "Last updated" day and none is warned about (fixture builds inside the tool's own repository). Default true. */
  history?: boolean;
  /** Broken links: "error" (default) fails the build, "warn" only reports. */
  links?: LinkMode;
  /** Worker threads that process pages beside the main thread; default one per core but one (none below 24 pages). */
  threads?: number;
  /** Characters of pages and search postings a build without a cache keeps in memory before it writes the rest to temporary files; default `SPILL_ABOVE`. */
  spillAbove?: number;
  /** State kept across builds by the dev server: a memory cache and what was last written. */
  session?: BuildSession;
  /**
   * With a session: every path (from the root) changed since the session's
   * last build that indexed the content, as a watcher that misses nothing
   * heard of them. Each page file that build found and that no path here
   * names is taken as unchanged, without looking at it again; a folder among
   * them, or any doubt, makes the build look at every file. Without it, every file is looked at.
   */
  changed?: readonly string[];
  /** Stops the build at its next step, writing nothing, once aborted. */
  signal?: AbortSignal;
  logger?: Logger;
}

/** What a long-lived process keeps between builds so a rebuild redoes only what changed. */
export interface BuildSession {
  memory: MemoryCache;
  /** Diagnostics already printed by an earlier build of the session; a rebuild prints only new ones. */
  printed?: Set<string>;
  written?: OutputManifest;
  /** The page files the session's last build that indexed the content found: what `changed` is relative to. */
  pages?: FoundPages;
  /** What the last successful build leaves for re-rendering an edited page at once; the dev server's builder unsets it after a failed build. */
  site?: SessionSite;
  /** What each page of the last successful build rendered to, by output path, so a page whose key is unchanged is neither read nor written again. */
  rendered?: Map<string, RenderedPage>;
  /** The last successful build's streamed files with a key (see `StreamedFile.key`), so one whose key is unchanged is neither read nor written again. */
  keyed?: Map<string, KeyedFile>;
  /** Where the last successful build wrote each unchanged part of the llms files, so a rebuild copies it instead of reading its pages again. */
  llms?: LlmsWritten;
}

/** The last successful build's page plans and client assets, kept by the dev server. */
interface SessionSite {
  /** The plan of each page with a body of its own, by the page's path from the project root (`content/guides/index.md`). */
  plans: Map<string, PagePlan>;
  assets: ClientAssets;
  settings: Settings;
  /** The content folder and the output folder, absolute. */
  content: string;
  out: string;
}

/** What a build produced. */
export interface BuildResult {
  /** Every output file for builds with `write: false`; for the dev server's later builds, the files that differ from its last; empty when the build streamed its files to disk. */
  files: OutputFile[];
  pages: number;
  bytes: number;
  seconds: number;
  /** The problems, sorted by file and position: all of them, or the first `PROBLEMS_IN_MEMORY` when there are more (all are printed). */
  diagnostics: Diagnostic[];
  /** How many problems there were. */
  problems: number;
  /** For the dev server's builds: the output paths this build wrote or removed, or null when it wrote the whole site. */
  changed: string[] | null;
}

/** Throws one ContentError listing every problem reported so far, warnings too, sorted, when any of them is an error; prints nothing. */
async function failOnErrors(ctx: BuildContext): Promise<void> {
  if (ctx.problems.errors > 0) throw new ContentError(await ctx.problems.all());
}

/** Says, once a build, how many cache entries were found damaged and made again. */
function warnDamaged({ logger, ctx }: Pick<Prepared, "logger" | "ctx">): void {
  const n = ctx.cache.damaged;
  if (n > 0)
    logger.warn(
      `docs-build: ${n} damaged cache ${n === 1 ? "entry" : "entries"} in ${ctx.display(ctx.paths.cache)} (cut short, changed or of another format) ${n === 1 ? "was" : "were"} removed and made again.`,
    );
}

/** Resolves settings from the options: the given settings or the config file, then the base-URL override. */
async function settingsFor(options: BuildOptions, root: string): Promise<Settings> {
  const loaded = options.settings ?? (await loadSettings(root, options.config));
  const settings = options.pageTimeout === undefined ? loaded : { ...loaded, pageTimeout: options.pageTimeout };
  return options.baseUrl ? resolveSettings({ ...settings, baseUrl: options.baseUrl }, "--base-url") : settings;
}

/** What a build sets up before its stages run. */
interface Prepared {
  options: BuildOptions;
  /** When the build began, from `performance.now()`. */
  started: number;
  logger: Logger;
  settings: Settings;
  ctx: BuildContext;
}

/** The content index with the contributors resolved, and the client bundle under way beside them. */
interface Indexed {
  index: Awaited<ReturnType<typeof runIndexContent>>;
  contributorsOf: Awaited<ReturnType<typeof runResolveContributors>>;
  /** The day a page last changed, or "". */
  dayOf: DayOf;
  bundling: ReturnType<typeof runBundleClient>;
}

/** What the stages after resolve contributors made. */
interface Made {
  rendered: Awaited<ReturnType<typeof runRenderPages>>;
  client: Awaited<ReturnType<typeof runBundleClient>>;
  /** What the llms files' stage wrote, for the dev server's next build. */
  llms: LlmsWritten | undefined;
  /** Set when the site to patch was replaced by another build: this build's unchanged files are then written too. */
  writeWhole: boolean;
}

/**
 * Builds the site in eight stages: index content (with bundle client running
 * beside it, in esbuild's own process) → resolve contributors → read page
 * dates (one `git log` of the content folder) → render pages → emit site
 * files → build search index → write llms files → generate service worker,
 * then writes the output atomically (unless `write: false`). Content errors
 * are collected and fail the build once: after resolve contributors, or
 * failing that before anything is written.
 */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const prepared = await prepare(options);
  try {
    const indexed = await indexAndResolve(prepared);
    const output = await openOutput(prepared);
    const made = await renderAndWrite(prepared, indexed, output);
    if (made.writeWhole) return await build(options);
    return await finish(prepared, output, made);
  } catch (error) {
    warnDamaged(prepared);
    throw (await buildDiskError(error, prepared.ctx.paths, prepared.ctx.paths.root)) ?? error;
  } finally {
    await prepared.ctx.problems.close();
  }
}

/** Starts the clock, resolves the settings and creates the build context. */
async function prepare(options: BuildOptions): Promise<Prepared> {
  const started = performance.now();
  const logger = options.logger ?? createLogger();
  const root = options.root ?? process.cwd();
  const settings = await settingsFor(options, root);
  const ctx = createContext({
    root,
    content: options.content,
    out: options.out,
    settings,
    logger,
    cache: options.cache,
    links: options.links,
    threads: options.threads,
    spillAbove: options.spillAbove,
    memory: options.session?.memory,
    signal: options.signal,
  });
  return { options, started, logger, settings, ctx };
}

/** Starts bundling the client, indexes the content and resolves contributors, failing on content errors (the body store closed). */
async function indexAndResolve({ options, ctx, logger }: Prepared): Promise<Indexed> {
  // esbuild bundles the client in its own process, so it runs while the pages are indexed; its result is
  // awaited where it is used. It starts once the content folder is known to exist: a usage error writes nothing.
  await requireContentFolder(ctx);
  const bundling = runBundleClient(ctx);
  bundling.catch(() => undefined);
  const session = options.session;
  const index = await task(logger, "index content", () => runIndexContent(ctx, { previous: session?.pages, changed: options.changed }));
  if (session) session.pages = index.found;
  try {
    const contributorsOf = await task(logger, "resolve contributors", () => runResolveContributors(ctx));
    const dayOf: DayOf = options.history === false ? () => "" : await task(logger, "read page dates", () => runPageDates(ctx, index.site));
    await failOnErrors(ctx);
    return { index, contributorsOf, dayOf, bundling };
  } catch (error) {
    await index.close();
    throw error;
  }
}

/** Opens where the build's files go (see `Publisher`); the dev server's later builds patch what its last one wrote. */
function openOutput({ options, logger, ctx }: Prepared): Promise<Publisher> {
  const session = options.session;
  const written = session?.written;
  return Publisher.open({
    out: ctx.paths.out,
    write: options.write !== false,
    track: session !== undefined,
    prior: written && { written, keyed: session.keyed },
    lock: { notify: (line: string) => logger.warn(line), ...(options.lockWait === undefined ? {} : { waitMs: options.lockWait * 1000 }) },
  });
}

/** Runs the stages from bundle client to generate service worker, emitting their files, then puts the output in place; abandons the staging folder on failure and closes the body store. */
async function renderAndWrite(prepared: Prepared, { index, contributorsOf, dayOf, bundling }: Indexed, output: Publisher): Promise<Made> {
  const { options, logger, ctx } = prepared;
  const emit = output.emit;
  try {
    const client = await task(logger, "bundle client", () => bundling);
    // What the stage before kept live is garbage now (see collectGarbage).
    collectGarbage();
    const rendered = await task(logger, "render pages", () =>
      runRenderPages(
        ctx,
        {
          site: index.site,
          bodies: index.bodies,
          contributorsOf,
          assets: client.assets,
          dayOf,
          keepPlans: options.session !== undefined,
          before: options.session?.rendered && { pages: options.session.rendered, keep: (paths, bytes) => output.keep(paths, bytes) },
        },
        emit,
      ),
    );
    const siteFiles = await task(logger, "emit site files", () => runEmitSiteFiles(ctx, { site: index.site, generated: rendered.generated, dayOf }, emit));
    ctx.signal?.throwIfAborted();
    collectGarbage();
    const search = await task(logger, "build search index", () => runSearchIndex(ctx, { site: index.site, bodies: index.bodies }, emit));
    collectGarbage();
    const llms = await task(logger, "write llms files", () =>
      runLlmsFiles(ctx, { site: index.site, bodies: index.bodies, before: llmsBefore(prepared, output) }, emit),
    );
    const worker = await task(logger, "generate service worker", () =>
      runGenerateServiceWorker(ctx, {
        files: [...rendered.precached, ...siteFiles.files, ...search.files, ...search.precached, ...client.files],
        assets: client.assets,
      }),
    );
    for (const file of [...search.files, ...client.files, worker.file]) await emit(file);
    // Later stages report problems too (data files); nothing is put in place while any is fatal.
    await failOnErrors(ctx);
    ctx.signal?.throwIfAborted();
    const writeWhole = await putInPlace(prepared, output);
    return { rendered, client, llms, writeWhole };
  } catch (error) {
    // The first error is the one to report: a staging folder that cannot be removed after it is said alongside, never instead.
    const leftover = await output.abort();
    const disk = await buildDiskError(error, ctx.paths, ctx.paths.root, { written: output.bytes, leftover });
    if (!disk && leftover)
      logger.warn(`docs-build: the unfinished folder ${ctx.display(leftover.folder)} could not be removed (${leftover.code}); remove it by hand.`);
    throw disk ?? error;
  } finally {
    await index.close();
    await output.close();
  }
}

/** What the dev server's last build left for the llms files' stage: its record and its files, when this build patches them. */
function llmsBefore({ options }: Prepared, output: Publisher): LlmsBefore | undefined {
  const written = options.session?.llms;
  if (!written || !options.session?.written) return undefined;
  return { written, ...output.priorFile(), keep: (paths, bytes) => output.keep(paths, bytes) };
}

/** Puts the files in place (unless `write: false`) and keeps what was written for the dev server; true when the site to patch was replaced by another build. */
async function putInPlace({ options, logger }: Prepared, output: Publisher): Promise<boolean> {
  if (options.write === false) return false;
  const session = options.session;
  const published = await task(logger, "write output", () => output.publish());
  // What the session keeps of the keyed files follows what it keeps of the written ones.
  if (session) [session.written, session.keyed] = [published.written, published.written && published.keyed];
  return published.replaced;
}

/** Prints the diagnostics not printed before and the summary, keeps the site for the dev server, and returns the result. */
async function finish({ options, started, logger, settings, ctx }: Prepared, output: Publisher, { rendered, client, llms }: Made): Promise<BuildResult> {
  const session = options.session;
  const { collected, count, bytes } = output;
  const diagnostics: Diagnostic[] = [];
  await printProblems(ctx.problems.sorted(), logger, (d) => {
    if (diagnostics.length < PROBLEMS_IN_MEMORY) diagnostics.push(d);
    const text = formatDiagnostic(d);
    if (session?.printed?.has(text)) return false;
    session?.printed?.add(text);
    return true;
  });
  warnDamaged({ logger, ctx });
  const seconds = (performance.now() - started) / 1000;
  logger.summary(
    `Built ${rendered.routes} pages, ${count} files, ${formatBytes(bytes)} in ${formatDuration(seconds * 1000)}` +
      (options.write === false ? "" : ` → ${ctx.display(ctx.paths.out)}`),
  );
  // Files arrive in the order they were finished; sorted, two builds of one site compare equal.
  collected.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  if (session) {
    session.rendered = rendered.rendered;
    session.llms = llms;
    session.site = {
      plans: new Map(rendered.pagePlans.map((plan) => [(plan.body as { page: PageSummary }).page.entry.path, plan])),
      assets: client.assets,
      settings,
      content: ctx.paths.content,
      out: ctx.paths.out,
    };
  }
  return { files: collected, pages: rendered.routes, bytes, seconds, diagnostics, problems: ctx.problems.count, changed: session?.written?.changed ?? null };
}

/** Builds only the content index (for `docs-build index`), failing on content errors: its tree, and how many pages it has. */
export async function indexOnly(options: Pick<BuildOptions, "root" | "content" | "config" | "links" | "logger">) {
  const root = options.root ?? process.cwd();
  const settings = await loadSettings(root, options.config);
  const logger = options.logger ?? createLogger({ stream: "stderr" });
  const ctx = createContext({ root, content: options.content, settings, logger, links: options.links ?? "warn" });
  try {
    const index = await task(logger, "index content", () => runIndexContent(ctx));
    let whole: Awaited<ReturnType<typeof wholeIndex>>;
    try {
      whole = await wholeIndex(index);
    } finally {
      await index.close();
    }
    await failOnErrors(ctx);
    await printProblems(ctx.problems.sorted(), logger);
    return { root: whole.root, pages: whole.pages.length };
  } finally {
    await ctx.problems.close();
  }
}
