import fs from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { browserHarness, controlledByWorker, registerBrowserTests, waitForHydration, waitUntil } from "./helpers/browser.ts";
import { serveGeneratedSite } from "./helpers/generated-site.ts";

// A site whose search index is over its precache budget (a small one here):
// the service worker precaches only the index's root and its titles index,
// and keeps each part a search loads, so that search answers again offline;
// a search whose parts were never loaded is answered from the titles index.

/** The basic site's pages, copied into sections of 5 until there are 60, with a small search budget. */
const serveOverBudget = () => serveGeneratedSite({ pages: 60, pagesPerSection: 5, config: { search: { precacheBudget: 2000 } } });

const harness = browserHarness(serveOverBudget);

/** Types a query into the header's search box and waits for its first result's link. */
async function firstResult(page: import("playwright-core").Page, query: string): Promise<string | null> {
  const input = page.locator('input[role="combobox"]');
  await input.fill("");
  await input.focus();
  await page.keyboard.type(query);
  await waitUntil(page, `a result for "${query}"`, () => document.querySelector(".search-result") !== null);
  return page.locator(".search-result").first().getAttribute("href");
}

registerBrowserTests(test, () => {
  test("over its budget, the root and the titles index are precached; parts a search loaded answer again offline, and the titles index answers the rest", async () => {
    const s = await harness.open("/guides/");
    const { page } = s;
    try {
      const { root } = await harness.site();
      const worker = fs.readFileSync(`${root}/sw.js`, "utf8");
      assert.match(worker, '"/search-index.json"', "the root is precached");
      const precachedParts = worker.match(/"\/search\/[0-9a-f]+\/[a-z0-9]+\.json"/g) ?? [];
      assert.is(precachedParts.length, 1, "one part is precached");
      assert.match(precachedParts[0] ?? "", /\/titles\.json"$/, "the titles index");
      await controlledByWorker(page);
      const parts: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.startsWith("/search/")) parts.push(new URL(request.url()).pathname);
      });
      const online = await firstResult(page, "second guide");
      assert.match(online ?? "", /^\/guides\/second\//);
      assert.ok(parts.length > 0, "the search loaded parts of the index");
      const kept = await page.evaluate(async () => (await (await caches.open("search-parts")).keys()).map((r) => new URL(r.url).pathname));
      assert.equal(kept.sort(), [...new Set(parts)].sort(), "the service worker kept every part the search loaded");
      await s.context.setOffline(true);
      await page.reload();
      await waitForHydration(page);
      assert.is(await firstResult(page, "second guide"), online, "the same search answers offline from the parts kept");
      assert.is(await page.locator(".search-status").count(), 0, "with no note: the whole index answered");
      // Offline with no part kept, a search is answered by the titles index, and says so.
      await page.evaluate(() => caches.delete("search-parts"));
      await page.reload();
      await waitForHydration(page);
      assert.match((await firstResult(page, "first guide")) ?? "", /\/first\/$/);
      assert.is(await page.locator(".search-status").textContent(), "Offline: only page titles and headings were searched.");
      await s.context.setOffline(false);
      // The parts the offline searches asked for failed to load, as they must; nothing else went wrong.
      const unexpected = s.errors.filter(
        (e) => !/^console\.error: Failed to load resource: net::ERR_FAILED \(http:\/\/[^/]+\/search\/[0-9a-f]+\/[kpd]\d+\.json/.test(e),
      );
      assert.equal(unexpected, []);
    } finally {
      await s.close();
    }
  });
});

test.after(() => harness.close());

test.run();
