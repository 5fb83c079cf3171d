import type { Page } from "playwright-core";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { browserHarness, markWindow, registerBrowserTests, sameWindow, waitForHydration, waitUntil } from "./helpers/browser.ts";

// Printing a section in real Chromium: "Print this page" opens the section's
// printable page with `?print`, and the page opens the print dialog once
// loaded (with or without the client bundle), having taken the query off the
// address; a direct visit, a reload and a return through the history open nothing. `window.print` is
// replaced in every document by a counter, and each document notes when its
// load event has been handled, so "not opened" is read after that point.
const harness = browserHarness("code-blocks");

/** Counts `print()` calls per document in `__prints`, and sets `__loaded` once every load listener has run. */
async function countPrints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __prints: number; __loaded: boolean };
    w.__prints = 0;
    window.print = () => void w.__prints++;
    addEventListener("load", () => setTimeout(() => (w.__loaded = true)));
  });
}

/** The number of times the current document called `print()`, read once its load event has been handled. */
async function printsAfterLoad(page: Page): Promise<number> {
  await waitUntil(page, "the load event was handled", () => (window as unknown as { __loaded?: boolean }).__loaded === true);
  return page.evaluate(() => (window as unknown as { __prints: number }).__prints);
}

registerBrowserTests(test, () => {
  test("Print this page opens the print dialog once, through a document load, and a reload does not open it again", async () => {
    const s = await harness.open(null);
    const { page } = s;
    try {
      await countPrints(page);
      await page.goto(s.url("/guides/copy/"));
      await waitForHydration(page);
      assert.is(await printsAfterLoad(page), 0, "a documentation page does not print");
      await markWindow(page);
      const link = page.getByRole("link", { name: "Print this page" });
      assert.is(await link.getAttribute("href"), "/guides/printable/?print");
      await link.click();
      await page.waitForURL(s.url("/guides/printable/"));
      assert.not.ok(await sameWindow(page), "the printable page was loaded as a document");
      assert.is(await printsAfterLoad(page), 1);
      assert.is(new URL(page.url()).search, "", "the query is taken off the address");
      await page.reload();
      assert.is(await printsAfterLoad(page), 0, "a reload does not print");
      // Even an address that still asks to print is not printed on a reload.
      await page.evaluate(() => history.replaceState(null, "", "?print"));
      await page.reload();
      assert.is(await printsAfterLoad(page), 0, "a reload of ?print does not print");
      // Nor is coming back to such an address through the history.
      await page.evaluate(() => history.replaceState(null, "", "?print"));
      await page.goto(s.url("/guides/copy/"));
      await page.goBack();
      await page.waitForURL(/\/guides\/printable\/(\?print)?$/);
      assert.is(await printsAfterLoad(page), 0, "back to ?print does not print");
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("Print this page prints without the client bundle; a direct visit to the printable page does not", async () => {
    const s = await harness.open(null);
    const { page } = s;
    try {
      await countPrints(page);
      await page.route(/\/assets\/.*\.js(\?.*)?$/, (route) => route.abort());
      await page.goto(s.url("/guides/copy/"));
      await page.getByRole("link", { name: "Print this page" }).click();
      await page.waitForURL(s.url("/guides/printable/"));
      assert.is(await printsAfterLoad(page), 1);
      assert.not.ok(await page.evaluate(() => document.documentElement.dataset.hydrated), "the client bundle never ran");
      await page.goto(s.url("/guides/printable/"));
      assert.is(await printsAfterLoad(page), 0, "a direct visit does not print");
    } finally {
      await s.close();
    }
  });
});

test.after(() => harness.close());

test.run();
