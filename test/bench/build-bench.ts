// `npm run bench`: the full build against a bare unified baseline on the real
// corpus (../shared/corpus/webpack-docs). A report, not a test: it exits 0
// whether or not the targets are met, and 1 only when a build itself fails.
//
//   npm run bench [-- --rounds N]      (default 5 rounds per measure)
//
// Measures, all on a temporary copy of the corpus (../shared is never touched):
//   baseline (unified)  test/bench/baseline.mjs, one unified processor per page
//   full build, cold    docs-build build --links warn --no-cache -q, out dir deleted first;
//                       alternated with the baseline run so both see the same machine
//   full build, warm    cache filled by one build, then builds with nothing changed
//   one page changed    a paragraph appended to one page before each cached build
//   serve rebuild       docs-build serve running (in this process): time from writing
//                       a page to the reload event, for a typical page and the largest
// Wall time is performance.now() around the child process; peak RSS is GNU
// time's %M (the largest single process of the child's tree, not their sum).
import fs from "node:fs";
import { gzipSync } from "node:zlib";
import os from "node:os";
import path from "node:path";
import fg from "fast-glob";
import { parseRounds } from "./bench-args.ts";
import { measureServe, ServeFailed } from "./serve-measure.ts";
import {
  baselineArgs,
  BIN,
  CORPUS,
  CORPUS_RELATIVE,
  PROJECT,
  TIME,
  copyProjectFiles,
  countFiles,
  loadavg,
  measureRss,
  median,
  runTimed,
  stopOnSignal,
} from "./bench-harness.ts";

const CHANGED_PAGE = "configuration/output.mdx";

const TARGETS = { cold: 1.0, warm: 0.25, rssMB: 500, serveMs: 200 };
/** A page of typical size, for the dev-server measure (the other is CHANGED_PAGE, the largest). */
const TYPICAL_PAGE = "guides/caching.mdx";

interface Run {
  seconds: number;
  /** Peak resident set size in kilobytes, when /usr/bin/time could measure it. */
  rssKB?: number;
}

class BuildFailed extends Error {}

/** Set once SIGINT or SIGTERM arrived: a child ending then is not reported as a failed build. */
let interrupted = false;

/** Runs `node <args>` in `cwd`, timing it; throws BuildFailed (after printing its output) when it fails. */
async function runNode(label: string, args: string[], cwd: string): Promise<Run> {
  const { seconds, rssKB, code, signal, stdout, stderr } = await runTimed(args, cwd);
  if (interrupted) throw new BuildFailed(`${label} interrupted`);
  if (code !== 0) {
    const out = stdout.trimEnd();
    process.stderr.write(`\n${label} failed (${signal ? `signal ${signal}` : `exit ${code}`}) after ${seconds.toFixed(2)} s\n`);
    process.stderr.write(`command: node ${args.join(" ")}\n(cwd ${cwd})\n`);
    if (out) process.stderr.write(`--- stdout ---\n${out}\n`);
    process.stderr.write(`--- stderr ---\n${stderr || "(empty)"}\n`);
    throw new BuildFailed(`${label} failed`);
  }
  return { seconds, rssKB };
}

/** Gzipped JavaScript and CSS (KB) a documentation page loads on its first view: scripts, preloads, stylesheets and the startup chunk. */
function firstViewBudget(out: string): { page: string; js: number; css: number } | undefined {
  const page = "configuration/output/index.html";
  const file = path.join(out, page);
  if (!fs.existsSync(file)) return undefined;
  const html = fs.readFileSync(file, "utf8");
  const size = (url: string) => gzipSync(fs.readFileSync(path.join(out, url))).byteLength / 1024;
  const scripts = [...html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g)].map((m) => m[1]);
  const startup = fg.sync("assets/chunks/register-service-worker-*.js", { cwd: out }).map((f) => `/${f}`);
  const css = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  return { page, js: [...scripts, ...startup].reduce((sum, url) => sum + size(url), 0), css: css.reduce((sum, url) => sum + size(url), 0) };
}

function medianRssMB(runs: Run[]): number | undefined {
  const values = runs.map((r) => r.rssKB).filter((v): v is number => v !== undefined);
  return values.length ? (median(values) * 1024) / 1e6 : undefined;
}

/** Adds owner write permission to everything under `dir` (the corpus is read-only; its copy must be editable and removable). */
function makeWritable(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath ?? entry.path, entry.name);
    if (!entry.isSymbolicLink()) fs.chmodSync(full, fs.statSync(full).mode | 0o200);
  }
  fs.chmodSync(dir, fs.statSync(dir).mode | 0o200);
}

