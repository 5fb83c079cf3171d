// The figures and the report of `npm run bench:scale` (scale-bench.ts): what a
// build wrote, the per-corpus summary, the markdown tables and the JSON file
// (the targets are in scale-targets.ts). Kept apart from the measuring so each
// reads on its own.
import fs from "node:fs";
import path from "node:path";
import { median } from "./bench-harness.ts";
import { BYTE_QUERIES } from "./split-search.ts";
import type { ReaderCost, SizedFile } from "./reader-cost.ts";
import type { CorpusShape } from "./scale-corpus.ts";

/** One run of a child: wall time, peak RSS, and why it failed when it did. */
export interface Measure {
  seconds: number;
  /** Peak resident set size in kilobytes (GNU time's %M), when measured. */
  rssKB?: number;
  /** `failed: <line of stderr>` for a run that did not exit 0. */
  failed?: string;
  /** The code version (bench-harness `codeVersion`) when the run began, and whether it changed before the run ended. */
  code?: string;
  codeChanged?: boolean;
}

/** An HTML file of the output and its size. */
export interface HtmlFile {
  path: string;
  bytes: number;
}

/** What one cold build wrote. */
export interface OutputFacts {
  bytes: number;
  files: number;
  /** The largest HTML file of all, printable pages included. */
  largestHtml?: HtmlFile;
  /** The largest HTML file other than a section's printable page (which holds the whole section by design). */
  largestPageHtml?: HtmlFile;
}

/** Everything measured on one corpus, as it goes into the JSON file. */
export interface CorpusResult {
  corpus: string;
  shape: CorpusShape;
  pages: number;
  rounds: number;
  /** ISO time the corpus was measured and the commit checked out then (the tree may have had changes). */
  measuredAt: string;
  commit: string;
  /** Paths `git status --porcelain` listed when the run began: the working tree is shared, so the code measured may differ from `commit`. */
  uncommitted: string[];
  baseline: Measure[];
  cold: Measure[];
  /** The build that filled the cache; missing when the cold builds were not followed by one. */
  fill?: Measure;
  warm: Measure[];
  /** What the last successful cold build wrote. */
  output?: OutputFacts;
  /** What a reader pays on the last successful cold build's output (reader-cost.ts). */
  reader?: ReaderCost;
  /** With `--shards N`: each shard's build, the merge, and whether the merged site is the cold build's byte for byte (else the first difference). */
  sharded?: { shards: Measure[]; merge: Measure; identical: true | string };
}

/** Size, file count and largest HTML files under an output folder, following the output's own symlink (`out -> .out-v-…`). */
export function measureOutput(out: string): OutputFacts {
  const root = fs.realpathSync(out);
  const facts: OutputFacts = { bytes: 0, files: 0 };
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath ?? entry.path, entry.name);
    const bytes = fs.statSync(full).size;
    facts.bytes += bytes;
    facts.files++;
    if (!entry.name.endsWith(".html")) continue;
    const file = { path: path.relative(root, full).split(path.sep).join("/"), bytes };
    if (!facts.largestHtml || bytes > facts.largestHtml.bytes) facts.largestHtml = file;
    if (!/(^|\/)printable\/index\.html$/.test(file.path) && (!facts.largestPageHtml || bytes > facts.largestPageHtml.bytes)) facts.largestPageHtml = file;
  }
  return facts;
}

/** The figures of one corpus that the table and the targets use; undefined where nothing succeeded. */
export interface Summary {
  baselineMsPerPage?: number;
  coldMsPerPage?: number;
  coldOverBaseline?: number;
  warmSeconds?: number;
  warmOverCold?: number;
  baselineRssMB?: number;
  buildRssMB?: number;
}

/** The docs-build runs of a corpus: cold, cache fill and warm. */
const buildRuns = (result: CorpusResult) => [...result.cold, ...(result.fill ? [result.fill] : []), ...result.warm];

/** Every run of a corpus, baseline included. */
export const allRuns = (result: CorpusResult) => [
  ...result.baseline,
  ...buildRuns(result),
  ...(result.sharded ? [...result.sharded.shards, result.sharded.merge] : []),
];

