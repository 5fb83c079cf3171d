/**
 * The catalogue of every problem docs-build reports. Each rule has its id
 * (printed after the message), the message and hint a writer reads (fixed
 * text, or text made from the rule's typed parameters), its default severity
 * and one line for the README's list of rules. The call sites name a rule and
 * pass its parameters; the words live here. Plain data and functions, so
 * worker threads load it too.
 */

/** Fixed text, or text made from a rule's parameters. */
type RuleText<P> = string | ((params: P) => string);

/** One rule of the catalogue, whose message and hint take parameters `P`. */
export interface DiagnosticRule<P extends object> {
  /** "error" fails the build, "warning" is only reported; a call site may choose otherwise (`--links warn`). */
  severity: "error" | "warning";
  /** One line for the README's list of rules. */
  description: string;
  message: RuleText<P>;
  /** What to do about it; "" when the message says it all. */
  hint: RuleText<P>;
}

/** The parameters of a rule whose message and hint are fixed. */
type NoParams = Record<never, never>;

/** Declares a rule; `P` types the parameters its message and hint are made from (none by default). */
function rule<P extends object = NoParams>(data: DiagnosticRule<P>): DiagnosticRule<P> {
  return data;
}

/** What a front matter field of each shape must be, as `frontmatter-field` words it. */
const FIELD_SHAPES = { text: "text", boolean: "true or false", revision: "a commit (7 to 40 hexadecimal digits)" };

const NESTING_HINT = ({ limit }: { limit: number }) =>
  `Pages may nest quotes, lists, emphasis and HTML elements at most ${limit} levels deep. Flatten the nesting, or split the page.`;
const REPOSITORY_LIST_HINT = 'List repositories as "owner/name", or { "repository": "owner/name", "group": "…", "contributors": ["handle"] }.';
const CONTRIBUTOR_DATA_HINT = "Fix the file, or delete it and run `docs-build contributors` to check every handle again.";

