import { keptEntries, type KeptEntries, type MemoryCache } from "./cache/cache.ts";
import { loadSettings, resolveSettings, translatedLanguages, type Settings } from "./context/config.ts";
import { createContext, type BuildContext, type LinkMode } from "./context/context.ts";
import { formatDiagnostic, type Diagnostic } from "./report/diagnostics.ts";
import { buildDiskError } from "./report/disk-errors.ts";
import { printProblems } from "./report/reporters.ts";
import { PROBLEMS_IN_MEMORY } from "./report/problem-log.ts";
import { ContentError } from "./report/errors.ts";
import { createLogger, formatBytes, formatDuration, task, type Logger } from "./report/logger.ts";
import { collectGarbage } from "./pipeline/heap-growth.ts";
import type { Emit, OutputFile } from "./output/files.ts";
import type { ClientAssets } from "./shared/client-assets.ts";
import type { SiteChrome } from "./shared/site-chrome.ts";
import type { PageBodyPlan } from "./stages/render-pages/core.ts";
import type { RenderedPage, RenderPagesResult } from "./stages/render-pages/index.ts";
import { runBundleClient, type BundleClientResult } from "./stages/bundle-client/index.ts";
import { runEmitSiteFiles } from "./stages/emit-site-files/index.ts";
import { runGenerateServiceWorker } from "./stages/generate-service-worker/index.ts";
import { runPageDates, type DayOf } from "./stages/page-dates/index.ts";
import { requireContentFolder, runIndexContent, wholeIndex, type IndexedContent } from "./stages/index-content/index.ts";
import type { FoundPages } from "./stages/index-content/page-listing.ts";
import type { OptionReference } from "./markdown/option-reference.ts";
import type { LlmsBefore, LlmsWritten } from "./stages/llms-files/full-text.ts";
import { runLlmsFiles } from "./stages/llms-files/index.ts";
import { runRenderPages } from "./stages/render-pages/index.ts";
import { runResolveContributors, type ContributorsOf } from "./stages/resolve-contributors/index.ts";
import { runSearchIndex } from "./stages/search-index/index.ts";
import type { Stage } from "./pipeline/stage.ts";
import type { OutputManifest } from "./output/staging.ts";
import { Publisher, type KeyedFile, type Published } from "./output/publisher.ts";
import { makeSpillFolder } from "./pipeline/spill-folder.ts";
import { removeTree } from "./output/write-file.ts";

// Every stage has the one signature (see `Stage`): a stage that took more, or its files by another way, fails to compile here.
void ([
  runIndexContent,
  runResolveContributors,
  runPageDates,
  runBundleClient,
  runRenderPages,
  runEmitSiteFiles,
  runSearchIndex,
  runLlmsFiles,
  runGenerateServiceWorker,
] satisfies Stage<never, unknown>[]);

