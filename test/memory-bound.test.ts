import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { resolveSettings } from "../src/config.ts";
import { createContext } from "../src/context.ts";
import { createMemoryLogger } from "../src/logger.ts";
import { runIndexContent } from "../src/stages/index-content/index.ts";
import { runRenderPages } from "../src/stages/render-pages/index.ts";
import { runResolveContributors } from "../src/stages/resolve-contributors/index.ts";
import { generateCorpus } from "./bench/scale-corpus.ts";
import { runCli } from "./helpers/cli.ts";
import { listFiles, tempSite, TOOL_DIR } from "./helpers/temp-site.ts";

/**
 * The heap a build of about 2,000 pages gets. The design that kept every
 * page's body and search sections in memory until the end needed more than
 * 224 MB of heap for this site (it built with 320 MB); a build that streams
 * its pages builds it with 128 MB, so this bound fails as soon as something
 * per page starts to pile up again.
 */
const HEAP_MB = 160;
const PAGES = 2_000;

test(`a site of ${PAGES} pages builds with a heap of ${HEAP_MB} MB, and leaves no temporary files`, async () => {
  const site = tempSite();
  try {
    // The project's own pages, copied into sections of 25 until there are 2,000.
    const corpus = generateCorpus({
      source: path.join(TOOL_DIR, "content"),
      target: site.path("content"),
      shape: { kind: "sections", pages: PAGES, pagesPerSection: 25 },
    });
    assert.is(corpus.pages, PAGES);
    const temp = site.path("tmp");
    fs.mkdirSync(temp);
    const run = await runCli(["build", "--no-cache", "--links", "warn"], {
      cwd: site.dir,
      env: { NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}`, TMPDIR: temp },
      timeout: 480_000,
    });
    assert.is(run.code, 0, `the build failed:\n${run.stderr.slice(-3000)}`);
    const built = /Built (\d+) pages/.exec(run.stdout);
    assert.ok(built && Number(built[1]) >= PAGES, run.stdout.slice(-500));
    // Every page and the section pages' combined printable pages are there.
    const files = listFiles(site.path("dist"));
    assert.ok(files.filter((f) => f.endsWith("index.html")).length >= PAGES);
    assert.ok(files.includes("guides/printable/index.html"));
    assert.ok(files.includes("search-index.json"));
    // The bodies waiting between stages went to a private temporary folder that the build removed.
    assert.equal(
      fs.readdirSync(temp).filter((name) => name.startsWith("docs-build-")),
      [],
      "temporary files left behind",
    );
  } finally {
    site.remove();
  }
});

/** Node's collector, reached without starting the test process with --expose-gc. */
const collect = (() => {
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc") as () => void;
})();

/** The heap in use once everything unreachable is collected. */
function liveHeap(): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed;
}

/**
 * What the build may keep in memory per page while it renders: the index
 * stage's summaries, the contributors resolved for each page, and what
 * rendering holds on to (its route list, a section's sidebar at a time). The
 * summaries once held every page's links, heading ids and problems too: 5.7 KB
 * a page of the project's own content (800 pages). Without links and heading
 * ids the index kept 3.6 KB, and 4.3 KB with rendering (every section's
 * sidebar, a map of every page's place, every page's own contributor
 * objects). With the headings in the body store as well, one sidebar kept at
 * a time and contributors shared, the index keeps 2.0 KB and the whole 2.8 KB.
 */
const KEPT_PER_PAGE_KB = 3.5;
const INDEXED = 800;
const ASSETS = { css: ["/assets/index-ABCDEFGH.css"], entry: "/assets/index-ABCDEFGH.js", preload: [], afterLoad: [], search: [], voteCss: "" };

/** Indexes a content folder, resolves its contributors and renders it, discarding the files; returns what is kept, and its size. */
async function indexAndRender(site: ReturnType<typeof tempSite>, content: string, before = 0) {
  const ctx = createContext({ root: site.dir, content, settings: resolveSettings({}), logger: createMemoryLogger(), cache: false, links: "warn", threads: 0 });
  const index = await runIndexContent(ctx);
  const indexed = liveHeap() - before;
  const contributors = await runResolveContributors(
    ctx,
    index.pages.map((page) => page.entry),
  );
  const rendered = await runRenderPages(
    ctx,
    { root: index.root, pages: index.pages, bodies: index.bodies, contributors: contributors.byUrl, assets: ASSETS },
    async () => {},
  );
  const kept = liveHeap() - before;
  await index.bodies.close();
  return { index, contributors, rendered, indexed, kept };
}

test(`indexing and rendering keep at most ${KEPT_PER_PAGE_KB} KB per page of a ${INDEXED}-page site in memory`, async () => {
  const site = tempSite();
  try {
    const shape = (pages: number) => ({ kind: "sections", pages, pagesPerSection: 25 }) as const;
    generateCorpus({ source: path.join(TOOL_DIR, "content"), target: site.path("small"), shape: shape(200) });
    generateCorpus({ source: path.join(TOOL_DIR, "content"), target: site.path("large"), shape: shape(INDEXED) });
    // A first, small site loads the markdown pipeline and the templates, so the measure below counts only what grows with the pages.
    await indexAndRender(site, "small");
    const { index, rendered, indexed, kept } = await indexAndRender(site, "large", liveHeap());
    assert.is(index.pages.length, INDEXED);
    assert.ok(rendered.routes.length >= INDEXED);
    const perPage = (bytes: number) => `${(bytes / INDEXED / 1024).toFixed(1)} KB per page`;
    assert.ok(indexed / INDEXED < KEPT_PER_PAGE_KB * 1024, `the index stage keeps ${perPage(indexed)}`);
    assert.ok(kept / INDEXED < KEPT_PER_PAGE_KB * 1024, `indexing and rendering keep ${perPage(kept)}`);
  } finally {
    site.remove();
  }
});

test.run();
