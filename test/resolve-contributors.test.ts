import fs from "node:fs";
import path from "node:path";
import { DEFAULT_SETTINGS } from "../src/config.ts";
import type { PageEntry } from "../src/shared/content-types.ts";
import { resolveContributors, validateContributorCache } from "../src/stages/resolve-contributors/core.ts";
import { fixtureLoop } from "./helpers/fixture-loop.ts";

// input/pages.json lists pages (url and handles), input/cache.json is the
// committed cache; expected/ holds what each page shows, or why the cache is refused.
fixtureLoop("resolve-contributors", (_caseDir, input): Record<string, string> => {
  const pages = JSON.parse(fs.readFileSync(path.join(input, "pages.json"), "utf8")) as PageEntry[];
  const cache = JSON.parse(fs.readFileSync(path.join(input, "cache.json"), "utf8")) as unknown;
  const problem = validateContributorCache(cache);
  if (problem) return { "problem.txt": `${problem}\n` };
  const result = resolveContributors(pages, { cache: cache as Record<string, never>, exclude: DEFAULT_SETTINGS.contributors.exclude });
  return { "contributors.json": `${JSON.stringify(result.byUrl, null, 2)}\n` };
});
