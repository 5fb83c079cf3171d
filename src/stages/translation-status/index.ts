import fs from "node:fs/promises";
import path from "node:path";
import type { Yaml } from "mdast";
import pLimit from "p-limit";
import remarkFrontmatter from "remark-frontmatter";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import { LineCounter, parseDocument } from "yaml";
import type { LanguageSetting } from "../../context/config.ts";
import type { BuildContext } from "../../context/context.ts";
import { readGitOutput } from "../../pipeline/git-log.ts";
import { markdownFiles, pageKey } from "../../pipeline/markdown-files.ts";
import { diagnostic } from "../../report/diagnostics.ts";
import { isRevision } from "../../shared/content-rules.ts";
import {
  countWords,
  GitLogRevisions,
  statusTotals,
  translationLogArgs,
  translationStatus,
  type PageStatus,
  type Revisions,
  type StatusTotals,
  type TranslatedPage,
} from "./core.ts";
import { readFrontMatter } from "./front-matter.ts";

export type { FailOn } from "./core.ts";
export { fails } from "./core.ts";

/** Files read at once. */
const READ_AT_ONCE = 8;

/** A page's status, with its source's words when it needs translating. */
export type CountedStatus = Extract<PageStatus, { status: "translated" }> | (Exclude<PageStatus, { status: "translated" }> & { words: number });

/** One language's pages against the default language's. */
export interface LanguageStatus {
  lang: string;
  title: string;
  /** The language's folder, from the project root. */
  content: string;
  /** Every page of the default language (fetched third-party pages aside), in path order; outdated and missing ones with their source's words. */
  pages: CountedStatus[];
  totals: StatusTotals;
}

/** What {@link runTranslationStatus} returns: each language's status, and why there is no history when git gave none. */
export interface TranslationStatusResult {
  languages: LanguageStatus[];
  noHistory?: string;
}

/** What the front matter of one page gives freshness: its `translates` and that key's line in the file, and whether it is a fetched third-party page. */
interface FrontFacts {
  translates?: string;
  line?: number;
  thirdParty: boolean;
}

/** What the front matter and text of one page give: its front matter's facts, and the words of its prose. */
interface PageFacts extends FrontFacts {
  words: number;
}

const parser = unified().use(remarkParse).use(remarkFrontmatter, ["yaml"]);

/**
 * Reads `translates` (a bad one is reported as `frontmatter-field`, at its
 * line, and left out) and `thirdParty` from a page's front matter: its YAML
 * text, and the line of its opening fence. `file` is from the project root.
 */
function frontFacts(ctx: BuildContext, file: string, yaml: { value: string; fence: number }): FrontFacts {
  const lines = new LineCounter();
  const doc = parseDocument(yaml.value, { lineCounter: lines });
  // A front matter that does not parse is the build's to report; here it only gives nothing.
  const data: unknown = doc.errors.length ? {} : doc.toJS({ maxAliasCount: 100 });
  const fields = (data && typeof data === "object" ? data : {}) as Record<string, unknown>;
  const thirdParty = fields.thirdParty === true;
  const translates = fields.translates;
  if (translates === undefined || translates === null) return { thirdParty };
  const node = doc.get("translates", true) as { range?: [number, number] } | undefined;
  const at = lines.linePos(node?.range?.[0] ?? 0);
  const line = yaml.fence + at.line;
  if (typeof translates === "string" && isRevision(translates)) return { translates, line, thirdParty };
  ctx.report(diagnostic("frontmatter-field", { key: "translates", shape: "revision" }, { file, line, column: at.col }));
  return { thirdParty };
}

/** Reads one page whole: its front matter's facts (see {@link frontFacts}) and the words of its prose (text, not code). `file` is from the project root. */
async function readFacts(ctx: BuildContext, file: string): Promise<PageFacts> {
  const text = await fs.readFile(path.join(ctx.paths.root, file), "utf8");
  const tree = parser.parse(text);
  let words = 0;
  visit(tree, "text", (node) => {
    words += countWords(node.value);
  });
  const yaml = tree.children[0]?.type === "yaml" ? (tree.children[0] as Yaml) : undefined;
  return { ...(yaml ? frontFacts(ctx, file, { value: yaml.value, fence: yaml.position?.start.line ?? 1 }) : { thirdParty: false }), words };
}

