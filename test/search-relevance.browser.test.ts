import fs from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Searcher } from "../src/shared/search/searcher.ts";
import { buildSearchIndex } from "../src/stages/search-index/core.ts";
import { browserHarness, registerBrowserTests, waitForHydration, waitUntil } from "./helpers/browser.ts";
import { FIXTURES } from "./helpers/fixture-loop.ts";
import { projectSections } from "./helpers/project-sections.ts";
import { serveProjectSite } from "./helpers/project-site.ts";

// In Chromium, the search box over the project's split index shows the
// results the whole index gives, for the committed relevance queries and
// typos in the first letters.

const harness = browserHarness(serveProjectSite);
const QUERIES = (JSON.parse(fs.readFileSync(path.join(FIXTURES, "search", "relevance.json"), "utf8")) as { query: string }[]).map((q) => q.query);
const TYPOS = ["xplitchunks", "ebpack configuration", "rntry points", "cnfiguration"];
/** Results the box shows at most (the backend's limit). */
const SHOWN = 12;

registerBrowserTests(test, () => {
  test("the box shows, for each committed query and typo, the results the whole index gives", async () => {
    const whole = new Searcher(buildSearchIndex(await projectSections()));
    const s = await harness.open("/concepts/");
    const { page } = s;
    try {
      await waitForHydration(page);
      const box = page.locator('input[role="combobox"]');
      for (const query of [...QUERIES.slice(0, 12), ...TYPOS]) {
        const expected = whole
          .search(query, SHOWN)
          .map((r) => r.url)
          .sort();
        assert.ok(expected.length > 0, `"${query}" finds something in the whole index`);
        await box.fill(query);
        // The box groups results by site section, so their order on screen is not the rank order; the set is what must match.
        await waitUntil(
          page,
          `the whole index's results for "${query}"`,
          (want) =>
            [...document.querySelectorAll(".search-result")]
              .map((a) => a.getAttribute("href"))
              .sort()
              .join("\n") === want,
          expected.join("\n"),
        );
      }
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });
});

test.after(() => harness.close());

test.run();
