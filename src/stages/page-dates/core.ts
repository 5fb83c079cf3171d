/**
 * The pure part of dating pages: reading one `git log` of the content folder
 * and choosing each page's "Last updated" day. No I/O happens here.
 */
import { LineReader } from "../../pipeline/line-reader.ts";
import { isCalendarDay, isPrintable } from "../../shared/content-rules.ts";
import type { PageEntry } from "../../shared/content-types.ts";
import { pathHash } from "../../shared/path-hash.ts";

/** The arguments of the one `git log` a build runs, from inside the content folder: every commit's committer date, then the files it touched, paths relative to the folder. */
export const GIT_LOG_ARGS = ["-c", "core.quotepath=off", "log", "--format=%x00%cI", "--name-only", "--no-renames", "--relative", "--", "."];

/** A file that can be a page: a markdown file (other files the history names are never looked up). */
const PAGE_FILE = /\.mdx?$/;

/** What dating looks a page file's day up in: `YYYY-MM-DD` by the file's path inside the content folder. */
export interface History {
  get(relative: string): string | undefined;
}

const DAY_MS = 86_400_000;

/** A calendar day as its number of days from 1970-01-01, and back. */
const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;
const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** Each page file's day by its path's hash, sorted, in typed arrays: 12 bytes a file, and no string kept. */
class HashedDays implements History {
  readonly #hashes: Float64Array;
  readonly #days: Int32Array;

  constructor(days: ReadonlyMap<number, number>) {
    const hashes = Float64Array.from(days.keys()).sort();
    this.#hashes = hashes;
    this.#days = Int32Array.from(hashes, (hash) => days.get(hash) ?? 0);
  }

  get size(): number {
    return this.#hashes.length;
  }

  get(relative: string): string | undefined {
    const hash = pathHash(relative);
    let low = 0;
    let high = this.#hashes.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = this.#hashes[middle];
      if (found === hash) return dayText(this.#days[middle]);
      if (found < hash) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }
}

/**
 * The day each page file last changed (pure), read from the output of
 * {@link GIT_LOG_ARGS} a chunk at a time, so the log itself, every commit's
 * every file, is never held whole: commits start with a NUL and the
 * committer's ISO date, then list the files they touched, newest commit
 * first, so the first commit naming a file is its last change. A day is the
 * committer's own calendar day (the date's first ten characters), so every
 * build of a commit gives the same day. Renames count as a deletion and an
 * addition: a moved page dates from its move. Only markdown files are kept,
 * and only their paths' hashes (see {@link HashedDays}): the paths are not.
 */
export class GitLogDays extends LineReader<History & { readonly size: number }> {
  readonly #days = new Map<number, number>();
  #day = Number.NaN;

  /** Each page file's day, once the log has been read. */
  protected result(): History & { readonly size: number } {
    const days = new HashedDays(this.#days);
    this.#days.clear();
    return days;
  }

  protected line(line: string): void {
    if (line.startsWith("\0")) {
      const day = line.slice(1).trim().slice(0, 10);
      this.#day = isCalendarDay(day) ? dayNumber(day) : Number.NaN;
      return;
    }
    if (Number.isNaN(this.#day) || !PAGE_FILE.test(line)) return;
    const hash = pathHash(line);
    if (!this.#days.has(hash)) this.#days.set(hash, this.#day);
  }
}

/** A page as dating sees it: its URL, its path inside the content folder (with `/`), and the index entry's fields that decide. */
export interface DatedPage {
  url: string;
  relative: string;
  entry: Pick<PageEntry, "title" | "thirdParty" | "fetched">;
}

/** The pages' days and whether any page the history should date found its day there. */
export interface PageDates {
  /** `YYYY-MM-DD` by page URL; a page without a day has no entry. */
  days: Map<string, string>;
  /** True when some page of the content's own (not fetched, not printable) exists and none has a commit. */
  noHistory: boolean;
  /** How many pages of the content's own there are, and how many of them have a commit. */
  own: number;
  committed: number;
}

/**
 * Chooses each page's day (pure): a fetched third-party page takes the day
 * `fetch-readmes` wrote in its front matter; every other page the day of the
 * last commit that touched its file, from `history`. A page with no commit
 * (uncommitted, or no history at all) has no day: builds stay reproducible,
 * so a file's modification time is never used. Combined printable pages have
 * no day of their own.
 */
export function pageDates(pages: readonly DatedPage[], history: History): PageDates {
  const days = new Map<string, string>();
  let own = 0;
  let committed = 0;
  for (const { url, relative, entry } of pages) {
    if (isPrintable(entry)) continue;
    if (entry.thirdParty) {
      if (entry.fetched && isCalendarDay(entry.fetched)) days.set(url, entry.fetched);
      continue;
    }
    own++;
    const day = history.get(relative);
    if (day === undefined) continue;
    committed++;
    days.set(url, day);
  }
  return { days, noHistory: own > 0 && committed === 0, own, committed };
}
