// What the build benchmarks (build-bench.ts, scale-bench.ts) share: where the
// project, the corpus and the commands are, and how a child process is run and
// measured. Wall time is performance.now() around the child; peak RSS is GNU
// time's %M (the largest single process of the child's tree, not their sum).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import fg from "fast-glob";

/** The docs-build project folder (two levels above this file). */
export const PROJECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
/** Where the real webpack documentation lives, relative to the project (it comes with ../shared). */
export const CORPUS_RELATIVE = "../shared/corpus/webpack-docs";
/** The real webpack documentation, absolute. */
export const CORPUS = path.resolve(PROJECT, CORPUS_RELATIVE);
/** The docs-build command. */
export const BIN = path.join(PROJECT, "bin", "docs-build.js");
/** The bare unified baseline, plain JavaScript (see {@link baselineArgs}). */
const BASELINE = path.join(PROJECT, "test", "bench", "baseline.mjs");

/**
 * The node arguments that run the baseline on `content` into `out`: the
 * script alone, under plain `node` with no loader, as the build runs from its
 * bundle. Run with the project as cwd, so its imports resolve.
 */
export const baselineArgs = (content: string, out: string): string[] => [BASELINE, content, out];
/** GNU time, which measures the peak RSS. */
export const TIME = "/usr/bin/time";

/** The last line of a text, trimmed ("" for an empty text). */
export function lastLine(text: string): string {
  const lines = text.trimEnd().split("\n");
  return (lines[lines.length - 1] ?? "").trim();
}

/** Whether /usr/bin/time is GNU time and understands `-f %M`. */
function timeWorks(): boolean {
  if (!fs.existsSync(TIME)) return false;
  const probe = spawnSync(TIME, ["-f", "%M", process.execPath, "-e", ""], { encoding: "utf8" });
  return probe.status === 0 && /^\d+$/.test(lastLine(probe.stderr ?? ""));
}

/** Whether peak RSS is measured (GNU time is there); probed once, when this module loads. */
export const measureRss = timeWorks();

/** One finished child process: its time, peak RSS and output, whether or not it succeeded. */
export interface ChildRun {
  seconds: number;
  /** Peak resident set size in kilobytes, when /usr/bin/time could measure it. */
  rssKB?: number;
  /** Exit code (null when a signal ended it). */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  /** Standard error without GNU time's own lines. */
  stderr: string;
}

/** The child running now, if any: stopped (with its whole process group) when a bench is interrupted. */
let current: ChildProcess | undefined;

/** Stops the running child's process group and waits (at most 5 s, then SIGKILL) until it is gone. */
async function stopCurrent(): Promise<void> {
  const child = current;
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  killGroup("SIGTERM");
  const timer = setTimeout(() => killGroup("SIGKILL"), 5000);
  await closed;
  clearTimeout(timer);
}

/**
 * Makes SIGINT and SIGTERM stop the running child, remove `tmp` and exit (130
 * or 143). `interrupting` runs first, so the bench can tell a child ended by
 * the signal from a failed build. Returns the function that removes the handlers.
 */
export function stopOnSignal(tmp: string, interrupting: () => void): () => void {
  const onSignal = (signal: NodeJS.Signals) => {
    interrupting();
    process.stderr.write(`\n${signal}: stopping the running build and removing ${tmp}\n`);
    void stopCurrent().finally(() => {
      fs.rmSync(tmp, { recursive: true, force: true });
      process.exit(signal === "SIGINT" ? 130 : 143);
    });
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  return () => {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  };
}

/** Runs `node <args>` in `cwd` under GNU time (when it works) and resolves when it ends, failed or not. */
export function runTimed(args: string[], cwd: string): Promise<ChildRun> {
  const command = measureRss ? TIME : process.execPath;
  const commandArgs = measureRss ? ["-f", "%M", process.execPath, ...args] : args;
  return new Promise((resolve, reject) => {
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    const start = performance.now();
    // Its own process group, so an interrupted bench can stop the build and everything it started.
    const child = spawn(command, commandArgs, { cwd, stdio: ["ignore", "pipe", "pipe"], detached: true });
    current = child;
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (current === child) current = undefined;
      const seconds = (performance.now() - start) / 1000;
      let err = Buffer.concat(stderr).toString("utf8");
      let rssKB: number | undefined;
      if (measureRss) {
        const last = lastLine(err);
        if (/^\d+$/.test(last)) {
          rssKB = Number(last);
          err = err.trimEnd().split("\n").slice(0, -1).join("\n");
        }
        // GNU time's own note on a failed command; the exit code says the same.
        err = err.replace(/^Command (exited with non-zero status \d+|terminated by signal \d+)\s*$/m, "").trimEnd();
      }
      resolve({ seconds, rssKB, code, signal, stdout: Buffer.concat(stdout).toString("utf8"), stderr: err });
    });
  });
}

/** The median of some numbers (NaN for none). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The machine's load averages (1, 5, 15 minutes), for the report. */
export const loadavg = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/** How many files under `dir` match a glob (node_modules and dot files left out). */
export function countFiles(dir: string, pattern: string): number {
  return fg.sync(pattern, { cwd: dir, onlyFiles: true, dot: false, ignore: ["**/node_modules/**"] }).length;
}

/**
 * Copies the project's repositories/ (contributor cache, vote topics) and its
 * config, if any, into a benchmark's project root, so the build runs there as
 * it does in the project while its .cache/ and outputs stay in that root.
 */
export function copyProjectFiles(root: string): void {
  for (const extra of ["repositories", "docs-build.config.json"]) {
    const source = path.join(PROJECT, extra);
    if (fs.existsSync(source)) fs.cpSync(source, path.join(root, extra), { recursive: true });
  }
}

/**
 * A short hash of the code a build runs (src/, templates/, site-client/, bin/
 * and the lockfile). The working tree is shared: when another edit lands
 * between two builds, their figures are of different code, and a warm build
 * misses the cache entries that are keyed on these sources.
 */
export function codeVersion(): string {
  const hash = createHash("sha256");
  for (const file of fg
    .sync(["src/**", "templates/**", "site-client/**", "bin/**", "package-lock.json", "tsconfig.json"], { cwd: PROJECT, onlyFiles: true })
    .sort()) {
    let contents: Buffer;
    try {
      contents = fs.readFileSync(path.join(PROJECT, file));
    } catch {
      // Deleted between the listing and the read: another edit is under way, and the empty file still changes the hash.
      contents = Buffer.alloc(0);
    }
    hash.update(file).update("\0").update(contents).update("\0");
  }
  return hash.digest("hex").slice(0, 12);
}
