import path from "node:path";
import type { Octokit } from "@octokit/rest";
import type { CodeHostOptions } from "../code-host/client.ts";
import { createCache, type Cache, type KeptEntries, type MemoryCache } from "../cache/cache.ts";
import type { Settings } from "./config.ts";
import type { Diagnostic } from "../report/diagnostics.ts";
import type { Logger } from "../report/logger.ts";
import { problemLog, type ProblemLog } from "../report/problem-log.ts";
import { UsageError } from "../report/errors.ts";
import { TOOL_ROOT } from "./tool-root.ts";

export { TOOL_ROOT } from "./tool-root.ts";

/** The TypeScript settings esbuild compiles the browser code with (the project's own tsconfig.json says the same). */
export const CLIENT_TSCONFIG = { compilerOptions: { target: "ES2022", useDefineForClassFields: true, verbatimModuleSyntax: true, jsx: "react-jsx" } } as const;

/**
 * Characters of what a build keeps only while it runs (the pages' bodies,
 * sections and cleaned markdown; the search index's postings) that wait in
 * memory, in each of its temporary stores, before the rest is written to
 * temporary files: all of a site of a few hundred pages (about 40 KB a page),
 * so a small build writes none, and a bound that does not grow with the site
 * beyond. Writing and reading them back cost a site of 143 pages on this ext4
 * disk about 0.6 s of a 5 s build.
 */
const SPILL_ABOVE = 8 * 1024 * 1024;

/** How broken links are treated: errors (default) or warnings. */
export type LinkMode = "error" | "warn";

/** Inputs of `createContext`; paths are relative to `root` (default the working directory). */
export interface ContextOptions {
  root?: string;
  content?: string;
  out?: string;
  settings: Settings;
  logger: Logger;
  cache?: boolean;
  links?: LinkMode;
  /** Worker threads for page processing; default chosen by core count. */
  threads?: number;
  /** The cache's folder; default `.cache/docs-build` under the root. */
  cacheDir?: string;
  /** Other caches' folders, read where the cache lacks an entry, never written (see `createCache`). */
  cacheLayers?: readonly string[];
  /** False for a private cache that ends with the build (see `Cache.lasting`). */
  cacheLasting?: boolean;
  /** An in-memory cache layer kept across builds by a long-lived process. */
  memory?: MemoryCache;
  /** A private cache's entries held in memory as written, shared by the languages of one build (see `KeptEntries`). */
  cacheKept?: KeptEntries;
  /** Characters of stored pages and of search postings a build without a cache keeps in memory, each, before the rest goes to temporary files; default {@link SPILL_ABOVE}. */
  spillAbove?: number;
  /** Stops the build at its next step once aborted (the dev server, when a newer edit arrives). */
  signal?: AbortSignal;
  /** The language to build (its tag in the config's languages, which names its folder); the default language when absent. */
  locale?: string;
}

/** The language a build makes: its tag and direction, and the folder of its translated pages (none for the default language). */
interface BuildLanguage {
  lang: string;
  dir: "ltr" | "rtl";
  /** The folder of the language's own pages, absolute; a page it lacks is built from the content folder's (a fallback page). */
  translation?: string;
}

/** Resolved folders the stages read and write. */
interface BuildPaths {
  root: string;
  content: string;
  out: string;
  cache: string;
  templates: string;
  siteClient: string;
  repositories: string;
}

/** The one object every stage receives; frozen so no stage changes what another sees. */
export interface BuildContext {
  readonly paths: Readonly<BuildPaths>;
  readonly settings: Readonly<Settings>;
  readonly logger: Logger;
  readonly cache: Cache;
  readonly links: LinkMode;
  /** Worker threads requested for page processing (undefined: chosen by core count). */
  readonly threads: number | undefined;
  /** Characters each temporary store keeps in memory before it writes to disk (see {@link SPILL_ABOVE}). */
  readonly spillAbove: number;
  /** Aborted when the build's result is no longer wanted; long stages check it between steps. */
  readonly signal: AbortSignal | undefined;
  /** The language the build makes. */
  readonly language: Readonly<BuildLanguage>;
  /** Records a problem; the build fails once at the end if any is fatal. */
  report(diagnostic: Diagnostic): void;
  /** Everything reported so far, read back sorted (in memory that does not grow with their number). */
  readonly problems: Omit<ProblemLog, "report">;
  /**
   * The code-host client, loaded and created on first use (GITHUB_API_URL,
   * GITHUB_TOKEN, unless `options` say otherwise); later calls get the same client.
   */
  codeHost(options?: CodeHostOptions): Promise<Octokit>;
  /** A path relative to the project root, for messages. */
  display(file: string): string;
}

/**
 * The language a build makes (pure): the default language, or the one
 * `locale` names, which must be a language of the config with a folder of its
 * own (`content`); anything else is a usage error that says which can be built.
 */
function buildLanguage(settings: Settings, root: string, locale?: string): BuildLanguage {
  const language = (lang: string) => settings.languages.find((l) => l.lang === lang);
  if (locale === undefined || locale === settings.defaultLanguage)
    return { lang: settings.defaultLanguage, dir: language(settings.defaultLanguage)?.dir ?? "ltr" };
  const found = language(locale);
  if (!found?.content) {
    const built = settings.languages.filter((l) => l.content).map((l) => l.lang);
    throw new UsageError(
      `--locale ${locale}: ${found ? `the language ${locale} has no folder of its own pages ("content" in its languages entry)` : `${locale} is not one of the config's languages`}. ` +
        `Languages that can be built: ${[settings.defaultLanguage, ...built].join(", ")}.`,
    );
  }
  return { lang: found.lang, dir: found.dir, translation: path.resolve(root, found.content) };
}

/** Resolves options once into the frozen build context. */
export function createContext(options: ContextOptions): BuildContext {
  const root = path.resolve(options.root ?? process.cwd());
  const paths: BuildPaths = Object.freeze({
    root,
    content: path.resolve(root, options.content ?? "content"),
    out: path.resolve(root, options.out ?? "dist"),
    cache: options.cacheDir ?? path.join(root, ".cache", "docs-build"),
    templates: path.join(TOOL_ROOT, "templates"),
    siteClient: path.join(TOOL_ROOT, "site-client"),
    repositories: path.join(root, "repositories"),
  });
  const problems = problemLog();
  let client: Octokit | undefined;
  return Object.freeze({
    paths,
    settings: Object.freeze(options.settings),
    logger: options.logger,
    cache: createCache({
      dir: paths.cache,
      enabled: options.cache !== false,
      memory: options.memory,
      kept: options.cacheKept,
      layers: options.cacheLayers,
      lasting: options.cacheLasting,
    }),
    links: options.links ?? "error",
    threads: options.threads,
    spillAbove: options.spillAbove ?? SPILL_ABOVE,
    signal: options.signal,
    language: Object.freeze(buildLanguage(options.settings, root, options.locale)),
    report: (d: Diagnostic) => problems.report(d),
    problems,
    async codeHost(codeHostOptions?: CodeHostOptions) {
      const { createCodeHost } = await import("../code-host/client.ts");
      client ??= createCodeHost(codeHostOptions);
      return client;
    },
    display: (file: string) => path.relative(root, file).split(path.sep).join("/") || file,
  });
}
