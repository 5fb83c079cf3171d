import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build, type BuildResult } from "../src/build.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import type { PageData } from "../src/shared/page-data.ts";
import { fileText } from "./helpers/site.ts";

// The real webpack documentation (143 .mdx pages nobody here wrote), built
// end to end in memory. It lives outside this repository, in ../shared.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CORPUS = path.resolve(ROOT, "../shared/corpus/webpack-docs");

if (!fs.existsSync(CORPUS)) {
  console.log(`corpus.test.ts: skipped, no corpus at ${CORPUS} (it comes with ../shared in this workplace and its CI)`);
} else {
  let site: BuildResult;
  const pageCount = fs.readdirSync(CORPUS, { recursive: true }).filter((f) => String(f).endsWith(".mdx")).length;

  test.before(async () => {
    // The corpus is in no git repository; its pages have no "Last updated" day to test here. The project's own
    // translations (i18n/) are not the corpus's: the corpus is built as an English site alone.
    site = await build({ root: ROOT, content: CORPUS, locale: "en", write: false, cache: false, history: false, links: "warn", logger: createMemoryLogger() });
  });

  test("every page of the corpus is rendered, with broken links only as warnings", () => {
    assert.is(pageCount, 143);
    assert.is(site.pages, pageCount + 9, "one route per page (every section has its own index page), the 8 printable pages and the vote page");
    assert.ok(
      site.diagnostics.every((d) => !d.fatal),
      "no errors",
    );
    const rules = new Set(site.diagnostics.map((d) => d.ruleId));
    for (const rule of rules)
      assert.ok(["broken-link", "broken-anchor", "code-language", "unknown-option", "deprecated-option"].includes(rule), `unexpected ${rule}`);
    // The corpus's examples are not checked against webpack's schema; some set options where webpack has none.
    const misplaced = site.diagnostics.find((d) => d.ruleId === "unknown-option" && d.message.includes("module.parser.asset.dataUrl"));
    assert.ok(
      misplaced?.file.endsWith("configuration/module.mdx") && !misplaced.fatal,
      "a data URL option written under the parser instead of the generator is a warning",
    );
  });

  test("/configuration/output/ has output.filename as a level-2 anchor whose id matches the heading", () => {
    const html = fileText(site, "configuration/output/index.html");
    const data = JSON.parse(/<script type="application\/json" id="__DOCS_DATA__">([\s\S]*?)<\/script>/.exec(html)![1]) as PageData;
    const anchor = data.sidebar.find((item) => item.url === "/configuration/output/")!.anchors.find((a) => a.title === "output.filename");
    assert.equal(anchor, { title: "output.filename", id: "outputfilename", level: 2 });
    assert.match(html, '<h2 id="outputfilename">output.filename<a class="heading-anchor" href="#outputfilename"');
    assert.match(html, '<span class="badge">5.20.0+</span>');
  });

  test("asides become labelled blocks and code is highlighted at build time", () => {
    const html = fileText(site, "configuration/output/index.html");
    assert.match(html, /<div class="aside aside-warning" role="note" data-kind="warning">\s*<p class="aside-label">Warning<\/p>/);
    assert.match(
      html,
      /<div class="code-block" data-language="js"><span class="code-label">JavaScript<\/span><pre tabindex="0"><code class="language-js"><span class="t-[a-z]">/,
    );
    assert.not.match(html, /\nW&gt; /, "no aside marker left in the text");
  });

  test("MDX comments and import/export lines are dropped; the branding swatches render", () => {
    const post = fileText(site, "blog/2026-06-25-webpack-5-108/index.html");
    assert.not.match(post, "eslint-disable */}");
    assert.not.match(post, "<p>import banner from");
    assert.match(
      fileText(site, "branding/index.html"),
      /<span class="branding-sample" role="img" aria-label="Colour sample #8dd6f9" style="background:#8dd6f9"><\/span>/,
    );
  });

  test.run();
}
