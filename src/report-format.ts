import * as v from "valibot";

/** The version of the JSON report's format; a reader should check it. */
export const REPORT_VERSION = 1;

const diagnosticSchema = v.pipe(
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
  v.description("One problem, with the fields of the rule catalogue (see the README's Diagnostics)."),
);

/** The one JSON document `--reporter json` prints on stdout when the command ends, successful or not. */
export const reportSchema = v.pipe(
  v.strictObject({
    version: v.pipe(v.literal(REPORT_VERSION), v.description("The format's version.")),
    command: v.pipe(v.string(), v.description("The command that ran (build).")),
    ok: v.pipe(v.boolean(), v.description("Whether the command succeeded; false with a non-zero exit code.")),
    summary: v.pipe(
      v.nullable(v.strictObject({ text: v.string(), pages: v.number(), bytes: v.number(), seconds: v.number() })),
      v.description("The build's summary line and figures; null when it failed."),
    ),
    stages: v.pipe(
      v.array(v.strictObject({ name: v.string(), ms: v.number(), ok: v.boolean() })),
      v.description("Each stage that ran, with its time in milliseconds and whether it finished."),
    ),
    problems: v.pipe(v.strictObject({ count: v.number(), errors: v.number() }), v.description("How many problems, and of those errors.")),
    diagnostics: v.pipe(v.array(diagnosticSchema), v.description("Every problem, sorted by file and position.")),
    messages: v.pipe(v.array(v.string()), v.description("Other lines the command printed (notes, warnings that are not about a file).")),
    error: v.pipe(v.nullable(v.string()), v.description("Why the command failed, when it failed for a reason other than its problems; else null.")),
  }),
  v.description("The report of a docs-build command run with --reporter json."),
);

export type Report = v.InferOutput<typeof reportSchema>;
