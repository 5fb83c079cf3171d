import fs from "node:fs/promises";
import path from "node:path";
import { CodeHostError } from "../../code-host/client.ts";
import { failureMessage, openCodeHostCommand, type CodeHostCommand, type CodeHostCommandOptions } from "../../code-host/command.ts";
import type { BuildContext } from "../../context/context.ts";
import { printProblems } from "../../report/reporters.ts";
import { formatDuration, task } from "../../report/logger.ts";
import type { PageEntry } from "../../shared/content-types.ts";
import { writeFileAtomic } from "../../output/write-file.ts";
import { CONTRIBUTOR_DATA, handlesToCheck, pageHandles, serializeContributorData, type ContributorData } from "../../data-files/contributors.ts";
import { applyChecks, authorsOf, missingHandles, type CommitAuthor, type HandleCheck } from "./core.ts";

/** What the check is run on: the indexed pages and the data file as it was read. */
export interface CheckContributorsInput extends CodeHostCommandOptions {
  pages: readonly PageEntry[];
  /** The contributor data file's contents before this run. */
  before: ContributorData;
  /** Also record each page's commit authors from the site repository's history. */
  fromHistory?: boolean;
  /** Re-check handles checked longer ago than this; default 30 days. 0 checks every handle. */
  maxAgeDays?: number;
  /** The time recorded as checked; default now. */
  now?: Date;
  /** When the command started, for the summary's duration (`performance.now()`); default when the check starts. */
  started?: number;
}

export interface CheckContributorsResult {
  checked: HandleCheck[];
  /** Handles that do not exist, with the pages naming them. */
  missing: { handle: string; pages: string[] }[];
  /** Requests that failed, one line each. */
  failures: string[];
  /** Whether the data file changed. */
  written: boolean;
  data: ContributorData;
  /** The summary line and its figures. */
  summary: ContributorsSummary;
}

/** A check's summary line, and the figures it gives. */
interface ContributorsSummary {
  text: string;
  /** Handles checked, and of those the ones that exist and the ones with no account. */
  handles: number;
  exist: number;
  notFound: number;
  /** Requests that failed. */
  failed: number;
  /** Whether the data file changed. */
  written: boolean;
}

/** One handle's outcome: checked, or a failed request (its earlier record is kept). */
type HandleOutcome = { check: HandleCheck } | { handle: string; failure: string };

/** One page's authors from its history; on a failed request, the history it had and why. */
interface HistoryOutcome {
  page: PageEntry;
  handles: string[];
  unmapped: number;
  failure?: string;
}

/**
 * Records each own page's commit authors (`GET /repos/{owner}/{repo}/commits?path=`,
 * every page of results). Pages that no longer exist lose their history; a page
 * whose request fails keeps the history it had, and the failure is returned.
 */
async function readHistory(
  ctx: BuildContext,
  command: CodeHostCommand,
  pages: readonly PageEntry[],
  data: ContributorData,
): Promise<{ history: ContributorData["history"]; failures: string[] }> {
  const { settings, logger } = ctx;
  const [owner, repo] = settings.repository.split("/");
  const own = pages.filter((p) => !p.thirdParty);
  logger.info(`Reading the history of ${own.length} pages in ${settings.repository}`);
  const outcomes = await command.each(
    own,
    async (page): Promise<HistoryOutcome> => {
      // Page paths are relative to the project root, which is the site repository's root.
      const commits = (await command.octokit.paginate("GET /repos/{owner}/{repo}/commits", { owner, repo, path: page.path, per_page: 100 })) as CommitAuthor[];
      return { page, ...authorsOf(commits, settings.contributors.exclude) };
    },
    {
      failed: (page, error): HistoryOutcome => ({
        page,
        handles: data.history[page.path] ?? [],
        unmapped: 0,
        failure: `history of ${page.path}: ${failureMessage(error)}`,
      }),
    },
  );
  const unmapped = outcomes.reduce((sum, o) => sum + o.unmapped, 0);
  if (unmapped) logger.info(`${unmapped} commits have no code-host account for their author and were left out`);
  return {
    history: Object.fromEntries(outcomes.filter((o) => o.handles.length > 0).map((o) => [o.page.path, o.handles])),
    failures: outcomes.flatMap((o) => (o.failure ? [o.failure] : [])),
  };
}

