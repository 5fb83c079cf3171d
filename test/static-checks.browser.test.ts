import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadSettings } from "../src/config.ts";
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
  const files: SiteFiles = new Map<string, string | Uint8Array>([...Object.entries(pages), ["assets/site.css", "body{}"], ["img/logo.png", new Uint8Array([1, 2, 3])]]);
  return checkSite({ files, baseUrl: BASE });
}

const GOOD = {
  "index.html": page("index.html", { head: '<link rel="stylesheet" href="/assets/site.css">', body: '<a href="guides/">Guides</a><a href="https://example.com/elsewhere/">out</a><a href="mailto:a@example.com">mail</a>' }),
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
    "guides/index.html": page("guides/index.html", { body: '<h1>Again</h1><p id="x">a</p><p id="x">b</p><div class="box"/>' }).replace(/<link rel="canonical"[^>]*>/, ""),
  });
  assert.equal(result.problems, [
    "guides/index.html:1:206: HTML parse error non-void-html-element-start-tag-with-trailing-solidus",
    'guides/index.html: id "x" is used 2 times',
    "guides/index.html: needs exactly one <h1>, has 2",
    "guides/index.html: needs one canonical link, has 0",
  ]);
});

test("head rules: title, description, canonical shape, robots of printable, shell and ordinary pages", () => {
  const result = check({
    "index.html": page("index.html").replace("<title>A page</title>", "<title> </title>").replace(/<meta name="description"[^>]*>/, "").replace(`href="${BASE}/"`, 'href="/"'),
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
  const code = 'import{a as b}from"./chunks/a.js";import"./chunks/b.js";import*as c from\'./chunks/c.js\';var x=()=>import("./chunks/lazy.js");import"./late.js"';
  assert.equal(staticImports(code), ["./chunks/a.js", "./chunks/b.js", "./chunks/c.js"]);
  assert.equal(staticImports('var x=import("./chunks/lazy.js")'), []);
});

test("firstView counts tagged scripts, their static imports and referenced startup chunks once, gzipped, and leaves lazy chunks out", () => {
  const files: SiteFiles = new Map([
    ["p/index.html", '<!doctype html><html><head><link rel="stylesheet" href="/assets/a.css"><link rel="modulepreload" href="/assets/chunks/shared.js"><script type="module" src="/assets/entry.js"></script></head><body></body></html>'],
    ["assets/entry.js", 'import{x}from"./chunks/shared.js";import"./chunks/dep.js";const l=()=>import("./chunks/lazy.js"),s=()=>import("./chunks/register-service-worker-AB.js");'],
    ["assets/chunks/shared.js", "export const x=1;"],
    ["assets/chunks/dep.js", 'import"./shared.js";'],
    ["assets/chunks/lazy.js", "export const big=1;"],
    ["assets/chunks/register-service-worker-AB.js", 'import"./sw-dep.js";'],
    ["assets/chunks/sw-dep.js", ""],
    ["assets/chunks/register-service-worker-OLD.js", "unreferenced"],
    ["assets/a.css", "body{color:red}"],
  ]);
  const view = firstView({ files, page: "p/index.html" });
  assert.equal(view.scripts.sort(), ["assets/chunks/dep.js", "assets/chunks/register-service-worker-AB.js", "assets/chunks/shared.js", "assets/chunks/sw-dep.js", "assets/entry.js"]);
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

test("the project's site: every page parses, has one h1, its head, unique ids, and every internal link and anchor resolves", async () => {
  const result = checkSite({ files: await projectFiles(), baseUrl: (await loadSettings(TOOL_DIR)).baseUrl });
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
  assert.equal(staticImports(text(files, entry.slice(1))).map((s) => new URL(s, `${BASE}${entry}`).pathname).sort(), [...head.modulePreloads].sort());
  assert.ok(head.modulePreloads.length >= 1 && landing.stylesheets.length >= 1);
  assert.ok(landing.scripts.some((s) => /\/register-service-worker-[^/]+\.js$/.test(s)), "the service-worker registration chunk counts");
  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
  assert.ok(largestJs.jsBytes <= 90 * KB, `${largestJs.page}: JavaScript ${kb(largestJs.jsBytes)} gzipped`);
  assert.ok(largestCss.cssBytes <= 25 * KB, `${largestCss.page}: CSS ${kb(largestCss.cssBytes)} gzipped`);
  assert.ok(landing.jsBytes <= 110 * KB, `landing page: JavaScript ${kb(landing.jsBytes)} gzipped`);
});

test.run();
