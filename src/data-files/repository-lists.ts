import fs from "node:fs/promises";
import path from "node:path";
import * as v from "valibot";
import type { BuildContext } from "../context/context.ts";
import { diagnostic, type Diagnostic } from "../report/diagnostics.ts";
import type { ReadmeKind } from "../markdown/repository-list.ts";
import { checkJsonText, type DataFileKind } from "./check-json.ts";
import { jsonObject, noRepeats, objectMessage } from "./problems.ts";

/** The committed lists, under `repositories/`, by the kind of page their READMEs become. */
export const REPOSITORY_LISTS = {
  loaders: "loaders.json",
  plugins: "plugins.json",
} as const satisfies Record<ReadmeKind, string>;

const FULL_NAME = /^[\w.-]+\/[\w.-]+$/;
const ITEM_KEYS = ["repository", "group", "contributors"];

/** `owner/name`. */
const fullName = v.pipe(
  v.string('needs a repository as "owner/name".'),
  v.regex(FULL_NAME, (issue) => `"${issue.input}" is not "owner/name".`),
);

/** One item written as an object: the repository, with an optional navigation group and maintainers. */
const itemObject = jsonObject(
  v.strictObject(
    {
      repository: fullName,
      group: v.optional(
        v.pipe(
          v.string('"group" must be non-empty text.'),
          v.check((group) => group.trim() !== "", '"group" must be non-empty text.'),
        ),
      ),
      contributors: v.optional(
        v.array(
          v.pipe(v.string('"contributors" must be a list of code-host handles.'), v.regex(/^[\w-]+$/, '"contributors" must be a list of code-host handles.')),
          '"contributors" must be a list of code-host handles.',
        ),
      ),
    },
    objectMessage(ITEM_KEYS, {
      type: 'needs a repository as "owner/name".',
      required: { repository: 'needs a repository as "owner/name".' },
      unknown: (key) => `unknown key "${key}" (known: ${ITEM_KEYS.join(", ")}).`,
    }),
  ),
);

/** One item of a list: `"owner/name"` or `{ "repository": "owner/name", "group": "Community", "contributors": ["handle"] }`. */
const itemSchema = v.pipe(
  v.unknown(),
  // An item written as text is the object with only a repository; its problems are still placed at the text.
  v.transform((item) => (typeof item === "string" ? { repository: item } : item)),
  itemObject,
);

/** The repository of an item that names one as text, for finding repeats. */
function repositoryOf(item: unknown): string | undefined {
  const raw = typeof item === "string" ? item : (item as { repository?: unknown } | null)?.repository;
  return typeof raw === "string" ? raw : undefined;
}

/** A repository list: items, each repository listed once (case-insensitively). */
const repositoryListSchema = v.pipe(
  v.array(itemSchema, "The list must be a JSON array."),
  noRepeats<v.InferOutput<typeof itemSchema>>(
    (item, index) => {
      const raw = repositoryOf(item);
      return raw === undefined
        ? undefined
        : {
            value: raw.toLowerCase(),
            shown: raw,
            path: typeof item === "string" ? [index] : [index, "repository"],
          };
    },
    (raw) => `"${raw}" is listed twice.`,
  ),
);

/** One repository whose README becomes a page. */
export interface RepositoryEntry {
  kind: ReadmeKind;
  /** `owner/name` as listed. */
  fullName: string;
  /** Navigation group overriding the default (`Community` for community plugins). */
  group?: string;
  /** Maintainers shown in the page's contributors grid. */
  contributors?: string[];
}

/** One repository as a `<RepositoryList>` shows it. */
export interface ListedRepository {
  /** The repository's name without its owner (`css-loader`). */
  name: string;
  fullName: string;
  group?: string;
  /** Its fetched page's URL (`/loaders/css-loader/`) when the site has that page. */
  page?: string;
  /** Its repository's address on the code host. */
  repository: string;
}

/**
 * The repositories of a list in the order and with the links a
 * `<RepositoryList>` shows them (pure), whatever it is written as: sorted by
 * name, each with its fetched page when the site has one, so the list never
 * holds a broken link whether or not `fetch-readmes` has run.
 */
export function listedRepositories(entries: readonly RepositoryEntry[], pageUrls: ReadonlySet<string>): ListedRepository[] {
  return entries
    .map((entry) => {
      const name = entry.fullName.split("/")[1];
      const page = `/${entry.kind}/${name}/`;
      return {
        name,
        fullName: entry.fullName,
        group: entry.group,
        page: pageUrls.has(page) ? page : undefined,
        repository: `https://github.com/${entry.fullName}`,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** How a repository list is checked and reported: each problem names its item. */
const REPOSITORY_LIST_KIND: DataFileKind<typeof repositoryListSchema> = {
  schema: repositoryListSchema,
  invalidJson: (reason, place) => diagnostic("repository-list", { problem: "json", reason }, place),
  invalidValue: (problem, place) =>
    diagnostic(
      "repository-list",
      problem.path.length ? { problem: "item", index: (problem.path[0] as number) + 1, reason: problem.message } : { problem: "not-array" },
      place,
    ),
};

/**
 * Parses a committed repository list (`repositories/loaders.json`, pure): a
 * JSON array of `"owner/name"` or `{ "repository": "owner/name", "group":
 * "Community", "contributors": ["handle"] }`. Problems (repeats included)
 * come back as diagnostics at the offending value; the valid items are
 * still returned.
 */
export function parseRepositoryList(text: string, file: string, kind: ReadmeKind): { entries: RepositoryEntry[]; problems: Diagnostic[] } {
  const checked = checkJsonText(text, file, REPOSITORY_LIST_KIND);
  const items = Array.isArray(checked.data) ? (checked.data as unknown[]) : [];
  const bad = new Set(checked.raw.map((problem) => problem.path[0]));
  const entries = items.flatMap((item, index) => {
    if (bad.has(index)) return [];
    const parsed = v.parse(itemSchema, item);
    return [
      {
        kind,
        fullName: parsed.repository,
        ...(parsed.group !== undefined && { group: parsed.group }),
        ...(parsed.contributors !== undefined && {
          contributors: parsed.contributors,
        }),
      },
    ];
  });
  return { entries, problems: checked.problems };
}

/**
 * Reads and parses the committed list of one kind; undefined when the file
 * does not exist. Problems are returned, not reported: the build reports
 * them, `fetch-readmes` refuses to start.
 */
export async function readRepositoryList(ctx: BuildContext, kind: ReadmeKind): Promise<{ entries: RepositoryEntry[]; problems: Diagnostic[] } | undefined> {
  const file = path.join(ctx.paths.repositories, REPOSITORY_LISTS[kind]);
  const text = await fs.readFile(file, "utf8").catch(() => undefined);
  return text === undefined ? undefined : parseRepositoryList(text, ctx.display(file), kind);
}
