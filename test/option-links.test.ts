import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { BuildResult } from "../src/build.ts";
import { withoutOptionLinks } from "../src/stages/render-pages/printable.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import { openDom } from "./helpers/dom.ts";
import { FIXTURES } from "./helpers/fixture-loop.ts";
import { buildFixtureSite, copyFixtureSite, fileText } from "./helpers/site.ts";

// Configuration examples that explain themselves, on the config-examples
// fixture: option keys link to their reference sections with a tooltip of
// the schema's description, the type and the default; keys of free name stay
// plain; unknown and deprecated options are warnings at their lines; the
// copy and the printable page show the code as written.

const SITE = path.join(FIXTURES, "sites", "config-examples");
const EXAMPLES = fs.readFileSync(path.join(SITE, "content/guides/examples.md"), "utf8");
const require = createRequire(import.meta.url);
type Described = { description?: string; $ref?: string; properties?: Record<string, Described> };
const WEBPACK_SCHEMA = JSON.parse(fs.readFileSync(require.resolve("webpack/schemas/WebpackOptions.json"), "utf8")) as {
  definitions: Record<string, Described>;
};

/** The description webpack's schema gives a property of a definition, its `$ref` followed. */
function schemaDescription(definition: string, property: string): string | undefined {
  const option = WEBPACK_SCHEMA.definitions[definition].properties?.[property];
  return option?.description ?? WEBPACK_SCHEMA.definitions[option?.$ref?.split("/").pop() ?? ""]?.description;
}

let built: Promise<BuildResult> | undefined;
const site = () => (built ??= buildFixtureSite("config-examples"));

/** The examples page as a document, with each block's code element. */
async function examplesPage() {
  const dom = await openDom({ html: fileText(await site(), "guides/examples/index.html") });
  const blocks = [...dom.document.querySelectorAll(".markdown .code-block")];
  return { dom, blocks, code: (n: number) => blocks[n].querySelector("pre code")! };
}

/** The keys of a code element that are links, by their text, with their target and tooltip. */
function linkedKeys(code: Element): Map<string, { href: string; tip: Element }[]> {
  const keys = new Map<string, { href: string; tip: Element }[]>();
  for (const link of code.querySelectorAll("a.opt")) {
    const tip = code.ownerDocument.getElementById(link.getAttribute("aria-describedby") ?? "");
    assert.ok(tip, `the key ${link.textContent} names its tooltip`);
    assert.is(tip!.previousElementSibling, link, "the tooltip comes right after its key, where the stylesheet shows it");
    assert.is(tip!.getAttribute("role"), "tooltip");
    keys.set(link.textContent!, [...(keys.get(link.textContent!) ?? []), { href: link.getAttribute("href")!, tip: tip! }]);
  }
  return keys;
}

/** The line (from 1) of the examples page's first line that holds `text`. */
const lineOf = (text: string) => EXAMPLES.split("\n").findIndex((line) => line.includes(text)) + 1;

test("keys of a CommonJS configuration link to their sections, nested options, rules, cache groups and devServer included", async () => {
  const { code, dom } = await examplesPage();
  const keys = linkedKeys(code(0));
  const href = (key: string, n = 0) => keys.get(key)?.[n]?.href;
  assert.is(href("entry"), "/configuration/entry/", "a top-level option's own page");
  assert.is(href("output"), "/configuration/output/");
  assert.is(href("filename"), "/configuration/output/#outputfilename");
  assert.is(href("publicPath"), "/configuration/output/#outputpublicpath");
  assert.is(href("rules"), "/configuration/module/#modulerules");
  assert.is(href("test", 0), "/configuration/module/#ruletest", "a rule's key is read as Rule.test");
  assert.is(href("use"), "/configuration/module/#ruleuse");
  assert.is(href("chunks"), "/configuration/optimization/#splitchunkschunks", "an ending of the name (splitChunks.chunks)");
  assert.is(href("test", 1), "/configuration/optimization/#cachegroupsgrouptest", "a cache group's key, as cacheGroups.{group}.test");
  assert.is(href("alias"), "/configuration/resolve/#resolvealias");
  assert.is(href("devServer"), "/configuration/dev-server/", "devServer's own page");
  assert.is(href("port"), "/configuration/dev-server/#devserverport", "webpack-dev-server's schema under devServer");
  assert.is(href("overlay"), "/configuration/dev-server/#devserverclient", "an option without a section of its own leads to its parent's");
  await dom.close();
});

test("keys of free name stay plain: entry names, aliases, cache groups, a loader's options", async () => {
  const { code, dom } = await examplesPage();
  const keys = linkedKeys(code(0));
  for (const key of ["main", "Widgets", "vendors", "modules", "loader"])
    assert.not.ok(keys.has(key), `${key} is not linked (${keys.get(key)?.[0]?.href ?? ""})`);
  // What a free-form key holds may have options again (the cache group's test), so this is not "nothing below them".
  assert.ok(keys.get("test")?.length === 2);
  await dom.close();
});

test("a tooltip gives the option's name, type, the schema's description and the default the reference states", async () => {
  const { code, dom } = await examplesPage();
  const tip = linkedKeys(code(0)).get("publicPath")![0].tip;
  assert.is(tip.querySelector("strong")?.textContent, "output.publicPath");
  assert.is(tip.querySelector("code")?.textContent, '"auto" | string | function');
  assert.is(tip.querySelector("em")?.textContent, schemaDescription("Output", "publicPath"), "the schema's own words");
  assert.is(tip.querySelector("small")?.textContent, 'Default: "auto"');
  const port = linkedKeys(code(0)).get("port")![0].tip;
  assert.is(port.querySelector("small"), null, "no default where neither the schema nor the reference states one");
  await dom.close();
});