/** Every rule, by id. */
export const DIAGNOSTIC_RULES = {
  encoding: rule({
    severity: "error",
    description: "A content file is not valid UTF-8; it is skipped.",
    message: "File is not valid UTF-8",
    hint: "Save the file with UTF-8 encoding.",
  }),
  "empty-file": rule({
    severity: "error",
    description: "A content file is empty or holds only white space; it is skipped.",
    message: "File is empty",
    hint: "Add front matter with a title and some content, or delete the file.",
  }),
  symlink: rule<{ problem: "missing"; target: string } | { problem: "outside"; link: string; real: string }>({
    severity: "error",
    description: "A symbolic link in the content folder points at nothing, or at a file outside the folder; it is not read.",
    message: (p) =>
      p.problem === "missing"
        ? `Symbolic link points at ${p.target}, which does not exist`
        : `Symbolic link leads outside the content folder: ${p.link} → ${p.real}`,
    hint: (p) =>
      p.problem === "missing"
        ? "Remove the link or point it at a page inside the content folder."
        : "Only files inside the content folder are read. Copy the page into it, or point the link at a file inside it.",
  }),
  "frontmatter-yaml": rule<{ problem: "syntax"; reason: string; frame: string } | { problem: "aliases"; limit: number } | { problem: "not-mapping" }>({
    severity: "error",
    description: "The front matter is not valid YAML, is not a mapping of keys to values, or expands aliases too often.",
    message: (p) =>
      p.problem === "syntax"
        ? `Invalid YAML front matter: ${p.reason}`
        : p.problem === "aliases"
          ? `Front matter expands YAML aliases more than ${p.limit} times`
          : "Front matter must be a YAML mapping of keys to values",
    hint: (p) =>
      p.problem === "syntax"
        ? `Fix the front matter between the --- lines:\n${p.frame}`
        : p.problem === "aliases"
          ? "Write the values out instead of repeating them through *aliases."
          : "Write it as `key: value` lines, such as `title: Caching`.",
  }),
  "frontmatter-title": rule({
    severity: "error",
    description: "A page has no `title` in its front matter.",
    message: "Page has no title",
    hint: "Add `title: Your Page Title` to the front matter.",
  }),
  "frontmatter-sort": rule<{ value: unknown }>({
    severity: "error",
    description: "A page's `sort` is not a number.",
    message: ({ value }) => `Front matter "sort" must be a number, got ${typeof value === "number" ? String(value) : JSON.stringify(value)}`,
    hint: "Use a number such as `sort: 3`; pages are ordered by it.",
  }),
  "frontmatter-field": rule<{ key: string; shape: "text" | "boolean" | "revision" } | { key: string; shape: "list"; items: string }>({
    severity: "error",
    description: "A front matter field has the wrong type (text, list, true/false, or a commit for `translates`).",
    message: (p) => `Front matter "${p.key}" must be ${p.shape === "list" ? `a list of ${p.items}` : FIELD_SHAPES[p.shape]}`,
    hint: (p) =>
      p.shape === "boolean"
        ? `Write \`${p.key}: true\` or leave the key out.`
        : p.shape === "revision"
          ? `Write the commit of the source page that this page translates, as git prints it (git log -1 --format=%H -- content/<the page>.md), such as \`${p.key}: 3f2a9c1\` (in quotes when it is digits only, which YAML reads as a number); or leave the key out to take it from git.`
          : p.shape === "text"
            ? `Write \`${p.key}:\` as text, such as \`${p.key}: Caching\`.`
            : p.key === "contributors"
              ? "List handles one per line, such as `contributors:` then `  - octocat`."
              : "List items as `- title: Caching` with `url: /guides/caching/` below each.",
  }),
  "translation-revision": rule<{ revision: string; source: string }>({
    severity: "warning",
    description: "A translated page's `translates` names a commit git does not know; its own last commit decides its freshness instead.",
    message: ({ revision, source }) =>
      `Front matter "translates" names ${revision}, a commit git does not know; ${source}'s changes are counted from this page's last commit instead`,
    hint: ({ source }) =>
      `Write a commit that changed the source page (git log --format=%H -- ${source}), or leave the key out to take it from git; a commit on a branch that was not merged is not in the history.`,
  }),
  "unknown-component": rule<{ name: string; known: readonly string[] }>({
    severity: "error",
    description: "A capitalised tag in markdown is not one of the components the content format allows.",
    message: ({ name }) => `Unknown component <${name}>`,
    hint: ({ known }) => `Use one of ${known.map((c) => `<${c}>`).join(", ")}, or write the text as markdown.`,
  }),
  "component-attribute": rule<{ name: string; attribute: string }>({
    severity: "error",
    description: "A component tag lacks the attribute it needs (`<Badge text=…>`, `<StackBlitzPreview example=…>`).",
    message: ({ name, attribute }) => `<${name}> needs a ${attribute}="..." attribute`,
    hint: "",
  }),
  "code-language": rule<{ language: string }>({
    severity: "warning",
    description: "A code block names a language the highlighter does not know; it is shown plain.",
    message: ({ language }) => `Code block language "${language}" is not known; it is shown without highlighting`,
    hint: "Use a common name such as js, ts, json, bash, diff, html, css or yaml, or `text` for plain output.",
  }),
  "unknown-option": rule<{ option: string; schema: string }>({
    severity: "warning",
    description: "A configuration example sets a key its options' schema does not have; the key is shown plain.",
    message: ({ option, schema }) => `The example sets ${option}, which ${schema} does not have`,
    hint: "Fix the key's spelling, or mark the fence `invalid` when the example is wrong on purpose (```js invalid).",
  }),
  "deprecated-option": rule<{ option: string; schema: string }>({
    severity: "warning",
    description: "A configuration example outside the migration pages sets an option its schema marks deprecated.",
    message: ({ option, schema }) => `The example sets ${option}, which ${schema} marks deprecated`,
    hint: "Show the option that replaces it (the option's description says which), or move the example to a migration page.",
  }),
  "nesting-depth": rule<{ problem: "limit" | "overflow"; limit: number }>({
    severity: "error",
    description: "A page nests quotes, lists, emphasis or HTML too deeply to be rendered.",
    message: ({ problem, limit }) =>
      problem === "limit"
        ? `The page nests deeper than ${limit} levels; it cannot be rendered`
        : "The page nests too deeply to be rendered (the stack overflowed), most likely in raw HTML",
    hint: NESTING_HINT,
  }),
  markdown: rule<{ reason: string }>({
    severity: "error",
    description: "A problem in the markdown or HTML found by a markdown plugin outside this catalogue, in the plugin's own words.",
    message: ({ reason }) => reason,
    hint: "Fix the markdown or HTML at this place.",
  }),
  "page-failed": rule<{ reason: string; thrownAt: string }>({
    severity: "error",
    description: "Processing one page failed unexpectedly; the rest of the build goes on.",
    message: ({ reason }) => `Processing the page failed: ${reason}`,
    hint: ({ thrownAt }) =>
      `Nothing else in the build was affected. If the page looks right, this is a docs-build bug: report it with the page${thrownAt ? ` (thrown ${thrownAt})` : ""}.`,
  }),
  "page-timeout": rule<{ seconds: number }>({
    severity: "error",
    description: "Processing one page took longer than its time budget, so it was stopped; the rest of the build goes on.",
    message: ({ seconds }) => `Processing the page took longer than ${seconds} s, so it was stopped`,
    hint: "Look for what is slow to parse: very long runs of * or _ around text, or deeply nested lists, quotes or HTML. If the page is only large, raise the budget with --page-timeout <seconds> or pageTimeout in the config.",
  }),
  "duplicate-url": rule<{ url: string; first: string; second: string }>({
    severity: "error",
    description: "Two content files have the same URL.",
    message: ({ url, first, second }) => `Two files have the URL ${url}: ${first} and ${second}`,
    hint: "Rename or remove one of them.",
  }),
  "broken-link": rule<{ url: string }>({
    severity: "error",
    description: "An internal link points at no page (a warning with `--links warn`).",
    message: ({ url }) => `Link to ${url} has no page`,
    hint: "Point the link at an existing page, or create the page.",
  }),
  "broken-anchor": rule<{ url: string; target: string; hash: string; headings: readonly string[] }>({
    severity: "error",
    description: "An internal link's `#fragment` matches no heading of its page (a warning with `--links warn`).",
    message: ({ url, target, hash }) => `Link to ${url}: ${target} has no heading with id "${hash}"`,
    hint: ({ headings }) => `Headings there: ${headings.slice(0, 8).join(", ") || "none"}.`,
  }),
  "data-file": rule<{ problem: "json"; name: string; reason: string } | { problem: "value"; name: string; where: string; reason: string }>({
    severity: "error",
    description: "A committed data file under `repositories/` is not valid JSON or does not have its format.",
    message: (p) => (p.problem === "json" ? `${p.name} is not valid JSON: ${p.reason}` : `"${p.where}" ${p.reason}`),
    hint: (p) => (p.problem === "json" ? "Fix the JSON syntax." : `Fix ${p.name}; see the README for its format.`),
  }),
  "repository-list": rule<{ problem: "json"; reason: string } | { problem: "not-array" } | { problem: "item"; index: number; reason: string }>({
    severity: "error",
    description: "`repositories/loaders.json` or `plugins.json` is not a valid list of repositories.",
    message: (p) =>
      p.problem === "json" ? `Not valid JSON: ${p.reason}` : p.problem === "not-array" ? "The list must be a JSON array." : `Item ${p.index}: ${p.reason}`,
    hint: REPOSITORY_LIST_HINT,
  }),
  "contributor-data": rule<{ problem: "json"; reason: string } | { problem: "value"; reason: string } | { problem: "moved" }>({
    severity: "error",
    description: "`content/_data/contributors.json` is broken (an error), or the old `repositories/contributors.json` is still there (a warning).",
    message: (p) =>
      p.problem === "json"
        ? `Contributor data is not valid JSON: ${p.reason}`
        : p.problem === "value"
          ? `Contributor data ${p.reason}`
          : "This file is no longer read: contributor data lives in content/_data/contributors.json.",
    hint: (p) => (p.problem === "moved" ? "Move its handles there (run `docs-build contributors` to check them) and delete it." : CONTRIBUTOR_DATA_HINT),
  }),
  "blog-post-date": rule<{ url: string; why: string }>({
    severity: "warning",
    description: "A page under blog/ whose file name starts with no real day is not a post: the blog index and the feeds leave it out.",
    message: ({ url, why }) => `Blog page ${url} is not a post: ${why}, so the blog index and the feeds leave it out`,
    hint: "Name the file after the day it is published, YYYY-MM-DD-slug.md (2026-03-15-release.md), or move the page out of blog/ if it is not a post.",
  }),
  "no-page-history": rule<{ reason: string }>({
    severity: "warning",
    description: 'No page of the content folder has a git commit (not a git repository, git missing, or nothing committed): pages show no "Last updated" date.',
    message: ({ reason }) => `No page has a git history, so no page shows a "Last updated" date: ${reason}`,
    hint: "Build from a git clone of the site's repository with git installed, and commit the pages.",
  }),
  "client-bundle": rule<{ reason: string }>({
    severity: "error",
    description:
      "esbuild could not bundle the site's client code: a docs-build problem, not a content one, so the build stops with the bundle client stage's error listing these.",
    message: ({ reason }) => reason,
    hint: "",
  }),
};

/** The id of a catalogued rule; `diagnostic()` and the markdown plugins accept only these. */
export type RuleId = keyof typeof DIAGNOSTIC_RULES;

/** The parameters the message and hint of rule `R` are made from. */
export type RuleParams<R extends RuleId> = (typeof DIAGNOSTIC_RULES)[R] extends DiagnosticRule<infer P> ? P : never;

/** True when `id` names a catalogued rule. */
export function isRuleId(id: unknown): id is RuleId {
  return typeof id === "string" && Object.hasOwn(DIAGNOSTIC_RULES, id);
}

/** The message and hint of rule `id` made from `params`, and whether the rule is an error by default. */
export function ruleText<R extends RuleId>(id: R, params: RuleParams<R>): { message: string; hint: string; fatal: boolean } {
  const rule = DIAGNOSTIC_RULES[id] as DiagnosticRule<RuleParams<R>>;
  const text = (value: RuleText<RuleParams<R>>) => (typeof value === "function" ? value(params) : value);
  return { message: text(rule.message), hint: text(rule.hint), fatal: rule.severity === "error" };
}