/** Reads one page's front matter alone (see {@link frontFacts}), not its text: what a translated page gives freshness. `file` is from the project root. */
async function readFrontFacts(ctx: BuildContext, file: string): Promise<FrontFacts> {
  const value = await readFrontMatter(path.join(ctx.paths.root, file));
  // Front matter opens on a page's first line.
  return value === undefined ? { thirdParty: false } : frontFacts(ctx, file, { value, fence: 1 });
}

/** The pages of a folder (from the project root), as the index finds them: paths inside it, sorted. */
const pagesOf = (ctx: BuildContext, folder: string) => markdownFiles(path.join(ctx.paths.root, folder));

/** The history of the content folder and the languages' folders, read once; an empty one, with the reason, when git gives none. */
async function readRevisions(ctx: BuildContext, folders: readonly string[]): Promise<{ revisions: Revisions; noHistory?: string }> {
  const reader = new GitLogRevisions();
  const failed = await readGitOutput(translationLogArgs(folders), ctx.paths.root, (chunk) => reader.push(chunk));
  const revisions = reader.end();
  return failed ? { revisions: new GitLogRevisions().end(), noHistory: failed.reason } : { revisions };
}

/**
 * The commits `translates` names that the log of the folders lacks (they
 * changed other files only: a translator may write the whole project's
 * commit), asked of git at once; names git does not know are left out.
 */
async function outsideCommits(ctx: BuildContext, revisions: Revisions, names: Iterable<string>): Promise<Map<string, { sha: string; date: string }>> {
  const wanted = [...new Set([...names].map((name) => name.toLowerCase()))].filter((name) => revisions.find(name) === undefined);
  const found = new Map<string, { sha: string; date: string }>();
  if (wanted.length === 0) return found;
  let output = "";
  // The names are hexadecimal digits (checked when read), so none is taken for an option.
  await readGitOutput(["log", "--ignore-missing", "--no-walk=unsorted", "--format=%x00%H %cI", ...wanted], ctx.paths.root, (chunk) => {
    output += chunk;
  });
  for (const line of output.split("\0")) {
    const [sha = "", date = ""] = line.trim().split(" ");
    for (const name of wanted) if (sha.startsWith(name) && date) found.set(name, { sha, date });
  }
  return found;
}

/** What `read` gives of each page of a folder (`file` from the project root), by its path inside the folder, a few pages at a time. */
async function readFolder<T>(folder: string, relatives: readonly string[], read: (file: string) => Promise<T>): Promise<Map<string, T>> {
  const limit = pLimit(READ_AT_ONCE);
  const kept = await Promise.all(relatives.map((relative) => limit(async () => [relative, await read(`${folder}/${relative}`)] as const)));
  return new Map(kept);
}

/**
 * Translation freshness: for each language of the config built from its own
 * folder (`content`), or only those `locales` names, each page of the
 * default language as translated, outdated or missing (see `translationStatus`),
 * with the words of the source of each page that needs translating.
 * Reads one `git log` over the content folder and every language's folder
 * (never one per page); fetched third-party pages are not for translators
 * and are left out. Languages without a folder are not listed.
 */