async function main(): Promise<number> {
  const rounds = parseRounds(process.argv.slice(2), { defaultRounds: 5, usage: "npm run bench [-- --rounds N]" });

  if (!fs.statSync(CORPUS, { throwIfNoEntry: false })?.isDirectory()) {
    console.log(`corpus not found at ${CORPUS}; the benchmark needs ${CORPUS_RELATIVE}`);
    return 0;
  }
  const pages = countFiles(CORPUS, "**/*.{md,mdx}");
  if (pages === 0) {
    console.log(`corpus at ${CORPUS} has no .md/.mdx pages; nothing to measure`);
    return 0;
  }

  // The temporary project root: a copy of the corpus as its content, the
  // project's repositories/ (contributor cache) and config, so the build runs
  // as it does in the project, while its .cache/ and outputs stay in here.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "docs-build-bench-"));
  const cleanup = () => fs.rmSync(tmp, { recursive: true, force: true });
  const release = stopOnSignal(tmp, () => {
    interrupted = true;
  });

  try {
    const content = path.join(tmp, "content");
    // The build's output sits alone in a folder: its name is a link to the versioned folder the build wrote, and deleting
    // the link alone would leave the last site for the next build to remove, on its own time.
    const outFull = path.join(tmp, "full", "out");
    const outBase = path.join(tmp, "out-baseline");
    fs.cpSync(CORPUS, content, { recursive: true });
    makeWritable(content);
    copyProjectFiles(tmp);

    const buildArgs = (cache: boolean) => [BIN, "build", "--content", content, "--out", outFull, "--links", "warn", ...(cache ? [] : ["--no-cache"]), "-q"];
    const full = (label: string, cache: boolean) => runNode(label, buildArgs(cache), tmp);
    // Run from the project so the baseline's imports resolve.
    const baseline = (label: string) => runNode(label, baselineArgs(content, outBase), PROJECT);
    const rm = (dir: string) => fs.rmSync(dir, { recursive: true, force: true });
    const fmt = (run: Run) => `${run.seconds.toFixed(2)} s${run.rssKB !== undefined ? `, ${Math.round((run.rssKB * 1024) / 1e6)} MB` : ""}`;

    console.log(`corpus: ${CORPUS} (${pages} pages), measured on a copy in ${tmp}`);
    console.log(
      `machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}; load average ${loadavg()}; ${rounds} round${rounds === 1 ? "" : "s"} per measure`,
    );
    if (!measureRss) console.log(`peak RSS: n/a (${TIME} with -f %M is not available)`);
    console.log("");

    // Cold: full build and baseline alternate, each on a deleted out dir.
    const coldFull: Run[] = [];
    const coldBase: Run[] = [];
    for (let round = 1; round <= rounds; round++) {
      rm(path.dirname(outFull));
      const f = await full(`cold full build (round ${round})`, false);
      coldFull.push(f);
      rm(outBase);
      const b = await baseline(`baseline (round ${round})`);
      coldBase.push(b);
      console.log(`cold round ${round}/${rounds}: full ${fmt(f)}; baseline ${fmt(b)}`);
    }
    const budget = firstViewBudget(outFull);
    const written = countFiles(outBase, "**/index.html");
    if (written !== pages) console.log(`note: the baseline wrote ${written} pages, the corpus has ${pages}`);

    // Warm: fill the (empty, temporary) cache once, then rebuild with nothing changed.
    // The out dir is kept between cached builds, as in a developer's repeated builds.
    rm(path.dirname(outFull));
    const fill = await full("cache-filling build", true);
    console.log(`cache fill: ${fmt(fill)}`);
    const warm: Run[] = [];
    for (let round = 1; round <= rounds; round++) {
      const w = await full(`warm full build (round ${round})`, true);
      warm.push(w);
      console.log(`warm round ${round}/${rounds}: ${fmt(w)}`);
    }

    // One page changed: a new paragraph appended to one page before each cached build.
    const changedRelative = fs.existsSync(path.join(content, CHANGED_PAGE)) ? CHANGED_PAGE : fg.sync("**/*.{md,mdx}", { cwd: content }).sort()[0];
    const changedFile = path.join(content, changedRelative);
    const changed: Run[] = [];
    for (let round = 1; round <= rounds; round++) {
      fs.appendFileSync(
        changedFile,
        `\n\nBenchmark edit ${round}: this paragraph was appended at ${new Date().toISOString()} to measure a one-page rebuild.\n`,
      );
      const c = await full(`one-page-changed build (round ${round})`, true);
      changed.push(c);
      console.log(`one page changed (${changedRelative}) round ${round}/${rounds}: ${fmt(c)}`);
    }

    // The dev server: one changed page, from the write to the reload event.
    const servePages = [TYPICAL_PAGE, changedRelative].filter((p) => fs.existsSync(path.join(content, p)));
    const serveTimes = await measureServe(tmp, content, servePages, rounds);

    // Report.
    const base = median(coldBase.map((r) => r.seconds));
    const rows: Array<[string, Run[]]> = [
      ["baseline (unified)", coldBase],
      ["full build, cold", coldFull],
      ["full build, warm", warm],
      ["one page changed", changed],
    ];
    const ratioOf = (runs: Run[]) => median(runs.map((r) => r.seconds)) / base;
    console.log("");
    console.log(`corpus: ${CORPUS} (${pages} pages), machine: ${os.cpus().length} cores, node ${process.version}`);
    console.log(`${"measure".padEnd(22)}  ${"median".padStart(8)}  ${"pages/s".padStart(8)}  ${"peak RSS".padStart(9)}  ratio to baseline`);
    for (const [name, runs] of rows) {
      const seconds = median(runs.map((r) => r.seconds));
      const rss = medianRssMB(runs);
      console.log(
        `${name.padEnd(22)}  ${`${seconds.toFixed(2)} s`.padStart(8)}  ${(pages / seconds).toFixed(1).padStart(8)}  ${(rss === undefined ? "n/a" : `${Math.round(rss)} MB`).padStart(9)}  ${(seconds / base).toFixed(2)}`,
      );
    }
    const fullRuns = [...coldFull, fill, ...warm, ...changed];
    const rssValues = fullRuns.map((r) => r.rssKB).filter((v): v is number => v !== undefined);
    const maxRssMB = rssValues.length === fullRuns.length ? (Math.max(...rssValues) * 1024) / 1e6 : undefined;
    const verdict = (ok: boolean) => (ok ? "met" : "NOT met");
    console.log("");
    console.log(`targets: cold ≤ ${TARGETS.cold.toFixed(2)} × baseline, warm ≤ ${TARGETS.warm.toFixed(2)} × baseline, peak RSS ≤ ${TARGETS.rssMB} MB`);
    console.log(`  cold ≤ ${TARGETS.cold.toFixed(2)} × baseline: ${ratioOf(coldFull).toFixed(2)} × — ${verdict(ratioOf(coldFull) <= TARGETS.cold)}`);
    console.log(`  warm ≤ ${TARGETS.warm.toFixed(2)} × baseline: ${ratioOf(warm).toFixed(2)} × — ${verdict(ratioOf(warm) <= TARGETS.warm)}`);
    console.log(
      `  peak RSS ≤ ${TARGETS.rssMB} MB: ${maxRssMB === undefined ? "not measured (no GNU time)" : `${Math.round(maxRssMB)} MB, the highest of all ${fullRuns.length} full builds — ${verdict(maxRssMB <= TARGETS.rssMB)}`}`,
    );
    if (budget) {
      console.log(
        `  first view of ${budget.page}: ${budget.js.toFixed(1)} KB JavaScript and ${budget.css.toFixed(1)} KB CSS gzipped — ${verdict(budget.js <= 90 && budget.css <= 25)} (≤ 90 KB and ≤ 25 KB)`,
      );
    }
    for (const page of servePages) {
      const ms = median(serveTimes[page].reload);
      const size = `${(fs.statSync(path.join(content, page)).size / 1024).toFixed(0)} kB`;
      console.log(
        `  serve, one page edited, to its reload ≤ ${TARGETS.serveMs} ms (${page}, ${size}): ${Math.round(ms)} ms median — ${verdict(ms <= TARGETS.serveMs)}`,
      );
      console.log(
        `    then the whole site rebuilt (search index, printable page, content chunk): ${Math.round(median(serveTimes[page].site))} ms median after the edit`,
      );
    }
    console.log(
      `load average at the end: ${loadavg()} (on ${os.cpus().length} cores; other work on the machine skews both sides, the alternation only evens it out)`,
    );
    console.log(`(MB = 10^6 bytes; peak RSS is the largest single process of each build, from ${TIME} -f %M)`);
    return 0;
  } catch (error) {
    if (error instanceof BuildFailed || error instanceof ServeFailed) {
      if (error.message) console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    cleanup();
    release();
  }
}

process.exitCode = await main();
