import fs from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build } from "../src/build.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import { axeViolations, browserHarness, registerBrowserTests, serveFolder, waitForHydration } from "./helpers/browser.ts";
import { git } from "./helpers/git.ts";
import { tempSite } from "./helpers/temp-site.ts";
import { ZH } from "../src/shared/messages/zh.ts";

// A language built alone (`build --locale zh`) in real Chromium: the
// language menu offers the page being read in each language and marks the
// one built, and the head names the page's other languages (hreflang); a fallback page shows its notice in the reader's language over
// the English text, an outdated translation says so with a link to the
// change, and both pass axe; client-side navigation between a
// translated and a fallback page keeps both right.
const harness = browserHarness(async () => {
  const site = tempSite("sites/locales");
  try {
    // A history in which the English start page changed after its translation, which is then outdated.
    git(site.dir, ["init", "-q", "-b", "main"]);
    git(site.dir, ["add", "."], "2026-03-02");
    git(site.dir, ["commit", "-q", "-m", "pages and their translations"], "2026-03-02");
    fs.appendFileSync(site.path("content/guides/start.md"), "\nRun it again after each change.\n");
    git(site.dir, ["commit", "-q", "-am", "start: one more step"], "2026-04-10");
    const result = await build({ root: site.dir, write: true, cache: false, locale: "zh", logger: createMemoryLogger() });
    return await serveFolder({ root: site.path("dist"), result, onClose: () => site.remove() });
  } catch (error) {
    site.remove();
    throw error;
  }
});

registerBrowserTests(test, () => {
  test("the language menu keeps the page, and marks the language built", async () => {
    const s = await harness.open("/guides/start/", { viewport: "desktop" });
    const { page } = s;
    try {
      await waitForHydration(page);
      assert.is(await page.evaluate(() => document.documentElement.lang), "zh");
      const items = page.locator(`[role="menu"][aria-label="${ZH["header.languages"]}"] a`);
      const links = await items.evaluateAll((anchors) => anchors.map((a) => [a.textContent, a.getAttribute("href"), a.getAttribute("aria-current")]));
      assert.equal(links, [
        ["English", "https://docs.example.test/guides/start/", null],
        ["中文", "https://zh.docs.example.test/guides/start/", "true"],
        ["한국어", "https://ko.docs.example.test/guides/start/", null],
      ]);
      // Search engines find the page's other languages from its head.
      const head = await page
        .locator('head link[rel="alternate"][hreflang]')
        .evaluateAll((links) => links.map((l) => [l.getAttribute("hreflang"), l.getAttribute("href")]));
      assert.equal(head, [
        ["zh", "https://zh.docs.example.test/guides/start/"],
        ["en", "https://docs.example.test/guides/start/"],
        ["x-default", "https://docs.example.test/guides/start/"],
      ]);
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("a fallback page says so in the reader's language over the English text, and passes axe; so after client navigation", async () => {
    const s = await harness.open("/guides/start/", { viewport: "desktop" });
    const { page } = s;
    try {
      await waitForHydration(page);
      await page.locator('a[href="/guides/more/"]:visible').first().click();
      await page.waitForURL("**/guides/more/");
      const notice = page.getByRole("note").filter({ hasText: ZH["page.notTranslated"].split("，")[0] });
      await notice.waitFor();
      assert.is(await notice.getAttribute("lang"), "zh");
      assert.is(await page.locator("article.doc-page").getAttribute("lang"), "en", "the page's text is marked English");
      assert.is(await page.locator("article.doc-page h1").textContent(), "Going Further");
      assert.equal(await axeViolations(page), []);
      await page.goBack();
      await page.waitForURL("**/guides/start/");
      assert.is(
        await page
          .getByRole("note")
          .filter({ hasText: ZH["page.notTranslated"].split("，")[0] })
          .count(),
        0,
        "a translated page has no notice",
      );
      assert.is(await page.locator("article.doc-page").getAttribute("lang"), null);
      const outdated = page.getByRole("note").filter({ hasText: ZH["page.outdated"].split("，")[0] });
      await outdated.waitFor();
      assert.match(
        (await outdated.getByRole("link", { name: ZH["page.outdatedLink"] }).getAttribute("href")) ?? "",
        /\/compare\/[0-9a-f]{40}\.\.\.[0-9a-f]{40}$/,
      );
      assert.equal(await axeViolations(page), [], "axe with the outdated notice");
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });
});

test.after(() => harness.close());
test.run();
