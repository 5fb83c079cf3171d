/**
 * The pure part of translation freshness: reading one `git log` of the
 * content folder and the languages' folders, and deciding for each page of
 * the default language whether a language has it translated, outdated or
 * missing. No I/O happens here.
 */
import { LineReader } from "../../pipeline/line-reader.ts";
import { pageKey } from "../../pipeline/markdown-files.ts";
import { pathHash } from "../../shared/path-hash.ts";

/** The arguments of the one `git log` a run reads, from the project root: every commit's name and committer date, then the files it touched, paths from the root. */
export const translationLogArgs = (folders: readonly string[]) => [
  "-c",
  "core.quotepath=off",
  "log",
  "--format=%x00%H %cI",
  "--name-only",
  "--no-renames",
  "--relative",
  "--",
  ...folders,
];

/** A file that can be a page: a markdown file (other files the history names are never looked up). */
const PAGE_FILE = /\.mdx?$/;

/** What freshness looks up in a history: commits by their place in the log, 0 the newest. */
export interface Revisions {
  /** The commits that changed a file (its path from the project root), newest first; empty when none did. */
  commits(file: string): ArrayLike<number>;
  /** A commit's full name. */
  sha(commit: number): string;
  /** A commit's committer date (ISO 8601, the committer's own offset). */
  date(commit: number): string;
  /** The commit a name (full, or its first 7 digits or more) names; undefined when the log has none. */
  find(revision: string): number | undefined;
  /** Where a commit the log does not have would stand by its committer date: the place of the first commit at or before it (the log's length when none is). */
  placeOf(date: string): number;
}

/**
 * The commits of the log, newest first, and each page file's commits by its
 * path's hash, read from the output of {@link translationLogArgs} a chunk at
 * a time, so the log itself is never held whole. A file keeps four bytes a
 * commit that changed it, and no path; each commit its name and date once.
 */
export class GitLogRevisions extends LineReader<Revisions & { readonly size: number }> {
  readonly #shas: string[] = [];
  readonly #dates: string[] = [];
  readonly #files = new Map<number, number[]>();