test("ES module, TypeScript and untitled examples are linked; a Babel configuration is not", async () => {
  const { code, blocks, dom } = await examplesPage();
  assert.is(linkedKeys(code(1)).get("publicPath")?.[0].href, "/configuration/output/#outputpublicpath", "export default");
  assert.is(linkedKeys(code(2)).get("filename")?.[0].href, "/configuration/output/#outputfilename", "TypeScript, through a typed variable");
  assert.is(linkedKeys(code(3)).get("entry")?.[0].href, "/configuration/entry/", "an untitled block that exports a configuration");
  assert.is(blocks[4].querySelectorAll("a.opt").length, 0, "Babel's presets and comments are not webpack options");
  await dom.close();
});

test("copying an example gives its code as written: the tooltips are left out", async () => {
  const { code, dom } = await examplesPage();
  const copy = code(0).cloneNode(true) as Element;
  for (const tip of copy.querySelectorAll(".t-pr, .opt-tip")) tip.remove();
  const fence = /```js\n(const path[\s\S]*?)```/.exec(EXAMPLES)![1];
  assert.is(copy.textContent, fence);
  await dom.close();
});

test("an unknown key and a deprecated option are warnings at their lines; not in a block marked invalid, nor on a migration page", async () => {
  const result = await site();
  const found = result.diagnostics
    .filter((d) => d.ruleId === "unknown-option" || d.ruleId === "deprecated-option")
    .map((d) => `${d.ruleId} ${d.file}:${d.line}:${d.column}`);
  assert.equal(found, [
    `unknown-option content/guides/examples.md:${lineOf("outptu")}:3`,
    `deprecated-option content/guides/examples.md:${lineOf("strictExportPresence")}:13`,
  ]);
  const unknown = fileText(result, "guides/examples/index.html");
  assert.ok(unknown.includes(">outptu<") || unknown.includes('"outptu"') || /outptu/.test(unknown), "the unknown key is still shown");
  assert.not.ok(/class="opt"[^>]*>[^<]*outptu/.test(unknown), "but not linked");
});

test("the printable page shows the keys as plain code", async () => {
  const result = await site();
  const printable = fileText(result, "guides/printable/index.html");
  assert.ok(printable.includes("publicPath"), "the example is on the printable page");
  assert.not.ok(printable.includes('class="opt'), "without key links or tooltips");
  const body =
    '<span class="t-p"><a class="opt" href="/x/#y" aria-describedby="option-tip-1">y</a><span class="opt-tip" role="tooltip" id="option-tip-1"><strong>y</strong><em>Why.</em></span></span>';
  assert.is(withoutOptionLinks(body), '<span class="t-p">y</span>');
});

/** A copy of the fixture whose config sets `configExamples` to this, for a test to remove. */
function siteWithExamples(configExamples: unknown): string {
  const root = copyFixtureSite("config-examples");
  const config = JSON.parse(fs.readFileSync(path.join(SITE, "docs-build.config.json"), "utf8")) as Record<string, unknown>;
  delete config.$schema;
  fs.writeFileSync(path.join(root, "docs-build.config.json"), JSON.stringify({ ...config, configExamples }));
  return root;
}

/** Builds a copy of the fixture and checks that no example key is linked nor checked; returns what the build logged. */
async function plainExamples(root: string): Promise<string[]> {
  const logger = createMemoryLogger();
  const result = await buildFixtureSite("config-examples", { root, logger });
  assert.not.ok(fileText(result, "guides/examples/index.html").includes('class="opt"'), "no key is linked");
  assert.equal(
    result.diagnostics.filter((d) => d.ruleId.endsWith("-option")),
    [],
  );
  return logger.lines;
}

test("with configExamples null, or a schema that is not installed, examples stay plain; the latter with one warning", async () => {
  const off = siteWithExamples(null);
  const missing = siteWithExamples({ schemas: [{ schema: "no-such-schemas/options.json", pages: ["configuration/"] }] });
  try {
    for (const root of [off, missing]) {
      const warned = (await plainExamples(root)).filter((line) => line.includes("no-such-schemas/options.json"));
      assert.is(warned.length, root === missing ? 1 : 0, warned.join("\n"));
    }
  } finally {
    fs.rmSync(off, { recursive: true, force: true });
    fs.rmSync(missing, { recursive: true, force: true });
  }
});

test("a schema that is not valid JSON leaves examples plain, with one warning at its file, line and column that says what to do", async () => {
  const root = siteWithExamples({ schemas: [{ schema: "broken-schemas/options.json", pages: ["configuration/"] }] });
  try {
    // A comma left out between two properties: the second one's key is where the JSON goes wrong.
    const schema = '{\n  "type": "object",\n  "properties": {\n    "entry": { "type": "string" }\n    "output": { "type": "object" }\n  }\n}\n';
    const lines = schema.split("\n");
    const line = lines.findIndex((text) => text.includes('"output"')) + 1;
    const column = lines[line - 1].indexOf('"output"') + 1;
    fs.mkdirSync(path.join(root, "node_modules/broken-schemas"), { recursive: true });
    fs.writeFileSync(path.join(root, "node_modules/broken-schemas/options.json"), schema);
    const warned = (await plainExamples(root)).filter((text) => text.includes("broken-schemas/options.json"));
    assert.is(warned.length, 1, warned.join("\n"));
    assert.match(warned[0], `node_modules/broken-schemas/options.json:${line}:${column} (comma expected) is not valid JSON`);
    assert.match(warned[0], "Reinstall the package the schema comes from, or set configExamples to null");
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test.run();
