import { spawn, type ChildProcess } from "node:child_process";
import { BIN } from "./cli.ts";

/** A `docs-build build` running in a child process, with each output line and when it arrived. */
export interface BuildChild {
  child: ChildProcess;
  pid: number;
  /** When the process was started (performance.now()). */
  startedAt: number;
  /** Lines of stdout and stderr so far, with their arrival times. */
  lines: Array<{ at: number; text: string }>;
  /** Resolves with the arrival time of the first line matching `pattern`; rejects if the process ends without one. */
  line(pattern: RegExp): Promise<number>;
  /** Resolves with the exit code (null when killed) once the process has ended and been reaped. */
  exited: Promise<number | null>;
  output(): string;
}

const running = new Set<BuildChild>();

/** Kills every build still running and waits until they are gone, so a failed test can remove its folder. */
export async function stopBuilds(): Promise<void> {
  const all = [...running];
  for (const build of all) build.child.kill("SIGKILL");
  await Promise.all(all.map((b) => b.exited));
}

/**
 * Starts `node bin/docs-build.js build --no-cache --content <content> --out <out>`
 * in `cwd`. Waits nothing; the caller decides when (and whether) to kill it.
 */
export function startBuild(cwd: string, options: { content: string; out: string }): BuildChild {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" };
  delete env.TSX_TSCONFIG_PATH;
  const startedAt = performance.now();
  const child = spawn(process.execPath, [BIN, "build", "--no-cache", "--content", options.content, "--out", options.out], {
    cwd,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: BuildChild["lines"] = [];
  const waiters: Array<{ pattern: RegExp; resolve: (at: number) => void; reject: (e: Error) => void }> = [];
  const take = (chunk: string) => {
    for (const text of chunk.split("\n").filter(Boolean)) {
      const at = performance.now();
      lines.push({ at, text });
      for (const w of waiters.filter((w) => w.pattern.test(text))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(at);
      }
    }
  };
  child.stdout.setEncoding("utf8").on("data", take);
  child.stderr.setEncoding("utf8").on("data", take);
  let ended = false;
  const output = () => lines.map((l) => l.text).join("\n");
  const missing = (pattern: RegExp) => new Error(`the build ended without a line matching ${pattern}:\n${output()}`);
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  void exited.then(() => {
    ended = true;
    for (const w of waiters.splice(0)) w.reject(missing(w.pattern));
  });
  const build: BuildChild = {
    child,
    pid: child.pid as number,
    startedAt,
    lines,
    exited,
    output,
    line(pattern) {
      const seen = lines.find((l) => pattern.test(l.text));
      if (seen) return Promise.resolve(seen.at);
      if (ended) return Promise.reject(missing(pattern));
      return new Promise((resolve, reject) => waiters.push({ pattern, resolve, reject }));
    },
  };
  running.add(build);
  void exited.then(() => running.delete(build));
  return build;
}
