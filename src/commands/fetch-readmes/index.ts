import fs from "node:fs/promises";
import path from "node:path";
import type { Octokit } from "@octokit/rest";
import { CodeHostError } from "../../code-host/client.ts";
import { failureMessage, openCodeHostCommand, type CodeHostCommand, type CodeHostCommandOptions } from "../../code-host/command.ts";
import { loadSettings, type Settings } from "../../context/config.ts";
import { createContext, type BuildContext } from "../../context/context.ts";
import { diskErrorIn, type DiskTarget } from "../../report/disk-errors.ts";
import { createLogger, formatBytes, formatDuration, task, type Logger } from "../../report/logger.ts";
import { writeFileAtomic } from "../../output/write-file.ts";
import { fetchReadme, fetchRepository, type CachedRepository } from "./requests.ts";
import { readLists, repoName, settleOrphans } from "./listed.ts";
import { frontMatterFor, keptPage, pageFileName, processReadme, renderFrontMatter } from "./core.ts";
import { REPOSITORY_LISTS, type RepositoryEntry } from "../../data-files/repository-lists.ts";

/** Where the ETags and raw READMEs of earlier runs are kept, under the project root. */
const FETCH_CACHE_DIR = path.join(".cache", "code-host");
const STATE_FILE = "readmes.json";
const STATE_VERSION = 1;

export interface FetchReadmesOptions extends CodeHostCommandOptions {
  /** Project root (repositories/, content/, .cache/); default the working directory. */
  root?: string;
  /** Content folder, relative to the root; default `content`. */
  content?: string;
  /** Config file path; default `docs-build.config.json` at the root, if present. */
  config?: string;
  /** Ready settings (skips loading the config file). */
  settings?: Settings;
  /** Delete fetched pages whose repository is no longer listed. */
  prune?: boolean;
  logger?: Logger;
}

type FetchStatus = "fetched" | "unchanged" | "failed";

/** What happened to one repository. */
interface RepositoryResult {
  fullName: string;
  kind: RepositoryEntry["kind"];
  status: FetchStatus;
  /** The page, relative to the root. */
  file: string;
  /** Why it failed. */
  reason?: string;
  /** For a failure: whether an earlier page exists (it is kept as it was). */
  kept?: boolean;
  /** True when the code host answered 304 for the README: no body was sent. */
  notModified?: boolean;
  bytes?: number;
}

export interface FetchReadmesResult {
  results: RepositoryResult[];
  /** Pages of repositories no longer listed (deleted with `prune`). */
  orphans: string[];
  seconds: number;
  /** The summary line and its figures. */
  summary: FetchReadmesSummary;
}

/** A fetch's summary line, and the figures it gives. */
interface FetchReadmesSummary {
  text: string;
  /** Repositories listed, and of those whose page was written, already up to date, or failed. */
  repositories: number;
  fetched: number;
  unchanged: number;
  failed: number;
  /** Fetched pages whose repository is no longer listed. */
  orphans: number;
  seconds: number;
}

interface FetchState {
  version: number;
  repositories: Record<string, CachedRepository>;
}

async function readState(file: string): Promise<FetchState> {
  try {
    const state = JSON.parse(await fs.readFile(file, "utf8")) as FetchState;
    if (state.version === STATE_VERSION && typeof state.repositories === "object") return state;
  } catch {
    // No usable state: every request goes out unconditionally.
  }
  return { version: STATE_VERSION, repositories: {} };
}

/**
 * Fetches one repository: its data (for the default branch) and its README,
 * both as conditional requests when an earlier fetch left ETags, then writes
 * the page only if its text changed. Throws on failure and writes nothing.
 */
