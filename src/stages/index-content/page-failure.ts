import vm from "node:vm";
import { VFileMessage } from "vfile-message";
import type { Settings } from "../../context/config.ts";
import { diagnostic, type Diagnostic } from "../../report/diagnostics.ts";
import { MAX_NESTING, NestingTooDeepError } from "../../markdown/remark-nesting-limit.ts";
import type { ProcessedPage } from "../../shared/content-types.ts";
import { fileEntry, type SourceFile } from "./parse-page.ts";

/** True for V8's stack overflow, whichever realm threw it. */
function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack size/i.test(error.message);
}

/**
 * The line most likely to hold HTML nested past the stack: the line with the
 * most opening tags. Only asked after an overflow the markdown check did not
 * see, which leaves raw HTML (parsed later, by rehype-raw) as the cause.
 */
function likeliestHtmlLine(text: string): number {
  let best = { line: 1, tags: 0 };
  text.split("\n").forEach((content, i) => {
    const tags = content.match(/<[a-z]/gi)?.length ?? 0;
    if (tags > best.tags) best = { line: i + 1, tags };
  });
  return best.line;
}

/** The context page processing runs in under a time budget: it holds only the function to run. */
const budgetContext = vm.createContext({ task: undefined as (() => unknown) | undefined });
const runTask = new vm.Script("task()");

/** Node's code for a `vm` script stopped at its timeout. */
const TIMED_OUT = "ERR_SCRIPT_EXECUTION_TIMEOUT";

/**
 * Runs `task` (synchronous), stopping it once it has run `seconds`: through
 * `vm`'s execution timeout, whose watchdog thread terminates the JavaScript
 * running at the deadline, in this module's functions as in the script's
 * own, on whichever thread calls it. The stop is thrown as Node's
 * ERR_SCRIPT_EXECUTION_TIMEOUT error, which `pageFailure` turns into the
 * page's diagnostic; 0 (or less) runs the task with no budget.
 */
export function withinBudget<T>(seconds: number, task: () => T): T {
  if (!(seconds > 0)) return task();
  budgetContext.task = task;
  try {
    return runTask.runInContext(budgetContext, { timeout: Math.ceil(seconds * 1000), breakOnSigint: false }) as T;
  } finally {
    budgetContext.task = undefined;
  }
}

/** True when `error` is a page stopped at its budget (see {@link withinBudget}). */
const isTimeout = (error: unknown) => (error as { code?: unknown } | null)?.code === TIMED_OUT;

/**
 * Runs `run` on each item in turn, each within a budget of `seconds` (0 for
 * none), with one `vm` call, and so one watchdog thread, for many items rather
 * than one each: a call costs about 0.1–0.5 ms, as much as a small page's
 * processing. A call runs items until they are done or it reaches the budget.
 * When it does, the item it stopped in gets `stopped` if it began the call (it
 * ran the whole budget alone), and otherwise starts a new call, from its own
 * beginning with a whole budget; so an item is stopped exactly when it alone
 * runs past the budget. `run` must not throw (a thrown error ends it all).
 */
export function eachWithinBudget<T, R>(items: readonly T[], seconds: number, run: (item: T) => R, stopped: (item: T, error: unknown) => R): R[] {
  if (!(seconds > 0)) return items.map(run);
  const results = new Array<R>(items.length);
  let next = 0;
  while (next < items.length) {
    const first = next;
    try {
      withinBudget(seconds, () => {
        for (; next < items.length; next++) results[next] = run(items[next]);
      });
    } catch (error) {
      if (!isTimeout(error)) throw error;
      // Stopped in item `next`: alone, it took the whole budget; after others, it runs again with one of its own.
      if (next === first) results[next] = stopped(items[next++], error);
    }
  }
  return results;
}

/** True when a processed page was stopped at its budget: a failure of this machine's speed, not of the content, so it is not cached. */
export const stoppedAtBudget = (page: Pick<ProcessedPage, "failed" | "diagnostics">): boolean =>
  page.failed === true && page.diagnostics.some((d) => d.ruleId === "page-timeout");

/**
 * Turns anything thrown while processing a page into one diagnostic on that
 * page's file: nesting past the limit at its line, a stack overflow the limit
 * did not foresee at the likeliest line, and any other failure with its
 * message, so a writer can act on it and a maintainer can trace it.
 */
export function pageFailure(source: SourceFile, error: unknown, budget = 0): Diagnostic {
  const file = source.display;
  if (isTimeout(error)) return diagnostic("page-timeout", { seconds: budget }, { file });
  if (error instanceof NestingTooDeepError)
    return diagnostic("nesting-depth", { problem: "limit", limit: MAX_NESTING }, { file, line: error.line, column: error.column });
  if (isStackOverflow(error)) return diagnostic("nesting-depth", { problem: "overflow", limit: MAX_NESTING }, { file, line: likeliestHtmlLine(source.text) });
  // A unified plugin that gives up on the content throws a message with its place (hast-util-to-jsx-runtime on an
  // unparsable `style` attribute, say): that is a content error at that place, not a crash, in the plugin's words.
  if (error instanceof VFileMessage)
    return diagnostic("markdown", { reason: error.reason }, { file, line: error.line ?? 1, column: error.column ?? 1, source: error.source ?? undefined });
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const at = error instanceof Error ? (error.stack?.split("\n").find((line) => line.trim().startsWith("at ")) ?? "").trim() : "";
  return diagnostic("page-failed", { reason, thrownAt: at }, { file });
}

/**
 * What a page that could not be processed contributes: its URL (so links to
 * it are not reported as broken while its own error is the one to fix), no
 * body, and its one diagnostic. The build fails before anything renders it.
 */
export function failedPage(source: SourceFile, settings: Settings, problem: Diagnostic): ProcessedPage {
  return {
    entry: fileEntry(source, settings),
    failed: true,
    links: [],
    headingIds: [],
    bodyHtml: "",
    bodyHash: "",
    stackBlitz: "",
    sections: [],
    markdown: "",
    diagnostics: [problem],
  };
}
