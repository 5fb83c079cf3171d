import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build } from "../src/build.ts";
import { resolveSettings } from "../src/context/config.ts";
import type { Logger } from "../src/report/logger.ts";
import { generateCorpus } from "./bench/scale-corpus.ts";
import { runCli } from "./helpers/cli.ts";
import { listFiles, tempSite, TOOL_DIR } from "./helpers/temp-site.ts";

/**
 * The heap a build of about 1,000 pages gets. The design that kept every
 * page's body and search sections in memory until the end needed more than
 * 224 MB of heap for 2,000 pages, about 60 KB a page over what every build
 * needs; a build that streams its pages builds 1,000 with 80 MB, so this
 * bound fails as soon as something per page starts to pile up again (the
 * test below sees much less per page, without building this many).
 */
const HEAP_MB = 96;
const PAGES = 1_000;

test(`a site of ${PAGES} pages builds with a heap of ${HEAP_MB} MB, and leaves no temporary files`, async () => {
  const site = tempSite();
  try {
    // The project's own pages, copied into sections of 25 until there are 1,000.
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
 * build keeps; counting data alone sees a few kilobytes. Synchronous, so it
 * can measure from inside a build, where a stage begins.
 */
function liveData(): number {
  collect();
  collect();
  const file = v8.writeHeapSnapshot(path.join(os.tmpdir(), `docs-build-memory-${process.pid}.heapsnapshot`));
  try {
    const { snapshot, nodes } = JSON.parse(fs.readFileSync(file, "utf8")) as {
      snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
      nodes: number[];
    };
    const fields = snapshot.meta.node_fields;
    const width = fields.length;
    const typeAt = fields.indexOf("type");
    const sizeAt = fields.indexOf("self_size");
    const types = snapshot.meta.node_types[0];
    let bytes = 0;
    for (let i = 0; i < nodes.length; i += width) if (DATA_NODES.has(types[nodes[i + typeAt]])) bytes += nodes[i + sizeAt];
    return bytes;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/**
 * What a whole build, its output written, may keep in memory for each page a
 * site has, by the stage whose start it is measured at, as the difference
 * between a 100-page and a 600-page site: nothing, but for the noise of the
 * measure. The pages' summaries wait on disk and are read a top-level part at
 * a time, so what stays grows with the parts, not the pages.
 * - After the index stage ("resolve contributors" begins), 0.11 KB a page
 *   measured, let go before the pages are rendered; 0.17 KB while its result
 *   kept the list of every page's path. When the summaries were kept in
 *   memory, the index kept 2.0 KB a page; before that, with every page's
 *   links, heading ids and problems too, 5.7 KB.
 * - After rendering, the site files (sitemap and the rest) and the search
 *   index: 0.02–0.06 KB measured. It was 0.34–0.37 KB from the search index
 *   on while the staging folder's writer remembered every page's folder and
 *   the sitemap waited in memory for the end of the build: at 100,000 pages
 *   about 35 MB more live heap, which the heap grows half as much again past.
 */
const KEPT_PER_PAGE_KB: Record<string, number> = {
  "resolve contributors": 0.5,
  "emit site files": 0.15,
  "build search index": 0.15,
  "write llms files": 0.15,
};
const MEASURED_STAGES = Object.keys(KEPT_PER_PAGE_KB);
const LARGE = 600;
const SMALL = 100;

/**
 * Builds a content folder whole, in this process and into an output folder,
 * with the live data measured (less `before`; nothing measured without it) as
 * each of `MEASURED_STAGES` begins. The logger keeps nothing, since a kept line per page would be
 * counted, and no search part is precached, so neither site holds its parts
 * for the service worker (which the precache budget bounds).
 */
async function buildMeasured(site: ReturnType<typeof tempSite>, content: string, before?: number): Promise<Map<string, number>> {
  const marks = new Map<string, number>();
  const quiet = () => {};
  const logger: Logger = {
    info: quiet,
    summary: quiet,
    warn: quiet,
    error: quiet,
    begin(step) {
      if (before !== undefined && MEASURED_STAGES.includes(step)) marks.set(step, liveData() - before);
    },
  };
  const settings = resolveSettings({ search: { precacheBudget: 0 } });
  // What a build keeps in memory between stages up to a fixed size (`SPILL_ABOVE`, all of a few hundred pages) would be counted
  // against the larger site here; it goes to temporary files from the first page, and the 1,000-page build above holds it.
  const built = await build({
    root: site.dir,
    content,
    out: `out-${content}`,
    settings,
    cache: false,
    history: false,
    links: "warn",
    threads: 0,
    spillAbove: 0,
    logger,
  });
  assert.ok(built.pages >= (content === "large" ? LARGE : SMALL), `${built.pages} pages built`);
  return marks;
}

test("a build keeps no more for each page a site has, from its index to its llms files, but for the noise of the measure", async () => {
  const site = tempSite();
  try {
    const shape = (pages: number) => ({ kind: "sections", pages, pagesPerSection: 25 }) as const;
    generateCorpus({ source: path.join(TOOL_DIR, "content"), target: site.path("small"), shape: shape(SMALL) });
    generateCorpus({ source: path.join(TOOL_DIR, "content"), target: site.path("large"), shape: shape(LARGE) });
    // A first build of the large site, not measured, loads the markdown pipeline, the templates and every grammar and component
    // the pages use, so the measures below count only what the pages make. (Warmed by the small site alone, the large one then
    // loads more and seems to keep 0.08–0.17 KB a page.)
    await buildMeasured(site, "large");
    const small = await buildMeasured(site, "small", liveData());
    const large = await buildMeasured(site, "large", liveData());
    const more = LARGE - SMALL;
    for (const stage of MEASURED_STAGES) {
      const kept = (large.get(stage) ?? Number.NaN) - (small.get(stage) ?? Number.NaN);
      assert.ok(kept / more < KEPT_PER_PAGE_KB[stage] * 1024, `as "${stage}" begins, the build keeps ${(kept / more / 1024).toFixed(2)} KB per page`);
    }
  } finally {
    site.remove();
  }
});

test.run();
