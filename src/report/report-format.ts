import * as v from "valibot";
import type { ContentEntry } from "../shared/content-types.ts";

/** The version of the JSON report's format; a reader should check it. */
export const REPORT_VERSION = 1;

const described = <T extends v.GenericSchema>(schema: T, description: string) => v.pipe(schema, v.description(description));
const count = (description: string) => described(v.number(), description);

const diagnosticSchema = described(
  v.strictObject({
    line: v.number(),
    column: v.number(),
    source: v.string(),
    fatal: v.boolean(),
    hint: v.string(),
    file: v.string(),
    message: v.string(),
    ruleId: v.string(),
  }),
  "One problem, with the fields of the rule catalogue (see the README's Diagnostics).",
);

const stageSchema = described(
  v.strictObject({ name: v.string(), ms: v.number(), ok: v.boolean() }),
  "A stage that ran, with its time in milliseconds and whether it finished.",
);

const pageEntrySchema = described(
  v.strictObject({
    path: v.string(),
    name: v.string(),
    size: v.number(),
    type: v.literal("file"),
    extension: v.string(),
    url: v.string(),
    title: v.string(),
    sort: v.number(),
    group: v.string(),
    description: v.string(),
    source: v.string(),
    edit: v.string(),
    repo: v.string(),
    thirdParty: v.boolean(),
    anchors: v.array(v.strictObject({ title: v.string(), id: v.string(), level: v.number() })),
    contributors: v.array(v.string()),
    related: v.array(v.strictObject({ title: v.string(), url: v.string() })),
    fetched: v.optional(v.string()),
  }),
  "A page of the content folder (see the README's docs-build index).",
);

/** A folder or a page of the content tree, as `docs-build index` prints it. */
const contentEntrySchema: v.GenericSchema<ContentEntry> = v.variant("type", [
  pageEntrySchema,
  described(
    v.strictObject({
      path: v.string(),
      name: v.string(),
      children: v.array(v.lazy(() => contentEntrySchema)),
      size: v.number(),
      type: v.literal("directory"),
      url: v.string(),
    }),
    "A folder of the content folder; its size is the sum of its children's.",
  ),
]);

const pageStateSchema = described(
  v.variant("status", [
    v.strictObject({ path: v.string(), status: v.literal("translated") }),
    v.strictObject({
      path: v.string(),
      status: v.literal("missing"),
      historyUrl: described(v.string(), "The source page's history on the code host (the config's historyUrl)."),
      words: described(v.number(), "Words of the source page's prose, to translate."),
    }),
    v.strictObject({
      path: v.string(),
      status: v.literal("outdated"),
      revision: described(v.nullable(v.string()), "The source's commit the translation follows; null when the source had none before the translation."),
      revisionFrom: described(v.picklist(["front-matter", "git"]), "Where the revision was read: the translation's `translates`, or git."),
      sourceCommits: described(v.number(), "Commits that changed the source after the revision."),
      sourceCommit: described(v.string(), "The newest of them."),
      sourceChanged: described(v.string(), "Its committer date (ISO 8601)."),
      compareUrl: described(v.string(), "What changed from the revision to the newest commit, on the code host (the config's compareUrl)."),
      historyUrl: described(v.string(), "The source page's history on the code host (the config's historyUrl)."),
      words: described(v.number(), "Words of the source page's prose, to translate again."),
    }),
  ]),
  "A page of the default language as a language has it; path is inside the content folder, and inside the language's folder.",
);

const languageStateSchema = described(
  v.strictObject({
    lang: v.string(),
    title: v.string(),
    content: described(v.string(), "The language's folder, from the project root."),
    pages: v.array(pageStateSchema),
    totals: v.strictObject({ pages: v.number(), translated: v.number(), outdated: v.number(), missing: v.number(), words: v.number() }),
  }),
  "A language built from a folder of its own, against the default language's pages.",
);

