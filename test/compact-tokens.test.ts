import fs from "node:fs";
import path from "node:path";
import type { ElementContent } from "hast";
import { toHtml } from "hast-util-to-html";
import { refractor } from "refractor";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compactTokens, TOKEN_GROUPS } from "../src/markdown/compact-tokens.ts";
import { rehypeLinks } from "../src/markdown/rehype-links.ts";
import "../src/markdown/rehype-highlight.ts";
import { TOOL_DIR } from "./helpers/temp-site.ts";

/**
 * The colour each character of highlighted code shows, as a stylesheet of
 * `.token.<type>` rules in TOKEN_GROUPS order would colour Prism's nested
 * spans: the innermost span with a coloured type decides, and among a span's
 * types the rule written last wins. Whitespace shows no colour.
 */
function coloursOfPrism(nodes: readonly ElementContent[], inherited = ""): string[] {
  return nodes.flatMap((node) => {
    if (node.type === "text") return [...node.value].map((ch) => (/\s/.test(ch) ? " " : inherited));
    if (node.type !== "element") return [];
    const classes = (node.properties.className as string[] | undefined) ?? [];
    let colour = inherited;
    for (const [group, types] of TOKEN_GROUPS) if (classes.includes("token") && types.some((t) => classes.includes(t))) colour = group;
    return coloursOfPrism(node.children, colour);
  });
}

/** The colour each character of the compact markup shows: its span's one class. */
function coloursOfCompact(nodes: readonly ElementContent[]): string[] {
  return nodes.flatMap((node) => {
    if (node.type === "text") return [...node.value].map((ch) => (/\s/.test(ch) ? " " : ""));
    if (node.type !== "element") return [];
    assert.is(node.tagName, "span");
    assert.is(node.children.length, 1, "a flat span holds one text");
    const [text] = node.children;
    const [group] = node.properties.className as string[];
    return text.type === "text" ? [...text.value].map((ch) => (/\s/.test(ch) ? " " : group)) : [];
  });
}

const textOf = (nodes: readonly ElementContent[]): string =>
  nodes.map((n) => (n.type === "text" ? n.value : n.type === "element" ? textOf(n.children) : "")).join("");

test("compactTokens: one flat span per run of one colour, uncoloured tokens as bare text, whitespace joining its neighbour", () => {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the JavaScript being highlighted holds a template literal.
  const code = "const greeting = `Hi ${name}!`; // done\n";
  const prism = refractor.highlight(code, "js").children as ElementContent[];
  const compact = compactTokens(prism);
  assert.is(
    toHtml({ type: "root", children: compact }),
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the expected markup holds the template literal's text.
    '<span class="t-k">const</span> greeting <span class="t-p">= </span><span class="t-s">`Hi </span><span class="t-p">${</span>name<span class="t-p">}</span><span class="t-s">!`</span><span class="t-p">; </span><span class="t-c">// done\n</span>',
  );
});

test("compactTokens keeps every character and its colour on every code block of the project's content", () => {
  const blocks: Array<[string, string]> = [];
  for (const file of fs.readdirSync(path.join(TOOL_DIR, "content"), { recursive: true }) as string[]) {
    if (!/\.mdx?$/.test(file)) continue;
    for (const m of fs.readFileSync(path.join(TOOL_DIR, "content", file), "utf8").matchAll(/^```(\w+)[^\n]*\n([\s\S]*?)^```/gm))
      if (refractor.registered(m[1])) blocks.push([m[1], m[2]]);
  }
  assert.ok(blocks.length > 100, `only ${blocks.length} highlighted blocks found`);
  let before = 0;
  let after = 0;
  for (const [language, code] of blocks) {
    const prism = refractor.highlight(code, language).children as ElementContent[];
    const compact = compactTokens(prism);
    assert.is(textOf(compact), code);
    assert.is(coloursOfCompact(compact).join("|"), coloursOfPrism(prism).join("|"), `colours differ in a ${language} block:\n${code}`);
    before += toHtml({ type: "root", children: prism }).length;
    after += toHtml({ type: "root", children: compact }).length;
  }
  assert.ok(after < before * 0.6, `the markup went from ${before} to ${after} characters`);
});

test("rehypeLinks passes over code blocks of text and spans, but finishes links in any other <pre>", () => {
  const link = (href: string): ElementContent => ({ type: "element", tagName: "a", properties: { href }, children: [{ type: "text", value: "x" }] });
  const highlighted: ElementContent = {
    type: "element",
    tagName: "pre",
    properties: {},
    children: [
      {
        type: "element",
        tagName: "code",
        properties: {},
        children: compactTokens(refractor.highlight('const a = "https://example.com";', "js").children as ElementContent[]),
      },
    ],
  };
  const raw: ElementContent = { type: "element", tagName: "pre", properties: {}, children: [link("https://example.com/"), link("/guides/caching")] };
  const tree = { type: "root" as const, children: [highlighted, raw] };
  const before = toHtml({ type: "root", children: [highlighted] });
  rehypeLinks()(tree);
  assert.is(toHtml({ type: "root", children: [highlighted] }), before);
  assert.is(
    toHtml({ type: "root", children: [raw] }),
    '<pre><a href="https://example.com/" rel="noopener noreferrer">x</a><a href="/guides/caching/">x</a></pre>',
  );
});

test.run();
