import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Page } from "playwright-core";
import { browserHarness, registerBrowserTests, waitForHydration, waitUntil } from "./helpers/browser.ts";

// A Chinese site (defaultLanguage "zh"): its search index is segmented in
// Chinese, and so are the queries typed in the box.

const harness = browserHarness("search-zh");

/** Types a query into the header's search box and returns the results' links, or [] once the box says it found nothing. */
async function resultLinks(page: Page, query: string): Promise<string[]> {
  const input = page.locator('input[role="combobox"]');
  await input.fill("");
  await input.focus();
  await page.keyboard.type(query);
  await waitUntil(
    page,
    `results for "${query}"`,
    (q) => document.querySelector(".search-result") !== null || document.querySelector(".search-status")?.textContent?.includes(q as string),
    query,
  );
  const links = await page.locator(".search-result").evaluateAll((as) => as.map((a) => decodeURIComponent(a.getAttribute("href") ?? "")));
  return links;
}

registerBrowserTests(test, () => {
  test("a two-character Chinese word finds its section, one with a character changed finds nothing, and an English typo still finds its page", async () => {
    const s = await harness.open("/guides/");
    const { page } = s;
    try {
      await waitForHydration(page);
      assert.is((await resultLinks(page, "配置"))[0], "/guides/build/#配置");
      // Words of running text, which has no spaces between them.
      assert.is((await resultLinks(page, "入口"))[0], "/guides/build/#配置");
      assert.is((await resultLinks(page, "样式"))[0], "/guides/deploy/#压缩");
      assert.is((await resultLinks(page, "缓存"))[0], "/guides/build/#缓存", "a word the segmenter gives as two single characters");
      assert.is(await page.locator(".search-result mark").first().textContent(), "缓存");
      assert.equal(await resultLinks(page, "缓冲"), [], "缓冲 (buffer) is another word, not a typo of 缓存 (cache)");
      assert.equal(await resultLinks(page, "配值"), []);
      assert.is((await resultLinks(page, "loder"))[0], "/guides/build/#转换");
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });
});

test.after(() => harness.close());

test.run();
