import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { BuildContext } from "../../context.ts";
import { diagnostic } from "../../diagnostics.ts";
import type { PageSummary } from "../../shared/content-types.ts";
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

/**
 * Dates every page for its "Last updated" line and the sitemap: one `git log`
 * over the content folder per build (never one per page), run without a shell;
 * fetched third-party pages use their front matter's `fetched` day. When no
 * page of the content's own has a commit, one `no-page-history` warning is
 * reported and those pages have no day. Returns the days by page URL.
 */
export async function runPageDates(ctx: BuildContext, pages: readonly PageSummary[]): Promise<ReadonlyMap<string, string>> {
  const history = await readHistory(ctx.paths.content);
  const dated = pages.map(({ entry }) => ({
    url: entry.url,
    relative: path.relative(ctx.paths.content, path.resolve(ctx.paths.root, entry.path)).split(path.sep).join("/"),
    entry,
  }));
  const { days, noHistory } = pageDates(dated, history instanceof Map ? history : new Map());
  if (noHistory) {
    const reason = history instanceof Map ? "no page is committed" : history.reason;
    ctx.report(diagnostic("no-page-history", { reason }, { file: ctx.display(ctx.paths.content) }));
  }
  return days;
}
