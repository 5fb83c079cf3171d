import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import fg from "fast-glob";
import ts from "typescript";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadSettings } from "../src/context/config.ts";
import { CLIENT_TSCONFIG } from "../src/context/context.ts";
import { firstView, staticImports } from "./helpers/first-view.ts";
import { htmlFacts } from "./helpers/html-facts.ts";
import { projectBuild } from "./helpers/project-site.ts";
import { checkSite, type SiteFiles } from "./helpers/site-checks.ts";
import { TOOL_DIR } from "./helpers/temp-site.ts";

// Static checks of the built HTML, independent of the build's own link check:
// hand-made pages first, to show each check can fail, then the project's site.

const BASE = "https://webpack.js.org";
const KB = 1024;

/** A well-formed page at `file` with what every page needs; `head` and `body` are added to it. */
function page(file: string, options: { head?: string; body?: string; h1?: string } = {}): string {
  const url = file === "index.html" ? "/" : `/${file.replace(/index\.html$/, "")}`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A page</title><meta name="description" content="What it is about.">` +
    `${file === "404.html" ? "" : `<link rel="canonical" href="${BASE}${url}">`}${options.head ?? ""}</head>` +
    `<body>${options.h1 ?? "<h1>A page</h1>"}${options.body ?? ""}</body></html>`
  );
}

/** Checks a hand-made site of the given pages plus a stylesheet and an image. */
function check(pages: Record<string, string>) {
  const files: SiteFiles = new Map<string, string | Uint8Array>([
    ...Object.entries(pages),
    ["assets/site.css", "body{}"],
    ["img/logo.png", new Uint8Array([1, 2, 3])],
  ]);
  return checkSite({ files, baseUrl: BASE });
}

const GOOD = {
  "index.html": page("index.html", {
    head: '<link rel="stylesheet" href="/assets/site.css">',
    body: '<a href="guides/">Guides</a><a href="https://example.com/elsewhere/">out</a><a href="mailto:a@example.com">mail</a>',
  }),
  "guides/index.html": page("guides/index.html", {
    body:
      '<h2 id="setup">Setup</h2><a name="legacy"></a><a href="#setup">here</a><a href="#">top</a><a href="#top">top</a><a href="/guides/#legacy">legacy</a>' +
      `<a href="../">home</a><a href="${BASE}/guides/#setup">absolute</a><img src="/img/logo.png" srcset="/img/logo.png 1x, ../img/logo.png 2x" alt="">` +
      '<h2 id="café">Café</h2><a href="#caf%C3%A9">encoded</a>',
  }),
  "guides/printable/index.html": page("guides/printable/index.html", { head: '<meta name="robots" content="noindex,nofollow">' }),
  "404.html": page("404.html", { head: '<meta name="robots" content="noindex">', body: '<a href="/">home</a>' }),
  "app-shell/index.html": page("app-shell/index.html", { head: '<meta name="robots" content="noindex">', h1: "" }).replace(/<link rel="canonical"[^>]*>/, ""),
};

test("a hand-made site without faults passes, and its internal links and fragments are counted", () => {
  const result = check(GOOD);
  assert.equal(result.problems, []);
  assert.is(result.pages, 5);
  // The landing page's stylesheet, canonical and guides link, the guides page's 11, the printable canonical and the 404 page's home link; external and mailto links are not counted.
  assert.is(result.links, 3 + 11 + 1 + 1);
  assert.is(result.fragments, 5);
});

test("a broken link, a missing anchor, a folder URL without its slash and a missing srcset image are reported as file: link → problem", () => {
  const result = check({
    ...GOOD,
    "guides/index.html": page("guides/index.html", {
      body: '<h2 id="setup">Setup</h2><a href="/nope/">gone</a><a href="/#setup">wrong page</a><a href="/guides">no slash</a><img src="/img/logo.png" srcset="/img/logo.png 1x, /img/big.png 2x" alt=""><link rel="stylesheet" href="/assets/gone.css">',
    }),
  });
  assert.equal(result.problems, [
    "guides/index.html: /nope/ → no file nope/index.html in the output",
    'guides/index.html: /#setup → no element with id "setup" in index.html',
    "guides/index.html: /guides → folder URL without its trailing slash (redirects to /guides/)",
    "guides/index.html: /img/big.png → no file img/big.png in the output",
    "guides/index.html: /assets/gone.css → no file assets/gone.css in the output",
  ]);
});

test("two h1s, a duplicate id, a missing canonical link and a parse error are reported", () => {
  const result = check({
    ...GOOD,
    "guides/index.html": page("guides/index.html", { body: '<h1>Again</h1><p id="x">a</p><p id="x">b</p><div class="box"/>' }).replace(
      /<link rel="canonical"[^>]*>/,
      "",
    ),
  });
  assert.equal(result.problems, [
    "guides/index.html:1:206: HTML parse error non-void-html-element-start-tag-with-trailing-solidus",
    'guides/index.html: id "x" is used 2 times',
    "guides/index.html: needs exactly one <h1>, has 2",
    "guides/index.html: needs one canonical link, has 0",
  ]);
});

test("a style element in the body (in a noscript too) and unnamed asides are reported; a named aside and a note are not", () => {
  const result = check({
    ...GOOD,
    "guides/index.html": page("guides/index.html", {
      body:
        "<article><noscript><style>.board{display:none}</style><p>Needs JavaScript.</p></noscript><style>p{}</style>" +
        '<aside class="aside aside-tip"><p>Tip</p></aside><aside><p>More</p></aside>' +
        '<aside aria-label="Live preview"><p>ok</p></aside><div class="aside aside-tip" role="note"><p>ok</p></div></article>',
    }),
  });
  assert.equal(result.problems, [
    "guides/index.html: has 2 <style> element(s) in the body, which HTML allows only in the head (a <noscript> in the body included)",
    'guides/index.html: has 2 <aside> landmark(s) without aria-label or aria-labelledby; a note in the text is a <div role="note">, not a landmark',
  ]);
  // A style element in the head, in a noscript there too, is where HTML wants it.
  assert.equal(
    check({ ...GOOD, "guides/index.html": page("guides/index.html", { head: "<style>p{}</style><noscript><style>p{}</style></noscript>" }) }).problems,
    [],
  );
});

test("head rules: title, description, canonical shape, robots of printable, shell and ordinary pages", () => {
  const result = check({
    "index.html": page("index.html")
      .replace("<title>A page</title>", "<title> </title>")
      .replace(/<meta name="description"[^>]*>/, "")
      .replace(`href="${BASE}/"`, 'href="/"'),
    "guides/index.html": page("guides/index.html", { head: '<meta name="robots" content="noindex">' }).replace(`${BASE}/guides/`, `${BASE}/concepts/`),
    "guides/printable/index.html": page("guides/printable/index.html"),
    "404.html": page("404.html", { head: `<link rel="canonical" href="${BASE}/404/">`, body: '<a href="guides/">relative</a>' }),
  });
  assert.equal(result.problems, [
    "404.html: is served at other URLs and must not have a canonical link, has https://webpack.js.org/404/",
    "404.html: is served at other URLs and needs robots noindex",
    "404.html: https://webpack.js.org/404/ → no file 404/index.html in the output",
    "404.html: guides/ → document-relative URL on a page served at other URLs",
    "guides/index.html: canonical https://webpack.js.org/concepts/ is not the page's own URL https://webpack.js.org/guides/",
    "guides/index.html: is a page of the site but tells search engines not to index it",
    "guides/index.html: https://webpack.js.org/concepts/ → no file concepts/index.html in the output",
    'guides/printable/index.html: a printable page needs robots noindex,nofollow, has ""',
    'index.html: needs one non-empty <title>, has [""]',
    "index.html: needs one non-empty meta description, has []",
    "index.html: canonical / must be absolute and end with /",
  ]);
});

test("staticImports reads the leading static imports of a minified chunk and leaves dynamic imports out", () => {
  const code =
    'import{a as b}from"./chunks/a.js";import"./chunks/b.js";import*as c from\'./chunks/c.js\';var x=()=>import("./chunks/lazy.js");import"./late.js"';
  assert.equal(staticImports(code), ["./chunks/a.js", "./chunks/b.js", "./chunks/c.js"]);
  assert.equal(staticImports('var x=import("./chunks/lazy.js")'), []);
});

test("firstView counts tagged scripts, their static imports and referenced startup chunks once, gzipped, and leaves lazy chunks out", () => {
  const files: SiteFiles = new Map([
    [
      "p/index.html",
      '<!doctype html><html><head><link rel="stylesheet" href="/assets/a.css"><link rel="modulepreload" href="/assets/chunks/shared.js"><script type="module" src="/assets/entry.js"></script></head><body></body></html>',
    ],
    [
      "assets/entry.js",
      'import{x}from"./chunks/shared.js";import"./chunks/dep.js";const l=()=>import("./chunks/lazy.js"),s=()=>import("./chunks/register-service-worker-AB.js");',
    ],
    ["assets/chunks/shared.js", "export const x=1;"],
    ["assets/chunks/dep.js", 'import"./shared.js";'],
    ["assets/chunks/lazy.js", "export const big=1;"],
    ["assets/chunks/register-service-worker-AB.js", 'import"./sw-dep.js";'],
    ["assets/chunks/sw-dep.js", ""],
    ["assets/chunks/register-service-worker-OLD.js", "unreferenced"],
    ["assets/a.css", "body{color:red}"],
  ]);
  const view = firstView({ files, page: "p/index.html" });
  assert.equal(view.scripts.sort(), [
    "assets/chunks/dep.js",
    "assets/chunks/register-service-worker-AB.js",
    "assets/chunks/shared.js",
    "assets/chunks/sw-dep.js",
    "assets/entry.js",
  ]);
  assert.equal(view.stylesheets, ["assets/a.css"]);
  assert.ok(view.jsBytes > 5 * 20 && view.cssBytes > 20, "each file counts at least its gzip header");
});

/** The text of an output file. */
function text(files: SiteFiles, file: string): string {
  const contents = files.get(file);
  return typeof contents === "string" ? contents : new TextDecoder().decode(contents);
}

/** The project's built site as a map of output path → contents. */
async function projectFiles(): Promise<SiteFiles> {
  const { result } = await projectBuild();
  return new Map(result.files.map((f) => [f.path, f.contents]));
}

test("the project's site: every page parses, has one h1, its head, unique ids, no style in its body, no unnamed aside, and every internal link and anchor resolves", async () => {
  const settings = await loadSettings(TOOL_DIR);
  // The project's languages with a folder of their own (i18n/zh, i18n/ko) are sites of their own under its prefixes.
  const languages = settings.languages.filter((l) => l.content && l.lang !== settings.defaultLanguage).map((l) => l.lang);
  assert.ok(languages.length >= 2, `the project builds its translations: ${languages.join(", ")}`);
  const result = checkSite({ files: await projectFiles(), baseUrl: settings.baseUrl, languages });
  assert.equal(result.problems, []);
  assert.ok(result.pages > 100, `checked ${result.pages} pages`);
  assert.ok(result.links > 1000, `checked ${result.links} internal links`);
  assert.ok(result.fragments > 500, `checked ${result.fragments} fragments`);
});

test("budget: every documentation page's first view loads at most 90 KB of JavaScript and 25 KB of CSS gzipped; the landing page at most 110 KB of JavaScript", async () => {
  const files = await projectFiles();
  const landing = firstView({ files, page: "index.html" });
  // Every page but the landing page is held to the documentation budget: they all load the same client.
  const pages = [...files.keys()].filter((f) => f.endsWith(".html") && f !== "index.html");
  const views = pages.map((page) => ({ page, ...firstView({ files, page }) }));
  const largestJs = views.reduce((a, b) => (b.jsBytes > a.jsBytes ? b : a));
  const largestCss = views.reduce((a, b) => (b.cssBytes > a.cssBytes ? b : a));
  assert.ok(views.length > 100);
  // The measurement must read the entry's imports as the build did (it preloads exactly the entry's static imports) and see the startup chunk, or it measures too little.
  const head = htmlFacts(text(files, "index.html"));
  const entry = head.scripts[0];
  assert.equal(
    staticImports(text(files, entry.slice(1)))
      .map((s) => new URL(s, `${BASE}${entry}`).pathname)
      .sort(),
    [...head.modulePreloads].sort(),
  );
  assert.ok(head.modulePreloads.length >= 1 && landing.stylesheets.length >= 1);
  assert.ok(
    landing.scripts.some((s) => /\/register-service-worker-[^/]+\.js$/.test(s)),
    "the service-worker registration chunk counts",
  );
  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
  assert.ok(largestJs.jsBytes <= 90 * KB, `${largestJs.page}: JavaScript ${kb(largestJs.jsBytes)} gzipped`);
  assert.ok(largestCss.cssBytes <= 25 * KB, `${largestCss.page}: CSS ${kb(largestCss.cssBytes)} gzipped`);
  assert.ok(landing.jsBytes <= 110 * KB, `landing page: JavaScript ${kb(landing.jsBytes)} gzipped`);
});

// ---------------------------------------------------------------- browser code stays apart from Node code

/** Folders of code that runs in the browser (the templates also render on the server). */
const BROWSER_FOLDERS = ["templates", "site-client", "src/shared"];

/**
 * The imports that break the line between browser and Node code, as
 * `file: specifier → reason`: browser code importing a Node builtin or a
 * Node-only module of src/ (anything outside src/shared/), and templates
 * importing the client (which hands them its features at hydration instead).
 */
function boundaryProblems(files: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  for (const [file, text] of files) {
    const browser = BROWSER_FOLDERS.some((folder) => file.startsWith(`${folder}/`));
    if (!browser) continue;
    for (const { fileName: specifier } of ts.preProcessFile(text, true, true).importedFiles) {
      const target = specifier.startsWith(".") ? path.posix.join(path.posix.dirname(file), specifier) : undefined;
      const builtin = specifier.startsWith("node:") || builtinModules.includes(specifier.split("/")[0]);
      if (builtin) problems.push(`${file}: ${specifier} → a Node builtin`);
      else if (target?.startsWith("src/") && !target.startsWith("src/shared/")) problems.push(`${file}: ${specifier} → Node-only code`);
      else if (target?.startsWith("site-client/") && file.startsWith("templates/")) problems.push(`${file}: ${specifier} → the client, from a template`);
    }
  }
  return problems;
}

test("import boundaries: builtins, Node-only modules and (from templates) the client are reported, in every form of import", () => {
  const files = new Map([
    [
      "templates/components/Bad.tsx",
      'import fs from "node:fs";\nimport type { X } from "../../site-client/x.ts";\nexport { y } from "../../src/config.ts";\nconst z = () => import("../../site-client/lazy.ts");',
    ],
    ["site-client/bad.ts", 'import path from "path";\nimport { BuildContext } from "../src/context.ts";\nimport { App } from "../templates/App.tsx";'],
    ["src/shared/bad.ts", 'import { readFileSync } from "fs/promises";\nimport { x } from "../stages/render-pages/core.ts";\nimport { y } from "./text.ts";'],
    ["src/build.ts", 'import fs from "node:fs";\nimport { App } from "../templates/App.tsx";'],
    ["templates/Good.tsx", 'import { useState } from "react";\nimport { ICON_PATHS } from "../src/shared/constants.ts";'],
  ]);
  assert.equal(boundaryProblems(files), [
    "templates/components/Bad.tsx: node:fs → a Node builtin",
    "templates/components/Bad.tsx: ../../site-client/x.ts → the client, from a template",
    "templates/components/Bad.tsx: ../../src/config.ts → Node-only code",
    "templates/components/Bad.tsx: ../../site-client/lazy.ts → the client, from a template",
    "site-client/bad.ts: path → a Node builtin",
    "site-client/bad.ts: ../src/context.ts → Node-only code",
    "src/shared/bad.ts: fs/promises → a Node builtin",
    "src/shared/bad.ts: ../stages/render-pages/core.ts → Node-only code",
  ]);
});

test("import boundaries: no template imports the client, and no browser code imports Node builtins or Node-only modules", async () => {
  const paths = await fg(
    BROWSER_FOLDERS.map((folder) => `${folder}/**/*.{ts,tsx}`),
    { cwd: TOOL_DIR },
  );
  const files = new Map(paths.map((file) => [file, readFileSync(path.join(TOOL_DIR, file), "utf8")]));
  assert.ok(files.size > 40, `read ${files.size} files`);
  assert.equal(boundaryProblems(files), []);
});

test("esbuild compiles the browser code with the settings the browser project is typechecked with", () => {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(TOOL_DIR, "tsconfig.browser.json"),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => assert.unreachable(String(d.messageText)) },
  );
  assert.ok(parsed && parsed.errors.length === 0);
  const options = parsed!.options;
  const client = CLIENT_TSCONFIG.compilerOptions;
  assert.equal(
    [ts.ScriptTarget[options.target!], options.useDefineForClassFields ?? options.target! >= ts.ScriptTarget.ES2022, options.verbatimModuleSyntax, options.jsx],
    [client.target, client.useDefineForClassFields, client.verbatimModuleSyntax, ts.JsxEmit.ReactJSX],
  );
  assert.is(client.jsx, "react-jsx");
  assert.equal(options.lib, ["lib.es2023.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"]);
  assert.equal(options.types, [], "no Node types in the browser project");
});

test.run();
