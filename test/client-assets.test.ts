import { test } from "uvu";
import * as assert from "uvu/assert";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { resolveSettings } from "../src/context/config.ts";
import { clientAssets } from "../src/stages/bundle-client/core.ts";
import { memorySite } from "../src/pipeline/site-pages.ts";
import { planPages } from "../src/stages/render-pages/core.ts";
import { Document } from "../templates/Document.tsx";
import { injectManifest, precacheEntries, urlOfFile } from "../src/stages/generate-service-worker/core.ts";

const outputs = {
  "assets/index-ABCDEFGH.js": {
    entryPoint: "site-client/index.tsx",
    cssBundle: "assets/index-IJKLMNOP.css",
    imports: [
      { path: "assets/chunks/chunk-QRSTUVWX.js", kind: "import-statement" },
      { path: "assets/chunks/lazy-YZABCDEF.js", kind: "dynamic-import" },
      { path: "assets/chunks/register-service-worker-RSTUVWXY.js", kind: "dynamic-import" },
      { path: "assets/chunks/search-backend-SEARCHAB.js", kind: "dynamic-import" },
    ],
  },
  "assets/chunks/search-backend-SEARCHAB.js": {
    entryPoint: "site-client/search/search-backend.ts",
    imports: [
      { path: "assets/chunks/chunk-QRSTUVWX.js", kind: "import-statement" },
      { path: "assets/chunks/minisearch-MINISRCH.js", kind: "import-statement" },
    ],
  },
  "assets/chunks/minisearch-MINISRCH.js": { imports: [] },
  "assets/chunks/chunk-QRSTUVWX.js": { imports: [] },
  "assets/chunks/lazy-YZABCDEF.js": { entryPoint: "site-client/vote/VoteApp.tsx", imports: [] },
  "assets/chunks/register-service-worker-RSTUVWXY.js": {
    entryPoint: "site-client/register-service-worker.ts",
    imports: [
      { path: "assets/chunks/chunk-QRSTUVWX.js", kind: "import-statement" },
      { path: "assets/chunks/workbox-window-ABCDWXYZ.js", kind: "import-statement" },
    ],
  },
  "assets/index-IJKLMNOP.css": { imports: [] },
  "assets/vote-QWERTYUI.css": { entryPoint: "site-client/vote/vote.css", imports: [] },
};

test("clientAssets finds the entry, its stylesheet, its static imports to preload, and the after-load and search chunks to precache", () => {
  assert.equal(clientAssets(outputs, "site-client/index.tsx"), {
    entry: "/assets/index-ABCDEFGH.js",
    css: ["/assets/index-IJKLMNOP.css"],
    preload: ["/assets/chunks/chunk-QRSTUVWX.js"],
    // The registration chunk and what it alone imports; the shared chunk is already preloaded.
    afterLoad: ["/assets/chunks/register-service-worker-RSTUVWXY.js", "/assets/chunks/workbox-window-ABCDWXYZ.js"],
    // The search backend's chunk and what it alone imports, found by its source rather than by its file name.
    search: ["/assets/chunks/search-backend-SEARCHAB.js", "/assets/chunks/minisearch-MINISRCH.js"],
    voteCss: "/assets/vote-QWERTYUI.css",
  });
  assert.throws(() => clientAssets(outputs, "site-client/other.tsx"), /^bundle client: esbuild produced no output for site-client\/other\.tsx.*docs-build bug/);
});

test("the document's <head> links the client's stylesheet, preloads its static chunks and loads its entry script", async () => {
  const assets = clientAssets(outputs, "site-client/index.tsx");
  const root = { path: "content", name: "content", children: [], size: 0, type: "directory" as const, url: "/" };
  const [plan] = (await planPages({ site: memorySite(root, []), settings: resolveSettings({}), sponsors: null, vote: null })).filter(
    (p) => p.outPath === "404.html",
  );
  const html = renderToStaticMarkup(createElement(Document, { data: plan.data, appHtml: "", canonical: "", robots: "noindex", assets }));
  const head = html.slice(0, html.indexOf("</head>"));
  const stylesheet = head.indexOf('<link rel="stylesheet" href="/assets/index-IJKLMNOP.css"/>');
  const entry = head.indexOf('<script type="module" src="/assets/index-ABCDEFGH.js"></script>');
  assert.ok(stylesheet !== -1 && entry > stylesheet, head);
  // React places preloads early in <head> by itself, which only starts them sooner.
  assert.match(head, '<link rel="modulepreload" href="/assets/chunks/chunk-QRSTUVWX.js"/>');
  assert.not.match(head, "lazy-YZABCDEF", "dynamically imported chunks are not preloaded");
});

