/**
 * Languages benchmark: how much longer a site of three languages takes to
 * build than its English alone, each build a fresh `docs-build build
 * --no-cache` process into a fresh output folder, as CI runs it.
 *
 * - The project's site: English alone (`--locale en`) against all three
 *   languages under their prefixes, Chinese and Korean each with its own
 *   translated pages and the rest falling back.
 * - Full fallback: the project's English content in a temporary project
 *   whose `i18n/zh` and `i18n/ko` folders hold no page, so every page of
 *   both languages is a fallback page.
 *
 * The four builds are alternated in each round, so the machine's drift falls
 * on all alike; prints each one's median and the ratios. Run with
 * `npm run bench:locales` (which bundles first, as the command runs the
 * bundle); `--rounds <n>` sets the rounds (default 7).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { TOOL_DIR } from "../helpers/temp-site.ts";
import { median } from "./bench-harness.ts";

const at = process.argv.indexOf("--rounds");
const rounds = at > 0 ? Number(process.argv[at + 1]) : 7;
const bin = path.join(TOOL_DIR, "bin", "docs-build.js");

/** The target of issue 31: three languages with full fallback within this many times English alone. */
const TARGET = 1.5;

/** A temporary project: the project's content, and empty folders for Chinese and Korean. */
function fullFallbackProject(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "docs-build-fallback-"));
  fs.cpSync(path.join(TOOL_DIR, "content"), path.join(root, "content"), { recursive: true });
  for (const lang of ["zh", "ko"]) fs.mkdirSync(path.join(root, "i18n", lang), { recursive: true });
  // A repository without commits, as a fresh checkout's history says nothing of these copies either.
  execFileSync("git", ["init", "-q", root]);
  return root;
}

/** Seconds one build takes, from spawn to exit, into an output folder made for it and removed after. */
function time(root: string, args: string[]): number {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), "docs-build-out-"));
  try {
    const started = process.hrtime.bigint();
    execFileSync(process.execPath, [bin, "build", "--no-cache", "-q", "--out", path.join(parent, "site"), ...args], { cwd: root, stdio: "ignore" });
    return Number(process.hrtime.bigint() - started) / 1e9;
  } finally {
    fs.rmSync(parent, { recursive: true, force: true });
  }
}

const fallback = fullFallbackProject();
const variants = {
  "project, English alone": { root: TOOL_DIR, args: ["--locale", "en"] },
  "project, three languages": { root: TOOL_DIR, args: [] },
  "full fallback, English alone": { root: fallback, args: ["--locale", "en"] },
  "full fallback, three languages": { root: fallback, args: [] },
};
const seconds = new Map<string, number[]>(Object.keys(variants).map((name) => [name, []]));
try {
  for (let round = 1; round <= rounds; round++) {
    for (const [name, { root, args }] of Object.entries(variants)) seconds.get(name)?.push(time(root, args));
    console.log(`round ${round} of ${rounds}: ${[...seconds.values()].map((s) => `${s.at(-1)?.toFixed(2)} s`).join(", ")}`);
  }
} finally {
  fs.rmSync(fallback, { recursive: true, force: true });
}
const medians = new Map([...seconds].map(([name, values]) => [name, median(values)]));
for (const [name, values] of seconds)
  console.log(`${name}: median ${medians.get(name)?.toFixed(2)} s (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`);
const ratio = (of: string, to: string) => (medians.get(of) ?? 0) / (medians.get(to) ?? 1);
const project = ratio("project, three languages", "project, English alone");
const full = ratio("full fallback, three languages", "full fallback, English alone");
console.log(`project's site: three languages ${project.toFixed(2)} × English alone`);
console.log(`full fallback: three languages ${full.toFixed(2)} × English alone (target ≤ ${TARGET} ×: ${full <= TARGET ? "met" : "not met"})`);
