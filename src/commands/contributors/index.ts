import path from "node:path";
import type { CodeHostCommandOptions } from "../../code-host/command.ts";
import { loadSettings, type Settings } from "../../context/config.ts";
import { createContext, type BuildContext } from "../../context/context.ts";
import { diskErrorIn, type DiskTarget } from "../../report/disk-errors.ts";
import { ContentError } from "../../report/errors.ts";
import { createLogger, task, type Logger } from "../../report/logger.ts";
import { checkContributors, type CheckContributorsResult } from "./check.ts";
import { runIndexContent } from "../../stages/index-content/index.ts";
import { loadWholeSite } from "../../pipeline/site-pages.ts";
import type { PageEntry } from "../../shared/content-types.ts";
import { CONTRIBUTOR_DATA, readContributorData } from "../../data-files/contributors.ts";

export type { CheckContributorsResult } from "./check.ts";

/** Options of `docs-build contributors`; every one has a default. */
export interface ContributorsOptions extends CodeHostCommandOptions {
  /** Project root (config, content/, the site repository). Default: the working directory. */
  root?: string;
  /** Content folder, relative to the root. Default `content`. */
  content?: string;
  /** Path of a config file; default `docs-build.config.json` at the root, if present. */
  config?: string;
  /** Ready settings (skips loading the config file). */
  settings?: Settings;
  /** Also record each page's commit authors from the site repository's history. */
  fromHistory?: boolean;
  /** Re-check handles checked longer ago than this; default 30 days. 0 checks every handle. */
  maxAgeDays?: number;
  /** The time recorded as checked; default now. */
  now?: Date;
  logger?: Logger;
}

/**
 * `docs-build contributors`: indexes the content (broken links only warn),
 * reads the contributor data file, stops on content errors, then runs the
 * contributors check on the pages. See `checkContributors` for what is asked
 * and written; a failed request makes this throw PartialFailure (exit 1), and
 * a write the disk or the system refuses a DiskError naming the folder.
 */
export async function contributors(options: ContributorsOptions = {}): Promise<CheckContributorsResult> {
  const started = performance.now();
  const root = path.resolve(options.root ?? process.cwd());
  const logger = options.logger ?? createLogger();
  const settings = options.settings ?? (await loadSettings(root, options.config));
  const ctx = createContext({ root, content: options.content, settings, logger, links: "warn" });
  try {
    return await indexAndCheck(ctx, options, started);
  } catch (error) {
    throw diskErrorIn(error, diskTarget(ctx)) ?? error;
  }
}

/** Where contributors writes, as its disk errors name it: the contributor data file's folder and the build cache (indexing the content). */
function diskTarget(ctx: BuildContext): DiskTarget {
  const file = path.join(ctx.paths.content, CONTRIBUTOR_DATA);
  return {
    root: ctx.paths.root,
    places: [
      { dir: path.dirname(file), name: () => `the data folder ${ctx.display(path.dirname(file))} (writing ${ctx.display(file)})` },
      { dir: ctx.paths.cache, name: () => `the build cache ${ctx.display(ctx.paths.cache)}` },
    ],
    somewhere: "a folder contributors writes to",
    again: "run docs-build contributors again",
    untouched: `The file ${ctx.display(file)} is as it was.`,
  };
}

/** Indexes the content, reads the contributor data and runs the check on the pages. */
async function indexAndCheck(ctx: BuildContext, options: ContributorsOptions, started: number): Promise<CheckContributorsResult> {
  const index = await task(ctx.logger, "index content", () => runIndexContent(ctx));
  let pages: PageEntry[];
  try {
    pages = (await loadWholeSite(index.site)).pages.map((p) => p.entry);
  } finally {
    await index.close();
  }
  const before = await readContributorData(ctx);
  if (ctx.problems.errors > 0) throw new ContentError((await ctx.problems.all()).filter((d) => d.fatal));
  const { fromHistory, maxAgeDays, now, concurrency, codeHost } = options;
  return checkContributors(ctx, { pages, before, fromHistory, maxAgeDays, now, concurrency, codeHost, started });
}
