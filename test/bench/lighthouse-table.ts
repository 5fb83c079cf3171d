// How `npm run bench:lighthouse` prints its figures: one table row per page
// and form factor, the failed audits under it, and which targets are met.
import { CATEGORIES, type Aggregate, type Category } from "./lighthouse-summary.ts";

/** Lighthouse's two form factors as the bench runs them: its default mobile emulation and its desktop preset. */
export type FormFactor = "mobile" | "desktop";

/** The medians of one page in one form factor. */
export interface Row {
  page: string;
  form: FormFactor;
  result: Aggregate;
}

/** The targets: 100 in accessibility, best practices and SEO everywhere, and performance 95 or more on mobile. */
export const TARGETS = { others: 100, mobilePerformance: 95 } as const;

const SHORT: Record<Category, string> = { performance: "perf", accessibility: "a11y", "best-practices": "best pr.", seo: "SEO" };

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** A score's median, with its range across runs when the runs disagree. */
function score(s: Aggregate["scores"][Category]): string {
  return s.min === s.max ? String(s.median) : `${s.median} (${s.min}–${s.max})`;
}

/** Pads the columns of a table of strings to their widest cell. */
function columns(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  return rows.map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]))
      .join("  ")
      .trimEnd(),
  );
}

/**
 * Formats the result table: per page and form factor the median scores (with
 * their range when the runs differ) and median FCP, LCP, TBT, CLS and Speed Index.
 */
export function formatTable(rows: readonly Row[]): string {
  const header = ["page", "form", ...CATEGORIES.map((id) => SHORT[id]), "FCP", "LCP", "TBT", "CLS", "SI"];
  const body = rows.map(({ page, form, result: r }) => [
    page,
    form,
    ...CATEGORIES.map((id) => score(r.scores[id])),
    seconds(r.metrics.fcp),
    seconds(r.metrics.lcp),
    `${Math.round(r.metrics.tbt)} ms`,
    r.metrics.cls.toFixed(3),
    seconds(r.metrics.si),
  ]);
  return columns([header, ...body]).join("\n");
}

/** Lists, per page and form factor, the audits that failed in any run and Lighthouse's warnings. */
export function formatFailures(rows: readonly Row[]): string {
  const lines: string[] = [];
  for (const { page, form, result } of rows) {
    const failed = result.failed.map((f) => `${f.id} (${f.note}; ${f.count}/${result.runs} runs)`);
    lines.push(`  ${page} ${form}: ${failed.length ? failed.join(", ") : "none"}`);
    for (const warning of result.warnings) lines.push(`    warning: ${warning}`);
  }
  return ["failed audits (score < 1 outside performance; opportunities worth > 0 ms):", ...lines].join("\n");
}

/** One target with whether every page meets it, and the medians that miss it. */
export interface TargetCheck {
  target: string;
  met: boolean;
  misses: string[];
}

/** Checks the median scores against the targets. */
export function checkTargets(rows: readonly Row[]): TargetCheck[] {
  const others: string[] = [];
  const performance: string[] = [];
  for (const { page, form, result } of rows) {
    for (const id of CATEGORIES) {
      const value = result.scores[id].median;
      if (id !== "performance" && value < TARGETS.others) others.push(`${page} ${form} ${id} ${value}`);
    }
    const perf = result.scores.performance.median;
    if (form === "mobile" && perf < TARGETS.mobilePerformance) performance.push(`${page} mobile performance ${perf}`);
  }
  return [
    { target: `accessibility, best practices and SEO ${TARGETS.others}`, met: others.length === 0, misses: others },
    { target: `performance ≥ ${TARGETS.mobilePerformance} on mobile emulation`, met: performance.length === 0, misses: performance },
  ];
}

/** Formats the target checks, one line each: met, or not met with the medians that miss. */
export function formatTargets(checks: readonly TargetCheck[]): string {
  return ["targets (medians):", ...checks.map((c) => `  ${c.target}: ${c.met ? "met" : `not met (${c.misses.join("; ")})`}`)].join("\n");
}
