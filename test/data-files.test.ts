import { test } from "uvu";
import * as assert from "uvu/assert";
import { checkJsonText } from "../src/data-files/check-json.ts";
import { CONTRIBUTOR_DATA_KIND } from "../src/data-files/contributors.ts";
import { jsonLocator, parseJson } from "../src/data-files/json-text.ts";
import { formatPath } from "../src/data-files/problems.ts";
import { SPONSORS_KIND } from "../src/data-files/sponsors.ts";
import { VOTE_TOPICS_KIND } from "../src/data-files/vote-topics.ts";

const at = (d: { line: number; column: number; message: string }) => `${d.line}:${d.column} ${d.message}`;

test("parseJson places a syntax error at its line and column, and refuses comments and trailing commas", () => {
  assert.equal(parseJson('{\n  "a": 1\n  "b": 2\n}'), {
    ok: false,
    place: { line: 3, column: 3 },
    reason: "comma expected at line 3, column 3",
    problem: "comma expected",
  });
  assert.equal(parseJson("[1, 2,]").ok, false, "trailing comma");
  assert.equal(parseJson('{ "a": 1 } // note').ok, false, "comment");
  assert.equal(parseJson("").ok, false, "empty file");
  const parsed = parseJson('{ "__proto__": { "polluted": true } }');
  assert.ok(parsed.ok);
  assert.equal(Object.keys((parsed as { data: object }).data), ["__proto__"], "an own key, not a prototype");
  assert.is(({} as Record<string, unknown>).polluted, undefined);
});

test("jsonLocator finds a value, a key, the parent of a missing key, and the root", () => {
  const text = '{\n  "list": [\n    { "name": "x" },\n    7\n  ]\n}\n';
  const locate = jsonLocator(text);
  assert.equal(locate(["list", 0, "name"]), { line: 3, column: 15 });
  assert.equal(locate(["list", 0, "name"], { key: true }), { line: 3, column: 7 });
  assert.equal(locate(["list", 1]), { line: 4, column: 5 });
  assert.equal(locate(["list", 0, "missing"]), { line: 3, column: 5 }, "the object that lacks the key");
  assert.equal(locate([]), { line: 1, column: 1 });
  assert.equal(jsonLocator("not json")(["a"]), { line: 1, column: 1 });
});

test("formatPath writes keys and indexes as the messages name them", () => {
  assert.is(formatPath(["topics", 1, "votes"]), "topics[1].votes");
  assert.is(formatPath([2, "repository"]), "[2].repository");
  assert.is(formatPath([]), "(file)");
});

test("every data file reports each problem at its value, with its rule and a hint", () => {
  const sponsors = checkJsonText(
    '{\n  "capturedAt": "2026-11-01",\n  "sponsors": [\n    { "name": "", "url": "ftp://x", "monthly": 1, "total": -1, "since": "2026-01-01" }\n  ]\n}\n',
    "repositories/sponsors.json",
    SPONSORS_KIND,
  );
  assert.is(sponsors.value, undefined);
  assert.equal(sponsors.problems.map(at), [
    '4:15 "sponsors[0].name" must be a non-empty text',
    '4:26 "sponsors[0].url" must be an http(s) URL',
    '4:60 "sponsors[0].total" must be an amount of 0 or more',
  ]);
  assert.ok(
    sponsors.problems.every(
      (p) => p.ruleId === "data-file" && p.hint === "Fix sponsors.json; see the README for its format." && p.file === "repositories/sponsors.json",
    ),
  );

  const vote = checkJsonText('{ "version": 1, "capturedAt": "2026-01-31", "topics": [], "extra": 1 }', "vote-topics.json", VOTE_TOPICS_KIND);
  assert.equal(vote.problems.map(at), [
    '1:55 "topics" must list at least one topic',
    '1:59 "extra" unknown key "extra" (allowed: version, capturedAt, topics)',
  ]);

  const contributors = checkJsonText(
    '{\n  "handles": { "not a handle": { "exists": true } },\n  "history": { "a.md": "alice" }\n}',
    "contributors.json",
    CONTRIBUTOR_DATA_KIND,
  );
  assert.equal(contributors.problems.map(at), [
    '2:16 Contributor data "handles.not a handle" is not a code-host handle',
    '3:24 Contributor data "history.a.md" must be a list of handles',
  ]);
  assert.equal(checkJsonText("[]", "contributors.json", CONTRIBUTOR_DATA_KIND).problems.map(at), [
    '1:1 Contributor data must be an object { "handles": {…}, "history": {…} }',
  ]);
  assert.equal(checkJsonText("{}", "contributors.json", CONTRIBUTOR_DATA_KIND).value, { handles: {}, history: {} }, "both parts are optional");

  const broken = checkJsonText('{ "handles": { }', "contributors.json", CONTRIBUTOR_DATA_KIND);
  assert.equal(broken.problems.map(at), ["1:17 Contributor data is not valid JSON: close brace expected at line 1, column 17"]);
});

test.run();
