import fs from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
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

test.run();