test("the vote page's data names the bundle's vote stylesheet", async () => {
  const root = { path: "content", name: "content", children: [], size: 0, type: "directory" as const, url: "/" };
  const vote = { version: 1 as const, capturedAt: "2026-01-01", topics: [] };
  const plans = await planPages({
    site: memorySite(root, []),
    settings: resolveSettings({}),
    sponsors: null,
    vote,
    voteStylesheet: "/assets/vote-QWERTYUI.css",
  });
  assert.is(plans.find((p) => p.outPath === "vote/index.html")?.data.vote?.stylesheet, "/assets/vote-QWERTYUI.css");
});

test("precacheEntries: assets the pages load at once or after loading and the search chunks without revision, core pages and the favicon with a content revision, nothing else", () => {
  const assets = clientAssets(outputs, "site-client/index.tsx");
  const entries = precacheEntries(
    [
      { path: "assets/index-ABCDEFGH.js", contents: "js" },
      { path: "assets/chunks/VoteApp-ZZZZZZZZ.js", contents: "lazy" },
      { path: "index.html", contents: "<p>home</p>" },
      { path: "404.html", contents: "<p>not found</p>" },
      { path: "app-shell/index.html", contents: "<p>shell</p>" },
      { path: "guides/index.html", contents: "<p>guides</p>" },
      { path: "favicon.svg", contents: "<svg/>" },
      { path: "icons/icon.svg", contents: "<svg/>" },
    ],
    assets,
  );
  assert.equal(
    entries.map((e) => e.url),
    [
      "/",
      "/404.html",
      "/app-shell/",
      "/assets/chunks/chunk-QRSTUVWX.js",
      "/assets/chunks/minisearch-MINISRCH.js",
      "/assets/chunks/register-service-worker-RSTUVWXY.js",
      "/assets/chunks/search-backend-SEARCHAB.js",
      "/assets/chunks/workbox-window-ABCDWXYZ.js",
      "/assets/index-ABCDEFGH.js",
      "/assets/index-IJKLMNOP.css",
      "/favicon.svg",
    ],
  );
  assert.ok(
    /^[0-9a-f]{16}$/.test(entries.find((e) => e.url === "/favicon.svg")!.revision ?? ""),
    "the favicon's name does not change with it: it has a revision",
  );
  assert.is(entries.find((e) => e.url === "/assets/index-ABCDEFGH.js")!.revision, null);
  const home = entries.find((e) => e.url === "/")!.revision;
  assert.ok(home && /^[0-9a-f]{16}$/.test(home));
  const changed = precacheEntries([{ path: "index.html", contents: "<p>home, edited</p>" }], { ...assets, css: [], preload: [], entry: "/assets/x.js" }).find(
    (e) => e.url === "/",
  )!.revision;
  assert.is.not(changed, home, "the revision follows the content");
  assert.is(urlOfFile("guides/index.html"), "/guides/");
});

test("injectManifest replaces the one placeholder with the manifest as JSON", () => {
  const entries = [{ url: "/", revision: "abc" }];
  assert.is(injectManifest("precache(self.__WB_MANIFEST);", entries), 'precache([{"url":"/","revision":"abc"}]);');
  assert.throws(() => injectManifest("precache([]);", entries), /^generate service worker: .*exactly once.* uses it 0 times\. Pass it once/);
  assert.throws(() => injectManifest("a(self.__WB_MANIFEST);b(self.__WB_MANIFEST)", entries), /exactly once.* uses it 2 times/);
});

test.run();
