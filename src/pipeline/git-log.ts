import { spawn } from "node:child_process";

/** The start of git's error output kept for the reason: its first line is what is said. */
const STDERR_KEPT = 4096;

/** Why a history could not be read, in words for a warning. */
export interface NoHistory {
  reason: string;
}

/**
 * Runs `git` with `args` in `cwd`, without a shell, and hands its output to
 * `push` as it comes, so a long history is never in memory whole. Resolves
 * to undefined when git succeeded, or to why it did not: git missing, the
 * folder outside a repository, or git's own first line of error.
 */
export async function readGitOutput(args: readonly string[], cwd: string, push: (chunk: string) => void): Promise<NoHistory | undefined> {
  let stderr = "";
  const child = spawn("git", args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.setEncoding("utf8").on("data", push);
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    if (stderr.length < STDERR_KEPT) stderr += chunk;
  });
  // "close" comes once the output has been read whole; "error" when git cannot be started at all.
  const ended = await new Promise<number | NodeJS.ErrnoException>((resolve) => {
    child.once("error", resolve);
    child.once("close", (code) => resolve(code ?? 1));
  });
  if (typeof ended !== "number") return { reason: ended.code === "ENOENT" ? "git is not installed" : ended.message };
  if (ended === 0) return undefined;
  if (stderr.includes("not a git repository")) return { reason: "the content folder is not in a git repository" };
  return { reason: stderr.trim().split("\n")[0] || "git log failed" };
}
