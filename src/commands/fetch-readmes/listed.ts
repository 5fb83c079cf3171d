import fs from "node:fs/promises";
import path from "node:path";
import type { BuildContext } from "../../context/context.ts";
import { readRepositoryList, REPOSITORY_LISTS, type RepositoryEntry } from "../../data-files/repository-lists.ts";
import { sortDiagnostics, type Diagnostic } from "../../report/diagnostics.ts";
import { ContentError, UsageError } from "../../report/errors.ts";
import { pageFileName } from "./core.ts";

/**
 * What fetch-readmes is to fetch: the repositories the lists name, and the
 * fetched pages of repositories they no longer name.
 */

/** Reads the lists that exist; a list that does not exist is skipped, a broken one stops the command. */
export async function readLists(ctx: BuildContext): Promise<RepositoryEntry[]> {
  const entries: RepositoryEntry[] = [];
  const problems: Diagnostic[] = [];
  let found = 0;
  for (const kind of Object.keys(REPOSITORY_LISTS) as RepositoryEntry["kind"][]) {
    const parsed = await readRepositoryList(ctx, kind);
    if (!parsed) continue;
    found++;
    entries.push(...parsed.entries);
    problems.push(...parsed.problems);
  }
  if (problems.length) throw new ContentError(sortDiagnostics(problems));
  if (found === 0) {
    throw new UsageError(
      `No repository lists found: create ${ctx.display(path.join(ctx.paths.repositories, REPOSITORY_LISTS.loaders))} or ${REPOSITORY_LISTS.plugins} there, each a JSON array of "owner/name".`,
    );
  }
  return entries;
}

/** Fetched pages (`_*.md` under loaders/ and plugins/) that no list names any more. */
async function findOrphans(ctx: BuildContext, entries: readonly RepositoryEntry[]): Promise<string[]> {
  const expected = new Set(entries.map((e) => pageFileName(e.kind, repoName(e))));
  const orphans: string[] = [];
  for (const kind of Object.keys(REPOSITORY_LISTS)) {
    const names = await fs.readdir(path.join(ctx.paths.content, kind)).catch(() => [] as string[]);
    for (const name of names) if (/^_.+\.md$/.test(name) && !expected.has(`${kind}/${name}`)) orphans.push(`${kind}/${name}`);
  }
  return orphans.sort();
}

/** The repository's name, without its owner. */
export function repoName(entry: RepositoryEntry): string {
  return entry.fullName.split("/")[1];
}

/** Deletes the fetched pages no list names any more with `prune`, else warns of each; returns them. */
export async function settleOrphans(ctx: BuildContext, entries: readonly RepositoryEntry[], prune: boolean | undefined): Promise<string[]> {
  const orphans = await findOrphans(ctx, entries);
  for (const orphan of orphans) {
    if (prune) {
      await fs.rm(path.join(ctx.paths.content, orphan), { force: true });
      ctx.logger.info(`Deleted ${ctx.display(path.join(ctx.paths.content, orphan))}: its repository is no longer listed`);
    } else {
      ctx.logger.warn(`${ctx.display(path.join(ctx.paths.content, orphan))} belongs to no listed repository; delete it, or run with --prune`);
    }
  }
  return orphans;
}