const ok = (runs: Measure[]) => runs.filter((run) => !run.failed);
const medianSeconds = (runs: Measure[]) => (ok(runs).length ? median(ok(runs).map((run) => run.seconds)) : undefined);
/** The highest peak RSS of some runs in MB (10^6 bytes), failed runs included: their peak happened too. */
const peakMB = (runs: Measure[]) => {
  const values = runs.map((run) => run.rssKB).filter((kb): kb is number => kb !== undefined);
  return values.length ? (Math.max(...values) * 1024) / 1e6 : undefined;
};

/** Medians of the successful runs (per page for baseline and cold), their ratios and the highest peak RSS. */
export function summarize(result: CorpusResult): Summary {
  const base = medianSeconds(result.baseline);
  const cold = medianSeconds(result.cold);
  const warm = medianSeconds(result.warm);
  const perPage = (seconds?: number) => (seconds === undefined ? undefined : (seconds * 1000) / result.pages);
  return {
    baselineMsPerPage: perPage(base),
    coldMsPerPage: perPage(cold),
    coldOverBaseline: cold !== undefined && base !== undefined ? cold / base : undefined,
    warmSeconds: warm,
    warmOverCold: warm !== undefined && cold !== undefined ? warm / cold : undefined,
    baselineRssMB: peakMB(result.baseline),
    buildRssMB: peakMB(buildRuns(result)),
  };
}

/** Megabytes (10^6 bytes) as `933 MB` or `1.39 GB`; `n/a` for none. */
export const mb = (value?: number) => (value === undefined ? "n/a" : value >= 1000 ? `${(value / 1000).toFixed(2)} GB` : `${Math.round(value)} MB`);
/** A number with `digits` decimals and a unit; `n/a` for none. */
export const fixed = (value: number | undefined, digits: number, unit = "") => (value === undefined ? "n/a" : `${value.toFixed(digits)}${unit}`);
const kb = (file?: HtmlFile) => (file ? `${file.path} (${(file.bytes / 1024).toFixed(0)} KB)` : "n/a");

/** A failed run as `failed: … (after 289 s, 4.46 GB)`. */
const describeFailure = (run: Measure) => `${run.failed} (after ${run.seconds.toFixed(0)} s, ${mb(peakMB([run]))})`;

/** The cell of some runs: the failure when all failed, the figure (with how many failed) otherwise. */
function orFailure(runs: Measure[], figure: string): string {
  const failed = runs.filter((run) => run.failed);
  if (failed.length === 0) return figure;
  if (ok(runs).length === 0) return describeFailure(failed[0]).replaceAll("|", "\\|");
  return `${figure} (${failed.length} of ${runs.length} failed)`;
}

/** One line per failed run, naming the measure and round, for below the table. */
export function formatFailures(results: CorpusResult[]): string[] {
  return results.flatMap((result) => {
    const named: Array<[string, Measure[]]> = [
      ["baseline", result.baseline],
      ["cold build", result.cold],
      ["cache-filling build", result.fill ? [result.fill] : []],
      ["warm build", result.warm],
    ];
    return named.flatMap(([label, runs]) =>
      runs.flatMap((run, i) => (run.failed ? [`${result.corpus}, ${label}${runs.length > 1 ? ` round ${i + 1}` : ""}: ${describeFailure(run)}`] : [])),
    );
  });
}

const markdownTable = (head: string[], rows: string[][]) => [head, head.map(() => "---"), ...rows].map((cells) => `| ${cells.join(" | ")} |`).join("\n");

/** The results as a markdown table, one row per corpus. */
export function formatTable(results: CorpusResult[]): string {
  const head = [
    "corpus",
    "pages",
    "baseline ms/page",
    "cold ms/page",
    "cold / baseline",
    "warm",
    "warm / cold",
    "peak RSS baseline",
    "peak RSS docs-build",
    "output / page",
    "largest HTML",
    "largest non-printable HTML",
  ];
  const rows = results.map((result) => {
    const s = summarize(result);
    const warmRuns = result.fill?.failed ? [result.fill] : result.warm;
    return [
      result.corpus,
      String(result.pages),
      orFailure(result.baseline, fixed(s.baselineMsPerPage, 1)),
      orFailure(result.cold, fixed(s.coldMsPerPage, 1)),
      fixed(s.coldOverBaseline, 2, " ×"),
      orFailure(warmRuns, `${fixed(s.warmSeconds, 2, " s")}${warmAfterChange(result) ? " (code changed after the fill)" : ""}`),
      fixed(s.warmOverCold === undefined ? undefined : s.warmOverCold * 100, 1, " %"),
      mb(s.baselineRssMB),
      mb(s.buildRssMB),
      result.output ? `${(result.output.bytes / result.pages / 1024).toFixed(0)} KB` : "n/a",
      kb(result.output?.largestHtml),
      kb(result.output?.largestPageHtml),
    ];
  });
  return markdownTable(head, rows);
}