/** The report of `command`: the fields every report has, with its summary's own figures beside `text`, and its `extra` fields. */
function reportOf<const C extends string, const S extends v.ObjectEntries, const E extends v.ObjectEntries>(command: C, summary: S, extra: E) {
  return v.strictObject({
    version: described(v.literal(REPORT_VERSION), "The format's version."),
    command: described(v.literal(command), "The command that ran."),
    ok: described(v.boolean(), "Whether the command succeeded; false with a non-zero exit code."),
    summary: described(
      v.nullable(v.strictObject({ text: described(v.string(), "The command's summary line."), ...summary })),
      "The command's summary line and figures; null when it stopped before its summary.",
    ),
    ...extra,
    stages: described(v.array(stageSchema), "Each stage that ran, in order."),
    problems: described(v.strictObject({ count: v.number(), errors: v.number() }), "How many problems, and of those errors."),
    diagnostics: described(v.array(diagnosticSchema), "Every problem, sorted by file and position."),
    messages: described(v.array(v.string()), "Other lines the command printed (progress, notes, warnings that are not about a file)."),
    error: described(v.nullable(v.string()), "Why the command failed, when it failed for a reason other than its problems; else null."),
  });
}

const seconds = count("How long the command took, in seconds.");

/** The one JSON document `--reporter json` prints on stdout when a command ends, successful or not; its fields depend on `command`. */
export const reportSchema = described(
  v.variant("command", [
    reportOf("build", { pages: count("Pages built."), bytes: count("Bytes of output written."), seconds }, {}),
    reportOf("shard", { pages: count("Pages this shard processed into its part."), seconds }, {}),
    reportOf("merge", { pages: count("Pages built."), bytes: count("Bytes of output written."), seconds }, {}),
    reportOf(
      "index",
      { pages: count("Pages in the content tree.") },
      { result: described(v.nullable(contentEntrySchema), "The content tree, as `docs-build index` prints it otherwise; null when it failed.") },
    ),
    reportOf(
      "fetch-readmes",
      {
        repositories: count("Repositories listed."),
        fetched: count("Repositories whose page was written."),
        unchanged: count("Repositories whose page was already up to date."),
        failed: count("Repositories that failed; their pages were left as they were."),
        orphans: count("Fetched pages whose repository is no longer listed (deleted with --prune)."),
        seconds,
      },
      {},
    ),
    reportOf(
      "contributors",
      {
        handles: count("Handles checked on the code host."),
        exist: count("Of those, handles that exist."),
        notFound: count("Of those, handles with no account."),
        failed: count("Requests that failed; what the data file said before was kept for them."),
        written: described(v.boolean(), "Whether the contributor data file changed."),
      },
      {},
    ),
    reportOf(
      "translations",
      {
        locales: count("Languages compared."),
        pages: count("Pages of the default language, summed over the languages."),
        translated: count("Of those, pages translated and up to date."),
        outdated: count("Pages whose source changed after the revision they translate."),
        missing: count("Pages with no translation."),
        words: count("Words of the sources of outdated and missing pages."),
      },
      { result: described(v.nullable(v.array(languageStateSchema)), "Each language's pages; null when the command stopped before comparing.") },
    ),
  ]),
  "The report of a docs-build command run with --reporter json.",
);

/** Shared parts of the report, named in its JSON Schema's `$defs` instead of repeated in each command's report. */
export const REPORT_DEFINITIONS = { diagnostic: diagnosticSchema, stage: stageSchema, contentEntry: contentEntrySchema, pageEntry: pageEntrySchema };

export type Report = v.InferOutput<typeof reportSchema>;
/** The commands that have a json report. */
export type ReportCommand = Report["command"];
/** The report of one command. */
export type ReportOf<C extends ReportCommand> = Extract<Report, { command: C }>;
/** What a command's result adds to its report when it ends: the summary, and for `index` the tree. */
export type ReportEnd<C extends ReportCommand> = Omit<ReportOf<C>, "version" | "command" | "ok" | "stages" | "problems" | "diagnostics" | "messages" | "error">;
