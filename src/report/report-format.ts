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
