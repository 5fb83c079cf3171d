/** Where progress and problems are printed; tests pass a silent one. */
export interface Logger {
  /** Progress lines; left out when quiet. */
  info(message: string): void;
  /** The closing summary; printed even when quiet. */
  summary(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** Prints progress to stdout (or stderr when stdout carries data) and problems to stderr. */
export function createLogger(options: { quiet?: boolean; stream?: "stdout" | "stderr" } = {}): Logger {
  const out = options.stream === "stderr" ? process.stderr : process.stdout;
  return {
    info: (message) => {
      if (!options.quiet) out.write(`${message}\n`);
    },
    summary: (message) => out.write(`${message}\n`),
    warn: (message) => process.stderr.write(`${message}\n`),
    error: (message) => process.stderr.write(`${message}\n`),
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
  try {
    const result = await run();
    logger.info(`✓ ${name.padEnd(26)} ${formatDuration(performance.now() - start)}`);
    return result;
  } catch (error) {
    logger.info(`✗ ${name.padEnd(26)} ${formatDuration(performance.now() - start)}`);
    throw error;
  }
}
