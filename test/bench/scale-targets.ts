// The targets `npm run bench:scale` reports on, each with the measured figure
// and met / NOT met. Byte figures are gzipped, KB = 1024 bytes.
import { fixed, kib, mb, summarize, type CorpusResult } from "./scale-report.ts";

/** The targets, by what they bound. */
export const TARGETS = {
  /** First visit at 10k and 100k, as a multiple of the 143-page corpus's. */
  firstVisitOver143: 1.1,
  /** First search (index root and parts plus the search code), for every byte query, in KB, by corpus. */
  firstSearchKB: { "143": 150, "10k": 300 } as Readonly<Record<string, number>>,
  /** The route table a first client navigation fetches at 10k, in KB. */
  routingKB: 20,
  /** The largest sidebar anchors file in nested-2k, gzipped, in KB. */
  sidebarKB: 100,
  /** Peak RSS at 100k, in MB. */
  rssMB: 1000,
  /** Peak RSS at 30k and at 100k over 10k's. */
  rssOver10k: 1.15,
  /** Cold ms per page at 100k over 1k's. */
  perPage100kOver1k: 1.2,
  /** Cold over the (plain JavaScript) baseline at 1k and 10k, and warm over cold at 10k. */
  coldOverBaseline: 0.7,
  warmOverCold: 0.1,
};

/** The corpora whose figures other corpora's targets are taken against: this run's result, or an earlier one from the JSON report. */
export type References = Partial<Record<"143" | "1k" | "10k", CorpusResult>>;

const verdict = (value: number | undefined, limit: number, shown: string) =>
  value === undefined ? "not measured" : `${shown} — ${value <= limit ? "met" : "NOT met"}`;

/** Says where a reference figure comes from: this run, or an earlier run of the JSON report (with its time). */
function source(reference: CorpusResult | undefined, results: CorpusResult[]): string {
  if (!reference) return " (no figure to compare with: measure it in this run or an earlier one)";
  return results.includes(reference) ? ` (${reference.corpus} from this run)` : ` (${reference.corpus} from an earlier run, ${reference.measuredAt})`;
}

/** A ratio of two figures, undefined unless both are there. */
const ratio = (value?: number, of?: number) => (value !== undefined && of !== undefined ? value / of : undefined);

/** The targets on what a reader pays: first visit, first search, routing and sidebar. */
function readerLines(result: CorpusResult, results: CorpusResult[], refs: References): string[] {
  const name = result.corpus;
  const r = result.reader;
  const lines: string[] = [];
  if (name === "10k" || name === "100k") {
    const reference = refs["143"]?.reader?.firstVisit.gzipBytes;
    const growth = ratio(r?.firstVisit.gzipBytes, reference);
    lines.push(
      `${name}: first visit ≤ ${TARGETS.firstVisitOver143} × 143's (${kib(reference)}): ${verdict(growth, TARGETS.firstVisitOver143, `${kib(r?.firstVisit.gzipBytes)}, ${fixed(growth, 2, " ×")}`)}${source(refs["143"], results)}`,
    );
  }
  const searchKB = TARGETS.firstSearchKB[name];
  if (searchKB !== undefined) {
    for (const search of r?.firstSearch ?? [undefined]) {
      const query = search ? `"${search.query}"` : "(every byte query)";
      lines.push(
        `${name}: first search ${query} ≤ ${searchKB} KB with the search code: ${verdict(search && search.gzipBytes / 1024, searchKB, kib(search?.gzipBytes))}`,
      );
    }
  }
  if (name === "10k") {
    const table = r?.navigationTable;
    lines.push(
      `${name}: routing data of the first client navigation ≤ ${TARGETS.routingKB} KB: ${verdict(table && table.gzipBytes / 1024, TARGETS.routingKB, kib(table?.gzipBytes))}`,
    );
  }
  if (name === "nested-2k") {
    const sidebar = r?.largestSidebar;
    const shown = sidebar ? `${kib(sidebar.gzipBytes)} (${kib(sidebar.bytes)} raw, ${sidebar.path})` : "n/a";
    lines.push(`${name}: largest sidebar JSON ≤ ${TARGETS.sidebarKB} KB gzipped: ${verdict(sidebar && sidebar.gzipBytes / 1024, TARGETS.sidebarKB, shown)}`);
  }
  return lines;
}

/** The targets on the build: peak RSS, time per page, cold against the baseline and warm against cold. */
function buildLines(result: CorpusResult, results: CorpusResult[], refs: References): string[] {
  const name = result.corpus;
  const s = summarize(result);
  const lines: string[] = [];
  if (name === "100k") {
    lines.push(`${name}: peak RSS ≤ ${mb(TARGETS.rssMB)}: ${verdict(s.buildRssMB, TARGETS.rssMB, mb(s.buildRssMB))}`);
    const growth = ratio(s.coldMsPerPage, refs["1k"] && summarize(refs["1k"]).coldMsPerPage);
    lines.push(
      `${name}: cold per page ≤ ${TARGETS.perPage100kOver1k} × 1k's: ${verdict(growth, TARGETS.perPage100kOver1k, fixed(growth, 2, " ×"))}${source(refs["1k"], results)}`,
    );
  }
  if (name === "30k" || name === "100k") {
    const growth = ratio(s.buildRssMB, refs["10k"] && summarize(refs["10k"]).buildRssMB);
    lines.push(
      `${name}: peak RSS ≤ ${TARGETS.rssOver10k} × 10k's: ${verdict(growth, TARGETS.rssOver10k, `${mb(s.buildRssMB)}, ${fixed(growth, 2, " ×")}`)}${source(refs["10k"], results)}`,
    );
  }
  if (name === "1k" || name === "10k") {
    lines.push(
      `${name}: cold ≤ ${TARGETS.coldOverBaseline} × baseline: ${verdict(s.coldOverBaseline, TARGETS.coldOverBaseline, fixed(s.coldOverBaseline, 2, " ×"))}`,
    );
  }
  if (name === "10k") {
    const warm = s.warmOverCold === undefined ? undefined : s.warmOverCold * 100;
    lines.push(`${name}: warm ≤ ${TARGETS.warmOverCold * 100} % of cold: ${verdict(warm, TARGETS.warmOverCold * 100, fixed(warm, 1, " %"))}`);
  }
  return lines;
}

/** What a corpus's figures are compared with by other corpora, said for a corpus that has no target of its own. */
const ROLES: Record<string, string> = {
  "1k": "its cold per page is what 100k's is compared with",
  "143": "its first visit is what 10k's and 100k's are compared with",
  "10k": "its peak RSS is what 30k's and 100k's are compared with",
};

/**
 * The targets with the measured figure and met / NOT met, one line each, for
 * the corpora of this run. `refs` are the results the ratios are taken
 * against (this run's, or earlier ones from the JSON file; each line says which).
 */
export function formatTargets(results: CorpusResult[], refs: References): string[] {
  return results.flatMap((result) => {
    const lines = [...readerLines(result, results, refs), ...buildLines(result, results, refs)];
    const role = ROLES[result.corpus];
    if (lines.length === 0) return [`${result.corpus}: no targets of its own${role ? `; ${role}` : ""}`];
    return role ? [...lines, `${result.corpus}: ${role}`] : lines;
  });
}
