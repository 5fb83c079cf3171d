import { ContentError, DiskError, exitCodeFor, formatInternalError, OutputLockedError, PartialFailure, UsageError } from "../report/errors.ts";
import { createJsonReport, createLogger, type Logger } from "../report/logger.ts";
import type { ReportCommand, ReportEnd } from "../report/report-format.ts";
import { defaultReporter, type ReporterName } from "../report/reporters.ts";

/** One command's run, as its action hands it over: what it does and how it ends. */
export interface CommandRun<R, C extends ReportCommand = ReportCommand> {
  /** The command's `--reporter` (default: the environment's, see `defaultReporter`) and `-q`. */
  opts: { reporter?: ReporterName; quiet?: boolean };
  /** Where progress goes: stdout (default), or stderr when stdout carries the command's data. */
  stream?: "stdout" | "stderr";
  /** The command's work, speaking through `logger`. */
  work(logger: Logger): Promise<R>;
  /** What the command prints on stdout when it succeeds, with a reporter other than json. */
  print?(result: R): string;
  /** For `--reporter json`: the command's name and what its result (also a PartialFailure's) gives the report. */
  json?: { command: C; end(result: R): ReportEnd<C> };
}

/**
 * Runs one command as its reporter says and returns the exit code (0, or
 * that of the error it threw). Everything it chooses (the reporter, the json
 * report) lives in this call, so two runs in one process share nothing.
 */
export async function runCommand<R, C extends ReportCommand>(run: CommandRun<R, C>, options: { debug?: boolean } = {}): Promise<number> {
  const reporter = run.opts.reporter ?? defaultReporter();
  const json = reporter === "json" && run.json ? { ...run.json, report: createJsonReport(run.json.command) } : undefined;
  const logger = json?.report.logger ?? createLogger({ quiet: run.opts.quiet, reporter, stream: run.stream });
  let result: R;
  try {
    result = await run.work(logger);
  } catch (error) {
    if (!json) return printError(error, reporter, options.debug);
    // A command that finished with some items failed still has its summary.
    const end = error instanceof PartialFailure ? json.end(error.result as R) : undefined;
    const problems = error instanceof ContentError ? error.diagnostics : undefined;
    const message = error instanceof ContentError ? undefined : error instanceof Error ? error.message : String(error);
    process.stdout.write(`${JSON.stringify(json.report.report({ ok: false, end, problems, error: message }))}\n`);
    return exitCodeFor(error);
  }
  if (json) process.stdout.write(`${JSON.stringify(json.report.report({ ok: true, end: json.end(result) }))}\n`);
  else if (run.print) process.stdout.write(run.print(result));
  return 0;
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
