/**
 * Start-up benchmark: how long `docs-build --version` takes against bare Node
 * (`node -e 0`), each run in a fresh process, the two interleaved so load on
 * the machine falls on both alike. Prints the medians and their ratio. Run
 * with `npm run bench:startup` (which bundles first, as the command runs the
 * bundle); `--runs <n>` sets the count (default 31).
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { TOOL_DIR } from "../helpers/temp-site.ts";

const at = process.argv.indexOf("--runs");
const runs = at > 0 ? Number(process.argv[at + 1]) : 31;
const bin = path.join(TOOL_DIR, "bin", "docs-build.js");

/** Milliseconds one Node process with these arguments takes, from spawn to exit. */
function time(args: string[]): number {
  const started = process.hrtime.bigint();
  execFileSync(process.execPath, args, { stdio: "ignore" });
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
const command: number[] = [];
const bare: number[] = [];
for (let i = 0; i < runs; i++) {
  command.push(time([bin, "--version"]));
  bare.push(time(["-e", "0"]));
}
const [c, b] = [median(command), median(bare)];
console.log(
  `docs-build --version: median ${c.toFixed(0)} ms; node -e 0: median ${b.toFixed(0)} ms; ratio ${(c / b).toFixed(2)} (${runs} runs each, interleaved)`,
);