/** Asks the code host about each handle (`GET /users/{handle}`); a 404 means the account does not exist. */
async function checkHandles(command: CodeHostCommand, due: readonly string[]): Promise<HandleOutcome[]> {
  return command.each(
    due,
    async (handle): Promise<HandleOutcome> => {
      try {
        const response = await command.octokit.request("GET /users/{username}", { username: handle });
        const name = typeof response.data.name === "string" && response.data.name.trim() ? response.data.name.trim() : undefined;
        return { check: { handle, exists: true, name } };
      } catch (error) {
        if (error instanceof CodeHostError && error.status === 404) return { check: { handle, exists: false } };
        throw error;
      }
    },
    {
      failed: (handle, error) => ({ handle, failure: failureMessage(error) }),
      progress(outcome, counter) {
        if ("failure" in outcome) return `${counter} ! ${outcome.handle}: ${outcome.failure}; its earlier record is kept`;
        const { check } = outcome;
        if (!check.exists) return `${counter} ✗ ${check.handle}: no such account`;
        return `${counter} ✓ ${check.handle}${check.name ? ` (${check.name})` : ""}`;
      },
    },
  );
}

/** Writes the data file when its text changed; true when it did. */
async function writeData(ctx: BuildContext, data: ContributorData): Promise<boolean> {
  const file = path.join(ctx.paths.content, CONTRIBUTOR_DATA);
  const text = serializeContributorData(data);
  const previous = await fs.readFile(file, "utf8").catch(() => undefined);
  if (previous === text) return false;
  await writeFileAtomic(file, text);
  return true;
}

/** The closing summary: its figures, and its lines (counts, where the data went, and the handles left out with the pages naming them). */
function summarize(ctx: BuildContext, result: Omit<CheckContributorsResult, "summary">, elapsedMs: number): { summary: ContributorsSummary; lines: string[] } {
  const { checked, failures, missing, written } = result;
  const exist = checked.filter((c) => c.exists).length;
  const file = ctx.display(path.join(ctx.paths.content, CONTRIBUTOR_DATA));
  const text =
    `Checked ${checked.length} handle${checked.length === 1 ? "" : "s"} in ${formatDuration(elapsedMs)}: ${exist} exist, ${checked.length - exist} not found, ${failures.length} failed; ` +
    (written ? `wrote ${file}` : `${file} unchanged`);
  const lines = [text];
  if (missing.length)
    lines.push("Not on the code host, so left out of every page's contributors:", ...missing.map((m) => `  ${m.handle} (${m.pages.join(", ")})`));
  return { summary: { text, handles: checked.length, exist, notFound: checked.length - exist, failed: failures.length, written }, lines };
}

/**
 * The contributors check: asks the code host about every handle the pages
 * name and records whether it exists in `content/_data/contributors.json`,
 * which the build reads instead of the network. With `fromHistory`, first
 * records each page's commit authors. A failed request keeps what the file
 * said before; the check then throws PartialFailure (exit 1).
 */
export async function checkContributors(ctx: BuildContext, input: CheckContributorsInput): Promise<CheckContributorsResult> {
  const started = input.started ?? performance.now();
  const { settings, logger } = ctx;
  const command = await openCodeHostCommand(ctx, input);
  const now = input.now ?? new Date();
  let data: ContributorData = { handles: { ...input.before.handles }, history: { ...input.before.history } };
  const failures: string[] = [];
  if (input.fromHistory) {
    const read = await task(logger, "read history", () => readHistory(ctx, command, input.pages, data));
    data = { ...data, history: read.history };
    failures.push(...read.failures);
  }

  const due = handlesToCheck(input.pages, data, {
    exclude: settings.contributors.exclude,
    now: now.getTime(),
    maxAgeMs: (input.maxAgeDays ?? 30) * 86_400_000,
  });
  logger.info(`Checking ${due.length} handle${due.length === 1 ? "" : "s"} on the code host (${Object.keys(data.handles).length} known)`);
  const outcomes = await task(logger, "check handles", () => checkHandles(command, due));
  const checked = outcomes.flatMap((o) => ("check" in o ? [o.check] : [])).sort((a, b) => a.handle.localeCompare(b.handle));
  failures.push(...outcomes.flatMap((o) => ("failure" in o ? [`${o.handle}: ${o.failure}`] : [])));
  data = applyChecks(data, checked, now.toISOString());
  const written = await writeData(ctx, data);

  const missing = missingHandles(
    input.pages.map((p) => ({ path: p.path, handles: pageHandles(p, data) })),
    data,
  );
  await printProblems(ctx.problems.sorted(), logger, (d) => !d.fatal && d.ruleId === "contributor-data");
  const result = { checked, missing, failures, written, data };
  const { summary, lines } = summarize(ctx, result, performance.now() - started);
  return command.finish({
    result: { ...result, summary },
    summary: lines,
    failures,
    message: `${failures.length} request${failures.length === 1 ? "" : "s"} failed; what the file said before was kept for them. Run the command again later.`,
  });
}
