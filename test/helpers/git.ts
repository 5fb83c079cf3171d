import { execFileSync } from "node:child_process";

/** Runs git in `dir` with a fixed identity and commit time (noon UTC of `day`), and no user or system configuration; returns its output. */
export function git(dir: string, args: string[], day = "2026-01-15"): string {
  const when = `${day}T12:00:00+00:00`;
  return execFileSync("git", ["-c", "user.name=Docs", "-c", "user.email=docs@example.com", "-c", "commit.gpgsign=false", ...args], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, GIT_AUTHOR_DATE: when, GIT_COMMITTER_DATE: when, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" },
  }).trim();
}
