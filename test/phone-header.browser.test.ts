import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Page } from "playwright-core";
import { axeViolations, browserHarness, registerBrowserTests, screenshot, waitForAnimations, waitForHydration, waitUntil } from "./helpers/browser.ts";
import { serveProjectSite } from "./helpers/project-site.ts";

// The compact phone header of the project's own site in real Chromium at 375×667: one bar with
// the menu button, the logo and a search button; the search dialog; the header's links and tools
// in the slide-out menu; and the unchanged header at 768 and 1,024 px.
const harness = browserHarness(serveProjectSite);
const PHONE = { width: 375, height: 667 };

/** Opens a page (by default /configuration/output/) at 375×667 and dismisses the notification. */
async function openPhonePage(theme: "light" | "dark" = "light", pathname = "/configuration/output/") {
  const s = await harness.open(null, { viewport: "mobile", localStorage: { theme } });
  await s.page.setViewportSize(PHONE);
  await s.page.goto(s.url(pathname));
  await waitForHydration(s.page);
  await s.page.locator(".notification-close").tap();
  await waitUntil(s.page, "the notification is gone", () => document.querySelector(".notification") === null);
  return s;
}

const dialogOpen = (page: Page) => page.evaluate(() => document.querySelector(".search-dialog")?.getAttribute("data-open"));