  /** The history, once the log has been read. */
  protected result(): Revisions & { readonly size: number } {
    const files = new Map([...this.#files].map(([hash, commits]) => [hash, Int32Array.from(commits)]));
    this.#files.clear();
    const shas = this.#shas;
    const dates = this.#dates;
    const full = new Map(shas.map((sha, n) => [sha, n]));
    const none = new Int32Array(0);
    return {
      size: files.size,
      commits: (file) => files.get(pathHash(file)) ?? none,
      sha: (commit) => shas[commit],
      date: (commit) => dates[commit],
      placeOf(date) {
        const when = Date.parse(date);
        const at = dates.findIndex((other) => Date.parse(other) <= when);
        return at === -1 ? dates.length : at;
      },
      find(revision) {
        const name = revision.toLowerCase();
        const found = full.get(name) ?? shas.findIndex((sha) => sha.startsWith(name));
        return found === -1 ? undefined : found;
      },
    };
  }

  protected line(line: string): void {
    if (line.startsWith("\0")) {
      const [sha = "", date = ""] = line.slice(1).trim().split(" ");
      this.#shas.push(sha);
      this.#dates.push(date);
      return;
    }
    if (this.#shas.length === 0 || !PAGE_FILE.test(line)) return;
    const hash = pathHash(line);
    const commits = this.#files.get(hash);
    const commit = this.#shas.length - 1;
    if (!commits) this.#files.set(hash, [commit]);
    else if (commits[commits.length - 1] !== commit) commits.push(commit);
  }
}

/** A translated page as freshness sees it: its path inside the language's folder, and the commit its front matter says it translates. */
export interface TranslatedPage {
  relative: string;
  translates?: string;
}

/** Where the links of an outdated page go: the config's templates and what fills them. */
interface LinkSettings {
  repository: string;
  branch: string;
  compareUrl: string;
  historyUrl: string;
}

/** What {@link translationStatus} compares: one language's pages against the default language's. */
export interface TranslationStatusInput {
  /** The default language's folder and the language's, from the project root (`content`, `i18n/zh`). */
  source: string;
  folder: string;
  /** The default language's pages, paths inside its folder. */
  sourcePages: Iterable<string>;
  /** The language's pages, by their path inside its folder. */
  translated: ReadonlyMap<string, TranslatedPage>;
  revisions: Revisions;
  /** Commits that `translates` names and git knows but the log of the folders lacks (they changed other files), by the name as written, in lower case. */
  outside?: ReadonlyMap<string, { sha: string; date: string }>;
  links: LinkSettings;
}

/** A page of the default language as one language has it. */
export type PageStatus =
  | { path: string; status: "translated" }
  | { path: string; status: "missing"; historyUrl: string }
  | {
      path: string;
      status: "outdated";
      /** The source's commit the translation follows, and where that was read: its `translates` or git. */
      revision: string | null;
      revisionFrom: "front-matter" | "git";
      /** How many commits changed the source after it, and the newest one's name and committer date. */
      sourceCommits: number;
      sourceCommit: string;
      sourceChanged: string;
      /** What changed: the compare view from the revision to the newest commit (the history when there is no revision), and the source's history. */
      compareUrl: string;
      historyUrl: string;
    };

/** A `translates` that names no commit of the log: the page's freshness comes from git instead. */
export interface UnknownRevision {
  /** The source page's path in the default language's folder, and its translation's in the language's. */
  path: string;
  translation: string;
  revision: string;
}

/** Where the commit a translation names stands in the log, and its full name; undefined when git does not know it. */
function named(input: TranslationStatusInput, revision: string): { at: number; sha: string } | undefined {
  const found = input.revisions.find(revision);
  if (found !== undefined) return { at: found, sha: input.revisions.sha(found) };
  const outside = input.outside?.get(revision.toLowerCase());
  return outside && { at: input.revisions.placeOf(outside.date), sha: outside.sha };
}

/** Fills `{key}` placeholders of a config URL template. */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** The newest commit of `commits` (newest first) at or before `at`, or -1. */
function atOrBefore(commits: ArrayLike<number>, at: number): number {
  for (let n = 0; n < commits.length; n++) if (commits[n] >= at) return commits[n];
  return -1;
}

/** The commits of `commits` (newest first) that came after `at`. */
function after(commits: ArrayLike<number>, at: number): number {
  let n = 0;
  while (n < commits.length && commits[n] < at) n++;
  return n;
}

/**
 * Where a translation stands (pure): the source commit it follows is the one
 * its `translates` names, or else the source's last commit at or before the
 * translation's own last commit; commits that changed the source after that
 * make the page outdated. A page or a source with no commit (not committed
 * yet) counts as translated: there is no history to compare. Commits count
 * in the log's order, newest first, as `git log` walks them; a named commit
 * that changed other files only stands where its committer date puts it.
 */
function pageStatus(input: TranslationStatusInput, path: string, page: TranslatedPage, unknown: (revision: string) => void): PageStatus {
  const { revisions, links, source, folder } = input;
  const sourceFile = `${source}/${path}`;
  const translates = page.translates === undefined ? undefined : named(input, page.translates);
  if (page.translates !== undefined && translates === undefined) unknown(page.translates);
  const sourceCommits = revisions.commits(sourceFile);
  if (sourceCommits.length === 0) return { path, status: "translated" };
  const from = translates === undefined ? "git" : "front-matter";
  let at = translates?.at;
  if (at === undefined) {
    const own = revisions.commits(`${folder}/${page.relative}`);
    if (own.length === 0) return { path, status: "translated" };
    at = own[0];
  }
  const newer = after(sourceCommits, at);
  if (newer === 0) return { path, status: "translated" };
  const base = atOrBefore(sourceCommits, at);
  const revision = translates?.sha ?? (base === -1 ? null : revisions.sha(base));
  const values = { repository: links.repository, branch: links.branch, path: sourceFile };
  const historyUrl = fill(links.historyUrl, values);
  const newest = sourceCommits[0];
  return {
    path,
    status: "outdated",
    revision,
    revisionFrom: from,
    sourceCommits: newer,
    sourceCommit: revisions.sha(newest),
    sourceChanged: revisions.date(newest),
    compareUrl: revision === null ? historyUrl : fill(links.compareUrl, { ...values, from: revision, to: revisions.sha(newest) }),
    historyUrl,
  };
}

/**
 * Each page of the default language as one language has it (pure), in the
 * order of `sourcePages`: translated, outdated (see {@link pageStatus}) or
 * missing; and the translations whose `translates` names no commit of the
 * log. A language's page with no source page is not listed: it translates
 * nothing the default language still has.
 */
export function translationStatus(input: TranslationStatusInput): { pages: PageStatus[]; unknown: UnknownRevision[] } {
  const pages: PageStatus[] = [];
  const unknown: UnknownRevision[] = [];
  // A translation pairs with its source whatever either's extension (`.md`, `.mdx`).
  const byKey = new Map([...input.translated.values()].map((page) => [pageKey(page.relative), page]));
  for (const path of input.sourcePages) {
    const page = byKey.get(pageKey(path));
    if (page) pages.push(pageStatus(input, path, page, (revision) => unknown.push({ path, translation: page.relative, revision })));
    else {
      const historyUrl = fill(input.links.historyUrl, { repository: input.links.repository, branch: input.links.branch, path: `${input.source}/${path}` });
      pages.push({ path, status: "missing", historyUrl });
    }
  }
  return { pages, unknown };
}

/** A language's pages by state, and the words of the sources of those that need translating. */
export interface StatusTotals {
  pages: number;
  translated: number;
  outdated: number;
  missing: number;
  words: number;
}

/** Counts a language's pages by state, adding the words of each outdated or missing page's source (`words`, by path). */
export function statusTotals(pages: readonly PageStatus[], words: (path: string) => number): StatusTotals {
  const totals: StatusTotals = { pages: pages.length, translated: 0, outdated: 0, missing: 0, words: 0 };
  for (const page of pages) {
    totals[page.status]++;
    if (page.status !== "translated") totals.words += words(page.path);
  }
  return totals;
}

/** A word splitter of no locale in particular: it finds words in any script. */
const WORDS = new Intl.Segmenter(undefined, { granularity: "word" });

/** The words of a text, as Unicode word boundaries find them (a run of Chinese characters counts each word the segmenter sees). */
export function countWords(text: string): number {
  let words = 0;
  for (const segment of WORDS.segment(text)) if (segment.isWordLike) words++;
  return words;
}

/** Which states fail a run: `missing` fails on missing pages, `outdated` on outdated or missing ones (both need translating). */
export type FailOn = "outdated" | "missing";

/** True when a language's totals fail the run as `failOn` says. */
export function fails(totals: Pick<StatusTotals, "outdated" | "missing">, failOn: FailOn | undefined): boolean {
  if (failOn === undefined) return false;
  return totals.missing > 0 || (failOn === "outdated" && totals.outdated > 0);
}
