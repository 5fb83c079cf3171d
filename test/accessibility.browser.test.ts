import { test } from "uvu";
import * as assert from "uvu/assert";
import { axeViolations, launchBrowser, registerBrowserTests, VIEWPORTS, type ViewportName } from "./helpers/browser.ts";
import { serveProjectSite } from "./helpers/project-site.ts";

// axe-core in real Chromium over the project's own site: the page kinds a
// reader meets, in the light theme and (for a documentation page) the dark one.

const PAGES: [string, "light" | "dark", ViewportName, ("search" | "sidebar")?][] = [
  ["/", "light", "desktop"],
  ["/", "dark", "mobile"],
  ["/guides/getting-started/", "light", "desktop"],
  ["/guides/getting-started/", "dark", "desktop"],
  ["/guides/getting-started/", "light", "mobile"],
  ["/guides/getting-started/", "dark", "mobile", "sidebar"],
  ["/configuration/output/", "light", "desktop"],
  ["/no-such-page/", "light", "desktop"],
  ["/concepts/printable/", "light", "desktop"],
  ["/blog/", "light", "desktop"],
  ["/vote/", "light", "desktop"],
  ["/vote/", "dark", "mobile"],
  ["/concepts/", "light", "desktop", "search"],
  ["/concepts/", "dark", "desktop", "search"],
];

registerBrowserTests(test, () => {
  test("axe-core reports no violations on the main kinds of page, in both themes", async () => {
    const site = await serveProjectSite();
    const browser = await launchBrowser();
    try {
      const origin = site.url;
      const found: string[] = [];
      for (const [pathname, theme, viewport, open] of PAGES) {
        const context = await browser.newContext({ ...VIEWPORTS[viewport], serviceWorkers: "block" });
        const page = await context.newPage();
        await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
        await page.goto(origin + pathname);
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, { timeout: 10_000 });
        assert.is(await page.evaluate(() => document.documentElement.dataset.theme), theme);
        if (pathname === "/vote/") await page.waitForSelector('[data-vote-app="ready"] .vote-card');
        if (open === "sidebar") {
          // The mobile slide-out sidebar, open.
          await page.locator(".sidebar-menu-button").tap();
          await page.waitForSelector('.mobile-sidebar[data-open="true"]');
          await page.waitForTimeout(400);
        }
        if (open === "search") {
          // The open search results are checked too.
          await page.locator('input[role="combobox"]').focus();
          await page.keyboard.type("entry");
          await page.waitForSelector(".search-result");
        }
        const violations = await axeViolations(page);
        found.push(...violations.map((v) => `${pathname} (${theme}, ${viewport}${open ? `, ${open} open` : ""}): ${v}`));
        await context.close();
      }
      assert.equal(found, []);
    } finally {
      await browser.close();
      await site.close();
    }
  });
});

test.run();
