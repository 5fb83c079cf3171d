import { test } from "uvu";
import * as assert from "uvu/assert";
import { resolveSettings } from "../src/context/config.ts";
import type { PageEntry, ProcessedPage } from "../src/shared/content-types.ts";
import { processPage } from "../src/stages/index-content/process-page.ts";
import { combinePrintable, demoteHeadings, printableSlug, rewriteForPrint } from "../src/stages/render-pages/printable.ts";
import { buildFixtureSite, fileText } from "./helpers/site.ts";

function page(url: string, title: string, bodyHtml: string): ProcessedPage {
  return {
    entry: { url, title } as PageEntry,
    links: [],
    headingIds: [],
    bodyHtml,
    bodyHash: url,
    stackBlitz: "",
    sections: [],
    markdown: "",
    diagnostics: [],
  };
}

test("printableSlug joins the path of a URL", () => {
  assert.is(printableSlug("/guides/caching/"), "guides-caching");
  assert.is(printableSlug("/guides/"), "guides");
});

test("rewriteForPrint prefixes ids and id references, and points same-section links inside the page", () => {
  const slugs = new Map([
    ["/guides/", "guides"],
    ["/guides/caching/", "guides-caching"],
  ]);
  const html =
    '<h2 id="setup">Setup</h2><a href="#setup">here</a><a href="/guides/caching/#hashes">hashes</a><a href="/guides/caching/">caching</a>' +
    '<a href="/concepts/#entry">elsewhere</a><a href="https://nodejs.org/">out</a><sup><a aria-describedby="footnote-label" href="#user-content-fn-1">1</a></sup>';
  assert.is(
    rewriteForPrint(html, "guides", slugs),
    '<h2 id="guides--setup">Setup</h2><a href="#guides--setup">here</a><a href="#guides-caching--hashes">hashes</a><a href="#guides-caching">caching</a>' +
      '<a href="/concepts/#entry">elsewhere</a><a href="https://nodejs.org/">out</a><sup><a aria-describedby="guides--footnote-label" href="#guides--user-content-fn-1">1</a></sup>',
  );
});

test("demoteHeadings moves every heading a level down, h6 staying h6, and leaves escaped code and other tags alone", () => {
  assert.is(
    demoteHeadings('<h2 id="a">A<a href="#a">#</a></h2><h5>E</h5><h6>F</h6><pre><code>&lt;h2>x&lt;/h2></code></pre><header><hr></header>'),
    '<h3 id="a">A<a href="#a">#</a></h3><h6>E</h6><h6>F</h6><pre><code>&lt;h2>x&lt;/h2></code></pre><header><hr></header>',
  );
});

test("combinePrintable keeps the given order, puts each page under its title, and keeps ids unique", () => {
  const html = combinePrintable([
    page("/guides/", "Guides", '<h2 id="intro">Intro</h2>'),
    page("/guides/caching/", "Caching & <hashes>", '<h2 id="intro">Intro</h2>'),
  ]);
  assert.ok(html.indexOf(">Guides</h2>") < html.indexOf("Caching &amp; &lt;hashes&gt;</h2>"));
  assert.match(html, '<h3 id="guides--intro">Intro</h3>', "a page's own sections sit a level below its title");
  const ids = [...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]);
  assert.equal(ids, ["guides", "guides--intro", "guides-caching", "guides-caching--intro"]);
  assert.is(new Set(ids).size, ids.length);
});

test("combinePrintable takes tables out of their focusable regions: they do not scroll there, and each page's labels would repeat", () => {
  // A body as the markdown pipeline renders it: two tables after a heading whose text needs escaping.
  const text = '---\ntitle: A\n---\n\n## The "main" & the rest\n\n| a |\n| - |\n| 1 |\n\n| b |\n| - |\n| 2 |\n';
  const { bodyHtml } = processPage({ relative: "loaders/a.md", display: "content/loaders/a.md", text, size: text.length }, resolveSettings({}));
  assert.match(bodyHtml, '<div class="table-scroll" role="region" tabindex="0" aria-label="Table 2: The &quot;main&quot; &amp; the rest">');
  const html = combinePrintable([page("/loaders/a/", "A", bodyHtml), page("/loaders/b/", "B", bodyHtml)]);
  assert.is(html.split('<div class="table-scroll"><table>').length - 1, 4, "every container stays, bare");
  assert.not.match(html, /role="region"|tabindex|Table 1/);
});

test("the built site has a printable page per section, in sidebar order, with unique ids and inner links", async () => {
  const site = await buildFixtureSite("basic");
  const html = fileText(site, "guides/printable/index.html");
  assert.match(html, "<title>Combined printable page | webpack</title>");
  assert.match(html, '<meta name="robots" content="noindex,nofollow"/>');
  const titles = [...html.matchAll(/<h2 class="printable-title" id="([^"]+)">([^<]+)<\/h2>/g)].map((m) => m[2]);
  assert.equal(titles, ["Guides", "First Guide", "Second Guide"]);
  assert.equal(
    [...html.matchAll(/<h1[\s>][^<]*/g)].map((m) => m[0]),
    ["<h1>Combined printable page"],
    "one h1 for the combined page",
  );
  const content = html.slice(html.indexOf('<div class="markdown" data-content="">'));
  const ids = [...content.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]);
  assert.is(new Set(ids).size, ids.length, `duplicate ids: ${ids.join(", ")}`);
  assert.match(html, 'href="#guides-first--setup"', "the guides index links to /guides/first/#setup, now inside the page");
  assert.match(fileText(site, "guides/first/index.html"), '<a href="/guides/printable/?print" rel="nofollow">Print this page</a>');
  assert.not.ok(
    site.files.some((f) => f.path === "blog/printable/index.html"),
    "the blog has no printable page",
  );
  assert.not.match(html, 'class="sidebar"');
});

test.run();
