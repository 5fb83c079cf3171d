import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Page } from "playwright-core";
import { build } from "../src/build.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import { ZH } from "../src/shared/messages/zh.ts";
import {
  browserHarness,
  controlledByWorker,
  markWindow,
  registerBrowserTests,
  sameWindow,
  serveFolder,
  waitForHydration,
  waitUntil,
} from "./helpers/browser.ts";
import { tempSite } from "./helpers/temp-site.ts";

// The whole locales fixture in real Chromium, as `npm run build` makes a site:
// English at the root and Chinese under /zh/, a site of its own. Client
// navigation stays under the prefix, search finds a Chinese word in the
// language's own index and leads under the prefix, the language menu keeps
// the page between the root and the prefix, and the Chinese site's service
// worker, scoped to /zh/, answers its pages offline.
const harness = browserHarness(async () => {
  const site = tempSite("sites/locales");
  try {
    const result = await build({ root: site.dir, write: true, cache: false, history: false, logger: createMemoryLogger() });
    return await serveFolder({ root: site.path("dist"), result, onClose: () => site.remove() });
  } catch (error) {
    site.remove();
    throw error;
  }
});

/** The path of an absolute address in the language menu, so it is followed on the test's own server. */
async function menuPath(page: Page, lang: string): Promise<string> {
  const href = await page.locator(`[role="menu"] a[hreflang="${lang}"]`).first().getAttribute("href");
  return new URL(href ?? "").pathname;
}

registerBrowserTests(test, () => {
  test("client navigation stays under the language's prefix, and the language menu keeps the page both ways", async () => {
    const s = await harness.open("/zh/guides/start/", { viewport: "desktop" });
    const { page } = s;
    try {
      await waitForHydration(page);
      assert.is(await page.evaluate(() => document.documentElement.lang), "zh");
      await markWindow(page);
      await page.locator('a[href="/zh/guides/more/"]:visible').first().click();
      await page.waitForURL("**/zh/guides/more/");
      await page
        .getByRole("note")
        .filter({ hasText: ZH["page.notTranslated"].split("，")[0] })
        .waitFor();
      assert.ok(await sameWindow(page), "the fallback page was shown without a document load");
      assert.is(await page.locator("article.doc-page h1").textContent(), "Going Further");
      // The fallback page's body is the English page's, its links under the prefix: following one stays in Chinese.
      await page.locator('article a[href="/zh/guides/start/#install"]').click();
      await page.waitForURL("**/zh/guides/start/#install");
      assert.ok(await sameWindow(page));
      assert.is(await page.locator("article.doc-page h1").textContent(), "快速开始");
      assert.is(await menuPath(page, "en"), "/guides/start/");
      await page.goto(new URL(await menuPath(page, "en"), page.url()).href);
      await waitForHydration(page);
      assert.is(await page.evaluate(() => document.documentElement.lang), "en");
      assert.is(await page.locator("article.doc-page h1").textContent(), "Getting Started");
      assert.is(await menuPath(page, "zh"), "/zh/guides/start/");
      const head = await page.locator('head link[rel="alternate"][hreflang]').evaluateAll((links) => links.map((l) => l.getAttribute("hreflang")));
      assert.equal(head, ["en", "zh", "x-default"]);
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("search under the prefix finds a Chinese word in the language's own index, and a fallback page by its English text, and leads under the prefix", async () => {
    const s = await harness.open("/zh/guides/", { viewport: "desktop" });
    const { page } = s;
    try {
      await waitForHydration(page);
      const input = page.locator('input[role="combobox"]');
      await input.focus();
      await page.keyboard.type("安装");
      await waitUntil(page, "a result", () => document.querySelector(".search-result") !== null);
      const first = decodeURIComponent((await page.locator(".search-result").first().getAttribute("href")) ?? "");
      assert.is(first, "/zh/guides/start/#安装");
      // A fallback page is found in the language under its English text, with a typo too.
      await input.fill("");
      await page.keyboard.type("furthr");
      await waitUntil(page, "a result for the fallback page", () => document.querySelector('.search-result[href^="/zh/guides/more/"]') !== null);
      await input.fill("");
      await page.keyboard.type("安装");
      await waitUntil(page, "the result again", () => document.querySelector('.search-result[href^="/zh/guides/start/"]') !== null);
      await markWindow(page);
      await page.keyboard.press("Enter");
      await page.waitForURL("**/zh/guides/start/**");
      assert.ok(await sameWindow(page), "the result was followed without a document load");
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("the language's service worker is scoped to its prefix and answers its pages offline", async () => {
    const s = await harness.open("/zh/guides/start/", { viewport: "desktop" });
    const { page, context } = s;
    try {
      await controlledByWorker(page);
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      assert.is(new URL(scope).pathname, "/zh/");
      await page.goto(new URL("/zh/guides/more/", page.url()).href);
      await waitForHydration(page);
      await context.setOffline(true);
      await page.goto(new URL("/zh/guides/start/", page.url()).href);
      assert.is(await page.locator("article.doc-page h1").textContent(), "快速开始", "a page visited once reads offline");
      await context.setOffline(false);
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });
});

test.after(() => harness.close());

test.run();
