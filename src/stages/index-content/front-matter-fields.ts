import * as v from "valibot";
import { isNode, type Document, type LineCounter } from "yaml";
import type { Place } from "../../data-files/json-text.ts";
import { isRevision } from "../../shared/content-rules.ts";
import { issuePath, type PathStep } from "../../data-files/problems.ts";
import { reportOnFile, type RuleParams } from "../../report/diagnostics.ts";
import type { VFile } from "vfile";

export type { Place } from "../../data-files/json-text.ts";

/** Text: a YAML string, or a number written where text belongs (`title: 2024`). */
const text = (key: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.union([v.string(), v.number()], `Front matter "${key}" must be text`),
        v.transform((value) => String(value)),
      ),
    ),
  );

/** A list whose every item (and the list itself) is reported with one message that names the list's shape. */
const list = <S extends v.GenericSchema>(item: S, message: string) => v.optional(v.nullable(v.array(item, message)));

/** `"first"`, `Infinity`: the value as written, for the sort message. */
const shown = (value: unknown) => (typeof value === "number" ? String(value) : JSON.stringify(value));
const NOT_A_NUMBER = (issue: v.BaseIssue<unknown>) => `Front matter "sort" must be a number, got ${shown(issue.input)}`;

const REVISION = 'Front matter "translates" must be a commit (7 to 40 hexadecimal digits)';

const HANDLES = 'Front matter "contributors" must be a list of code-host handles';
const RELATED = 'Front matter "related" must be a list of { title, url } items';

/**
 * The front matter keys a page may set, as the index reads them. Other keys
 * are left alone (fetched pages and other tools add their own).
 */
const frontMatterSchema = v.looseObject({
  title: text("title"),
  sort: v.optional(v.nullable(v.pipe(v.number(NOT_A_NUMBER), v.finite(NOT_A_NUMBER)))),
  group: text("group"),
  description: text("description"),
  source: text("source"),
  edit: text("edit"),
  repo: text("repo"),
  fetched: text("fetched"),
  translates: v.optional(v.nullable(v.pipe(v.string(REVISION), v.check(isRevision, REVISION)))),
  thirdParty: v.optional(v.boolean('Front matter "thirdParty" must be true or false')),
  contributors: list(v.string(HANDLES), HANDLES),
  related: list(v.object({ title: v.string(RELATED), url: v.string(RELATED) }, RELATED), RELATED),
});

/** The front matter as the index uses it. */
type FrontMatterFields = v.InferOutput<typeof frontMatterSchema>;

/** How each key must be written, as the `frontmatter-field` rule words it. */
const SHAPES: Record<string, RuleParams<"frontmatter-field">> = {
  thirdParty: { key: "thirdParty", shape: "boolean" },
  contributors: { key: "contributors", shape: "list", items: "code-host handles" },
  related: { key: "related", shape: "list", items: "{ title, url } items" },
  translates: { key: "translates", shape: "revision" },
};

/** A problem with one key: the catalogued rule and its parameters, and where the offending value is. */
export type FieldProblem = { place: Place } & (
  | { ruleId: "frontmatter-sort"; params: RuleParams<"frontmatter-sort"> }
  | { ruleId: "frontmatter-field"; params: RuleParams<"frontmatter-field"> }
);

/** The problem of key `key` holding `value`. */
function fieldProblem(key: string, value: unknown, place: Place): FieldProblem {
  if (key === "sort") return { place, ruleId: "frontmatter-sort", params: { value } };
  return { place, ruleId: "frontmatter-field", params: SHAPES[key] ?? { key, shape: "text" } };
}

/** Raises a field problem on the page's file. */
export function reportFieldProblem(file: VFile, problem: FieldProblem): void {
  if (problem.ruleId === "frontmatter-sort") reportOnFile(file, problem.ruleId, problem.params, problem.place);
  else reportOnFile(file, problem.ruleId, problem.params, problem.place);
}

/**
 * Finds values of a front matter document by path: the place of the YAML
 * node at the path, or of its nearest parent below the root; `start` (the
 * opening `---`) when none exists. Lines count from the file's start.
 */
export function yamlLocator(doc: Document, lines: LineCounter, start: number): (path: readonly PathStep[]) => Place {
  return (path) => {
    for (let n = path.length; n > 0; n--) {
      const node = doc.getIn(path.slice(0, n), true);
      if (isNode(node) && node.range) {
        const at = lines.linePos(node.range[0]);
        return { line: start + at.line, column: at.col };
      }
    }
    return { line: start, column: 1 };
  };
}

/**
 * Validates front matter data (pure). Each problem names its key, placed at
 * the offending value; the fields come back with every bad key left out (and
 * named in `invalid`), so the page is still indexed with its defaults there.
 */
export function checkFrontMatter(
  data: Record<string, unknown>,
  locate: (path: readonly PathStep[]) => Place,
): { fields: FrontMatterFields; problems: FieldProblem[]; invalid: ReadonlySet<string> } {
  const result = v.safeParse(frontMatterSchema, data);
  if (result.success) return { fields: result.output, problems: [], invalid: new Set() };
  const bad = new Set<string>();
  const problems = new Map<string, FieldProblem>();
  for (const issue of result.issues) {
    const path = issuePath(issue);
    const key = String(path[0]);
    bad.add(key);
    const place = locate(path);
    // An item missing both its title and url is one problem, not two.
    problems.set(`${issue.message}@${place.line}:${place.column}`, fieldProblem(key, data[key], place));
  }
  const rest = Object.fromEntries(Object.entries(data).filter(([key]) => !bad.has(key)));
  return { fields: v.parse(frontMatterSchema, rest), problems: [...problems.values()], invalid: bad };
}
