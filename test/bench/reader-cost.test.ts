import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { largestFile, measureFirstVisit, precacheUrls, referencedUrls, searchCodeFiles } from "./reader-cost.ts";
import { folderNumber, generateCorpus } from "./scale-corpus.ts";

// The scale benchmark's measures of what a reader pays, on a small output
// folder written by hand, and the folder names of a generated corpus with
// more than 999 folders.

/** Writes `files` (path → text) into a new temporary folder and returns it. */
function outputOf(files: Record<string, string>): string {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "reader-cost-"));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
    fs.writeFileSync(path.join(out, file), text);
  }
  return out;
}

const gz = (text: string) => zlib.gzipSync(text).length;

const PAGE_HTML = [
  "<html><head>",
  '<link rel="stylesheet" href="/assets/site.css"/>',
  '<link rel="modulepreload" href="../../assets/chunk.js"/>',
  '<link rel="icon" href="/favicon.svg"/>',
  '<link rel="canonical" href="https://docs.example/configuration/output/"/>',
  '<script type="module" src="/assets/entry.js"></script>',
  '<script src="https://cdn.example/x.js"></script>',
  "<script>inline()</script>",
  "</head><body>page</body></html>",
].join("\n");

const SITE = {
  "configuration/output/index.html": PAGE_HTML,
  "assets/site.css": "body{color:red}",
  "assets/chunk.js": "export const a=1;",
  "assets/entry.js": 'import"./chunk.js";',
  "favicon.svg": "<svg/>",
  "index.html": "<html>home</html>",
  "app-shell/index.html": "<html>shell</html>",
  "search-index.json": '{"version":2}',
  "search/ab12/k0.json": '{"web":"0"}',
  "sw.js":
    'precacheAndRoute([{"url":"/","revision":"1"},{"url":"/app-shell/","revision":"2"},{"url":"/assets/entry.js","revision":null},{"url":"/gone.js","revision":null},{"url":"/search-index.json","revision":"3"},{"url":"/search/ab12/k0.json","revision":null}]);',
};

test("referencedUrls lists same-site scripts, stylesheets and preloads, resolved against the page, and nothing else", () => {
  assert.equal(referencedUrls(PAGE_HTML, "/configuration/output/"), ["/assets/site.css", "/assets/chunk.js", "/assets/entry.js"]);
});

test("precacheUrls reads the injected manifest, brackets inside its strings included", () => {
  assert.equal(precacheUrls('x([{"url":"/a]b/","revision":"[1]"},{"url":"/c.js","revision":null}]);'), ["/a]b/", "/c.js"]);
  assert.equal(precacheUrls("no manifest"), []);
  assert.throws(() => precacheUrls('x([{"url":"/a"'), /not closed/);
});

test("a first visit counts the page, what it loads, sw.js and the precached files, each file once, and lists what is missing", () => {
  const out = outputOf(SITE);
  try {
    const visit = measureFirstVisit(out, "/configuration/output/");
    assert.is(visit.htmlGzipBytes, gz(SITE["configuration/output/index.html"]));
    assert.is(visit.referencedGzipBytes, gz(SITE["assets/site.css"]) + gz(SITE["assets/chunk.js"]) + gz(SITE["assets/entry.js"]));
    assert.is(visit.workerGzipBytes, gz(SITE["sw.js"]));
    // entry.js was counted with the page's references already.
    const searchIndex = gz(SITE["search-index.json"]) + gz(SITE["search/ab12/k0.json"]);
    assert.is(visit.precachedGzipBytes, gz(SITE["index.html"]) + gz(SITE["app-shell/index.html"]) + searchIndex);
    assert.is(visit.searchIndexGzipBytes, searchIndex);
    assert.is(visit.files, 9);
    assert.is(visit.gzipBytes, visit.htmlGzipBytes + visit.referencedGzipBytes + visit.workerGzipBytes + visit.precachedGzipBytes);
    assert.equal(visit.missing, ["/gone.js"]);
    assert.throws(() => measureFirstVisit(out, "/nowhere/"), /\/nowhere\/ has no page/);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});

test("the search code is the search backend's chunk and what it imports statically, not what it imports on demand", () => {
  const out = outputOf({
    "assets/chunks/search-backend-AB12.js": 'import{a}from"./chunk-A.js";const lazy=()=>import("./lazy.js");',
    "assets/chunks/chunk-A.js": 'import"./chunk-B.js";export const a=1;',
    "assets/chunks/chunk-B.js": 'import{a}from"./chunk-A.js";',
    "assets/chunks/lazy.js": "",
    "assets/chunks/other.js": "",
  });
  try {
    assert.equal(searchCodeFiles(out), ["assets/chunks/search-backend-AB12.js", "assets/chunks/chunk-A.js", "assets/chunks/chunk-B.js"]);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});

test("largestFile finds the largest file of a folder at any depth, with its gzipped size, and nothing in a missing folder", () => {
  const big = "x".repeat(500);
  const out = outputOf({ "assets/sidebar/a.json": "{}", "assets/sidebar/deep/b.json": big, "assets/other.json": big.repeat(2) });
  try {
    assert.equal(largestFile(out, "assets/sidebar"), { path: "assets/sidebar/deep/b.json", bytes: 500, gzipBytes: gz(big) });
    assert.is(largestFile(out, "page-routes"), undefined);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});

test("folder numbers have three digits, or as many as the last folder's, so names sort in their order", () => {
  assert.is(folderNumber(999)(7), "007");
  assert.is(folderNumber(3995)(7), "0007");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scale-corpus-"));
  try {
    fs.mkdirSync(path.join(dir, "source"));
    fs.writeFileSync(path.join(dir, "source", "page.md"), "---\ntitle: Page\n---\n\ntext\n");
    const corpus = generateCorpus({
      source: path.join(dir, "source"),
      target: path.join(dir, "content"),
      shape: { kind: "sections", pages: 1_002, pagesPerSection: 1 },
    });
    assert.equal(corpus, { pages: 1_002, copies: 1_001, folders: 1_001 });
    const folders = fs.readdirSync(path.join(dir, "content")).filter((name) => name.startsWith("section-"));
    assert.is(folders.length, 1_001);
    assert.equal(
      [...folders].sort(),
      folders.map((_, i) => `section-${String(i + 1).padStart(4, "0")}`),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
