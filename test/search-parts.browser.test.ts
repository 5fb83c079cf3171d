import fs from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build } from "../src/build.ts";
import { createMemoryLogger } from "../src/logger.ts";
import { browserHarness, controlledByWorker, registerBrowserTests, serveFolder, waitForHydration, waitUntil, type ServedSite } from "./helpers/browser.ts";
import { tempSite } from "./helpers/temp-site.ts";

// A site whose search index is over its precache budget (set to 0 here): the
// service worker precaches only the index's root, and keeps each part a
// search loads, so that search answers again offline.

async function serveOverBudget(): Promise<ServedSite> {
  const site = tempSite("sites/basic");
  try {
    fs.writeFileSync(site.path("docs-build.config.json"), JSON.stringify({ search: { precacheBudget: 0 } }));
    const result = await build({ root: site.dir, write: true, cache: false, history: false, logger: createMemoryLogger() });
    return await serveFolder({ root: site.path("dist"), result, onClose: () => site.remove() });
  } catch (error) {
    site.remove();
    throw error;
  }
}

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
  test("over its budget, the index's root is precached and its parts are not; parts a search loaded answer again offline", async () => {
    const s = await harness.open("/guides/");
    const { page } = s;
    try {
      const { root } = await harness.site();
      const worker = fs.readFileSync(`${root}/sw.js`, "utf8");
      assert.match(worker, '"/search-index.json"', "the root is precached");
      assert.not.match(worker, /"\/search\/[0-9a-f]+\//, "no part is precached");
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
      await s.context.setOffline(false);
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });
});

test.after(() => harness.close());

test.run();
