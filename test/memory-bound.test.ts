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
 * What the index stage may keep in memory per page until the build ends. Its
 * summaries once held every page's links, heading ids and problems too: 5.7 KB
 * a page of the project's own content (800 pages). The links and headings now
 * wait on disk for the link check, and the stage keeps 3.9 KB a page.
 */
const KEPT_PER_PAGE_KB = 5;
const INDEXED = 800;

test(`the index stage keeps at most ${KEPT_PER_PAGE_KB} KB per page of a ${INDEXED}-page site in memory`, async () => {
  const site = tempSite();
  try {
    const context = (content: string) =>
      createContext({ root: site.dir, content, settings: resolveSettings({}), logger: createMemoryLogger(), cache: false, links: "warn", threads: 0 });
    const shape = (pages: number) => ({ kind: "sections", pages, pagesPerSection: 25 }) as const;
    generateCorpus({ source: path.join(TOOL_DIR, "content"), target: site.path("small"), shape: shape(200) });
    generateCorpus({ source: path.join(TOOL_DIR, "content"), target: site.path("large"), shape: shape(INDEXED) });
    // A first, small site loads the markdown pipeline, so the measure below counts only what grows with the pages.
    await (await runIndexContent(context("small"))).bodies.close();
    const before = liveHeap();
    const index = await runIndexContent(context("large"));
    const kept = liveHeap() - before;
    await index.bodies.close();
    assert.is(index.pages.length, INDEXED);
    assert.ok(kept / INDEXED < KEPT_PER_PAGE_KB * 1024, `${(kept / INDEXED / 1024).toFixed(1)} KB kept per page`);
  } finally {
    site.remove();
  }
});

test.run();
