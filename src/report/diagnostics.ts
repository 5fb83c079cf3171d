import type { VFile } from "vfile";
import type { Options as MessageOptions, VFileMessage } from "vfile-message";
import type { PageDiagnostic } from "../shared/content-types.ts";
import { isRuleId, ruleText, type RuleId, type RuleParams } from "../shared/diagnostic-rules.ts";

export type { RuleParams } from "../shared/diagnostic-rules.ts";

/**
 * The one shape every problem is reported in, whether it comes from markdown,
 * YAML, esbuild or the code host (defined in src/shared, since pages carry it
 * across worker threads).
 */
export type Diagnostic = PageDiagnostic;

/** Where a problem is, and what raised it when that is not docs-build itself. */
export interface DiagnosticPlace {
  file: string;
  /** Default 1. */
  line?: number;
  /** Default 1. */
  column?: number;
  /** Overrides the rule's default severity (broken links under `--links warn`, say). */
  fatal?: boolean;
  /** What found the problem; default "docs-build". */
  source?: string;
}

/**
 * Builds a diagnostic of catalogued rule `ruleId` at `place`: its message and
 * hint come from the catalogue, made from `params`, and it is an error or a
 * warning as the rule says unless `place.fatal` says otherwise.
 */
export function diagnostic<R extends RuleId>(ruleId: R, params: RuleParams<R>, place: DiagnosticPlace): Diagnostic {
  const { message, hint, fatal } = ruleText(ruleId, params);
  return shaped({
    line: place.line ?? 1,
    column: place.column ?? 1,
    source: place.source ?? "docs-build",
    fatal: place.fatal ?? fatal,
    hint,
    file: place.file,
    message,
    ruleId,
  });
}

/** The diagnostic with its keys in one order, whoever made it, so diagnostics written as JSON compare equal. */
function shaped(d: Diagnostic): Diagnostic {
  return { line: d.line, column: d.column, source: d.source, fatal: d.fatal, hint: d.hint, file: d.file, message: d.message, ruleId: d.ruleId };
}

/**
 * Raises catalogued rule `ruleId` on `file` from a unified plugin, with the
 * catalogue's message, hint (as the note) and severity; `fromVFile` turns it
 * into the same diagnostic `diagnostic()` would build.
 */
export function reportOnFile<R extends RuleId>(file: VFile, ruleId: R, params: RuleParams<R>, place: MessageOptions["place"]): VFileMessage {
  const { message: reason, hint, fatal } = ruleText(ruleId, params);
  const message = file.message(reason, { place, ruleId, source: "docs-build" });
  message.fatal = fatal;
  if (hint) message.note = hint;
  return message;
}

/** Formats `file:line:column  error  message (ruleId)` plus an indented hint. */
export function formatDiagnostic(d: Diagnostic): string {
  const head = `${d.file}:${d.line}:${d.column}  ${d.fatal ? "error" : "warning"}  ${d.message} (${d.ruleId})`;
  return d.hint ? `${head}\n    ${d.hint.split("\n").join("\n    ")}` : head;
}

/** What goes before a caret under `column` of a line: its tabs kept, so the caret stands under the column however wide a tab is shown. */
function caretPadding(text: string, column: number): string {
  const before = Math.max(0, column - 1);
  return text.slice(0, before).replace(/[^\t]/g, " ").padEnd(before);
}

/** Shows `source` lines around `line` with a marker, for content errors. */
export function codeFrame(source: string, line: number, column = 1): string {
  const lines = source.split(/\r?\n/);
  const from = Math.max(1, line - 2);
  const to = Math.min(lines.length, line + 2);
  const width = String(to).length;
  const out: string[] = [];
  for (let n = from; n <= to; n++) {
    const gutter = String(n).padStart(width);
    out.push(`${n === line ? ">" : " "} ${gutter} | ${lines[n - 1]}`);
    if (n === line) out.push(`  ${" ".repeat(width)} | ${caretPadding(lines[n - 1], column)}^`);
  }
  return out.join("\n");
}

/**
 * Turns one vfile message into a diagnostic on `displayPath`, in the
 * message's own words. A message whose rule is not catalogued (one a
 * third-party plugin raised) becomes the generic "markdown" rule.
 */
function fromVFileMessage(m: VFileMessage, displayPath: string): Diagnostic {
  return shaped({
    file: displayPath,
    line: m.line ?? 1,
    column: m.column ?? 1,
    message: m.reason,
    ruleId: isRuleId(m.ruleId) ? m.ruleId : "markdown",
    source: m.source ?? "docs-build",
    fatal: m.fatal === true,
    hint: typeof m.note === "string" ? m.note : "",
  });
}

/** Turns the vfile messages that unified plugins raised into diagnostics. */
export function fromVFile(file: VFile, displayPath: string): Diagnostic[] {
  return file.messages.map((m) => fromVFileMessage(m, displayPath));
}

/** Orders diagnostics by file, then position, so output is stable. */
export const compareDiagnostics = (a: Diagnostic, b: Diagnostic): number => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column;

/** Sorts diagnostics by file, then position (see {@link compareDiagnostics}). */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort(compareDiagnostics);
}
