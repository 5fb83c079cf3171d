// `npm run bench:scale`: how the build scales with the number of pages and the
// size of a section. A report, not a test: it exits 0 whether or not the
// targets are met, and 1 only when a build itself failed (after reporting
// every measure; a failed build does not stop the others).
//
//   npm run bench:scale [-- --only 143,1k,nested-2k,10k,30k,100k] [--with-100k] [--rounds N] [--cold-only] [--shards N]
//
// Corpora, generated from ../shared/corpus/webpack-docs into a temporary
// folder by scale-corpus.ts (../shared is never touched):
//   143        the corpus as it is
//   1k         about 1,000 pages: the corpus plus ~35 sections of 25 copies
//   nested-2k  the guides section grown to about 2,000 pages in guides/part-NNN/ folders of 20
//   10k        about 10,000 pages: the corpus plus ~395 sections of 25 copies
//   30k        about 30,000 pages: the corpus plus ~1,195 sections of 25 copies
//   100k       about 100,000 pages in ~3,995 sections of 25 copies; it takes most
//              of an hour on 2 cores, so it runs only when named in --only or
//              with --with-100k
// Measures on each, in one run:
//   baseline   test/bench/baseline.mjs (bare unified, one HTML file per page),
//              alternated round by round with the cold build
//   cold       docs-build build --no-cache --links warn -q, out dir deleted first
//   reader     on the cold build's output: what a reader pays, gzipped (reader-cost.ts)
//   warm       one build fills the (empty) cache, then builds with nothing changed;
//              left out with --cold-only (at 100k, the two builds take most of an hour)
//   shards     with --shards N (and --only 10k unless --only says otherwise): after
//              the first cold build, N shard builds (build --shard i/N, one after
//              another, each with an empty part) and the merge (merge --no-cache),
//              the merged site compared with the cold build's byte for byte; the
//              projected wall time on N runners is the slowest shard plus the merge
// Wall time and peak RSS come from bench-harness.ts (performance.now() and
// GNU time's %M). Results: two markdown tables (the build, the reader) and
// the targets (scale-targets.ts) on stdout, and test-artifacts/bench-scale.json,
// where earlier results of corpora not measured in this run are kept.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseRounds } from "./bench-args.ts";
import {
  baselineArgs,
  BIN,
  CORPUS,
  CORPUS_RELATIVE,
  PROJECT,
  TIME,
  codeVersion,
  copyProjectFiles,
  loadavg,
  measureRss,
  runTimed,
  stopOnSignal,
  type ChildRun,
} from "./bench-harness.ts";
import { NAVIGATED_PAGE, VISITED_PAGE, measureReaderCost, type ReaderCost } from "./reader-cost.ts";
import { SCALE_CORPORA, generateCorpus, type ScaleCorpusName } from "./scale-corpus.ts";
import {
  allRuns,
  formatCodeChanges,
  formatFailures,
  formatReaderTable,
  formatTable,
  kib,
  measureOutput,
  readReport,
  writeReport,
  type CorpusResult,
  type Measure,
  type OutputFacts,
} from "./scale-report.ts";
import { formatTargets, type References } from "./scale-targets.ts";

const USAGE = "npm run bench:scale [-- --only 143,1k,nested-2k,10k,30k,100k] [--with-100k] [--rounds N] [--cold-only] [--shards N]";
const REPORT = path.join(PROJECT, "test-artifacts", "bench-scale.json");
/** Smallest first, so the figures larger corpora are compared with (143, 1k, 10k) are there before the long runs. */
const ORDER: ScaleCorpusName[] = ["143", "1k", "nested-2k", "10k", "30k", "100k"];
/** Run only when named in `--only` or with `--with-100k`: it takes most of an hour on 2 cores. */
const ON_REQUEST: ScaleCorpusName[] = ["100k"];
/** Rounds per corpus unless `--rounds` says otherwise: a cold 10k build alone takes many minutes. */
const DEFAULT_ROUNDS: Record<ScaleCorpusName, number> = { "143": 3, "1k": 3, "nested-2k": 2, "10k": 1, "30k": 1, "100k": 1 };

/** Thrown once SIGINT or SIGTERM arrived, so a child ending then is not reported as a failed build. */
class Interrupted extends Error {}
let interrupted = false;

/**
 * Reads `--only a,b` (the corpora, run in ORDER; without it, every corpus but
 * those ON_REQUEST), `--with-100k` (adds 100k), `--rounds N` (undefined:
 * each corpus's default) and `--cold-only` (no cache-filling and warm
 * builds); exits 2 on a bad argument.
 */
