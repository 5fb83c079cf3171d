// `npm run bench:serve`: the dev server on generated sites of growing size. A
// report, not a test: it exits 0 whether or not the target is met, and 1 only
// when the server answered an error or a rebuild failed.
//
//   npm run bench:serve [-- --only 143,1k,10k] [--rounds N]
//
// For each corpus (scale-corpus.ts, generated from ../shared/corpus/webpack-docs
// into a temporary folder), `docs-build serve` runs in this process, as the
// command runs it: its first build fills the cache from nothing (at 10k that
// takes about 6 minutes on 2 cores). Then guides/caching.mdx gets a paragraph
// appended N + 1 times (default 4 + 1), each edit after the rebuild of the one
// before; the first warms the builder and is not counted. Measures, from the
// write: the edited page's reload event, and the end of the whole-site rebuild
// that follows (the search index, content chunks, the link check, the llms
// files). Target: that rebuild within 5 s at 10,000 pages.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CORPUS, CORPUS_RELATIVE, copyProjectFiles, loadavg, median, stopOnSignal } from "./bench-harness.ts";
import { SCALE_CORPORA, generateCorpus, type ScaleCorpusName } from "./scale-corpus.ts";
import { measureServe, ServeFailed } from "./serve-measure.ts";

const USAGE = "npm run bench:serve [-- --only 143,1k,10k] [--rounds N]";
const PAGE = "guides/caching.mdx";
/** The whole-site rebuild after one edit, at 10,000 pages (milliseconds). */
const TARGET_10K_MS = 5000;

/** Reads `--only a,b` (default 143,1k,10k) and `--rounds N` (default 4); anything else prints the usage and exits 2. */
function parseArgs(argv: readonly string[]): { only: ScaleCorpusName[]; rounds: number } {
  let only: string[] = ["143", "1k", "10k"];
  let rounds = 4;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2);
    const value = inline ?? argv[++i];
    if (flag === "--only") only = (value ?? "").split(",");
    else if (flag === "--rounds" && /^[1-9]\d*$/.test(value ?? "")) rounds = Number(value);
    else {
      process.stderr.write(`unknown or bad argument ${argv[i]}\nusage: ${USAGE}\n`);
      process.exit(2);
    }
  }
  const unknown = only.filter((name) => !(name in SCALE_CORPORA));
  if (unknown.length > 0) {
    process.stderr.write(`--only takes names of ${Object.keys(SCALE_CORPORA).join(", ")}; got ${unknown.join(",")}\nusage: ${USAGE}\n`);
    process.exit(2);
  }
  return { only: only as ScaleCorpusName[], rounds };
}

const range = (values: number[]) => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))} ms`;

async function main(): Promise<number> {
  const { only, rounds } = parseArgs(process.argv.slice(2));
  if (!fs.statSync(CORPUS, { throwIfNoEntry: false })?.isDirectory()) {
    process.stderr.write(`corpus not found at ${CORPUS}: the serve benchmark generates its sites from ${CORPUS_RELATIVE}, which comes with ../shared\n`);
    return 1;
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "docs-build-serve-"));
  const release = stopOnSignal(tmp, () => undefined);
  console.log(`machine: ${os.cpus().length} cores, node ${process.version}; sites in ${tmp}; ${PAGE} edited ${rounds} + 1 times on each`);
  const rows: string[] = [];
  try {
    for (const name of only) {
      const root = path.join(tmp, name);
      const content = path.join(root, "content");
      const generated = generateCorpus({ source: CORPUS, target: content, shape: SCALE_CORPORA[name] });
      copyProjectFiles(root);
      console.log(`\n${name}: ${generated.pages} pages; load average ${loadavg()}`);
      const started = Date.now();
      const times = (await measureServe(root, content, [PAGE], rounds))[PAGE];
      console.log(`  (first build and ${rounds + 1} edits: ${Math.round((Date.now() - started) / 1000)} s)`);
      const target = name === "10k" ? (median(times.site) <= TARGET_10K_MS ? "≤ 5 s: met" : "≤ 5 s: not met") : "";
      rows.push(
        `| ${name} | ${generated.pages} | ${Math.round(median(times.reload))} ms (${range(times.reload)}) | ${Math.round(median(times.site))} ms (${range(times.site)}) | ${target} |`,
      );
      fs.rmSync(root, { recursive: true, force: true });
    }
  } catch (error) {
    if (!(error instanceof ServeFailed)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
    release();
  }
  console.log(`\n| corpus | pages | edit to reload, median (range) | edit to whole-site rebuilt, median (range) | target |\n|---|---|---|---|---|`);
  for (const row of rows) console.log(row);
  console.log(`\nload average at the end: ${loadavg()}`);
  return 0;
}

process.exitCode = await main();
