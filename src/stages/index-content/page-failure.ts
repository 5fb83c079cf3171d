import { VFileMessage } from "vfile-message";
import type { Settings } from "../../config.ts";
import { diagnostic, type Diagnostic } from "../../diagnostics.ts";
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

/**
 * Turns anything thrown while processing a page into one diagnostic on that
 * page's file: nesting past the limit at its line, a stack overflow the limit
 * did not foresee at the likeliest line, and any other failure with its
 * message, so a writer can act on it and a maintainer can trace it.
 */
export function pageFailure(source: SourceFile, error: unknown): Diagnostic {
  const file = source.display;
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
