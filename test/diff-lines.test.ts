import type { ElementContent } from "hast";
import { toHtml } from "hast-util-to-html";
import { toString as textOf } from "hast-util-to-string";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { diffKinds, diffLanguage, isPatch, markDiff, resultingCode } from "../src/markdown/diff-lines.ts";
import { span, text } from "./helpers/hast.ts";

test("diffKinds: the first character says the kind; any other line, blank ones too, is unmarked", () => {
  assert.equal(diffKinds("+a\n-b\n c\nd\n\n|- e"), ["+", "-", " ", "", "", ""]);
});

test("resultingCode: removed lines go, the one-column marker goes, unmarked lines stay whole", () => {
  assert.is(resultingCode(" a {\n-  b: 1,\n+  b: 2,\n+  c: 3,\n }\n"), "a {\n  b: 2,\n  c: 3,\n}\n");
  assert.is(resultingCode("keep\n\n-gone\n+  new"), "keep\n\n  new", "only one column of marker is taken off");
  assert.is(resultingCode("a\n-last"), "a", "a removed last line leaves no line break behind");
  assert.is(resultingCode("--x\n++y"), "+y", "a marker is one character: the rest of the line is code");
});

test("isPatch: a hunk header makes a patch; markers alone do not", () => {
  assert.ok(isPatch("@@ -1 +1 @@\n-a\n+b"));
  assert.ok(isPatch(" intro\n@@ -3,2 +3,2 @@ fn\n-a"));
  assert.not.ok(isPatch("-a\n+b"));
  assert.not.ok(isPatch(" x = '@@ -1 +1 @@'"));
});

test("diffLanguage: the fence's diff-<language> wins; else a known title extension; else none", () => {
  const known = (language: string) => ["js", "json", "ts"].includes(language);
  assert.is(diffLanguage({ fence: "diff-js", title: "package.json", known }), "js");
  assert.is(diffLanguage({ fence: "diff-klingon", title: undefined, known }), "klingon", "the fence is taken at its word; the caller warns");
  assert.is(diffLanguage({ fence: "diff", title: "webpack.config.js", known }), "js");
  assert.is(diffLanguage({ fence: "diff", title: "src/Package.JSON", known }), "json");
  assert.is(diffLanguage({ fence: "diff", title: "project", known }), undefined);
  assert.is(diffLanguage({ fence: "diff", title: "notes.txt", known }), undefined, "an extension without a grammar");
  assert.is(diffLanguage({ fence: "diff", title: "fix.diff", known: () => true }), undefined);
  assert.is(diffLanguage({ fence: "diff", title: undefined, known }), undefined);
  assert.is(diffLanguage({ fence: "diff-", title: "a.js", known }), undefined);
});

test("markDiff: added and removed lines become ins and del led by their marker; the text is the diff as written", () => {
  const source = " a\n-b\n+c\nd";
  const bare = [span("t-k", "a\nb"), text("\n"), span("t-s", "c"), text("\nd")];
  const marked = markDiff(bare, diffKinds(source));
  assert.is(
    toHtml({ type: "root", children: marked }),
    ' <span class="t-k">a</span>\n<del class="d-del"><span class="d-m">-</span><span class="t-k">b</span></del>\n<ins class="d-add"><span class="d-m">+</span><span class="t-s">c</span></ins>\nd',
  );
  assert.is(textOf({ type: "root", children: marked }), source);
});

test("markDiff: tokens nested in other markup (a link around a property name) are split and marked at any depth", () => {
  const source = "-  entry: 'a',\n+  entry: {\n+  },";
  const link: ElementContent = {
    type: "element",
    tagName: "a",
    properties: { href: "/configuration/entry-context/#entry" },
    children: [span("t-g", "entry")],
  };
  const bare = [text("  "), link, span("t-p", ": "), span("t-s", "'a'"), span("t-p", ",\n  "), link, span("t-p", ": {\n  },")];
  const marked = markDiff(bare, diffKinds(source));
  const html = toHtml({ type: "root", children: marked });
  assert.is(textOf({ type: "root", children: marked }), source);
  assert.is(html.split("\n").length, 3);
  assert.match(
    html.split("\n")[0],
    /^<del class="d-del"><span class="d-m">-<\/span> {2}<a href="\/configuration\/entry-context\/#entry"><span class="t-g">entry<\/span><\/a>/,
  );
  assert.match(
    html.split("\n")[1],
    /^<ins class="d-add"><span class="d-m">\+<\/span><span class="t-p"> {2}<\/span><a href="[^"]+"><span class="t-g">entry<\/span><\/a><span class="t-p">: \{<\/span><\/ins>$/,
  );
  assert.is(html.split("\n")[2], '<ins class="d-add"><span class="d-m">+</span><span class="t-p">  },</span></ins>');
});

test.run();
