import fs from "node:fs/promises";
import path from "node:path";
import pLimit from "p-limit";
import { CodeHostError, retryLine, type CodeHostOptions } from "../../code-host/client.ts";
import { loadSettings, type Settings } from "../../config.ts";
import { createContext } from "../../context.ts";
import { formatDiagnostic, sortDiagnostics } from "../../diagnostics.ts";
import { ContentError, PartialFailure } from "../../errors.ts";
import { createLogger, formatDuration, type Logger } from "../../logger.ts";
import { writeFileAtomic } from "../../write-file.ts";
import { runIndexContent } from "../index-content/index.ts";
import { CONTRIBUTOR_DATA, handlesToCheck, pageHandles, readContributorData, serializeContributorData, type ContributorData } from "../../data-files/contributors.ts";
import { applyChecks, authorsOf, missingHandles, type CommitAuthor, type HandleCheck } from "./core.ts";

export interface CheckContributorsOptions {
  root?: string;
  content?: string;
  config?: string;
  settings?: Settings;
  /** Also record each page's commit authors from the site repository's history. */
  fromHistory?: boolean;
  /** Re-check handles checked longer ago than this; default 30 days. 0 checks every handle. */
  maxAgeDays?: number;
  /** Requests at once; default 4. */
  concurrency?: number;
  codeHost?: CodeHostOptions;
  /** The time recorded as checked; default now. */
  now?: Date;
  logger?: Logger;
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
}

/**
 * `docs-build contributors`: checks every handle the content names against
 * the code host (`GET /users/{handle}`) and records whether it exists in
 * `content/_data/contributors.json`, which the build reads instead of the
 * network. With `fromHistory`, first records each page's commit authors
 * (`GET /repos/{owner}/{repo}/commits?path=`). A failed request keeps what
 * the file said before; the command then exits 1.
 */
export async function checkContributors(options: CheckContributorsOptions = {}): Promise<CheckContributorsResult> {
  const started = performance.now();
  const root = path.resolve(options.root ?? process.cwd());
  const logger = options.logger ?? createLogger();
  const settings = options.settings ?? (await loadSettings(root, options.config));
  const ctx = createContext({ root, content: options.content, settings, logger, links: "warn" });
  const index = await runIndexContent(ctx);
  const before = await readContributorData(ctx);
  const fatal = ctx.diagnostics().filter((d) => d.fatal);
  if (fatal.length) throw new ContentError(sortDiagnostics(fatal));
  const pages = index.pages.map((p) => p.entry);
  const octokit = await ctx.codeHost({ ...options.codeHost, onRetry: (event) => logger.info(retryLine(event)) });
  const limit = pLimit(Math.max(1, options.concurrency ?? 4));
  const failures: string[] = [];
  const now = options.now ?? new Date();
  let data: ContributorData = { handles: { ...before.handles }, history: { ...before.history } };

  if (options.fromHistory) {
    const [owner, repo] = settings.repository.split("/");
    const own = pages.filter((p) => !p.thirdParty);
    logger.info(`Reading the history of ${own.length} pages in ${settings.repository}`);
    let unmapped = 0;
    const history: Record<string, string[]> = {};
    await Promise.all(
      own.map((page) =>
        limit(async () => {
          // Page paths are relative to the project root, which is the site repository's root.
          const file = page.path;
          try {
            const commits = (await octokit.paginate("GET /repos/{owner}/{repo}/commits", { owner, repo, path: file, per_page: 100 })) as CommitAuthor[];
            const authors = authorsOf(commits, settings.contributors.exclude);
            unmapped += authors.unmapped;
            history[page.path] = authors.handles;
          } catch (error) {
            failures.push(`history of ${file}: ${error instanceof CodeHostError ? error.reason : (error as Error).message}`);
            if (data.history[page.path]) history[page.path] = data.history[page.path];
          }
        }),
      ),
    );
    // Pages that no longer exist lose their history; the others get this run's (or keep the last on failure).
    data = { ...data, history: Object.fromEntries(Object.entries(history).filter(([, handles]) => handles.length > 0)) };
    if (unmapped) logger.info(`${unmapped} commits have no code-host account for their author and were left out`);
  }

  const due = handlesToCheck(pages, data, { exclude: settings.contributors.exclude, now: now.getTime(), maxAgeMs: (options.maxAgeDays ?? 30) * 86_400_000 });
  logger.info(`Checking ${due.length} handle${due.length === 1 ? "" : "s"} on the code host (${Object.keys(data.handles).length} known)`);
  const checked: HandleCheck[] = [];
  let done = 0;
  await Promise.all(
    due.map((handle) =>
      limit(async () => {
        const counter = `[${String(++done).padStart(String(due.length).length)}/${due.length}]`;
        try {
          const response = await octokit.request("GET /users/{username}", { username: handle });
          const name = typeof response.data.name === "string" && response.data.name.trim() ? response.data.name.trim() : undefined;
          checked.push({ handle, exists: true, name });
          logger.info(`${counter} ✓ ${handle}${name ? ` (${name})` : ""}`);
        } catch (error) {
          if (error instanceof CodeHostError && error.status === 404) {
            checked.push({ handle, exists: false });
            logger.info(`${counter} ✗ ${handle}: no such account`);
            return;
          }
          const reason = error instanceof CodeHostError ? error.reason : (error as Error).message;
          failures.push(`${handle}: ${reason}`);
          logger.info(`${counter} ! ${handle}: ${reason}; its earlier record is kept`);
        }
      }),
    ),
  );
  checked.sort((a, b) => a.handle.localeCompare(b.handle));
  data = applyChecks(data, checked, now.toISOString());

  const file = path.join(ctx.paths.content, CONTRIBUTOR_DATA);
  const text = serializeContributorData(data);
  const previous = await fs.readFile(file, "utf8").catch(() => undefined);
  const written = previous !== text;
  if (written) await writeFileAtomic(file, text);

  const missing = missingHandles(
    pages.map((p) => ({ path: p.path, handles: pageHandles(p, data) })),
    data,
  );
  const exists = checked.filter((c) => c.exists).length;
  logger.summary(
    `Checked ${checked.length} handle${checked.length === 1 ? "" : "s"} in ${formatDuration(performance.now() - started)}: ${exists} exist, ${checked.length - exists} not found, ${failures.length} failed; ` +
      (written ? `wrote ${ctx.display(file)}` : `${ctx.display(file)} unchanged`),
  );
  if (missing.length) {
    logger.summary("Not on the code host, so left out of every page's contributors:");
    for (const m of missing) logger.summary(`  ${m.handle} (${m.pages.join(", ")})`);
  }
  for (const d of ctx.diagnostics()) if (!d.fatal && d.ruleId === "contributor-data") logger.warn(formatDiagnostic(d));
  const result = { checked, missing, failures, written, data };
  if (failures.length) {
    for (const failure of failures) logger.summary(`  ✗ ${failure}`);
    throw new PartialFailure(`${failures.length} request${failures.length === 1 ? "" : "s"} failed; what the file said before was kept for them. Run the command again later.`, result);
  }
  return result;
}