/** Options of a build; every one has a default that builds this site. */
export interface BuildOptions {
  /** Project root (config, repositories/, .cache/). Default: the working directory. */
  root?: string;
  /** Content folder, relative to the root. Default `content`. */
  content?: string;
  /** The language to build alone, from its own folder with the default language's pages where it has none (`--locale`); default: the default language. */
  locale?: string;
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
  /**
   * The cache's folder, default `.cache/docs-build` under the root. A build
   * without a cache that needs one has one in a private temporary folder,
   * which it removes when it ends: a build of several languages (a
   * language's fallback pages are the default language's, processed once),
   * and one that reads other caches (`cacheLayers`).
   */
  cacheDir?: string;
  /** Other caches' folders the build reads where its own lacks an entry (the shards `docs-build merge` puts together). */
  cacheLayers?: readonly string[];
  /** False when `cacheDir` is a private folder that ends with the build: only what the build itself reads back is cached (see `Cache.lasting`). */
  cacheLasting?: boolean;
  /** The private cache's entries held in memory as written, which its languages read first (see `KeptEntries`). */
  cacheKept?: KeptEntries;
  /** false reads no git history: no page shows a "Last updated" day and none is warned about (fixture builds inside the tool's own repository). Default true. */
  history?: boolean;
  /** Broken links: "error" (default) fails the build, "warn" only reports. */
  links?: LinkMode;
  /** Worker threads that process pages beside the main thread; default one per core but one (none below 24 pages). */
  threads?: number;
  /** Characters of pages and search postings a build without a cache keeps in memory before it writes the rest to temporary files; default `SPILL_ABOVE`. */
  spillAbove?: number;
  /** What the builds before this one in a long-lived process left it (the dev server's session, `src/serve/session.ts`); the result then says what this build leaves. */
  carry?: BuildCarry;
  /**
   * With a carry: every path (from the root) changed since the build that
   * left the carry's `pages`, as a watcher that misses nothing heard of them.
   * Each page file that build found and that no path here names is taken as
   * unchanged, without looking at it again; a folder among them, or any
   * doubt, makes the build look at every file. Without it, every file is looked at.
   */
  changed?: readonly string[];
  /** Stops the build at its next step, writing nothing, once aborted. */
  signal?: AbortSignal;
  logger?: Logger;
}

/** What one build leaves the next in a long-lived process, so the next redoes only what changed. */
export interface BuildState {
  /** What the build wrote: the next patches it (see `Publisher`), and keeps a keyed file whose key is unchanged. */
  written?: OutputManifest;
  keyed?: ReadonlyMap<string, KeyedFile>;
  /** The page files the build found, what the next one's `changed` is relative to; none when they cannot stand for a later build's (see `runIndexContent`). */
  pages?: FoundPages;
  /** What each page rendered to, by output path, so a page whose key is unchanged is neither read nor written again. */
  rendered?: ReadonlyMap<string, RenderedPage>;
  /** Where the build wrote each unchanged part of the llms files, so a rebuild copies it instead of reading its pages again. */
  llms?: LlmsWritten;
}

/**
 * What a long-lived process hands a build from the builds before it, so it
 * redoes only what changed. Each field left out makes the build do that part whole.
 */
export interface BuildCarry extends BuildState {
  /** A memory cache kept across builds. */
  memory: MemoryCache;
  /** True when a diagnostic (as printed) is new to the process: a rebuild prints only new ones. */
  isNew?: (printed: string) => boolean;
}

/** What a successful build with a carry leaves for the next one (see `BuildCarry`), and for re-rendering an edited page at once. */
export interface BuildLeft extends BuildState {
  rendered: ReadonlyMap<string, RenderedPage>;
  /** The plan of each page with a body of its own. */
  plans: PageBodyPlan[];
  assets: ClientAssets;
  /** The chrome the pages were rendered with. */
  chrome: SiteChrome;
  settings: Settings;
  /** The option reference the build's configuration examples were linked against. */
  reference?: OptionReference | undefined;
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
  /** For builds with a carry: the output paths this build wrote or removed, or null when it wrote the whole site. */
  changed: string[] | null;
  /** For builds with a carry: what it leaves the next. */
  left?: BuildLeft;
  /**
   * The site the carry's `written` describes was replaced by another build
   * meanwhile, so this build wrote nothing and returned nothing else: build
   * again without `written`.
   */
  replaced?: true;
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
  // A language built alone lives at its own address (its languages entry's url), unless --base-url says otherwise.
  const own = options.locale && options.locale !== settings.defaultLanguage ? settings.languages.find((l) => l.lang === options.locale)?.url : undefined;
  const baseUrl = options.baseUrl ?? own;
  const resolved = baseUrl ? resolveSettings({ ...settings, baseUrl }, options.baseUrl ? "--base-url" : "--locale") : settings;
  // Without --locale the site is every language's: those with a folder of their own are under its prefixes (the dev server builds the default one).
  return options.locale === undefined && translatedLanguages(resolved).length > 0 ? underPrefixes(resolved) : resolved;
}

