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

/** Kinds of heap snapshot node that are the program's data; compiled code, object shapes and V8's own bookkeeping are left out. */
const DATA_NODES = new Set(["object", "array", "string", "concatenated string", "sliced string", "closure", "regexp", "number", "bigint", "symbol"]);

/**
 * The bytes of data the heap holds once everything unreachable is
 * collected, counted node by node in a heap snapshot. The heap's total in
 * use moves by a megabyte or so from one measure to the next with compiled
 * code and free space, more than a few hundred pages' worth of what the
 * build keeps; counting data alone sees a few kilobytes.
 */
async function liveData(): Promise<number> {
  collect();
  collect();
  let text = "";
  for await (const chunk of v8.getHeapSnapshot()) text += chunk;
  const { snapshot, nodes } = JSON.parse(text) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[] };
  const fields = snapshot.meta.node_fields;
  const width = fields.length;
  const typeAt = fields.indexOf("type");
  const sizeAt = fields.indexOf("self_size");
  const types = snapshot.meta.node_types[0];
  let bytes = 0;
  for (let i = 0; i < nodes.length; i += width) if (DATA_NODES.has(types[nodes[i + typeAt]])) bytes += nodes[i + sizeAt];
  return bytes;
}

/**
 * What the build may keep in memory for each page a site has, measured as
 * the difference between a 100-page and a 600-page site: nothing, but for
 * the noise of the measure. The pages' summaries wait on disk and are read a
 * top-level part at a time, so what stays grows with the parts, not the
 * pages: 0.38–0.46 KB per page measured, most of it one string of about
 * 120 KB that a run may or may not let go. When the summaries were kept in
 * memory, the index kept 2.0 KB a page and the whole 2.8 KB; before that,
 * with every page's links, heading ids and problems too, 5.7 KB.
 */
const KEPT_PER_PAGE_KB = 1;
const INDEXED = 600;
const SMALL = 100;
const ASSETS = { css: ["/assets/index-ABCDEFGH.css"], entry: "/assets/index-ABCDEFGH.js", preload: [], afterLoad: [], search: [], voteCss: "" };

/** Indexes a content folder, resolves its contributors and renders it, discarding the files; returns what is kept, and its size. */
async function indexAndRender(site: ReturnType<typeof tempSite>, content: string, before = 0) {
  const ctx = createContext({ root: site.dir, content, settings: resolveSettings({}), logger: createMemoryLogger(), cache: false, links: "warn", threads: 0 });
  const index = await runIndexContent(ctx);
  const indexed = (await liveData()) - before;
  const contributorsOf = await runResolveContributors(ctx);
  const rendered = await runRenderPages(ctx, { site: index.site, bodies: index.bodies, contributorsOf, assets: ASSETS }, async () => {});
  const kept = (await liveData()) - before;
  await index.close();
  return { index, rendered, indexed, kept };
}

test(`indexing and rendering keep at most ${KEPT_PER_PAGE_KB} KB more for each page a site has`, async () => {
  const site = tempSite();
  try {
    const shape = (pages: number) => ({ kind: "sections", pages, pagesPerSection: 25 }) as const;
    generateCorpus({ source: path.join(TOOL_DIR, "content"), target: site.path("small"), shape: shape(SMALL) });
    generateCorpus({ source: path.join(TOOL_DIR, "content"), target: site.path("large"), shape: shape(INDEXED) });
    // A first build of the large site loads the markdown pipeline and the templates and compiles every path the pages take, so the
    // measures below count only what the pages make.
    await indexAndRender(site, "large");
    const small = await indexAndRender(site, "small", await liveData());
    const large = await indexAndRender(site, "large", await liveData());
    assert.is(large.index.site.count, INDEXED);
    assert.ok(large.rendered.routes >= INDEXED);
    // What grows with the pages is the difference between the two sites, per page the larger one has more.
    const more = INDEXED - SMALL;
    const perPage = (bytes: number) => `${(bytes / more / 1024).toFixed(2)} KB per page`;
    const indexed = large.indexed - small.indexed;
    const kept = large.kept - small.kept;
    assert.ok(indexed / more < KEPT_PER_PAGE_KB * 1024, `the index stage keeps ${perPage(indexed)}`);
    assert.ok(kept / more < KEPT_PER_PAGE_KB * 1024, `indexing and rendering keep ${perPage(kept)}`);
  } finally {
    site.remove();
  }
});

test.run();