export async function runTranslationStatus(ctx: BuildContext, { locales }: { locales?: readonly string[] } = {}): Promise<TranslationStatusResult> {
  const { settings } = ctx;
  const source = ctx.display(ctx.paths.content);
  const languages = settings.languages.filter(
    (language): language is LanguageSetting & { content: string } =>
      language.content !== undefined && language.lang !== settings.defaultLanguage && (!locales || locales.includes(language.lang)),
  );
  if (languages.length === 0) return { languages: [] };
  const folders = languages.map((language) => language.content.replace(/\\/g, "/").replace(/\/+$/, ""));
  const { revisions, noHistory } = await readRevisions(ctx, [source, ...folders]);
  const sources = await readFolder(source, await pagesOf(ctx, source), async (file) => {
    const facts = await readFacts(ctx, file);
    return facts.thirdParty ? -1 : facts.words;
  });
  const sourcePages = [...sources.keys()].filter((relative) => (sources.get(relative) ?? -1) >= 0);
  const links = { repository: settings.repository, branch: settings.branch, compareUrl: settings.compareUrl, historyUrl: settings.historyUrl };
  const result: LanguageStatus[] = [];
  for (const [n, language] of languages.entries()) {
    const folder = folders[n];
    const translated = await readFolder(folder, await pagesOf(ctx, folder), async (file): Promise<TranslatedPage & { line?: number }> => {
      const { translates, line } = await readFrontFacts(ctx, file);
      return { relative: "", translates, line };
    });
    for (const [relative, page] of translated) page.relative = relative;
    const names = [...translated.values()].flatMap((page) => (page.translates ? [page.translates] : []));
    const outside = await outsideCommits(ctx, revisions, names);
    const status = translationStatus({ source, folder, sourcePages, translated, revisions, outside, links });
    for (const { path: page, translation, revision } of status.unknown)
      ctx.report(
        diagnostic(
          "translation-revision",
          { revision, source: `${source}/${page}` },
          { file: `${folder}/${translation}`, line: translated.get(translation)?.line },
        ),
      );
    const words = (relative: string) => sources.get(relative) ?? 0;
    const pages = status.pages.map((page): CountedStatus => (page.status === "translated" ? page : { ...page, words: words(page.path) }));
    result.push({ lang: language.lang, title: language.title, content: folder, pages, totals: statusTotals(pages, words) });
  }
  return { languages: result, ...(noHistory ? { noHistory } : {}) };
}

/** What a translated page shows when its source changed since: when, how many commits ago, and where to see what changed. */
export interface OutdatedFacts {
  changed: string;
  commits: number;
  compareUrl: string;
}

/**
 * The outdated pages of the language a build makes, by path in its folder
 * (see `translationStatus`): one `git log` over the content folder and the
 * language's folder, and the front matter of the language's own pages only.
 * The default language's pages are not read, since only a translated page
 * can be outdated. Empty without history, or in the default language's build.
 */
export async function outdatedPages(ctx: BuildContext): Promise<Map<string, OutdatedFacts>> {
  const found = new Map<string, OutdatedFacts>();
  const dir = ctx.language.translation;
  if (!dir) return found;
  const source = ctx.display(ctx.paths.content);
  const folder = ctx.display(dir);
  const translated = await pagesOf(ctx, folder).catch(() => [] as string[]);
  if (translated.length === 0) return found;
  const { revisions, noHistory } = await readRevisions(ctx, [source, folder]);
  if (noHistory) return found;
  const pages = await readFolder(
    folder,
    translated,
    async (file): Promise<TranslatedPage> => ({ relative: "", translates: (await readFrontFacts(ctx, file)).translates }),
  );
  for (const [relative, page] of pages) page.relative = relative;
  const names = [...pages.values()].flatMap((page) => (page.translates ? [page.translates] : []));
  const outside = await outsideCommits(ctx, revisions, names);
  const { settings } = ctx;
  const links = { repository: settings.repository, branch: settings.branch, compareUrl: settings.compareUrl, historyUrl: settings.historyUrl };
  // The sources are listed, not read: a translation's may have the other extension.
  const sourcePages = await pagesOf(ctx, source);
  const status = translationStatus({ source, folder, sourcePages, translated: pages, revisions, outside, links });
  const ownOf = new Map([...pages.keys()].map((relative) => [pageKey(relative), relative]));
  for (const page of status.pages) {
    const own = ownOf.get(pageKey(page.path));
    if (page.status === "outdated" && own !== undefined)
      found.set(own, { changed: page.sourceChanged, commits: page.sourceCommits, compareUrl: page.compareUrl });
  }
  return found;
}
