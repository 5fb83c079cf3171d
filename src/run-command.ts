import { ContentError, DiskError, exitCodeFor, formatInternalError, OutputLockedError, PartialFailure, UsageError } from "./errors.ts";
import { createJsonReport, createLogger, type Logger } from "./logger.ts";
import type { Report } from "./report-format.ts";
import { defaultReporter, type ReporterName } from "./reporters.ts";

/** One command's run, as its action hands it over: what it does and how it ends. */
export interface CommandRun<R> {
  /** The command's `--reporter` (default: the environment's, see `defaultReporter`) and `-q`. */
  opts: { reporter?: ReporterName; quiet?: boolean };
  /** Where progress goes: stdout (default), or stderr when stdout carries the command's data. */
  stream?: "stdout" | "stderr";
  /** The command's work, speaking through `logger`. */
  work(logger: Logger): Promise<R>;
  /** For `--reporter json`: the command's name and the summary its result gives the report. */
  json?: { command: string; end(result: R): { summary: NonNullable<Report["summary"]> } };
}

/**
 * Runs one command as its reporter says and returns the exit code (0, or
 * that of the error it threw). Everything it chooses (the reporter, the json
 * report) lives in this call, so two runs in one process share nothing.
 */
export async function runCommand<R>(run: CommandRun<R>, options: { debug?: boolean } = {}): Promise<number> {
  const reporter = run.opts.reporter ?? defaultReporter();
  const json = reporter === "json" && run.json ? createJsonReport(run.json.command) : undefined;
  const logger = json?.logger ?? createLogger({ quiet: run.opts.quiet, reporter, stream: run.stream });
  try {
    const result = await run.work(logger);
    if (json && run.json) process.stdout.write(`${JSON.stringify(json.report({ ok: true, ...run.json.end(result) }))}\n`);
    return 0;
  } catch (error) {
    if (!json) return printError(error, reporter, options.debug);
    const problems = error instanceof ContentError ? error.diagnostics : undefined;
    const message = error instanceof ContentError ? undefined : error instanceof Error ? error.message : String(error);
    process.stdout.write(`${JSON.stringify(json.report({ ok: false, problems, error: message }))}\n`);
    return exitCodeFor(error);
  }
}

/** Prints an error thrown out of a command for the person who ran it, as `reporter` says, and returns the exit code. */
export function printError(error: unknown, reporter: ReporterName, debug = false): number {
  if (error instanceof ContentError) process.stderr.write(`${error.report(reporter)}\n`);
  // These messages are whole sentences for the reader; a class name in front would only be noise.
  else if (error instanceof UsageError || error instanceof PartialFailure || error instanceof OutputLockedError || error instanceof DiskError)
    process.stderr.write(`docs-build: ${error.message}\n`);
  else process.stderr.write(`docs-build: ${formatInternalError(error, { debug })}\n`);
  return exitCodeFor(error);
}
