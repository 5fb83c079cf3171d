import fs from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { BuildResult } from "../src/build.ts";
import type { PageData } from "../src/shared/page-data.ts";
import { FIXTURES } from "./helpers/fixture-loop.ts";
import { buildFixtureSite, fileText } from "./helpers/site.ts";
import { tempSite } from "./helpers/temp-site.ts";
import { build } from "../src/build.ts";
import { createMemoryLogger } from "../src/report/logger.ts";

let site: BuildResult;

function dataOf(html: string): PageData {
  const match = /<script type="application\/json" id="__DOCS_DATA__">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error("page has no hydration data");
  return JSON.parse(match[1]) as PageData;
}

test.before(async () => {
  site = await buildFixtureSite("basic");
});

test("an in-memory build writes nothing and emits every route, the 404 page, the app shell, the worker and hashed assets", () => {
  assert.not.ok(fs.existsSync(path.join(FIXTURES, "sites/basic/dist")), "write: false must not create dist/");
  const paths = site.files.map((f) => f.path).sort();
  for (const expected of [
    "index.html",
    "404.html",
    "app-shell/index.html",
    "sw.js",
    "guides/index.html",
    "guides/first/index.html",
    "guides/second/index.html",
    "blog/index.html",
    "blog/2026-01-01-hello/index.html",
    "comparison/index.html",
  ])
    assert.ok(paths.includes(expected), `missing ${expected}`);
  assert.ok(
    paths.some((p) => /^assets\/index-[A-Z0-9]{8}\.js$/.test(p)),
    "hashed entry script",
  );
  assert.ok(
    paths.some((p) => /^assets\/index-[A-Z0-9]{8}\.css$/.test(p)),
    "hashed stylesheet",
  );
  assert.is(site.pages, 9, "6 content pages, the generated blog index, the guides' printable page and the vote page");
  assert.is(site.diagnostics.length, 0);
});

test("a documentation page is complete server-rendered HTML with metadata, body, links and contributors", () => {
  const html = fileText(site, "guides/first/index.html");
  assert.match(html, /^<!doctype html><html lang="en"/);
  assert.match(html, "<title>First Guide | webpack</title>");
  assert.match(html, '<link rel="canonical" href="https://webpack.js.org/guides/first/"/>');
  assert.match(html, "<h1>First Guide</h1>");
  assert.match(html, `<h2 id="setup">Setup <span class="badge">5.1.0+</span><a class="heading-anchor" href="#setup"`);
  assert.match(html, '<div class="aside aside-tip" role="note" data-kind="tip">');
  assert.match(html, "Further Reading");
  assert.match(html, 'href="https://nodejs.org/"');
  assert.match(html, ">Edit this page<");
  assert.match(html, 'rel="prev"');
  assert.match(html, 'href="/guides/second/" rel="next"');
  assert.match(html, "stackblitz.com/github/webpack/webpack.js.org/tree/main/examples/first");
  // ghost does not exist on the code host (content/_data/contributors.json) and dependabot[bot] is excluded: one contributor, singular heading.
  assert.match(html, '<h2 id="contributors-heading">Contributor</h2>');
  assert.match(html, 'src="https://github.com/alice.png?size=90"');
  assert.match(html, 'width="45"');
  assert.not.match(html, "ghost.png");
  assert.not.match(html, "dependabot");
});

test("the sidebar lists the section's pages with their anchors and opens the current page", () => {
  const html = fileText(site, "guides/first/index.html");
  const data = dataOf(html);
  assert.equal(
    data.sidebar.map((i) => i.url),
    ["/guides/", "/guides/first/", "/guides/second/"],
  );
  assert.match(
    html,
    '<li class="sidebar-item current open"><div class="sidebar-item-head"><a href="/guides/first/" aria-current="page">First Guide</a><button type="button" class="sidebar-toggle" aria-expanded="true"',
  );
  assert.match(
    html,
    '<li class="sidebar-item"><div class="sidebar-item-head"><a href="/guides/second/">Second Guide</a><button type="button" class="sidebar-toggle" aria-expanded="false"',
  );
  assert.match(html, /<ul class="sidebar-anchors" id="sidebar-anchors-guides-second-" hidden="">/);
  assert.match(html, 'href="/guides/first/#install"');
  assert.equal(data.page?.previous, { url: "/guides/", title: "Guides" });
  assert.equal(data.page?.next, { url: "/guides/second/", title: "Second Guide" });
});

test("every page loads the client assets that exist in the output, and its data names its screen", () => {
  const paths = new Set(site.files.map((f) => `/${f.path}`));
  for (const file of site.files.filter((f) => f.path.endsWith(".html"))) {
    const html = fileText(site, file.path);
    const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
    const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
    assert.is(scripts.length, 1, `${file.path} has one entry script`);
    assert.is(styles.length, 1, `${file.path} has one stylesheet`);
    for (const url of [...scripts, ...styles]) assert.ok(paths.has(url), `${file.path} links ${url}, which exists`);
  }
  assert.is(dataOf(fileText(site, "index.html")).kind, "landing");
  assert.is(dataOf(fileText(site, "blog/index.html")).kind, "section");
  assert.is(dataOf(fileText(site, "404.html")).kind, "not-found");
  assert.is(dataOf(fileText(site, "app-shell/index.html")).kind, "app-shell");
});

