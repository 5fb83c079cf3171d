import fs from "node:fs/promises";
import path from "node:path";
import type { BuildContext } from "../../context.ts";
import { diagnostic, type RuleParams } from "../../diagnostics.ts";
import { jsonErrorPosition, lineOfJsonPath } from "../../json-position.ts";
import type { PageEntry } from "../../shared/content-types.ts";
import {
  EMPTY_CONTRIBUTOR_DATA,
  normalizeContributorData,
  resolveContributors,
  validateContributorData,
  type ContributorData,
  type ResolveContributorsResult,
} from "./core.ts";

export type { ResolveContributorsResult } from "./core.ts";

/** The committed contributor data, relative to the content folder. */
export const CONTRIBUTOR_DATA = path.join("_data", "contributors.json");

/** Where the data lived before it moved next to the content. */
const OLD_LOCATION = "contributors.json";

/**
 * Reads `content/_data/contributors.json`. A missing file is empty data (no
 * handle is known not to exist); a broken one is reported at its line and
 * read as empty so every other problem is still found.
 */
export async function readContributorData(ctx: BuildContext): Promise<ContributorData> {
  const file = path.join(ctx.paths.content, CONTRIBUTOR_DATA);
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch {
    return EMPTY_CONTRIBUTOR_DATA;
  }
  const problem = (params: RuleParams<"contributor-data">, line = 1) => {
    ctx.report(diagnostic("contributor-data", params, { file: ctx.display(file), line }));
    return EMPTY_CONTRIBUTOR_DATA;
  };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return problem({ problem: "json", reason: (error as Error).message }, jsonErrorPosition(text, error)?.line);
  }
  const invalid = validateContributorData(data);
  if (invalid) return problem({ problem: "value", reason: invalid.message }, lineOfJsonPath(text, invalid.path));
  return normalizeContributorData(data as Partial<ContributorData>);
}

/** Resolves every page's contributors from the committed data and the excluded handles; never touches the network. */
export async function runResolveContributors(ctx: BuildContext, pages: readonly PageEntry[]): Promise<ResolveContributorsResult> {
  const old = path.join(ctx.paths.repositories, OLD_LOCATION);
  if (await fs.stat(old).then(() => true, () => false)) {
    ctx.report(diagnostic("contributor-data", { problem: "moved" }, { file: ctx.display(old), fatal: false }));
  }
  const data = await readContributorData(ctx);
  return resolveContributors(pages, { data, exclude: ctx.settings.contributors.exclude });
}