async function fetchOne(
  ctx: BuildContext,
  octokit: Octokit,
  entry: RepositoryEntry,
  cached: CachedRepository | undefined,
  cacheDir: string,
): Promise<{ result: RepositoryResult; state: CachedRepository }> {
  const [owner, name] = entry.fullName.split("/");
  const target = path.join(ctx.paths.content, pageFileName(entry.kind, name));
  const rawFile = path.join(cacheDir, "readmes", owner, `${name}.md`);
  const cachedRaw = cached?.readmeEtag ? await fs.readFile(rawFile, "utf8").catch(() => undefined) : undefined;
  const { repo, repoEtag } = await fetchRepository(octokit, entry, cached);
  // Only a README kept from before may be asked for conditionally: a 304 must have something to reuse.
  const conditional = cachedRaw !== undefined && cached?.branch === repo.branch ? { "if-none-match": cached.readmeEtag! } : {};
  const { raw, readmeEtag, notModified } = await fetchReadme(octokit, entry, { headers: conditional, raw: cachedRaw, etag: cached?.readmeEtag });

  const body = processReadme(raw, { fullName: repo.fullName, branch: repo.branch, htmlUrl: repo.htmlUrl }, { siteOrigins: [ctx.settings.baseUrl] });
  const fetched = new Date().toISOString().slice(0, 10);
  const matter = frontMatterFor(entry.kind, { name, fullName: repo.fullName, branch: repo.branch, htmlUrl: repo.htmlUrl }, { ...entry, fetched });
  const made = renderFrontMatter(matter) + body;
  const current = await fs.readFile(target, "utf8").catch(() => undefined);
  const page = keptPage(made, current);
  if (!notModified) await writeFileAtomic(rawFile, raw);
  if (current !== page) await writeFileAtomic(target, page);
  return {
    result: {
      fullName: entry.fullName,
      kind: entry.kind,
      status: current === page ? "unchanged" : "fetched",
      file: ctx.display(target),
      notModified,
      bytes: Buffer.byteLength(page),
    },
    state: { ...repo, repoEtag, readmeEtag },
  };
}

/** Why a repository failed, in one line with what to do. */
function failureReason(error: unknown, entry: RepositoryEntry, ctx: BuildContext): string {
  if (error instanceof CodeHostError) {
    const list = ctx.display(path.join(ctx.paths.repositories, REPOSITORY_LISTS[entry.kind]));
    return error.status === 404 ? `${error.message}; check the name in ${list}` : error.message;
  }
  return failureMessage(error);
}

function progressLine(result: RepositoryResult, counter: string): string {
  if (result.status === "failed") return `${counter} ✗ ${result.fullName}: ${result.reason}`;
  const detail =
    result.status === "unchanged"
      ? result.notModified
        ? "unchanged, not modified on the code host"
        : "unchanged"
      : `written, ${formatBytes(result.bytes ?? 0)}`;
  return `${counter} ✓ ${result.fullName} → ${result.file} (${detail})`;
}

/** Where fetch-readmes writes, as its disk errors name it: the content folder and the fetch cache. */
function diskTarget(ctx: BuildContext, cacheDir: string): DiskTarget {
  return {
    root: ctx.paths.root,
    places: [
      { dir: ctx.paths.content, name: (file) => `the content folder ${ctx.display(ctx.paths.content)} (writing ${file})` },
      { dir: cacheDir, name: () => `the fetch cache ${ctx.display(cacheDir)}` },
    ],
    somewhere: "a folder fetch-readmes writes to",
    again: "run docs-build fetch-readmes again",
    untouched: "Every page it could not write keeps its previous text.",
  };
}

/**
 * `docs-build fetch-readmes`: syncs the README of every repository in
 * `repositories/loaders.json` and `plugins.json` into `content/<kind>/_<name>.md`.
 * Repositories are fetched `concurrency` at a time; one that fails keeps its
 * previous page untouched and the rest go on. Throws PartialFailure (with the
 * result) at the end when any failed, and a DiskError, once the writes under
 * way have finished, when the disk or the system refuses a write.
 */
