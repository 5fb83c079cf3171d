import path from "node:path";
import type { BuildContext } from "../../context/context.ts";
import { diagnostic } from "../../report/diagnostics.ts";
import { readGitOutput, type NoHistory } from "../../pipeline/git-log.ts";
import type { SitePages } from "../../pipeline/site-pages.ts";
import type { PageEntry } from "../../shared/content-types.ts";
import { GIT_LOG_ARGS, GitLogDays, pageDates, type History } from "./core.ts";

/**
 * The history of the content folder (page file → day), or why there is none.
 * The log is read as it comes (see `GitLogDays`): a long history is never in
 * memory whole, only the day of each markdown file it names, by its path's hash.
 */
async function readHistory(content: string): Promise<History | NoHistory> {
  const reader = new GitLogDays();
  const failed = await readGitOutput(GIT_LOG_ARGS, content, (chunk) => reader.push(chunk));
  return failed ?? reader.end();
}

/** A page's day (`YYYY-MM-DD`), or "" when it has none. */
export type DayOf = (entry: PageEntry) => string;

/**
 * Dates every page for its "Last updated" line and the sitemap: one `git log`
 * over the content folder per build (never one per page), run without a shell;
 * fetched third-party pages use their front matter's `fetched` day. When no
 * page of the content's own has a commit, one `no-page-history` warning is
 * reported and those pages have no day. Returns what gives a page its day,
 * so no page's day is kept in memory: only the history, 12 bytes a file, is.
 */
export async function runPageDates(ctx: BuildContext, { site }: { site: SitePages }): Promise<DayOf> {
  const read = await readHistory(ctx.paths.content);
  const history: History = "reason" in read ? new Map<string, string>() : read;
  const dated = (entry: PageEntry) => ({
    url: entry.url,
    relative: path.relative(ctx.paths.content, path.resolve(ctx.paths.root, entry.path)).split(path.sep).join("/"),
    entry,
  });
  let own = 0;
  let committed = 0;
  for (const part of site.parts) {
    const counted = pageDates(
      (await site.load(part)).pages.map((page) => dated(page.entry)),
      history,
    );
    own += counted.own;
    committed += counted.committed;
  }
  if (own > 0 && committed === 0) {
    const reason = "reason" in read ? read.reason : "no page is committed";
    ctx.report(diagnostic("no-page-history", { reason }, { file: ctx.display(ctx.paths.content) }));
  }
  return (entry) => pageDates([dated(entry)], history).days.get(entry.url) ?? "";
}
