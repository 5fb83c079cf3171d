import { inspect } from "node:util";
import type { Diagnostic } from "./diagnostics.ts";
import { problemLines, type ReporterName } from "./reporters.ts";

/**
 * Named fatal errors. Each has a stable `name`, a message that says what
 * happened and what to do, and where useful a `cause`.
 */

/** Bad command-line use or bad configuration: exit code 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** The site config file is invalid; names the file, the bad key and (when known) the line and column of its value. */
export class ConfigError extends UsageError {
  override name = "ConfigError";
  constructor(
    readonly file: string,
    readonly key: string,
    detail: string,
    readonly place?: { line: number; column: number },
  ) {
    super(`${place ? `${file}:${place.line}:${place.column}` : file}: "${key}" ${detail}`);
  }
}

/** The content has errors; all of them are listed, then the build fails once. */
export class ContentError extends Error {
  override name = "ContentError";
  constructor(readonly diagnostics: readonly Diagnostic[]) {
    const errors = diagnostics.filter((d) => d.fatal).length;
    super(`Build failed with ${errors} content error${errors === 1 ? "" : "s"}. Fix the problems listed above and build again.`);
  }

  /** The full report: the diagnostics (each rule's first ten, and a count of the rest), then the one-line failure. */
  report(reporter: ReporterName = "pretty"): string {
    return [...problemLines(this.diagnostics, reporter), "", this.message].join("\n");
  }
}

/**
 * A command could not read or write a folder because of the disk or the
 * system (full, not permitted, read-only, too many open files), said in one
 * sentence that names the folder and what to do (see `disk-errors.ts`). Exit
 * code 1; what the command could not write is left as it was (a build's
 * previous site, a fetched page, the contributor data).
 */
export class DiskError extends Error {
  override name = "DiskError";
  constructor(
    message: string,
    readonly code: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A stage failed for a reason outside the content (esbuild, workbox, disk). */
export class StageError extends Error {
  override name = "StageError";
  constructor(stage: string, message: string, options?: { cause?: unknown }) {
    super(`${stage}: ${message}`, options);
  }
}

/**
 * A command that works item by item (repositories, handles) finished, but some
 * items failed; the others were written. Carries the full result. Exit code 1.
 */
export class PartialFailure<T = unknown> extends Error {
  override name = "PartialFailure";
  constructor(
    message: string,
    readonly result: T,
  ) {
    super(message);
  }
}

/** What an {@link OutputLockedError} names: the output, its lock file, who holds it and how long this build waited. */
export interface OutputLockedDetails {
  output: string;
  lockFile: string;
  /** The holder as a reader can check it: `pid 4242, started 2026-01-01T10:00:00.000Z`. */
  holder: string;
  waitedMs: number;
}

/**
 * Another docs-build kept the output folder's lock for longer than this build
 * would wait; nothing was written. Exit code 1: running again later succeeds.
 */
export class OutputLockedError extends Error {
  override name = "OutputLockedError";
  constructor(readonly details: OutputLockedDetails) {
    const seconds = details.waitedMs < 10_000 ? (details.waitedMs / 1000).toFixed(1) : Math.round(details.waitedMs / 1000);
    super(
      `Another docs-build (${details.holder}) is still writing ${details.output}; this build waited ${seconds} s for it and wrote nothing. ` +
        `Build again once that one has finished. If no such process is running, delete ${details.lockFile}.`,
    );
  }
}

/** A thrown value's own text: an error's message, a string as it is, anything else as Node shows it. */
function messageOf(value: unknown): string {
  return value instanceof Error ? value.message : typeof value === "string" ? value : inspect(value);
}

/** A thrown value with where it was thrown: an error's stack (name and message first), anything else as its text. */
function stackOf(value: unknown): string {
  return value instanceof Error ? (value.stack ?? `${value.name}: ${value.message}`) : messageOf(value);
}

/** The causes of `error`, nearest first: its `cause`, that one's `cause`, and so on; a cause met twice ends the chain. */
function causesOf(error: unknown): unknown[] {
  const causes: unknown[] = [];
  const seen = new Set<unknown>([error]);
  let next = error instanceof Error ? error.cause : undefined;
  while (next !== undefined && !seen.has(next)) {
    causes.push(next);
    seen.add(next);
    next = next instanceof Error ? next.cause : undefined;
  }
  return causes;
}

/**
 * How the command line shows an internal error (anything but a usage, content,
 * partial or output-locked error). By default: its name and message, each
 * cause's message that the text above does not already quote, and a line
 * saying that `--debug` shows the stack. With `debug`: the stack of the error
 * and of every cause.
 */
export function formatInternalError(error: unknown, options: { debug?: boolean } = {}): string {
  const causes = causesOf(error);
  if (options.debug) return [stackOf(error), ...causes.map((cause) => `caused by: ${stackOf(cause)}`)].join("\n");
  const lines = [error instanceof Error ? `${error.name}: ${error.message}` : messageOf(error)];
  for (const cause of causes) {
    const text = messageOf(cause);
    if (!lines.some((line) => line.includes(text))) lines.push(`  caused by: ${text}`);
  }
  lines.push("Run again with --debug to see the stack trace.");
  return lines.join("\n");
}

/** Exit code for an error thrown out of a command: 2 usage, 1 anything else. */
export function exitCodeFor(error: unknown): number {
  return error instanceof UsageError ? 2 : 1;
}
