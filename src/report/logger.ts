import type { Diagnostic } from "./diagnostics.ts";
import type { Report, ReportCommand, ReportEnd, ReportOf } from "./report-format.ts";
import { REPORT_VERSION } from "./report-format.ts";
import type { ReporterName } from "./reporters.ts";

/** Where progress and problems are printed; tests pass a silent one. */
export interface Logger {
  /** Progress lines; left out when quiet. */
  info(message: string): void;
  /** The closing summary; printed even when quiet. */
  summary(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /**
   * How far a long step is: `done` of `total` (pages, repositories…). Shown
   * as a live line on a terminal, replaced by the step's final line, and as a
   * plain line at most every 10 s elsewhere (CI); nothing when quiet.
   */
  progress?(step: string, done: number, total: number, unit: string): void;
  /** A step begins and ends (its final line printed, after `ms`); the github reporter folds what it prints between into a group. */
  begin?(step: string): void;
  end?(step: string, ms: number, ok: boolean): void;
  /** Takes each problem whole, instead of a line of text (the json reporter). */
  problem?(diagnostic: Diagnostic): void;
  /** How problems are printed (see reporters.ts); default `pretty`. */
  readonly reporter?: ReporterName;
}

/** How often a live progress line is redrawn on a terminal, and how often a plain one is printed elsewhere. */
const LIVE_MS = 100;
const PLAIN_MS = 10_000;

/** `index content: 2,304 of 10,000 pages (23 %), 52 pages/s, about 2 min 28 s left` (pure). */
export function progressLine(step: string, done: number, total: number, unit: string, elapsedMs: number): string {
  const share = total > 0 ? Math.floor((done / total) * 100) : 100;
  let line = `${step}: ${done.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} ${unit} (${share} %)`;
  if (done > 0 && elapsedMs >= 1000) {
    const rate = done / (elapsedMs / 1000);
    line += `, ${rate >= 10 ? Math.round(rate) : rate.toFixed(1)} ${unit}/s`;
    if (done < total) line += `, about ${formatLeft(((total - done) / rate) * 1000)} left`;
  }
  return line;
}

/** `2 min 28 s`, `45 s`, `1 h 3 min`. */
function formatLeft(ms: number): string {
  const s = Math.max(1, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/** Where a logger writes, and its clock; the defaults are the process's streams and `performance.now`. */
interface LoggerOptions {
  quiet?: boolean;
  stream?: "stdout" | "stderr";
  /** Overrides the stream progress goes to (tests). */
  out?: Pick<NodeJS.WriteStream, "write" | "isTTY">;
  now?: () => number;
  reporter?: ReporterName;
}

/** Prints progress to stdout (or stderr when stdout carries data) and problems to stderr. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const out = options.out ?? (options.stream === "stderr" ? process.stderr : process.stdout);
  const now = options.now ?? (() => performance.now());
  const live = out.isTTY === true;
  /** When each step's progress began, the last progress line's time, and whether a live line is on screen. */
  const began = new Map<string, number>();
  // Elsewhere than a terminal, the first line comes once a step has run PLAIN_MS: a short build prints none.
  let last = live ? Number.NEGATIVE_INFINITY : now();
  let shown = false;
  const clear = () => {
    if (shown) out.write("\r\x1b[2K");
    shown = false;
  };
  const groups = options.reporter === "github" && !options.quiet;
  return {
    reporter: options.reporter,
    begin: (step) => {
      if (groups) out.write(`::group::${step}\n`);
    },
    end: () => {
      if (groups) out.write("::endgroup::\n");
    },
    info: (message) => {
      if (options.quiet) return;
      clear();
      out.write(`${message}\n`);
    },
    summary: (message) => {
      clear();
      out.write(`${message}\n`);
    },
    warn: (message) => {
      clear();
      process.stderr.write(`${message}\n`);
    },
    error: (message) => {
      clear();
      process.stderr.write(`${message}\n`);
    },
    progress: (step, done, total, unit) => {
      if (options.quiet) return;
      const t = now();
      if (!began.has(step)) began.set(step, t);
      if (t - last < (live ? LIVE_MS : PLAIN_MS)) return;
      last = t;
      const line = progressLine(step, done, total, unit, t - (began.get(step) ?? t));
      if (live) {
        out.write(`\r\x1b[2K${line}`);
        shown = true;
      } else out.write(`${line}\n`);
    },
  };
}

/** A logger that keeps every line in memory; for tests and in-memory builds. */
export function createMemoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const keep = (m: string) => void lines.push(m);
  return { lines, info: keep, summary: keep, warn: keep, error: keep };
}

/** Formats a duration in milliseconds for progress lines. */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** Formats a byte count as B, kB or MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/**
 * Runs one named step of the build and prints `✓ name  12 ms` or `✗ name`,
 * so a maintainer sees where time goes and where a build stopped.
 */
export async function task<T>(logger: Logger, name: string, run: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  logger.begin?.(name);
  let ok = false;
  try {
    const result = await run();
    ok = true;
    return result;
  } finally {
    const ms = performance.now() - start;
    logger.info(`${ok ? "✓" : "✗"} ${name.padEnd(26)} ${formatDuration(ms)}`);
    logger.end?.(name, ms, ok);
  }
}

/**
 * The json reporter: a logger that keeps what a command prints (its stages,
 * problems and other lines) and makes the one JSON document it ends with
 * (see report-format.ts); nothing is printed before it.
 */
export function createJsonReport<C extends ReportCommand>(command: C) {
  const stages: Report["stages"] = [];
  const messages: string[] = [];
  const diagnostics: Diagnostic[] = [];
  let summaryLine: string | undefined;
  const logger: Logger = {
    reporter: "json",
    // A stage's final line is in `stages`; other lines are kept as they are.
    info: (message) => void (/^[✓✗] /.test(message) || messages.push(message)),
    // The first summary line is the summary's text; lines under it (failures, handles left out) are messages.
    summary: (message) => void (summaryLine === undefined ? (summaryLine = message) : messages.push(message)),
    warn: (message) => void messages.push(message),
    error: (message) => void messages.push(message),
    end: (name, ms, ok) => void stages.push({ name, ms: Math.round(ms), ok }),
    problem: (d) => void diagnostics.push(d),
  };
  return {
    logger,
    /**
     * The document. `end` is what the command's result gives (its summary, and
     * for index the tree); without one, they are null. `problems` stands in
     * for those the logger took when the command failed on them before printing any.
     */
    report(ended: { ok: boolean; end?: ReportEnd<C>; error?: string; problems?: readonly Diagnostic[] }): ReportOf<C> {
      const list = ended.problems && diagnostics.length === 0 ? [...ended.problems] : diagnostics;
      const end: { summary: { text: string } | null; result?: unknown } = ended.end ?? {
        summary: null,
        ...(command === "index" || command === "translations" ? { result: null } : {}),
      };
      return {
        version: REPORT_VERSION,
        command,
        ok: ended.ok,
        ...end,
        summary: end.summary && { ...end.summary, text: summaryLine ?? end.summary.text },
        stages,
        problems: { count: list.length, errors: list.filter((d) => d.fatal).length },
        diagnostics: list,
        messages,
        error: ended.error ?? null,
      } as ReportOf<C>;
    },
  };
}
