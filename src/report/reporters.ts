import { formatDiagnostic, type Diagnostic } from "./diagnostics.ts";
import type { Logger } from "./logger.ts";

/**
 * How a command speaks: `pretty` for a person at a terminal; `github` for
 * GitHub Actions, whose log turns `::error file=…::` lines into annotations
 * on the files of a pull request and folds `::group::` blocks; `json` for
 * tools: one JSON document when the command ends (see report-format.ts).
 */
export const REPORTERS = ["pretty", "github", "json"] as const;
export type ReporterName = (typeof REPORTERS)[number];

/** The reporter when none is asked for: `github` inside GitHub Actions, else `pretty`. */
export function defaultReporter(env: NodeJS.ProcessEnv = process.env): ReporterName {
  return env.GITHUB_ACTIONS === "true" ? "github" : "pretty";
}

/** Problems of one rule shown before the rest of that rule are only counted. */
const SHOWN_PER_RULE = 10;

/** A workflow command's data, escaped as GitHub's runner reads it (`%`, CR and LF). */
const escapeData = (text: string) => text.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
/** A workflow command's property value, escaped as GitHub's runner reads it (also `:` and `,`). */
const escapeProperty = (text: string) => escapeData(text).replaceAll(":", "%3A").replaceAll(",", "%2C");

/** One problem as a GitHub Actions annotation: `::error file=…,line=…,col=…,title=<rule>::<message>`, its hint on the next lines of the message. */
export function annotation(d: Diagnostic): string {
  const properties = [`file=${escapeProperty(d.file)}`, `line=${d.line}`, `col=${d.column}`, `title=${escapeProperty(d.ruleId)}`].join(",");
  return `::${d.fatal ? "error" : "warning"} ${properties}::${escapeData(d.hint ? `${d.message}\n${d.hint}` : d.message)}`;
}

/** One problem as `reporter` prints it. */
const diagnosticText = (d: Diagnostic, reporter: ReporterName | undefined): string => (reporter === "github" ? annotation(d) : formatDiagnostic(d));

/**
 * Shows the first {@link SHOWN_PER_RULE} problems of each rule and counts
 * the rest: a site that repeats one broken link in every section reports it
 * ten times and a count, not a thousand times.
 */
class PerRule {
  readonly #seen = new Map<string, { shown: number; more: number; fatal: boolean }>();
  constructor(readonly limit = SHOWN_PER_RULE) {}

  /** True when `d` is to be shown; false when it is only counted. */
  show(d: Diagnostic): boolean {
    const rule = this.#seen.get(d.ruleId) ?? { shown: 0, more: 0, fatal: false };
    this.#seen.set(d.ruleId, rule);
    rule.fatal ||= d.fatal;
    if (rule.shown < this.limit) {
      rule.shown++;
      return true;
    }
    rule.more++;
    return false;
  }

  /** A line per rule some of whose problems were only counted: `… and 338 more broken-link warnings (10 shown above)`. */
  summary(): string[] {
    return [...this.#seen]
      .filter(([, rule]) => rule.more > 0)
      .map(([id, rule]) => `… and ${rule.more} more ${id} ${rule.fatal ? "problems" : "warnings"} (${rule.shown} shown above)`);
  }
}

/** The lines of a list of problems as `reporter` prints them, each rule's first {@link SHOWN_PER_RULE} in full and the rest counted. */
export function problemLines(list: Iterable<Diagnostic>, reporter: ReporterName): string[] {
  const perRule = new PerRule();
  const lines: string[] = [];
  for (const d of list) if (perRule.show(d)) lines.push(diagnosticText(d, reporter));
  return [...lines, ...perRule.summary()];
}

/**
 * Prints problems (sorted by the caller), each rule's first ten in full and a
 * count of the rest, as the logger's reporter says (the json reporter takes
 * every one); `each` sees every problem and returns false for one not to print.
 */
export async function printProblems(problems: AsyncIterable<Diagnostic>, logger: Logger, each: (d: Diagnostic) => boolean = () => true): Promise<void> {
  const perRule = new PerRule();
  for await (const d of problems) {
    if (!each(d)) continue;
    if (logger.problem) logger.problem(d);
    else if (perRule.show(d)) logger.warn(diagnosticText(d, logger.reporter));
  }
  for (const line of perRule.summary()) logger.warn(line);
}
