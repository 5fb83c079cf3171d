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
};

test("clientAssets finds the entry, its stylesheet and static imports only", () => {
  assert.equal(clientAssets(outputs, "site-client/index.tsx"), {
    entry: "/assets/index-ABCDEFGH.js",
    css: ["/assets/index-IJKLMNOP.css"],
    preload: ["/assets/chunks/chunk-QRSTUVWX.js"],
  });
  assert.throws(() => clientAssets(outputs, "site-client/other.tsx"), /no output/);
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

test("precacheEntries: hashed assets without revision, core pages with a content revision, nothing else", () => {
  const entries = precacheEntries([
    { path: "assets/index-ABCDEFGH.js", contents: "js" },
    { path: "assets/index-IJKLMNOP.css", contents: "css" },
    { path: "index.html", contents: "<p>home</p>" },
    { path: "404.html", contents: "<p>404</p>" },
    { path: "app-shell/index.html", contents: "<p>shell</p>" },
    { path: "guides/index.html", contents: "<p>guides</p>" },
    { path: "assets/unhashed.js", contents: "x" },
  ]);
  assert.equal(entries.map((e) => e.url), ["/", "/404.html", "/app-shell/", "/assets/index-ABCDEFGH.js", "/assets/index-IJKLMNOP.css"]);
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
