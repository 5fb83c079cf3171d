import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { BuildContext } from "../../context.ts";
import { diagnostic } from "../../diagnostics.ts";
import type { SitePages } from "../../pipeline/site-pages.ts";
import type { PageEntry } from "../../shared/content-types.ts";
import { GIT_LOG_ARGS, pageDates, parseGitLog } from "./core.ts";

const run = promisify(execFile);

/** The largest `git log` output read: the whole history of a large documentation site fits many times over. */
const MAX_LOG_BYTES = 256 * 1024 * 1024;

/** The history of the content folder (file → day), or why there is none. */
async function readHistory(content: string): Promise<Map<string, string> | { reason: string }> {
  try {
    const { stdout } = await run("git", GIT_LOG_ARGS, { cwd: content, maxBuffer: MAX_LOG_BYTES, encoding: "utf8" });
    return parseGitLog(stdout);
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === "ENOENT") return { reason: "git is not installed" };
    if (failure.stderr?.includes("not a git repository")) return { reason: "the content folder is not in a git repository" };
    return { reason: failure.stderr?.trim().split("\n")[0] || "git log failed" };
  }
}

/** A page's day (`YYYY-MM-DD`), or "" when it has none. */
export type DayOf = (entry: PageEntry) => string;

/**
 * Dates every page for its "Last updated" line and the sitemap: one `git log`
 * over the content folder per build (never one per page), run without a shell;
 * fetched third-party pages use their front matter's `fetched` day. When no
 * page of the content's own has a commit, one `no-page-history` warning is
 * reported and those pages have no day. Returns what gives a page its day,
 * so no page's day is kept in memory: only the history, a day per file, is.
 */
export async function runPageDates(ctx: BuildContext, site: SitePages): Promise<DayOf> {
  const read = await readHistory(ctx.paths.content);
  const history = read instanceof Map ? read : new Map<string, string>();
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
    const reason = read instanceof Map ? "no page is committed" : read.reason;
    ctx.report(diagnostic("no-page-history", { reason }, { file: ctx.display(ctx.paths.content) }));
  }
  return (entry) => pageDates([dated(entry)], history).days.get(entry.url) ?? "";
}
