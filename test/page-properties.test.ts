import fc from "fast-check";
import { parseFragment, type DefaultTreeAdapterMap } from "parse5";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { resolveSettings } from "../src/context/config.ts";
import { processPage } from "../src/stages/index-content/process-page.ts";

// Property-based tests of the page pipeline: generated front matter, markdown
// and raw HTML, hostile and broken alike, go through `processPage`.

const settings = resolveSettings({});
const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);

/** Diagnostics a page may legitimately end with; "page-failed" means something escaped the pipeline's own handling. */
const UNEXPECTED = "page-failed";

const word = fc.constantFrom(
  "webpack",
  "loader",
  "output",
  "x",
  "Ünïcødé",
  "<",
  ">",
  "&",
  "*",
  "_",
  "`",
  "[",
  "]",
  "(",
  ")",
  "#",
  "|",
  "\\",
  "!",
  ":",
  "{",
  "}",
  '"',
  "'",
  "\u0000",
  "\u2028",
  "🙂",
);
const text = fc.array(fc.oneof(word, fc.string({ maxLength: 12 })), { maxLength: 12 }).map((parts) => parts.join(" "));

const URLS = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "jav&#x09;ascript:alert(1)",
  "&#106;avascript:alert(1)",
  "javascript&colon;alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "https://example.com/",
  "#usage",
  "/guides/",
  "x",
];
const TAGS = [
  "script",
  "style",
  "iframe",
  "img",
  "a",
  "div",
  "svg",
  "math",
  "form",
  "button",
  "details",
  "summary",
  "object",
  "embed",
  "base",
  "meta",
  "link",
  "input",
  "textarea",
  "video",
  "source",
  "template",
  "noscript",
  "table",
  "td",
  "h2",
  "span",
  "p",
  "use",
  "animate",
  "set",
  "foreignObject",
];
const ATTRIBUTES = [
  "onerror",
  "onload",
  "onclick",
  "OnMouseOver",
  "href",
  "src",
  "xlink:href",
  "formaction",
  "action",
  "srcdoc",
  "style",
  "id",
  "name",
  "class",
  "data",
  "poster",
  "background",
  "values",
  "to",
  "aria-describedby",
];

const attribute = fc
  .tuple(fc.constantFrom(...ATTRIBUTES), fc.oneof(fc.constantFrom(...URLS), text))
  .map(([name, value]) => `${name}="${value.replace(/"/g, "&quot;")}"`);
const element = fc.letrec<{ html: string }>((tie) => ({
  html: fc
    .tuple(
      fc.constantFrom(...TAGS),
      fc.array(attribute, { maxLength: 3 }),
      fc.array(fc.oneof({ depthSize: "small" }, text, tie("html")), { maxLength: 3 }),
      fc.boolean(),
    )
    .map(([tag, attrs, children, closed]) => `<${tag}${attrs.map((a) => ` ${a}`).join("")}>${children.join("")}${closed ? `</${tag}>` : ""}`),
})).html;

const block = fc.oneof(
  text,
  text.map((t) => `## ${t}`),
  fc.tuple(fc.integer({ min: 1, max: 300 }), text).map(([depth, t]) => `${">".repeat(depth)} ${t}`),
  fc.tuple(fc.integer({ min: 1, max: 120 }), text).map(([depth, t]) => `${"- ".repeat(depth)}${t}`),
  fc.tuple(fc.integer({ min: 1, max: 300 }), text).map(([depth, t]) => `${"*".repeat(depth)}${t}${"*".repeat(depth)}`),
  fc.tuple(fc.constantFrom(...URLS), text).map(([url, t]) => `[${t}](${url}) ![${t}](${url})`),
  fc.tuple(fc.constantFrom("js", "bash", "nope", ""), text).map(([lang, t]) => `\`\`\`${lang}\n${t}\n\`\`\``),
  fc.constantFrom(
    "T> a tip",
    "W> a warning",
    "> [!NOTE]\n> a note",
    "| a | b |\n| - | - |\n| 1 | 2 |",
    "Footnote[^1].\n\n[^1]: The note.",
    '<Badge text="5.0.0+" />',
    "<Unknown />",
    "{/* mdx comment */}",
  ),
  element,
  fc.tuple(fc.integer({ min: 1, max: 400 }), fc.constantFrom("div", "span", "blockquote")).map(([depth, tag]) => `<${tag}>`.repeat(depth)),
);

const frontMatter = fc.oneof(
  fc.record({ title: text, sort: fc.oneof(fc.integer(), text), group: text, thirdParty: fc.constant(true) }).map((fields) =>
    Object.entries(fields)
      .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
      .join("\n"),
  ),
  text.map((t) => `title: ${t}\nthirdParty: true`),
  fc.constant(
    'title: Bomb\nthirdParty: true\na: &a ["x","x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]',
  ),
  text,
);