test("the landing, not-found, generated section and app-shell pages", () => {
  const landing = fileText(site, "index.html");
  assert.match(landing, "<title>webpack</title>");
  assert.match(landing, 'class="hero-word"');
  assert.match(landing, "Write your code");
  assert.not.match(landing, 'class="sidebar"');
  const notFound = fileText(site, "404.html");
  assert.match(notFound, "Page Not Found");
  assert.match(notFound, "Oops! The page you are looking for has been removed or relocated.");
  assert.match(notFound, "Go to Homepage");
  assert.match(fileText(site, "blog/index.html"), '<a href="/blog/2026-01-01-hello/">Hello</a>');
  assert.match(fileText(site, "blog/2026-01-01-hello/index.html"), '<time dateTime="2026-01-01">January 1, 2026</time>');
  assert.not.match(fileText(site, "app-shell/index.html"), "<article");
});

test("a folder without an index page gets a generated one, headed by its title without the site name", async () => {
  const copy = tempSite("sites/basic");
  try {
    fs.mkdirSync(copy.path("content/extras"));
    fs.writeFileSync(copy.path("content/extras/one.md"), "---\ntitle: One Extra\ndescription: A page in a folder without an index.\n---\n\nText.\n");
    const result = await build({ root: copy.dir, write: false, cache: false, links: "warn", logger: createMemoryLogger() });
    const html = fileText(result, "extras/index.html");
    assert.is(dataOf(html).kind, "section");
    const heading = /<h1>([^<]*)<\/h1>/.exec(html)?.[1];
    assert.ok(heading && !heading.includes("|"), `the heading is ${heading}`);
    assert.match(html, `<title>${heading} | webpack</title>`);
  } finally {
    copy.remove();
  }
});

test("the service worker precaches the hashed assets and the core pages", () => {
  const sw = fileText(site, "sw.js");
  for (const f of site.files.filter((f) => /^assets\/index-.*\.(js|css)$/.test(f.path))) assert.match(sw, `/${f.path}`);
  assert.match(sw, '"/app-shell/"');
  assert.match(sw, '"/404.html"');
});

test("pages processed in worker threads come out identical to pages processed on the main thread", async () => {
  const threaded = await buildFixtureSite("basic", { threads: 2 });
  const inline = await buildFixtureSite("basic", { threads: 0 });
  assert.equal(
    threaded.files.map((f) => [f.path, fileText(threaded, f.path)]),
    inline.files.map((f) => [f.path, fileText(inline, f.path)]),
  );
  assert.is(threaded.pages, 9);
});

test("a build that keeps its pages and search postings in temporary files makes the same site as one that keeps them in memory", async () => {
  const spilled = await buildFixtureSite("basic", { spillAbove: 0 });
  assert.equal(
    spilled.files.map((f) => [f.path, fileText(spilled, f.path)]),
    site.files.map((f) => [f.path, fileText(site, f.path)]),
  );
});

test("the vote page is built from the committed topics; its code and stylesheet load only there, lazily", () => {
  const vote = fileText(site, "vote/index.html");
  assert.is(dataOf(vote).kind, "vote");
  assert.match(vote, "<title>Vote | webpack</title>");
  const voteCss = site.files.find((f) => /^assets\/vote-[A-Z0-9]{8}\.css$/.test(f.path));
  const board = site.files.find((f) => /^assets\/chunks\/VoteApp-[A-Z0-9]{8}\.js$/.test(f.path));
  assert.ok(voteCss && board, "the board and its stylesheet are files of their own");
  assert.match(fileText(site, board!.path), "vote-supported");
  assert.is(dataOf(vote).vote?.stylesheet, `/${voteCss!.path}`, "the page data names the hashed stylesheet");
  const byUrl = new Map(site.files.map((f) => [`/${f.path}`, f]));
  for (const file of site.files.filter((f) => f.path.endsWith(".html"))) {
    const html = fileText(site, file.path);
    assert.not.match(html, '<link rel="stylesheet" href="/assets/vote-', `${file.path} links the vote stylesheet statically`);
    for (const [, url] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) {
      const script = fileText(site, byUrl.get(url)!.path);
      for (const marker of ["vote-supported", "Only topics I support", "No topics match."])
        assert.not.match(script, marker, `${file.path} loads ${url}, which holds the vote board`);
    }
  }
  assert.not.match(fileText(site, "sw.js"), "VoteApp-", "the board is not precached");
});

test("--base-url overrides the canonical links", async () => {
  const other = await buildFixtureSite("basic", { baseUrl: "https://docs.example.org/" });
  assert.match(fileText(other, "guides/index.html"), '<link rel="canonical" href="https://docs.example.org/guides/"/>');
});

test.run();
