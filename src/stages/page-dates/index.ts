import { spawn } from "node:child_process";
import path from "node:path";
import type { BuildContext } from "../../context/context.ts";
import { diagnostic } from "../../report/diagnostics.ts";
import type { SitePages } from "../../pipeline/site-pages.ts";
import type { PageEntry } from "../../shared/content-types.ts";
import { GIT_LOG_ARGS, GitLogDays, pageDates, type History } from "./core.ts";

/** The start of git's error output kept for the warning: its first line is what is said. */
const STDERR_KEPT = 4096;

/**
 * The history of the content folder (page file → day), or why there is none.
 * The log is read as it comes (see `GitLogDays`): a long history is never in
 * memory whole, only the day of each markdown file it names, by its path's hash.
 */
async function readHistory(content: string): Promise<History | { reason: string }> {
  const reader = new GitLogDays();
  let stderr = "";
  const child = spawn("git", GIT_LOG_ARGS, { cwd: content, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => reader.push(chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    if (stderr.length < STDERR_KEPT) stderr += chunk;
  });
  // "close" comes once the output has been read whole; "error" when git cannot be started at all.
  const ended = await new Promise<number | NodeJS.ErrnoException>((resolve) => {
    child.once("error", resolve);
    child.once("close", (code) => resolve(code ?? 1));
  });
  if (typeof ended !== "number") return { reason: ended.code === "ENOENT" ? "git is not installed" : ended.message };
  if (ended === 0) return reader.end();
  if (stderr.includes("not a git repository")) return { reason: "the content folder is not in a git repository" };
  return { reason: stderr.trim().split("\n")[0] || "git log failed" };
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
