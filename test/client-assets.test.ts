import { test } from "uvu";
import * as assert from "uvu/assert";
import { clientAssets, injectAssets } from "../src/stages/bundle-client/core.ts";
import { injectManifest, precacheEntries, urlOfFile } from "../src/stages/generate-service-worker/core.ts";

const outputs = {
  "assets/index-ABCDEFGH.js": {
    entryPoint: "site-client/index.tsx",
    cssBundle: "assets/index-IJKLMNOP.css",
    imports: [
      { path: "assets/chunks/chunk-QRSTUVWX.js", kind: "import-statement" },
      { path: "assets/chunks/lazy-YZABCDEF.js", kind: "dynamic-import" },
    ],
  },
  "assets/chunks/chunk-QRSTUVWX.js": { imports: [] },
  "assets/index-IJKLMNOP.css": { imports: [] },
  "assets/vote-QWERTYUI.css": { entryPoint: "site-client/vote/vote.css", imports: [] },
};

test("clientAssets finds the entry, its stylesheet and static imports only", () => {
  assert.equal(clientAssets(outputs, "site-client/index.tsx"), {
    entry: "/assets/index-ABCDEFGH.js",
    css: ["/assets/index-IJKLMNOP.css"],
    preload: ["/assets/chunks/chunk-QRSTUVWX.js"],
    voteCss: "/assets/vote-QWERTYUI.css",
  });
  assert.throws(() => clientAssets(outputs, "site-client/other.tsx"), /no output/);
});

test("injectAssets puts the vote stylesheet's URL where pages hold its token", () => {
  const assets = clientAssets(outputs, "site-client/index.tsx");
  const [page] = injectAssets([{ path: "vote/index.html", contents: '<head></head><script type="application/json">{"stylesheet":"__DOCS_BUILD_VOTE_STYLESHEET__"}</script>' }], assets);
  assert.match(page.contents as string, '{"stylesheet":"/assets/vote-QWERTYUI.css"}');
});

test("injectAssets adds the tags before </head> of HTML files and leaves other files alone", () => {
  const assets = clientAssets(outputs, "site-client/index.tsx");
  const [page, script] = injectAssets(
    [
      { path: "a/index.html", contents: "<html><head><title>x</title></head><body></body></html>" },
      { path: "sw.js", contents: "</head>" },
    ],
    assets,
  );
  assert.is(
    page.contents,
    '<html><head><title>x</title><link rel="stylesheet" href="/assets/index-IJKLMNOP.css"><link rel="modulepreload" href="/assets/chunks/chunk-QRSTUVWX.js"><script type="module" src="/assets/index-ABCDEFGH.js"></script></head><body></body></html>',
  );
  assert.is(script.contents, "</head>");
});

test("precacheEntries: assets the pages load at once without revision, core pages with a content revision, nothing else", () => {
  const page = (extra: string) => `<html><head><link rel="stylesheet" href="/assets/index-IJKLMNOP.css"><script type="module" src="/assets/index-ABCDEFGH.js"></script>${extra}</head><body><a href="/assets/linked-in-body.js">x</a></body></html>`;
  const entries = precacheEntries([
    { path: "assets/index-ABCDEFGH.js", contents: "js" },
    { path: "assets/chunks/VoteApp-ZZZZZZZZ.js", contents: "lazy" },
    { path: "index.html", contents: page("") },
    { path: "404.html", contents: page('<link rel="modulepreload" href="/assets/chunks/chunk-QRSTUVWX.js">') },
    { path: "app-shell/index.html", contents: page("") },
    { path: "guides/index.html", contents: page("") },
  ]);
  assert.equal(entries.map((e) => e.url), ["/", "/404.html", "/app-shell/", "/assets/chunks/chunk-QRSTUVWX.js", "/assets/index-ABCDEFGH.js", "/assets/index-IJKLMNOP.css"]);
  assert.is(entries.find((e) => e.url === "/assets/index-ABCDEFGH.js")!.revision, null);
  const home = entries.find((e) => e.url === "/")!.revision;
  assert.ok(home && /^[0-9a-f]{16}$/.test(home));
  const changed = precacheEntries([{ path: "index.html", contents: "<p>home, edited</p>" }])[0].revision;
  assert.is.not(changed, home, "the revision follows the content");
  assert.is(urlOfFile("guides/index.html"), "/guides/");
});

test("injectManifest replaces the one placeholder with the manifest as JSON", () => {
  const entries = [{ url: "/", revision: "abc" }];
  assert.is(injectManifest("precache(self.__WB_MANIFEST);", entries), 'precache([{"url":"/","revision":"abc"}]);');
  assert.throws(() => injectManifest("precache([]);", entries), /exactly once/);
  assert.throws(() => injectManifest("a(self.__WB_MANIFEST);b(self.__WB_MANIFEST)", entries), /exactly once/);
});

test.run();
