import { spawn } from "node:child_process";
import path from "node:path";
import { TOOL_DIR } from "./temp-site.ts";

/** The docs-build binary of this checkout. */
export const BIN = path.join(TOOL_DIR, "bin", "docs-build.js");

/** What one run of the binary did. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node bin/docs-build.js ...args` in `cwd` (default the checkout) with
 * extra environment variables, without colours; killed after `timeout`
 * milliseconds (default two minutes). `bin` runs another copy of the binary.
 */
export function runCli(args: string[], options: { cwd?: string; env?: Record<string, string>; timeout?: number; bin?: string } = {}): Promise<CliRun> {
  // Inside GitHub Actions the CLI would speak its reporter; tests ask for it when they mean to.
  const { GITHUB_ACTIONS: _actions, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = { ...inherited, NO_COLOR: "1", FORCE_COLOR: "0", ...options.env };
  delete env.TSX_TSCONFIG_PATH;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [options.bin ?? BIN, ...args], {
      cwd: options.cwd ?? TOOL_DIR,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      timeout: options.timeout ?? 120_000,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