const page = fc
  .tuple(fc.option(frontMatter, { nil: undefined }), fc.array(block, { maxLength: 8 }))
  .map(([yaml, blocks]) => `${yaml === undefined ? "" : `---\n${yaml}\n---\n\n`}${blocks.join("\n\n")}\n`);

type Node = DefaultTreeAdapterMap["childNode"];

/** Every element of a parsed fragment, depth first, without recursion. */
function elements(html: string): DefaultTreeAdapterMap["element"][] {
  const out: DefaultTreeAdapterMap["element"][] = [];
  const stack: Node[] = [...parseFragment(html).childNodes];
  while (stack.length) {
    const node = stack.pop()!;
    if ("tagName" in node) {
      out.push(node);
      stack.push(...node.childNodes);
      if (node.tagName === "template") stack.push(...(node as DefaultTreeAdapterMap["template"]).content.childNodes);
    }
  }
  return out;
}

/** What a browser would make of a URL's scheme: entities decoded, whitespace and control characters dropped, lower case. */
function scheme(value: string): string {
  const decoded = elements(`<a href="${value.replace(/"/g, "&quot;")}"></a>`)[0]?.attrs[0]?.value ?? value;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop control characters from a URL before reading its scheme.
  return /^([a-z][a-z0-9+.-]*):/i.exec(decoded.replace(/[\u0000-\u0020\u007f]/g, ""))?.[1].toLowerCase() ?? "";
}

const FORBIDDEN_TAGS = new Set([
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "base",
  "meta",
  "link",
  "form",
  "svg",
  "math",
  "template",
  "frame",
  "frameset",
]);
const URL_ATTRIBUTES = new Set(["href", "src", "xlink:href", "formaction", "action", "data", "poster", "background", "srcdoc", "cite", "longdesc"]);

/** The problems a third-party page's body HTML has, if any: an empty list when it is safe. */
function unsafeParts(html: string): string[] {
  const problems: string[] = [];
  for (const el of elements(html)) {
    if (FORBIDDEN_TAGS.has(el.tagName)) problems.push(`<${el.tagName}>`);
    for (const { name, value } of el.attrs) {
      if (/^on/i.test(name)) problems.push(`${el.tagName} ${name}`);
      if (name === "srcdoc") problems.push(`${el.tagName} srcdoc`);
      if (URL_ATTRIBUTES.has(name) && ["javascript", "data", "vbscript"].includes(scheme(value))) problems.push(`${el.tagName} ${name}="${value}"`);
      if ((name === "id" || name === "name") && !value.startsWith("user-content-"))
        problems.push(`${el.tagName} ${name}="${value}" without the user-content- prefix`);
    }
  }
  return problems;
}

const processed = (text: string, relative = "loaders/_generated.md") =>
  processPage({ relative, display: `content/${relative}`, text, size: text.length }, settings);

test("the safety check itself finds what it must (so the properties below can fail)", () => {
  assert.equal(unsafeParts('<a href=" jav&#x09;ascript:x">a</a>'), ['a href=" jav\tascript:x"']);
  assert.equal(unsafeParts('<img src="x" onerror="y"><svg></svg><p id="root">').sort(), [
    "<svg>",
    "img onerror",
    'p id="root" without the user-content- prefix',
  ]);
  assert.equal(unsafeParts('<a href="https://example.com/" id="user-content-x">ok</a>'), []);
});

test("nothing thrown while processing escapes as anything but a diagnostic on the page, and nothing unexpected is thrown", () => {
  fc.assert(
    fc.property(page, fc.constantFrom("guides/generated.md", "loaders/_generated.md", "api/generated.mdx"), (text, relative) => {
      const result = processed(text, relative);
      const unexpected = result.diagnostics.filter((d) => d.ruleId === UNEXPECTED);
      assert.equal(unexpected, [], `an exception escaped the pipeline's own checks:\n${unexpected.map((d) => `${d.message}\n${d.hint}`).join("\n")}`);
      for (const d of result.diagnostics) {
        assert.is(d.file, `content/${relative}`, "every diagnostic names the page");
        assert.ok(d.line >= 1 && d.column >= 1, "and a place in it");
      }
      if (result.failed) assert.is(result.diagnostics.length, 1, "a page that failed carries one diagnostic saying why");
    }),
    { numRuns: RUNS },
  );
});

test("a third-party page's HTML never holds a script, an event handler, a javascript: or data: URL, or an unprefixed id", () => {
  fc.assert(
    fc.property(fc.array(fc.oneof(element, block), { minLength: 1, maxLength: 8 }), (blocks) => {
      const text = `---\ntitle: Generated\nthirdParty: true\n---\n\n${blocks.join("\n\n")}\n`;
      const result = processed(text);
      assert.equal(unsafeParts(result.bodyHtml), [], `unsafe output for:\n${text}\n→\n${result.bodyHtml}`);
    }),
    { numRuns: RUNS },
  );
});

test.run();
