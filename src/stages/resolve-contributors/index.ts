import fs from "node:fs/promises";
import path from "node:path";
import type { BuildContext } from "../../context.ts";
import { readContributorData } from "../../data-files/contributors.ts";
import { diagnostic } from "../../diagnostics.ts";
import type { PageEntry } from "../../shared/content-types.ts";
import { resolveContributors, type ResolveContributorsResult } from "./core.ts";

export type { ResolveContributorsResult } from "./core.ts";

/** Where the data lived before it moved next to the content. */
const OLD_LOCATION = "contributors.json";

/** Resolves every page's contributors from the committed data and the excluded handles; never touches the network. */
export async function runResolveContributors(ctx: BuildContext, pages: readonly PageEntry[]): Promise<ResolveContributorsResult> {
  const old = path.join(ctx.paths.repositories, OLD_LOCATION);
  if (
    await fs.stat(old).then(
      () => true,
      () => false,
    )
  ) {
    ctx.report(diagnostic("contributor-data", { problem: "moved" }, { file: ctx.display(old), fatal: false }));
  }
  const data = await readContributorData(ctx);
  return resolveContributors(pages, { data, exclude: ctx.settings.contributors.exclude });
}