function parseArgs(argv: string[]): { only: ScaleCorpusName[]; rounds?: number; coldOnly: boolean; shards?: number } {
  let names: string[] | undefined;
  const rest: string[] = [];
  let with100k = false;
  let coldOnly = false;
  let shards: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--cold-only") coldOnly = true;
    else if (argv[i] === "--shards") {
      shards = Number(argv[++i]);
      if (!Number.isInteger(shards) || shards < 1) {
        process.stderr.write(`--shards takes a whole number of shards, 1 or more; got ${argv[i] ?? "nothing"}\nusage: ${USAGE}\n`);
        process.exit(2);
      }
    } else if (argv[i] === "--only") names = (argv[++i] ?? "").split(",");
    else if (argv[i].startsWith("--only=")) names = argv[i].slice("--only=".length).split(",");
    else if (argv[i] === "--with-100k") with100k = true;
    else rest.push(argv[i]);
  }
  // Sharded builds are measured on the 10,000-page corpus unless --only names others.
  names ??= shards === undefined ? ORDER.filter((name) => !ON_REQUEST.includes(name)) : ["10k"];
  if (with100k) names.push("100k");
  const unknown = names.filter((name) => !ORDER.includes(name as ScaleCorpusName));
  if (unknown.length || names.length === 0) {
    process.stderr.write(`--only takes a comma-separated list of ${ORDER.join(", ")}; got ${unknown.join(",") || "nothing"}\nusage: ${USAGE}\n`);
    process.exit(2);
  }
  // 0 cannot be given (parseRounds wants a positive number), so it stands for "not given".
  const rounds = parseRounds(rest, { defaultRounds: 0, usage: USAGE });
  return { only: ORDER.filter((name) => names.includes(name)), rounds: rounds || undefined, coldOnly, ...(shards === undefined ? {} : { shards }) };
}

/**
 * The line of a failed child's stderr that says what happened: Node's
 * `FATAL ERROR` line when there is one (an out-of-memory crash ends with a
 * native stack trace, whose last line says nothing), else the last line.
 */
function failureLine(run: ChildRun): string {
  const lines = run.stderr
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const line = lines.find((l) => l.startsWith("FATAL ERROR")) ?? lines[lines.length - 1] ?? "(no stderr)";
  return `failed: ${line} (${run.signal ? `signal ${run.signal}` : `exit ${run.code}`})`;
}

const fmt = (m: Measure) =>
  `${m.failed ? `${m.failed}, ` : ""}${m.seconds.toFixed(2)} s${m.rssKB !== undefined ? `, ${Math.round((m.rssKB * 1024) / 1e6)} MB` : ""}`;

/** Runs `node <args>` in `cwd` and prints the outcome; a failure becomes the measure's `failed`, with the tail of stderr printed for the reader. */
async function measure(label: string, args: string[], cwd: string): Promise<Measure> {
  const code = codeVersion();
  const run = await runTimed(args, cwd);
  if (interrupted) throw new Interrupted();
  const result: Measure = { seconds: run.seconds, rssKB: run.rssKB, ...(run.code === 0 ? {} : { failed: failureLine(run) }), code };
  if (codeVersion() !== code) result.codeChanged = true;
  console.log(`  ${label}: ${fmt(result)}${result.codeChanged ? " (the code changed during this run)" : ""}`);
  if (result.failed) {
    const tail = run.stderr.trimEnd().split("\n").slice(-15).join("\n");
    process.stderr.write(`  command: node ${args.join(" ")}\n  (cwd ${cwd})\n--- last lines of stderr ---\n${tail || "(empty)"}\n---\n`);
  }
  return result;
}

/** One line of a reader's costs, printed as each corpus is measured. */
const describeReader = (r: ReaderCost) =>
  `first visit ${kib(r.firstVisit.gzipBytes)} in ${r.firstVisit.files} files; first search ${r.firstSearch.map((s) => kib(s.gzipBytes)).join(" / ")}; route table ${kib(r.navigationTable?.gzipBytes)}; largest sidebar ${kib(r.largestSidebar?.gzipBytes)}`;

const rm = (dir: string) => fs.rmSync(dir, { recursive: true, force: true });

/** How one corpus is measured: its rounds, and whether warm builds follow the cold ones. */
interface CorpusRun {
  rounds: number;
  warm: boolean;
  /** Shards to build and merge after the first cold build, if any. */
  shards?: number;
}

/** The first file two output folders differ in (one lacks it, or its bytes differ), or true when they are the same byte for byte. */
function sameOutput(a: string, b: string): true | string {
  const [left, right] = [fs.realpathSync(a), fs.realpathSync(b)];
  const files = (root: string) =>
    fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      .sort();
  const [l, r] = [files(left), files(right)];
  if (l.length !== r.length) return `${l.length} files against ${r.length}`;
  for (const [at, file] of l.entries()) {
    if (r[at] !== file) return `${file} against ${r[at]}`;
    if (!fs.readFileSync(path.join(left, file)).equals(fs.readFileSync(path.join(right, file)))) return `${file} differs`;
  }
  return true;
}