export async function fetchReadmes(options: FetchReadmesOptions = {}): Promise<FetchReadmesResult> {
  const started = performance.now();
  const root = path.resolve(options.root ?? process.cwd());
  const logger = options.logger ?? createLogger();
  const settings = options.settings ?? (await loadSettings(root, options.config));
  const ctx = createContext({ root, content: options.content, settings, logger, cache: false });
  const cacheDir = path.join(root, FETCH_CACHE_DIR);
  const target = diskTarget(ctx, cacheDir);
  try {
    return await syncReadmes(ctx, options, { cacheDir, started, stop: (error) => diskErrorIn(error, target) });
  } catch (error) {
    throw diskErrorIn(error, target) ?? error;
  }
}

/** Fetches every listed repository as one step, `concurrency` at a time, keeping each one's new ETags in `state`. */
function fetchAll(
  ctx: BuildContext,
  command: CodeHostCommand,
  { entries, state, cacheDir, stop }: { entries: RepositoryEntry[]; state: FetchState; cacheDir: string; stop: (error: unknown) => Error | undefined },
): Promise<RepositoryResult[]> {
  return task(ctx.logger, "fetch READMEs", () =>
    command.each(
      entries,
      async (entry): Promise<RepositoryResult> => {
        const key = entry.fullName.toLowerCase();
        const fetched = await fetchOne(ctx, command.octokit, entry, state.repositories[key], cacheDir);
        state.repositories[key] = fetched.state;
        return fetched.result;
      },
      {
        async failed(entry, error): Promise<RepositoryResult> {
          const target = path.join(ctx.paths.content, pageFileName(entry.kind, repoName(entry)));
          const kept = await fs.stat(target).then(
            () => true,
            () => false,
          );
          return { fullName: entry.fullName, kind: entry.kind, status: "failed", file: ctx.display(target), reason: failureReason(error, entry, ctx), kept };
        },
        progress: progressLine,
        stop,
      },
    ),
  );
}

/** Fetches every listed README, writes the pages and the fetch state, and settles the pages no list names. */
async function syncReadmes(
  ctx: BuildContext,
  options: FetchReadmesOptions,
  { cacheDir, started, stop }: { cacheDir: string; started: number; stop: (error: unknown) => Error | undefined },
): Promise<FetchReadmesResult> {
  const { logger } = ctx;
  const entries = await readLists(ctx);
  const stateFile = path.join(cacheDir, STATE_FILE);
  const state = await readState(stateFile);
  const command = await openCodeHostCommand(ctx, options);
  const concurrency = options.concurrency ?? 4;
  const token = options.codeHost?.token ?? process.env.GITHUB_TOKEN;
  logger.info(
    `Fetching ${entries.length} READMEs from ${command.octokit.request.endpoint.DEFAULTS.baseUrl}, ${concurrency} at a time${token ? "" : " (no GITHUB_TOKEN: the anonymous rate limit applies)"}`,
  );

  const results = await fetchAll(ctx, command, { entries, state, cacheDir, stop });
  await writeFileAtomic(stateFile, `${JSON.stringify(state, null, 2)}\n`);

  const orphans = await settleOrphans(ctx, entries, options.prune);

  const count = (status: FetchStatus) => results.filter((r) => r.status === status).length;
  const seconds = (performance.now() - started) / 1000;
  const failed = results.filter((r) => r.status === "failed");
  const [fetched, unchanged] = [count("fetched"), count("unchanged")];
  const text = `Fetched ${fetched}, unchanged ${unchanged}, failed ${failed.length} of ${results.length} repositories in ${formatDuration(seconds * 1000)}`;
  const summary = { text, repositories: results.length, fetched, unchanged, failed: failed.length, orphans: orphans.length, seconds };
  return command.finish({
    result: { results, orphans, seconds, summary },
    summary: [text],
    failures: failed.map((failure) => `${failure.fullName}: ${failure.reason} (${failure.kept ? `kept ${failure.file} as it was` : "no page written"})`),
    message: `${failed.length} of ${results.length} repositories failed; their pages were left as they were. Run fetch-readmes again later, or fix the list.`,
  });
}
