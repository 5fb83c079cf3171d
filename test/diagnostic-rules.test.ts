import fs from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { VFile } from "vfile";
import { codeFrame, diagnostic, formatDiagnostic, fromVFile, reportOnFile } from "../src/report/diagnostics.ts";
import { DIAGNOSTIC_RULES, isRuleId } from "../src/shared/diagnostic-rules.ts";
import { TOOL_DIR } from "./helpers/temp-site.ts";

// The catalogue of rules: the README lists exactly its rules, call sites get
// their words from it, and messages from plugins outside it become `markdown`.

/** The README's table of rules, by id: `| \`id\` | severity | description |`. */
function readmeRules(): Map<string, { severity: string; description: string }> {
  const readme = fs.readFileSync(path.join(TOOL_DIR, "README.md"), "utf8");
  const start = readme.indexOf("<!-- rules:start -->");
  const end = readme.indexOf("<!-- rules:end -->");
  assert.ok(start !== -1 && end > start, "README.md has a <!-- rules:start --> … <!-- rules:end --> section");
  const rows = new Map<string, { severity: string; description: string }>();
  for (const line of readme.slice(start, end).split("\n")) {
    const row = /^\| `([^`]+)` \| (\w+) \| (.*) \|$/.exec(line);
    if (!row) continue;
    assert.not.ok(rows.has(row[1]), `README lists ${row[1]} twice`);
    rows.set(row[1], { severity: row[2], description: row[3] });
  }
  return rows;
}

test("the README's table lists every catalogued rule with its severity and description, and no other", () => {
  const listed = readmeRules();
  const catalogued = Object.keys(DIAGNOSTIC_RULES);
  const fix = "run `node --import tsx scripts/rules-table.ts`";
  assert.equal(
    catalogued.filter((id) => !listed.has(id)),
    [],
    `rules missing from the README (${fix})`,
  );
  assert.equal(
    [...listed.keys()].filter((id) => !isRuleId(id)),
    [],
    `README rules not in the catalogue (${fix})`,
  );
  for (const [id, rule] of Object.entries(DIAGNOSTIC_RULES))
    assert.equal(listed.get(id), { severity: rule.severity, description: rule.description }, `README row of ${id} (${fix})`);
});

test("every rule's description is one line that fits a table cell", () => {
  for (const [id, rule] of Object.entries(DIAGNOSTIC_RULES)) {
    assert.ok(rule.description.trim().length > 10, `${id} has a description`);
    assert.not.match(rule.description, /[|\n]/, `${id}'s description has no | or line break`);
  }
});

test("isRuleId accepts catalogued ids only, not the object's inherited keys", () => {
  assert.ok(isRuleId("broken-link"));
  for (const id of ["broken-lnk", "toString", "constructor", "__proto__", "", undefined, 3]) assert.not.ok(isRuleId(id), String(id));
});

test("diagnostic() takes the message, hint and severity from the catalogue; the place may change the severity", () => {
  const error = diagnostic(
    "broken-anchor",
    { url: "/a/#b", target: "/a/", hash: "b", headings: ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"] },
    { file: "content/x.md", line: 3, column: 7 },
  );
  assert.equal(error, {
    file: "content/x.md",
    line: 3,
    column: 7,
    message: 'Link to /a/#b: /a/ has no heading with id "b"',
    ruleId: "broken-anchor",
    source: "docs-build",
    fatal: true,
    hint: "Headings there: one, two, three, four, five, six, seven, eight.",
  });
  const warning = diagnostic("broken-anchor", { url: "/a/#b", target: "/a/", hash: "b", headings: [] }, { file: "content/x.md", fatal: false });
  assert.is(formatDiagnostic(warning), 'content/x.md:1:1  warning  Link to /a/#b: /a/ has no heading with id "b" (broken-anchor)\n    Headings there: none.');
  // A warning rule stays a warning unless told otherwise; a rule without a hint has "".
  assert.is(diagnostic("code-language", { language: "cobol" }, { file: "f.md" }).fatal, false);
  assert.is(diagnostic("component-attribute", { name: "Badge", attribute: "text" }, { file: "f.md" }).hint, "");
});

test("a rule raised on a vfile by a plugin turns into the diagnostic diagnostic() builds", () => {
  const file = new VFile({ path: "guides/a.md", value: "x" });
  const place = { start: { line: 4, column: 2 }, end: { line: 4, column: 9 } };
  reportOnFile(file, "unknown-component", { name: "Nope", known: ["Badge", "RepositoryList"] }, place);
  reportOnFile(file, "code-language", { language: "cobol" }, place);
  const [unknown, language] = fromVFile(file, "content/guides/a.md");
  assert.equal(
    unknown,
    diagnostic("unknown-component", { name: "Nope", known: ["Badge", "RepositoryList"] }, { file: "content/guides/a.md", line: 4, column: 2 }),
  );
  assert.is(unknown.hint, "Use one of <Badge>, <RepositoryList>, or write the text as markdown.");
  assert.equal(language, diagnostic("code-language", { language: "cobol" }, { file: "content/guides/a.md", line: 4, column: 2 }));
  assert.is(language.fatal, false);
});

test("a vfile message of a rule outside the catalogue becomes the markdown rule, in its own words, severity and source", () => {
  const file = new VFile({ path: "guides/a.md", value: "x" });
  const warning = file.message("Unexpected table cell", { place: { line: 2, column: 5 }, ruleId: "table-cell", source: "remark-lint" });
  warning.note = "Align the cells.";
  file.message("No rule at all");
  const fatal = file.message("Cannot parse", { ruleId: "style", source: "hast-util-to-jsx-runtime" });
  fatal.fatal = true;
  const [first, second, third] = fromVFile(file, "content/guides/a.md");
  assert.equal(first, {
    file: "content/guides/a.md",
    line: 2,
    column: 5,
    message: "Unexpected table cell",
    ruleId: "markdown",
    source: "remark-lint",
    fatal: false,
    hint: "Align the cells.",
  });
  assert.equal([second.ruleId, second.message, second.source, second.hint], ["markdown", "No rule at all", "docs-build", ""]);
  assert.equal([third.ruleId, third.message, third.fatal], ["markdown", "Cannot parse", true]);
});

/** Never called: it holds what the typecheck (`tsc --noEmit`) must refuse. */
export function refusedByTheTypecheck(): void {
  // @ts-expect-error A misspelt rule id is not a RuleId.
  diagnostic("broken-lnk", { url: "/" }, { file: "f.md" });
  // @ts-expect-error A rule's parameters are typed.
  diagnostic("broken-link", { href: "/" }, { file: "f.md" });
  // @ts-expect-error Plugins raise catalogued rules only.
  reportOnFile(new VFile(), "unknown-tag", {}, undefined);
}

test("a code frame shows two lines each side and puts its caret under the column, tabs and all", () => {
  const source = "one\ntwo\n\tkey:\tvalue\nfour\nfive\nsix";
  assert.is(codeFrame(source, 3, 7), ["  1 | one", "  2 | two", "> 3 | \tkey:\tvalue", "    | \t    \t^", "  4 | four", "  5 | five"].join("\n"));
  assert.is(codeFrame("a", 1, 4), ["> 1 | a", "    |    ^"].join("\n"), "a column past the line's end");
});

test.run();