/** Builds the corpus as `count` shards, one after another, then merges them, and compares the merged site with `single`'s. */
async function measureShards(root: string, content: string, count: number, single: string): Promise<NonNullable<CorpusResult["sharded"]>> {
  const shards: Measure[] = [];
  const parts = Array.from({ length: count }, (_, i) => path.join(root, "parts", `part-${i + 1}`));
  for (const [i, part] of parts.entries())
    shards.push(await measure(`shard ${i + 1}/${count}`, [BIN, "build", "--shard", `${i + 1}/${count}`, "--content", content, "--out", part, "-q"], root));
  const out = path.join(root, "merged", "out");
  const merge = await measure(`merge of ${count}`, [BIN, "merge", ...parts, "--no-cache", "--links", "warn", "-q", "--content", content, "--out", out], root);
  const identical = merge.failed ? "the merge failed" : sameOutput(single, out);
  console.log(`  merged site: ${identical === true ? "byte for byte the cold build's" : `not the cold build's: ${identical}`}`);
  rm(path.join(root, "parts"));
  rm(path.join(root, "merged"));
  return { shards, merge, identical };
}

/** The sharded run's figures against the cold build of the same run (see the issue's targets). */
function formatShards(result: CorpusResult): string[] {
  const sharded = result.sharded;
  const cold = result.cold.find((m) => !m.failed)?.seconds;
  if (!sharded || cold === undefined) return [];
  const share = (seconds: number) => `${((seconds / cold) * 100).toFixed(0)} %`;
  const slowest = Math.max(...sharded.shards.map((m) => m.seconds));
  const projected = slowest + sharded.merge.seconds;
  const rss = (m: Measure) => (m.rssKB === undefined ? "n/a" : `${Math.round((m.rssKB * 1024) / 1e6)} MB`);
  return [
    `${result.corpus} in ${sharded.shards.length} shards, against its cold build of ${cold.toFixed(1)} s in the same run:`,
    ...sharded.shards.map((m, i) => `  shard ${i + 1}: ${m.seconds.toFixed(1)} s (${share(m.seconds)} of the cold build; target 30 %), peak RSS ${rss(m)}`),
    `  merge: ${sharded.merge.seconds.toFixed(1)} s (${share(sharded.merge.seconds)}; target 20 %), peak RSS ${rss(sharded.merge)} (target 1 GB)`,
    `  projected wall time on ${sharded.shards.length} runners, slowest shard + merge: ${projected.toFixed(1)} s (${share(projected)}; target 50 %)`,
    `  merged site: ${sharded.identical === true ? "byte for byte the cold build's" : `differs: ${sharded.identical}`}`,
  ];
}

/** Generates one corpus under `tmp` and measures baseline, cold and (unless left out) warm builds on it. */
async function measureCorpus(
  name: ScaleCorpusName,
  { rounds, warm: withWarm, shards }: CorpusRun,
  tmp: string,
  tree: Pick<CorpusResult, "commit" | "uncommitted">,
): Promise<CorpusResult> {
  // The generated project: content/, the project's repositories/ and config; builds run with it as cwd, so their .cache/ is in here.
  const root = path.join(tmp, name);
  const content = path.join(root, "content");
  const shape = SCALE_CORPORA[name];
  const generated = generateCorpus({ source: CORPUS, target: content, shape });
  copyProjectFiles(root);
  console.log(
    `\n${name}: ${generated.pages} pages (${generated.copies} copies in ${generated.folders} folders), ${rounds} round${rounds === 1 ? "" : "s"}; load average ${loadavg()}`,
  );

  // Each output sits alone in a folder, so deleting that folder also deletes the versioned folder the output links to.
  const outs = { baseline: path.join(root, "baseline", "out"), cold: path.join(root, "cold", "out"), warm: path.join(root, "warm", "out") };
  const build = (out: string, cache: boolean) => [BIN, "build", ...(cache ? [] : ["--no-cache"]), "--links", "warn", "-q", "--content", content, "--out", out];
  const baseline: Measure[] = [];
  const cold: Measure[] = [];
  let output: OutputFacts | undefined;
  let reader: ReaderCost | undefined;
  let sharded: CorpusResult["sharded"];
  for (let round = 1; round <= rounds; round++) {
    // Each output goes as soon as it is measured: at 100k, one takes gigabytes.
    // Run from the project so the baseline's imports resolve.
    baseline.push(await measure(`baseline, round ${round}/${rounds}`, baselineArgs(content, outs.baseline), PROJECT));
    rm(path.dirname(outs.baseline));
    const run = await measure(`cold build, round ${round}/${rounds}`, build(outs.cold, false), root);
    cold.push(run);
    if (!run.failed) {
      output = measureOutput(outs.cold);
      reader = await measureReaderCost(outs.cold);
      console.log(`  reader: ${describeReader(reader)}`);
      if (shards && !sharded) sharded = await measureShards(root, content, shards, outs.cold);
    }
    rm(path.dirname(outs.cold));
  }

  const result = {
    corpus: name,
    shape,
    pages: generated.pages,
    rounds,
    measuredAt: new Date().toISOString(),
    ...tree,
    baseline,
    cold,
    output,
    reader,
    ...(sharded && { sharded }),
  };
  if (!withWarm) return { ...result, warm: [] };
  rm(path.join(root, ".cache"));
  const fill = await measure("cache-filling build", build(outs.warm, true), root);
  const warm: Measure[] = [];
  // A warm build after a failed fill would be a second cold build; it is reported as skipped instead.
  for (let round = 1; round <= rounds && !fill.failed; round++) warm.push(await measure(`warm build, round ${round}/${rounds}`, build(outs.warm, true), root));
  return { ...result, fill, warm };
}

/** Writes the JSON report and prints the tables, the targets (against this run's reference corpora, or the report's earlier ones) and what the figures mean. */
function report(results: CorpusResult[]): void {
  const earlier = readReport(REPORT).corpora;
  const reference = (name: keyof References) => results.find((r) => r.corpus === name) ?? earlier[name];
  const refs: References = { "143": reference("143"), "1k": reference("1k"), "10k": reference("10k") };
  writeReport(REPORT, results);
  console.log(`\n${formatTable(results)}\n`);
  console.log(`what a reader pays (gzipped, KB = 1024 bytes):\n\n${formatReaderTable(results)}\n`);
  console.log("targets (from the issue):");
  for (const line of formatTargets(results, refs)) console.log(`  ${line}`);
  for (const line of results.flatMap(formatShards)) console.log(line);
  for (const line of formatFailures(results)) console.log(`failed run: ${line}`);
  for (const line of formatCodeChanges(results)) console.log(`note: ${line}`);
  console.log(`\nms/page: median wall time of the successful runs over the pages of the corpus; warm: median of the builds after the cache-filling one.`);
  console.log(
    `peak RSS: the highest of all runs (MB = 10^6 bytes, the largest single process of each run, from ${TIME} -f %M); output / page: the cold build's output folder over the pages.`,
  );
  console.log(
    `first visit: ${VISITED_PAGE}'s HTML, the scripts and stylesheets it loads, sw.js and every file of its precache manifest, each once; first search: the index root and parts a fresh searcher loads for the query, plus the search chunk and its imports; route table on navigation: the table a client navigation to ${NAVIGATED_PAGE} fetches.`,
  );
  console.log(`load average at the end: ${loadavg()} (on ${os.cpus().length} cores). Results also in ${path.relative(PROJECT, REPORT)}.`);
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (!fs.statSync(CORPUS, { throwIfNoEntry: false })?.isDirectory()) {
    process.stderr.write(
      `corpus not found at ${CORPUS}: the scale benchmark generates its corpora from ${CORPUS_RELATIVE} (relative to the project), which comes with ../shared\n`,
    );
    return 1;
  }
  const git = (...gitArgs: string[]) => spawnSync("git", gitArgs, { cwd: PROJECT, encoding: "utf8" }).stdout ?? "";
  const tree = {
    commit: git("rev-parse", "HEAD").trim() || "unknown",
    uncommitted: git("status", "--porcelain")
      .split("\n")
      .map((line) => line.slice(3))
      .filter(Boolean),
  };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "docs-build-scale-"));
  const release = stopOnSignal(tmp, () => {
    interrupted = true;
  });

  console.log(`corpus: ${CORPUS}; generated corpora in ${tmp}`);
  console.log(
    `machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}; commit ${tree.commit.slice(0, 10)} with ${tree.uncommitted.length} uncommitted paths`,
  );
  if (!measureRss) console.log(`peak RSS: n/a (${TIME} with -f %M is not available)`);
  const results: CorpusResult[] = [];
  try {
    for (const name of args.only) {
      try {
        results.push(
          await measureCorpus(
            name,
            { rounds: args.rounds ?? DEFAULT_ROUNDS[name], warm: !args.coldOnly, ...(args.shards && { shards: args.shards }) },
            tmp,
            tree,
          ),
        );
      } finally {
        // A 10k corpus and its outputs take gigabytes: each goes as soon as it is measured.
        rm(path.join(tmp, name));
      }
    }
  } catch (error) {
    if (error instanceof Interrupted) return 130;
    throw error;
  } finally {
    rm(tmp);
    release();
  }

  report(results);
  const failed = results.some((r) => allRuns(r).some((m) => m.failed));
  return failed ? 1 : 0;
}

process.exitCode = await main();