/** Bytes as kilobytes (1024 bytes) with one decimal: `12.3 KB`; `n/a` for none. */
export const kib = (bytes?: number) => (bytes === undefined ? "n/a" : `${(bytes / 1024).toFixed(1)} KB`);
const sized = (file?: SizedFile, raw = false) => (file ? `${file.path} (${raw ? `${kib(file.bytes)}, ` : ""}${kib(file.gzipBytes)} gzipped)` : "n/a");

/** What a reader pays, one row per corpus: gzipped bytes of the first visit, each byte query's first search, the routing data and the largest sidebar file. */
export function formatReaderTable(results: CorpusResult[]): string {
  const head = [
    "corpus",
    "first visit",
    ...BYTE_QUERIES.map((query) => `first search "${query}"`),
    "of which search code",
    "route table on navigation",
    "largest route table",
    "largest sidebar JSON",
  ];
  const rows = results.map((result) => {
    const r = result.reader;
    if (!r) return [result.corpus, ...head.slice(1).map(() => "n/a")];
    const { gzipBytes, files, searchIndexGzipBytes, missing } = r.firstVisit;
    const visit = `${kib(gzipBytes)} (${files} files, search index ${kib(searchIndexGzipBytes)}${missing.length ? `; missing: ${missing.join(", ")}` : ""})`;
    const searches = BYTE_QUERIES.map((query) => {
      const search = r.firstSearch.find((s) => s.query === query);
      return search ? `${kib(search.gzipBytes)} (${search.indexFiles} index files)` : "n/a";
    });
    return [
      result.corpus,
      visit,
      ...searches,
      kib(r.searchCode.gzipBytes),
      sized(r.navigationTable),
      sized(r.largestRouteTable),
      sized(r.largestSidebar, true),
    ];
  });
  return markdownTable(head, rows);
}

/** Whether the code changed between the cache fill and the end of a warm build, so the warm build missed the cache by no fault of its own. */
function warmAfterChange(result: CorpusResult): boolean {
  const runs = [...(result.fill ? [result.fill] : []), ...result.warm];
  return runs.some((run) => run.codeChanged || run.code !== result.fill?.code);
}

/** A warning per corpus whose docs-build runs saw more than one version of the code (the shared working tree changed under the run). */
export function formatCodeChanges(results: CorpusResult[]): string[] {
  return results.flatMap((result) => {
    const runs = buildRuns(result);
    const versions = new Set(runs.map((run) => run.code));
    const during = runs.filter((run) => run.codeChanged).length;
    if (versions.size <= 1 && during === 0) return [];
    return [
      `${result.corpus}: the code (src/, templates/, site-client/) changed while it was measured: ${versions.size} versions at the starts of runs, ${during} run${during === 1 ? "" : "s"} with a change during the run; its figures mix versions`,
    ];
  });
}

/** The JSON report: results by corpus name, each with the time and commit it was measured at. */
export interface ScaleReport {
  command: string;
  corpora: Record<string, CorpusResult>;
}

/** Reads the JSON report, or an empty one when the file is missing or unreadable. */
export function readReport(file: string): ScaleReport {
  try {
    const report = JSON.parse(fs.readFileSync(file, "utf8")) as ScaleReport;
    if (report && typeof report.corpora === "object") return report;
  } catch {
    // No earlier report: start a new one.
  }
  return { command: "npm run bench:scale", corpora: {} };
}

/** Writes this run's results into the JSON report, keeping earlier results of corpora not measured now (a run of `--only 10k` keeps the 1k figures). */
export function writeReport(file: string, results: CorpusResult[]): void {
  const report = readReport(file);
  for (const result of results) report.corpora[result.corpus] = result;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}
