import fs from "node:fs/promises";
import path from "node:path";
import * as v from "valibot";
import type { BuildContext } from "../context/context.ts";
import { diagnostic } from "../report/diagnostics.ts";
import type { PageEntry } from "../shared/content-types.ts";
import { checkJsonText, type DataFileKind } from "./check-json.ts";
import { formatPath, jsonObject, objectMessage } from "./problems.ts";

/** The committed contributor data, relative to the content folder. */
export const CONTRIBUTOR_DATA = path.join("_data", "contributors.json");

/** A code-host handle: letters, digits and inner hyphens. */
const HANDLE = /^[A-Za-z\d](?:[A-Za-z\d-]*[A-Za-z\d])?$/;

/** What the code host said of one handle when `docs-build contributors` last checked it. */
const handleRecordSchema = jsonObject(
  v.strictObject(
    {
      /** False when the code host has no such account; such handles are never shown. */
      exists: v.boolean("must be true or false"),
      /** Display name, when the account has one. */
      name: v.optional(v.string("must be text")),
      /** When it was checked (ISO 8601); absent for entries taken on trust and not checked yet. */
      checked: v.optional(
        v.pipe(
          v.string("must be an ISO 8601 time"),
          v.check((time) => !Number.isNaN(Date.parse(time)), "must be an ISO 8601 time"),
        ),
      ),
    },
    objectMessage(["exists", "name", "checked"], {
      type: "must be an object",
      required: { exists: "must be true or false" },
    }),
  ),
);

/**
 * The committed contributor data, `content/_data/contributors.json`: every
 * handle checked against the code host, and (with `--from-history`) the
 * authors of each page's commits, by the page's path in the repository
 * (`content/guides/index.md`). Both parts are optional in the file.
 */
export const contributorDataSchema = jsonObject(
  v.strictObject(
    {
      handles: v.optional(
        v.record(
          v.pipe(v.string(), v.regex(HANDLE, "is not a code-host handle")),
          handleRecordSchema,
          "must be an object of handle → { exists, name, checked }",
        ),
        {},
      ),
      history: v.optional(
        v.record(v.string(), v.array(v.string("must be a list of handles"), "must be a list of handles"), "must be an object of content path → handles"),
        {},
      ),
    },
    objectMessage(["handles", "history"], {
      type: 'must be an object { "handles": {…}, "history": {…} }',
    }),
  ),
);

/** One handle's record. */
export type HandleRecord = v.InferOutput<typeof handleRecordSchema>;

/** The contributor data, with both parts filled in. */
export type ContributorData = v.InferOutput<typeof contributorDataSchema>;

/** Data that knows no handle and no history. */
const EMPTY_CONTRIBUTOR_DATA: ContributorData = Object.freeze({
  handles: {},
  history: {},
}) as ContributorData;

/** How the contributor data file is checked and reported. */
export const CONTRIBUTOR_DATA_KIND: DataFileKind<typeof contributorDataSchema> = {
  schema: contributorDataSchema,
  invalidJson: (reason, place) => diagnostic("contributor-data", { problem: "json", reason }, place),
  invalidValue: (problem, place) =>
    diagnostic(
      "contributor-data",
      { problem: "value", reason: problem.path.length ? `"${formatPath(problem.path)}" ${problem.message}` : problem.message },
      place,
    ),
};

/**
 * Reads `content/_data/contributors.json`. A missing file is empty data (no
 * handle is known not to exist); a broken one is reported at the line of each
 * problem and read as empty so every other problem is still found.
 */
export async function readContributorData(ctx: BuildContext): Promise<ContributorData> {
  const file = path.join(ctx.paths.content, CONTRIBUTOR_DATA);
  const text = await fs.readFile(file, "utf8").catch(() => undefined);
  if (text === undefined) return EMPTY_CONTRIBUTOR_DATA;
  const checked = checkJsonText(text, ctx.display(file), CONTRIBUTOR_DATA_KIND);
  for (const problem of checked.problems) ctx.report(problem);
  return checked.value ?? EMPTY_CONTRIBUTOR_DATA;
}

/** Serializes the data with handles and pages sorted, so the committed file diffs cleanly. */
export function serializeContributorData(data: ContributorData): string {
  const sorted = <T>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
  return `${JSON.stringify({ handles: sorted(data.handles), history: sorted(data.history) }, null, 2)}\n`;
}

/** A page's handles: its front matter's, then its commit authors', in that order. */
export function pageHandles(page: Pick<PageEntry, "path" | "contributors">, data: ContributorData): string[] {
  return [...page.contributors, ...(data.history[page.path] ?? [])];
}

/**
 * The handles `docs-build contributors` should check now: every handle pages
 * name (front matter and history) that is not excluded and was never checked
 * or was checked longer than `maxAgeMs` ago. Sorted, each once.
 */
export function handlesToCheck(
  pages: readonly Pick<PageEntry, "path" | "contributors">[],
  data: ContributorData,
  options: { exclude: readonly string[]; now: number; maxAgeMs: number },
): string[] {
  const excluded = new Set(options.exclude.map((h) => h.toLowerCase()));
  const records = new Map(Object.entries(data.handles).map(([handle, info]) => [handle.toLowerCase(), info]));
  const due = new Map<string, string>();
  for (const page of pages) {
    for (const handle of pageHandles(page, data)) {
      const key = handle.toLowerCase();
      if (excluded.has(key) || due.has(key) || !HANDLE.test(handle)) continue;
      const checked = records.get(key)?.checked;
      if (checked === undefined || options.now - Date.parse(checked) > options.maxAgeMs) due.set(key, handle);
    }
  }
  return [...due.values()].sort((a, b) => a.localeCompare(b));
}
