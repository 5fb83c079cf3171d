/**
 * The pure part of dating pages: reading one `git log` of the content folder
 * and choosing each page's "Last updated" day. No I/O happens here.
 */
import { isCalendarDay, isPrintable } from "../../shared/content-rules.ts";
import type { PageEntry } from "../../shared/content-types.ts";

/** The arguments of the one `git log` a build runs, from inside the content folder: every commit's committer date, then the files it touched, paths relative to the folder. */
export const GIT_LOG_ARGS = ["-c", "core.quotepath=off", "log", "--format=%x00%cI", "--name-only", "--no-renames", "--relative", "--", "."];

/**
 * The day each file last changed (pure), from the output of {@link GIT_LOG_ARGS}:
 * commits start with a NUL and the committer's ISO date, then list the files
 * they touched, newest commit first, so the first commit naming a file is its
 * last change. A day is the committer's own calendar day (the date's first ten
 * characters), so every build of a commit gives the same day. Renames count as
 * a deletion and an addition: a moved page dates from its move.
 */
export function parseGitLog(text: string): Map<string, string> {
  const days = new Map<string, string>();
  for (const commit of text.split("\0")) {
    const [head, ...files] = commit.split("\n");
    const day = head.trim().slice(0, 10);
    if (!isCalendarDay(day)) continue;
    for (const file of files) if (file !== "" && !days.has(file)) days.set(file, day);
  }
  return days;
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
export function pageDates(pages: readonly DatedPage[], history: ReadonlyMap<string, string>): PageDates {
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
