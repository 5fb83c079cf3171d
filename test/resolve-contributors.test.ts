import fs from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DEFAULT_SETTINGS } from "../src/context/config.ts";
import type { PageEntry } from "../src/shared/content-types.ts";
import { contributorDataSchema, handlesToCheck, serializeContributorData, type ContributorData } from "../src/data-files/contributors.ts";
import { formatPath, validate } from "../src/data-files/problems.ts";
import { resolveContributors } from "../src/stages/resolve-contributors/core.ts";
import { fixtureLoop } from "./helpers/fixture-loop.ts";

// input/pages.json lists pages (url, path and handles), input/data.json is the
// committed contributor data; expected/ holds what each page shows, or why the data is refused.
fixtureLoop("resolve-contributors", (_caseDir, input): Record<string, string> => {
  const pages = JSON.parse(fs.readFileSync(path.join(input, "pages.json"), "utf8")) as PageEntry[];
  const data = JSON.parse(fs.readFileSync(path.join(input, "data.json"), "utf8")) as unknown;
  const checked = validate(contributorDataSchema, data);
  if (!checked.output) return { "problem.txt": checked.problems.map((p) => `"${formatPath(p.path)}" ${p.message}\n`).join("") };
  const result = resolveContributors(pages, { data: checked.output, exclude: DEFAULT_SETTINGS.contributors.exclude });
  return { "contributors.json": `${JSON.stringify(result, null, 2)}\n` };
});

const NOW = Date.parse("2026-11-22T12:00:00.000Z");
const DAY = 86_400_000;

test("handlesToCheck: unchecked and stale handles, each once, never excluded ones", () => {
  const data: ContributorData = {
    handles: {
      fresh: { exists: true, checked: new Date(NOW - 2 * DAY).toISOString() },
      stale: { exists: true, checked: new Date(NOW - 40 * DAY).toISOString() },
      trusted: { exists: true },
    },
    history: { "a.md": ["from-history", "Fresh"] },
  };
  const pages = [
    { path: "a.md", contributors: ["fresh", "stale", "trusted", "new-one", "dependabot[bot]"] },
    { path: "b.md", contributors: ["NEW-ONE", "webpack-bot"] },
  ];
  assert.equal(handlesToCheck(pages, data, { exclude: DEFAULT_SETTINGS.contributors.exclude, now: NOW, maxAgeMs: 30 * DAY }), [
    "from-history",
    "new-one",
    "stale",
    "trusted",
  ]);
  assert.equal(handlesToCheck(pages, data, { exclude: [], now: NOW, maxAgeMs: 0 }).length, 6, "max age 0 checks every valid handle");
});

test("serializeContributorData sorts handles and pages", () => {
  const text = serializeContributorData({ handles: { zed: { exists: true }, amy: { exists: false } }, history: { "z.md": ["zed"], "a.md": ["amy"] } });
  assert.is(text.indexOf('"amy"') < text.indexOf('"zed"'), true);
  assert.is(text.indexOf('"a.md"') < text.indexOf('"z.md"'), true);
  assert.ok(text.endsWith("}\n"));
});

test.run();
