import fs from "node:fs/promises";
import path from "node:path";
import type { BuildContext } from "../../context/context.ts";
import { readContributorData } from "../../data-files/contributors.ts";
import { diagnostic } from "../../report/diagnostics.ts";
import { contributorResolver, type ContributorsOf } from "./core.ts";

export type { ContributorsOf } from "./core.ts";

/** Where the data lived before it moved next to the content. */
const OLD_LOCATION = "contributors.json";

/** Reads the committed contributor data and returns what resolves a page's contributors from it and the excluded handles; never touches the network. */
export async function runResolveContributors(ctx: BuildContext): Promise<ContributorsOf> {
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
  return contributorResolver({ data, exclude: ctx.settings.contributors.exclude });
}
