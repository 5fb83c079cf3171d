// The pure part of `npm run bench:lighthouse`: what one Lighthouse result
// (LHR) says about a page, and the medians over several rounds. No browser,
// network or clock here, so the figures can be checked by reading the code.
import type { Result } from "lighthouse";

/** The four categories a run scores, in the order the table prints them. */
export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/** One of the four Lighthouse categories. */
export type Category = (typeof CATEGORIES)[number];

/** The metrics the table prints, by Lighthouse audit id, with their short names. */
export const METRICS = {
  fcp: "first-contentful-paint",
  lcp: "largest-contentful-paint",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
  si: "speed-index",
} as const;

/** The short name of a metric (`fcp`, `lcp`, `tbt`, `cls`, `si`). */
export type Metric = keyof typeof METRICS;

/** What one Lighthouse run found on one page in one form factor. */
export interface RunSummary {
  /** Category scores from 0 to 100. */
  scores: Record<Category, number>;
  /** Metric values: milliseconds, except CLS, which has no unit. */
  metrics: Record<Metric, number>;
  /** Failed audits by id, each with a short note (its displayed value or estimated savings). */
  failed: Map<string, string>;
  /** Lighthouse's own warnings about the run (such as stored data affecting the load). */
  warnings: string[];
}

/** The medians of several runs of one page in one form factor. */
export interface Aggregate {
  runs: number;
  scores: Record<Category, { median: number; min: number; max: number }>;
  metrics: Record<Metric, number>;
  /** Every audit that failed in at least one run, with the runs it failed in and its last note. */
  failed: { id: string; note: string; count: number }[];
  warnings: string[];
}

/** Scoring modes whose score means pass or fail; informative, manual and not-applicable audits say neither. */
const SCORED = new Set(["binary", "numeric", "metricSavings"]);

/**
 * Reads one Lighthouse result: the four category scores, the five metrics, and
 * the failed audits, meaning audits scored below 1 in accessibility, best
 * practices and SEO, and performance opportunities worth more than 0 ms.
 * Throws when Lighthouse reports a runtime error, since its scores would then be empty.
 */
export function summarizeRun(lhr: Result): RunSummary {
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${lhr.requestedUrl}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = {} as Record<Category, number>;
  for (const id of CATEGORIES) {
    const score = lhr.categories[id]?.score;
    if (typeof score !== "number") throw new Error(`Lighthouse gave no ${id} score for ${lhr.requestedUrl}`);
    scores[id] = Math.round(score * 100);
  }
  const metrics = {} as Record<Metric, number>;
  for (const [name, id] of Object.entries(METRICS) as [Metric, string][]) {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== "number") throw new Error(`Lighthouse gave no ${id} value for ${lhr.requestedUrl}`);
    metrics[name] = value;
  }
  return { scores, metrics, failed: failedAudits(lhr), warnings: lhr.runWarnings.map(String) };
}

function failedAudits(lhr: Result): Map<string, string> {
  const failed = new Map<string, string>();
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit) continue;
      if (id === "performance") {
        // Metrics and diagnostics are covered by the score; only opportunities name a saving to act on.
        const details = audit.details;
        const savings = details?.type === "opportunity" ? (details.overallSavingsMs ?? 0) : 0;
        if (details?.type === "opportunity" && savings > 0) {
          const bytes = details.overallSavingsBytes ? `, ${Math.round(details.overallSavingsBytes / 1024)} KiB` : "";
          failed.set(ref.id, `${Math.round(savings)} ms${bytes}`);
        }
      } else if (SCORED.has(audit.scoreDisplayMode) && typeof audit.score === "number" && audit.score < 1) {
        failed.set(ref.id, audit.displayValue ?? `score ${audit.score}`);
      }
    }
  }
  return failed;
}

/** The median of a non-empty list; the mean of the two middle values for an even count. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Combines the runs of one page and form factor into medians, score spreads and the union of failed audits. */
export function aggregate(runs: readonly RunSummary[]): Aggregate {
  const scores = {} as Aggregate["scores"];
  for (const id of CATEGORIES) {
    const values = runs.map((run) => run.scores[id]);
    scores[id] = { median: median(values), min: Math.min(...values), max: Math.max(...values) };
  }
  const metrics = {} as Record<Metric, number>;
  for (const name of Object.keys(METRICS) as Metric[]) metrics[name] = median(runs.map((run) => run.metrics[name]));
  const failed = new Map<string, { note: string; count: number }>();
  for (const run of runs) {
    for (const [id, note] of run.failed) failed.set(id, { note, count: (failed.get(id)?.count ?? 0) + 1 });
  }
  return {
    runs: runs.length,
    scores,
    metrics,
    failed: [...failed].map(([id, { note, count }]) => ({ id, note, count })).sort((a, b) => b.count - a.count || a.id.localeCompare(b.id)),
    warnings: [...new Set(runs.flatMap((run) => run.warnings))],
  };
}