registerBrowserTests(test, () => {
  test("[375×667] one compact bar: the page title starts within 170 px; the header holds the menu button, the logo and a search button only", async () => {
    const s = await openPhonePage();
    const { page } = s;
    try {
      const top = await page.evaluate(() => document.querySelector("main h1")?.getBoundingClientRect().top ?? Number.NaN);
      assert.ok(Number.isFinite(top) && top <= 170, `the page title starts at ${top} px`);
      const bar = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>(".site-header-inner > *")]
          .filter((e) => e.getBoundingClientRect().height > 0)
          .map((e) => e.className.split(" ").pop()),
      );
      assert.equal(bar, ["sidebar-menu-button", "logo", "search-button"], "the bar's visible parts");
      const middles = await page.evaluate(() =>
        [".sidebar-menu-button", ".logo", ".search-button"].map((s) => {
          const r = document.querySelector(s)?.getBoundingClientRect();
          return r ? r.top + r.height / 2 : Number.NaN;
        }),
      );
      assert.ok(Math.max(...middles) - Math.min(...middles) < 8, `one row: their middles are at ${middles.join(", ")} px`);
      assert.is(await page.locator("header .header-tools, header .top-nav").count(), 0, "the links and tools are not in the header");
      await screenshot(page, "phone-header-375.png");
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("[375×667] search dialog: the button (or / or Ctrl+K) opens it with focus in the field; a result is picked by keyboard; Escape closes it and focus returns; axe finds nothing with it open", async () => {
    const s = await openPhonePage();
    const { page } = s;
    try {
      const button = page.locator(".search-button");
      assert.is(await button.getAttribute("aria-expanded"), "false");
      await button.tap();
      const dialog = page.locator('.search-dialog[role="dialog"]');
      await dialog.waitFor({ state: "visible" });
      assert.is(await dialog.getAttribute("aria-modal"), "true");
      assert.ok(await dialog.getAttribute("aria-label"), "the dialog is labelled");
      await waitUntil(page, "focus is in the search field", () => document.activeElement?.matches('.search-dialog input[role="combobox"]'));
      const box = await dialog.boundingBox();
      assert.ok(box && box.x === 0 && box.y === 0 && box.width === PHONE.width && box.height === PHONE.height, `full screen: ${JSON.stringify(box)}`);
      await page.keyboard.type("publicPath");
      await page.waitForSelector(".search-dialog .search-result");
      assert.ok(await page.locator(".search-dialog .search-panel").isVisible(), "the results show in the dialog");

      await page.keyboard.press("ArrowDown");
      const picked = await page.evaluate(() => {
        const id = document.querySelector(".search-dialog input")?.getAttribute("aria-activedescendant");
        return id ? document.getElementById(id)?.getAttribute("href") : null;
      });
      assert.ok(picked, "ArrowDown selects a result");
      await page.keyboard.press("Enter");
      const target = new URL(picked ?? "", page.url());
      await waitUntil(page, `the picked result ${target.pathname} is shown`, (p) => location.pathname === p, target.pathname);
      await waitUntil(page, "the dialog closed", () => document.querySelector(".search-dialog")?.getAttribute("data-open") === "false");

      await button.tap();
      await waitUntil(page, "open again", () => document.activeElement?.matches(".search-dialog input"));
      await page.keyboard.type("entry");
      await page.keyboard.press("Escape");
      assert.is(await dialogOpen(page), "false", "Escape closes the dialog");
      assert.ok(await page.evaluate(() => document.activeElement?.classList.contains("search-button")), "focus is back on the search button");
      assert.is(await button.getAttribute("aria-expanded"), "false");
      assert.is(await page.locator('[role="dialog"]').count(), 0, "no dialog role while closed");

      // The search shortcuts open the dialog too, from anywhere on the page.
      for (const keys of ["/", "Control+k"]) {
        await page.locator("main h1").click();
        await page.keyboard.press(keys);
        await waitUntil(page, `${keys} opens the dialog with focus in the field`, () => document.activeElement?.matches(".search-dialog input"));
        assert.is(await dialogOpen(page), "true", `${keys} opens the dialog`);
        await page.keyboard.press("Escape");
        assert.is(await dialogOpen(page), "false");
      }
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("[375×667] menu: the top links, icon links, language, version and theme controls come above the section's pages; they work there; axe finds nothing with it open", async () => {
    const s = await openPhonePage("dark");
    const { page } = s;
    try {
      await page.locator(".sidebar-menu-button").tap();
      await waitUntil(page, "the menu is open", () => document.querySelector(".mobile-sidebar")?.getAttribute("data-open") === "true");
      await waitForAnimations(page);
      const menu = page.locator(".mobile-sidebar .menu-header");
      assert.ok(await menu.isVisible(), "the header's part of the menu shows");
      assert.equal(await menu.locator(".top-nav a").allTextContents(), ["Documentation", "Contribute", "Vote", "Blog"]);
      assert.is(await menu.locator(".top-nav a.active").textContent(), "Documentation");
      assert.is(await menu.locator(".icon-link").count(), 3, "the three icon links");
      for (const control of [".language-button", ".version-selector select", ".theme-toggle"]) {
        assert.ok(await menu.locator(control).isVisible(), `${control} is in the menu`);
        assert.is(await page.locator(control).count(), 1, `${control} is rendered once`);
      }
      assert.ok(
        await page.evaluate(() => {
          const head = document.querySelector(".mobile-sidebar .menu-header");
          const pages = document.querySelector(".mobile-sidebar nav.sidebar");
          return head && pages && head.compareDocumentPosition(pages) & Node.DOCUMENT_POSITION_FOLLOWING;
        }),
        "above the section's pages",
      );
      await screenshot(page, "phone-menu-375.png");

      // The dropdown keeps its keys: ArrowDown opens it on the first item, Escape closes it.
      await menu.locator(".language-button").focus();
      await page.keyboard.press("ArrowDown");
      await waitUntil(page, "the language menu is open", () => document.activeElement?.closest("#language-menu") !== null);
      await page.keyboard.press("Escape");
      await waitUntil(page, "Escape closes it", () => document.querySelector(".language-button")?.getAttribute("aria-expanded") === "false");
      await menu.locator(".theme-toggle").tap();
      await waitUntil(page, "the theme toggle in the menu switches to light", () => document.documentElement.dataset.theme === "light");
      await page.touchscreen.tap(365, 400);
      await waitUntil(page, "a tap outside closes the menu", () => document.querySelector(".mobile-sidebar")?.getAttribute("data-open") === "false");
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  // On a page whose content axe passes at 375 px (the wide tables of /configuration/output/ scroll
  // sideways there, which axe reports whatever the header does), in both themes.
  for (const theme of ["light", "dark"] as const) {
    test(`[375×667, ${theme}] axe finds nothing with the search dialog open, nor with the menu open`, async () => {
      const s = await openPhonePage(theme, "/guides/getting-started/");
      const { page } = s;
      try {
        await page.locator(".search-button").tap();
        await waitUntil(page, "focus is in the search field", () => document.activeElement?.matches(".search-dialog input"));
        await page.keyboard.type("entry");
        await page.waitForSelector(".search-dialog .search-result");
        assert.equal(await axeViolations(page), [], "with the dialog open");
        await page.keyboard.press("Escape");
        await page.locator(".sidebar-menu-button").tap();
        await waitUntil(page, "the menu is open", () => document.querySelector(".mobile-sidebar")?.getAttribute("data-open") === "true");
        await waitForAnimations(page);
        assert.equal(await axeViolations(page), [], "with the menu open");
        s.assertNoErrors();
      } finally {
        await s.close();
      }
    });
  }

  test("[320×568, dark] the dialog fits a 320 px screen: field and close button on screen, nothing wider than the screen", async () => {
    const s = await openPhonePage("dark");
    const { page } = s;
    try {
      await page.setViewportSize({ width: 320, height: 568 });
      await page.locator(".search-button").tap();
      await waitUntil(page, "focus is in the search field", () => document.activeElement?.matches(".search-dialog input"));
      await page.keyboard.type("chunk");
      await page.waitForSelector(".search-dialog .search-result");
      const fit: Record<string, number> = await page.evaluate(() =>
        Object.fromEntries(
          [".search-dialog input", ".search-dialog-close", ".search-panel"].map((s) => [s, document.querySelector(s)?.getBoundingClientRect().right ?? 1e9]),
        ),
      );
      fit.page = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(
        Object.values(fit).every((r) => r <= 320),
        `within 320 px: ${JSON.stringify(fit)}`,
      );
      assert.ok(await page.locator(".search-dialog-close").isVisible(), "the close button shows");
      await page.locator(".search-dialog-close").tap();
      assert.is(await dialogOpen(page), "false", "the close button closes it");
      assert.ok(await page.evaluate(() => document.activeElement?.classList.contains("search-button")), "focus is back on the search button");
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  for (const width of [1024, 768]) {
    test(`[${width} px] the header is as before: top links, search box and tools in the header, no search button, no links in the menu`, async () => {
      const s = await harness.open(null);
      const { page } = s;
      try {
        await page.setViewportSize({ width, height: 768 });
        await page.goto(s.url("/configuration/output/"));
        await waitForHydration(page);
        for (const part of ["header .top-nav", 'header input[role="combobox"]', "header .header-tools", "header .sub-nav"]) {
          assert.ok(await page.locator(part).isVisible(), `${part} shows`);
        }
        assert.ok(await page.locator(".search-button").isHidden(), "no search button");
        assert.is(await page.locator(".menu-header").count(), 0, "the menu holds no copy of the tools");
        assert.is(await page.locator('[role="dialog"]').count(), 0);
        s.assertNoErrors();
      } finally {
        await s.close();
      }
    });
  }
});

test.after(() => harness.close());

test.run();