/**
 * The languages a build makes under path prefixes of the site (`/zh/`),
 * beside the default language's pages: in a build of the whole site, every
 * language with a folder of its own. A build of one language (`--locale`,
 * for its own host) and the dev server's builds make one.
 */
function prefixedLanguages({ options, settings }: Pick<Prepared, "options" | "settings">): string[] {
  return options.locale === undefined && options.carry === undefined ? translatedLanguages(settings) : [];
}

/** The settings of a site whose languages with a folder of their own are built under its prefixes (pure): their addresses are the site's `<baseUrl>/<lang>`, the default language's the site's own. */
function underPrefixes(settings: Settings): Settings {
  const languages = settings.languages.map((language) =>
    language.lang === settings.defaultLanguage
      ? { ...language, url: settings.baseUrl }
      : language.content
        ? { ...language, url: `${settings.baseUrl}/${language.lang}` }
        : language,
  );
  return { ...settings, languages };
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
  index: IndexedContent;
  contributorsOf: ContributorsOf;
  /** The day a page last changed, or "". */
  dayOf: DayOf;
  bundling: ReturnType<typeof runBundleClient>;
}

/** What the stages after resolve contributors made. */
interface Made {
  rendered: RenderPagesResult;
  /** The pages made, every language's. */
  pages: number;
  client: BundleClientResult;
  /** What the llms files' stage wrote, for the dev server's next build. */
  llms: LlmsWritten | undefined;
  /** What was put in place. */
  published: Published;
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
  if (options.cache === false && (prefixedLanguages(prepared).length > 0 || options.cacheLayers?.length)) return withPrivateCache(prepared);
  try {
    const indexed = await indexAndResolve(prepared);
    const output = await openOutput(prepared);
    const made = await renderAndWrite(prepared, indexed, output);
    if (made.published.replaced) return { files: [], pages: 0, bytes: 0, seconds: 0, diagnostics: [], problems: 0, changed: null, replaced: true };
    return await finish(prepared, output, made, indexed.index);
  } catch (error) {
    warnDamaged(prepared);
    throw (await buildDiskError(error, prepared.ctx.paths, prepared.ctx.paths.root)) ?? error;
  } finally {
    await prepared.ctx.problems.close();
  }
}

