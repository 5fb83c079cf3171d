import type { ElementContent, RootContent } from "hast";
import { toHtml } from "hast-util-to-html";
import { toString as textOf } from "hast-util-to-string";
import { test } from "uvu";
import { EN } from "../src/shared/messages/en.ts";
import * as assert from "uvu/assert";
import { codeBlock, labelBefore, markLines, metaFlag, metaLines, metaTitle, splitLines } from "../src/markdown/code-block.ts";
import { element, span, text } from "./helpers/hast.ts";

test("metaTitle: double or single quotes, trimmed; none for other metas, empty titles or non-strings", () => {
  assert.is(metaTitle('title="webpack.config.js" {1}'), "webpack.config.js");
  assert.is(metaTitle("{2} title='a b.js'"), "a b.js");
  assert.is(metaTitle('subtitle="x"'), undefined);
  assert.is(metaTitle('title=" "'), undefined);
  assert.is(metaTitle("title=bare"), undefined);
  assert.is(metaTitle(undefined), undefined);
});

test("metaFlag: a word of its own, outside quoted values; not part of a word, not in a title, not for non-strings", () => {
  assert.ok(metaFlag("invalid", "invalid"));
  assert.ok(metaFlag('title="a.js" {2} invalid', "invalid"));
  assert.ok(metaFlag("  invalid  {1}", "invalid"));
  assert.not.ok(metaFlag("invalidated", "invalid"));
  assert.not.ok(metaFlag('title="an invalid setup"', "invalid"));
  assert.not.ok(metaFlag("title='invalid'", "invalid"));
  assert.not.ok(metaFlag(undefined, "invalid"));
});

test("codeBlock: an invalid block is a figure whose caption ends with the label, after the title when there is one", () => {
  const pre = element("pre", []) as Parameters<typeof codeBlock>[0];
  const titled = codeBlock(pre, { language: "js", title: "webpack.config.js", invalid: true });
  assert.is(titled.tagName, "figure");
  assert.is(textOf(titled.children[0]), `webpack.config.js ${EN["code.invalid"]}`);
  const bare = codeBlock(pre, { language: "json", invalid: true });
  assert.is(bare.tagName, "figure");
  assert.is(toHtml(bare.children[0]), `<figcaption class="code-title"><span class="code-invalid">${EN["code.invalid"]}</span></figcaption>`);
  assert.is(codeBlock(pre, { language: "js", invalid: false }).tagName, "div");
});

test("metaLines: single lines and ranges, zero and reversed ranges ignored, a huge range capped", () => {
  assert.equal([...metaLines("{1,4-6}")], [1, 4, 5, 6]);
  assert.equal([...metaLines('title="x" { 2 , 3 }')], [2, 3]);
  assert.equal([...metaLines("{0,5-3}")], []);
  assert.equal([...metaLines("no braces")], []);
  assert.equal([...metaLines(42)], []);
  assert.is(metaLines("{1-999999999}").size, 10_001);
});

test("markLines: marks the chosen lines, splitting runs across lines, and keeps the text", () => {
  const nodes = [span("t-k", "const"), text(" a;\n"), span("t-c", "/* x\ny */"), text("\nb\n")];
  const marked = markLines(nodes, new Set([2, 3]));
  const html = toHtml({ type: "root", children: marked });
  assert.is(
    html,
    '<span class="t-k">const</span> a;\n<span class="hl"><span class="t-c">/* x</span></span>\n<span class="hl"><span class="t-c">y */</span></span>\nb\n',
  );
  assert.is(textOf({ type: "root", children: marked }), textOf({ type: "root", children: nodes }));
  assert.equal(markLines([text("a\n\nb")], new Set([2])), [text("a"), text("\n"), text("\n"), text("b")], "an empty line has nothing to mark");
  const nested = [element("a", [span("t-g", "entry"), text(":\nx")])];
  assert.is(
    toHtml({ type: "root", children: markLines(nested, new Set([2])) }),
    '<a><span class="t-g">entry</span>:</a>\n<span class="hl"><a>x</a></span>',
    "markup nested deeper is split at the line break too",
  );
});

test("splitLines: cuts text and elements of any depth at line breaks, drops emptied parts, keeps elements empty from the start", () => {
  const link = element("a", [span("t-g", "a\nb"), text("\n")]);
  const lines = splitLines([text("x"), link, element("br", []), text("y\n")]);
  assert.equal(
    lines.map((line) => toHtml({ type: "root", children: line })),
    ['x<a><span class="t-g">a</span></a>', '<a><span class="t-g">b</span></a>', "<br>y", ""],
  );
  assert.equal(splitLines([]), [[]]);
});

test("labelBefore: a bold-only paragraph, white space between; not bold with more, bold markup, empty or nothing before", () => {
  const p = (children: ElementContent[]): RootContent => element("p", children) as RootContent;
  const pre = element("pre", []) as RootContent;
  assert.equal(labelBefore([p([element("strong", [text(" a.js ")])]), text("\n"), pre], 2), { title: "a.js", start: 0 });
  assert.is(labelBefore([p([element("strong", [text("a.js")]), text(" more")]), pre], 1), undefined);
  assert.is(labelBefore([p([element("strong", [element("code", [text("a")])])]), pre], 1), undefined);
  assert.is(labelBefore([p([element("strong", [text(" ")])]), pre], 1), undefined);
  assert.is(labelBefore([p([element("em", [text("a.js")])]), pre], 1), undefined);
  assert.is(labelBefore([element("div", []) as RootContent, pre], 1), undefined);
  assert.is(labelBefore([text("\n"), pre], 1), undefined);
});

test.run();
