import fs from "node:fs/promises";
import path from "node:path";
import type { BuildContext } from "../../context.ts";
import { diagnostic } from "../../diagnostics.ts";
import type { PageEntry } from "../../shared/content-types.ts";
import { resolveContributors, validateContributorCache, type ContributorCache, type ResolveContributorsResult } from "./core.ts";

export type { ResolveContributorsResult } from "./core.ts";

/** The committed contributor cache, under `repositories/`. */
export const CONTRIBUTOR_CACHE = "contributors.json";

/** Reads the committed cache; a missing file is an empty cache, a bad one is reported. */
async function readCache(ctx: BuildContext): Promise<ContributorCache> {
  const file = path.join(ctx.paths.repositories, CONTRIBUTOR_CACHE);
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch {
    return {};
  }
  const problem = (message: string) => {
    ctx.report(diagnostic({ file: ctx.display(file), message, ruleId: "contributor-cache", hint: "Fix the file or delete it; it is rebuilt from the code host." }));
    return {};
  };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return problem(`Contributor cache is not valid JSON: ${(error as Error).message}`);
  }
  const invalid = validateContributorCache(data);
  return invalid ? problem(`Contributor cache ${invalid}`) : (data as ContributorCache);
}

/** Resolves every page's contributors from the committed cache and the excluded handles. */
export async function runResolveContributors(ctx: BuildContext, pages: readonly PageEntry[]): Promise<ResolveContributorsResult> {
  const cache = await readCache(ctx);
  return resolveContributors(pages, { cache, exclude: ctx.settings.contributors.exclude });
}
