import path from "node:path";
import { loadSettings, type Settings } from "../../context/config.ts";
import { createContext } from "../../context/context.ts";
import { ContentError, PartialFailure, UsageError } from "../../report/errors.ts";
import { createLogger, task, type Logger } from "../../report/logger.ts";
import { printProblems } from "../../report/reporters.ts";
import { fails, runTranslationStatus, type FailOn, type CountedStatus, type LanguageStatus } from "../../stages/translation-status/index.ts";

export type { FailOn } from "../../stages/translation-status/index.ts";

/** Options of `docs-build translations`; every one has a default. */
export interface TranslationsOptions {
  /** Project root (config, content folders, the repository). Default: the working directory. */
  root?: string;
  /** Content folder of the default language, relative to the root. Default `content`. */
  content?: string;
  /** Path of a config file; default `docs-build.config.json` at the root, if present. */
  config?: string;
  /** Ready settings (skips loading the config file). */
  settings?: Settings;
  /** Only these languages (their `lang`); default every language with a folder of its own. */
  locales?: readonly string[];
  /** Fail (PartialFailure, exit 1) when a page is missing, or outdated or missing; default never. */
  failOn?: FailOn;
  logger?: Logger;
}

/** The figures of a run, summed over its languages. */
interface TranslationsSummary {
  text: string;
  locales: number;
  pages: number;
  translated: number;
  outdated: number;
  missing: number;
  words: number;
}

/** What `docs-build translations` found: each language's pages, and the totals. */
export interface TranslationsResult {
  summary: TranslationsSummary;
  languages: LanguageStatus[];
}

const plural = (n: number, word: string) => `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;

/** The lines that show one page that needs translating. */
function pageLines(page: CountedStatus): string[] {
  if (page.status === "translated") return [];
  const words = plural(page.words, "word");
  if (page.status === "missing") return [`  missing   ${page.path} (${words})`];
  const since = page.revision ? ` since ${page.revision.slice(0, 7)}` : "";
  return [
    `  outdated  ${page.path}: ${plural(page.sourceCommits, "source commit")}${since}, last changed ${page.sourceChanged.slice(0, 10)} (${words})`,
    `            ${page.compareUrl}`,
  ];
}

/** One language's status as a person reads it: its totals, then each page that needs translating. */
function languageLines(language: LanguageStatus): string[] {
  const { totals } = language;
  return [
    `${language.lang} (${language.title}, ${language.content}): ${totals.translated} translated, ${totals.outdated} outdated, ${totals.missing} missing of ${plural(totals.pages, "page")}; ${plural(totals.words, "word")} to translate`,
    ...language.pages.flatMap(pageLines),
  ];
}

/** The totals over every language, and their summary line. */
function summarize(languages: readonly LanguageStatus[]): TranslationsSummary {
  const sum = (key: "pages" | "translated" | "outdated" | "missing" | "words") => languages.reduce((n, l) => n + l.totals[key], 0);
  const figures = {
    locales: languages.length,
    pages: sum("pages"),
    translated: sum("translated"),
    outdated: sum("outdated"),
    missing: sum("missing"),
    words: sum("words"),
  };
  const text = `Translations of ${plural(figures.locales, "language")}: ${figures.translated} translated, ${figures.outdated} outdated, ${figures.missing} missing; ${plural(figures.words, "word")} to translate`;
  return { text, ...figures };
}

/** The languages `locales` names, checked against those with a folder of their own. */
function checkLocales(settings: Settings, locales: readonly string[] | undefined): void {
  if (!locales) return;
  const built = settings.languages.filter((l) => l.content !== undefined && l.lang !== settings.defaultLanguage).map((l) => l.lang);
  const unknown = locales.filter((lang) => !built.includes(lang));
  if (unknown.length === 0) return;
  const known = built.length ? `those are: ${built.join(", ")}` : "the config has none";
  throw new UsageError(`--locale ${unknown.join(", ")}: not a language built from a folder of its own (a languages entry with "content"); ${known}.`);
}

/**
 * `docs-build translations`: where each translated language stands against
 * the default language's pages (see `runTranslationStatus`), printed per
 * language with each outdated and missing page. A bad `translates` stops it
 * (ContentError, exit 1); with `failOn`, a page in that state makes it throw
 * PartialFailure with the whole result (exit 1, the report still printed).
 */
export async function translations(options: TranslationsOptions = {}): Promise<TranslationsResult> {
  const root = path.resolve(options.root ?? process.cwd());
  const logger = options.logger ?? createLogger();
  const settings = options.settings ?? (await loadSettings(root, options.config));
  checkLocales(settings, options.locales);
  const ctx = createContext({ root, content: options.content, settings, logger, cache: false });
  const status = await task(logger, "compare translations", () => runTranslationStatus(ctx, { locales: options.locales }));
  await printProblems(ctx.problems.sorted(), logger);
  if (ctx.problems.errors > 0) throw new ContentError((await ctx.problems.all()).filter((d) => d.fatal));
  if (status.languages.length === 0) {
    logger.summary(
      `No language of the config is built from a folder of its own (a languages entry with "content", besides the default language ${settings.defaultLanguage}): there is nothing to compare.`,
    );
    return { summary: summarize([]), languages: [] };
  }
  if (status.noHistory) logger.warn(`No history of the pages (${status.noHistory}): freshness needs git, so no page is counted outdated.`);
  // The json report carries the pages whole; the other reporters print them.
  if (logger.reporter !== "json") for (const language of status.languages) for (const line of languageLines(language)) logger.summary(line);
  const result = { summary: summarize(status.languages), languages: status.languages };
  logger.summary(result.summary.text);
  const failing = status.languages.filter((language) => fails(language.totals, options.failOn));
  if (failing.length > 0) {
    const states = options.failOn === "outdated" ? "outdated or missing" : "missing";
    throw new PartialFailure(
      `--fail-on ${options.failOn}: ${failing.map((l) => l.lang).join(", ")} ${failing.length === 1 ? "has" : "have"} ${states} pages.`,
      result,
    );
  }
  return result;
}