/** Builds without a cache of the project's, through a private one removed when the build ends (see `BuildOptions.cacheDir`). */
async function withPrivateCache({ options, ctx }: Prepared): Promise<BuildResult> {
  await ctx.problems.close();
  const cacheDir = await makeSpillFolder();
  try {
    // Pages are read back from memory up to the bound stores without a cache keep theirs to, in bytes (see `KeptEntries`).
    const cacheKept = keptEntries(2 * ctx.spillAbove);
    return await build({ ...options, cache: true, cacheDir, cacheLasting: false, cacheKept });
  } finally {
    await removeTree(cacheDir);
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
    cacheDir: options.cacheDir,
    cacheLayers: options.cacheLayers,
    cacheLasting: options.cacheLasting,
    cacheKept: options.cacheKept,
    links: options.links,
    threads: options.threads,
    spillAbove: options.spillAbove,
    memory: options.carry?.memory,
    signal: options.signal,
    locale: options.locale,
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
  // A language's build marks its translations whose source changed since, from the history.
  const outdated = ctx.language.translation ? await (await import("./stages/translation-status/index.ts")).outdatedPages(ctx) : undefined;
  const index = await task(logger, "index content", () => runIndexContent(ctx, { previous: options.carry?.pages, changed: options.changed, outdated }));
  try {
    const contributorsOf = await task(logger, "resolve contributors", () => runResolveContributors(ctx));
    const dayOf: DayOf = options.history === false ? () => "" : await task(logger, "read page dates", () => runPageDates(ctx, { site: index.site }));
    await failOnErrors(ctx);
    return { index, contributorsOf, dayOf, bundling };
  } catch (error) {
    await index.close();
    throw error;
  }
}

/** Opens where the build's files go (see `Publisher`); the dev server's later builds patch what its last one wrote. */
function openOutput({ options, logger, ctx }: Prepared): Promise<Publisher> {
  const carry = options.carry;
  const written = carry?.written;
  return Publisher.open({
    out: ctx.paths.out,
    write: options.write !== false,
    track: carry !== undefined,
    prior: written && { written, keyed: carry.keyed },
    lock: { notify: (line: string) => logger.warn(line), ...(options.lockWait === undefined ? {} : { waitMs: options.lockWait * 1000 }) },
  });
}

/**
 * Makes the site into the output (see {@link makeSite}), then each language
 * built under a prefix of it (see {@link makeLanguage}), and puts it all in
 * place at once; abandons the staging folder on failure.
 */
async function renderAndWrite(prepared: Prepared, indexed: Indexed, output: Publisher): Promise<Made> {
  const { ctx, logger } = prepared;
  try {
    const made = await makeSite(prepared, indexed, output.emit, output);
    let pages = made.rendered.routes;
    for (const lang of prefixedLanguages(prepared)) pages += await task(logger, `language ${lang} under /${lang}/`, () => makeLanguage(prepared, lang, output));
    ctx.signal?.throwIfAborted();
    const published = await putInPlace(prepared, output);
    return { ...made, pages, published };
  } catch (error) {
    // The first error is the one to report: a staging folder that cannot be removed after it is said alongside, never instead.
    const leftover = await output.abort();
    const disk = await buildDiskError(error, ctx.paths, ctx.paths.root, { written: output.bytes, leftover });
    if (!disk && leftover)
      logger.warn(`docs-build: the unfinished folder ${ctx.display(leftover.folder)} could not be removed (${leftover.code}); remove it by hand.`);
    throw disk ?? error;
  } finally {
    await output.close();
  }
}

/** Runs the stages from bundle client to generate service worker, emitting their files, and fails on content errors; closes the body store. */
async function makeSite(
  prepared: Prepared,
  { index, contributorsOf, dayOf, bundling }: Indexed,
  emit: Emit,
  output: Publisher | undefined,
): Promise<Omit<Made, "published" | "pages">> {
  const { options, logger, ctx } = prepared;
  // What the dev server's last build wrote is kept where it is unchanged (a site's own output, not a language's under its prefix).
  const keep = output && ((paths: readonly string[], bytes: number) => output.keep(paths, bytes));
  try {
    const client = await task(logger, "bundle client", () => bundling);
    // What the stage before kept live is garbage now (see collectGarbage).
    collectGarbage();
    const rendered = await task(logger, "render pages", () =>
      runRenderPages(ctx, {
        site: index.site,
        bodies: index.bodies,
        contributorsOf,
        assets: client.assets,
        dayOf,
        keepPlans: options.carry !== undefined,
        before: options.carry?.rendered && keep && { pages: options.carry.rendered, keep },
        emit,
      }),
    );
    const siteFiles = await task(logger, "emit site files", () => runEmitSiteFiles(ctx, { site: index.site, generated: rendered.generated, dayOf, emit }));
    ctx.signal?.throwIfAborted();
    collectGarbage();
    const search = await task(logger, "build search index", () => runSearchIndex(ctx, { site: index.site, bodies: index.bodies, emit }));
    collectGarbage();
    const llms = ctx.settings.llms
      ? await task(logger, "write llms files", () =>
          runLlmsFiles(ctx, { site: index.site, bodies: index.bodies, before: output && llmsBefore(prepared, output), emit }),
        )
      : undefined;
    const worker = await task(logger, "generate service worker", () =>
      runGenerateServiceWorker(ctx, {
        files: [...rendered.precached, ...siteFiles.files, ...search.files, ...search.precached, ...client.files],
        assets: client.assets,
        content: rendered.offline,
      }),
    );
    for (const file of [...search.files, ...client.files, ...worker.files]) await emit(file);
    // Later stages report problems too (data files); nothing is put in place while any is fatal.
    await failOnErrors(ctx);
    return { rendered, client, llms };
  } finally {
    await index.close();
  }
}

/**
 * Makes one language of the site under its prefix (`zh/`) of the same
 * output: its own pages, the default language's where it has none (served
 * from the cache the default language's build just filled), its own search
 * index, feeds, llms files, not-found page and service worker, all at
 * `<baseUrl>/<lang>`. Its problems are printed with its language's name;
 * an error fails the whole build. Returns how many pages it made.
 */
async function makeLanguage(parent: Prepared, lang: string, output: Publisher): Promise<number> {
  const { options, settings, logger } = parent;
  const prepared = await prepare({ ...options, baseUrl: undefined, locale: lang, settings, logger });
  try {
    const indexed = await indexAndResolve(prepared);
    const made = await makeSite(prepared, indexed, (file) => output.emit({ ...file, path: `${lang}/${file.path}` }), undefined);
    await printProblems(prepared.ctx.problems.sorted(), logger);
    return made.rendered.routes;
  } finally {
    await prepared.ctx.problems.close();
  }
}

/** What the dev server's last build left for the llms files' stage: its record and its files, when this build patches them. */
function llmsBefore({ options }: Prepared, output: Publisher): LlmsBefore | undefined {
  const written = options.carry?.llms;
  if (!written || !options.carry?.written) return undefined;
  return { written, ...output.priorFile(), keep: (paths, bytes) => output.keep(paths, bytes) };
}

/** Puts the files in place (unless `write: false`). */
async function putInPlace({ options, logger }: Prepared, output: Publisher): Promise<Published> {
  if (options.write === false) return { replaced: false };
  return task(logger, "write output", () => output.publish());
}

/** Prints the diagnostics not printed before and the summary, and returns the result, with what the build leaves when it has a carry. */
async function finish(prepared: Prepared, output: Publisher, made: Made, index: Pick<IndexedContent, "found" | "reference">): Promise<BuildResult> {
  const { options, started, logger, ctx } = prepared;
  const { collected, count, bytes } = output;
  const diagnostics: Diagnostic[] = [];
  const isNew = options.carry?.isNew;
  await printProblems(ctx.problems.sorted(), logger, (d) => {
    if (diagnostics.length < PROBLEMS_IN_MEMORY) diagnostics.push(d);
    return isNew?.(formatDiagnostic(d)) ?? true;
  });
  warnDamaged({ logger, ctx });
  const seconds = (performance.now() - started) / 1000;
  logger.summary(
    `Built ${made.pages} pages, ${count} files, ${formatBytes(bytes)} in ${formatDuration(seconds * 1000)}` +
      (options.write === false ? "" : ` → ${ctx.display(ctx.paths.out)}`),
  );
  // Files arrive in the order they were finished; sorted, two builds of one site compare equal.
  collected.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const left = options.carry && leftBy(prepared, made, index);
  return {
    files: collected,
    pages: made.pages,
    bytes,
    seconds,
    diagnostics,
    problems: ctx.problems.count,
    changed: left?.written?.changed ?? null,
    left,
  };
}

/** What a build with a carry leaves for the next (see `BuildLeft`). */
function leftBy(
  { options, settings, ctx }: Prepared,
  { rendered, client, llms, published }: Made,
  { found, reference }: Pick<IndexedContent, "found" | "reference">,
): BuildLeft {
  // Without a write, what was written before still stands.
  const { written, keyed } = options.write === false ? { written: options.carry?.written, keyed: options.carry?.keyed } : published;
  return {
    written,
    // What is kept of the keyed files follows what is kept of the written ones.
    keyed: written && keyed,
    pages: found,
    rendered: rendered.rendered,
    llms,
    plans: rendered.pagePlans,
    assets: client.assets,
    chrome: client.chrome,
    settings,
    reference,
    content: ctx.paths.content,
    out: ctx.paths.out,
  };
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
