import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Page } from "playwright-core";
import {
  axeViolations,
  browserHarness,
  holdClientScripts,
  type PageSession,
  registerBrowserTests,
  screenshot,
  swipe,
  VIEWPORTS,
  waitForAnimations,
  waitForHydration,
  waitUntil,
} from "./helpers/browser.ts";
import { serveProjectSite } from "./helpers/project-site.ts";

// The compact phone header of the project's own site in real Chromium at 375×667: one bar with
// the menu button, the logo and a search button; the search dialog; the header's links and tools
// in the slide-out menu, on documentation pages and on pages without a sidebar (landing, blog,
// vote), where the menu holds only those; and the unchanged header at 768 and 1,024 px.
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

/** Fails when the page reported a problem, apart from the 404 status the browser logs for the not-found page's own document. */
function assertNoErrorsBut404(s: PageSession) {
  s.errors.splice(0, s.errors.length, ...s.errors.filter((e) => !/status of 404 .*\/no-such-page\/:0\)/.test(e)));
  s.assertNoErrors();
}

/** Taps the menu button and waits for the slide-out menu to be open and still. */
async function openMenu(page: Page) {
  await page.locator(".sidebar-menu-button").tap();
  await waitUntil(page, "the menu is open", () => document.querySelector(".mobile-sidebar")?.getAttribute("data-open") === "true");
  await waitForAnimations(page);
}

const dialogOpen = (page: Page) => page.evaluate(() => document.querySelector(".search-dialog")?.getAttribute("data-open"));

/** The header's bar (without the section links under it): its height, the parts of it that show and their vertical middles. */
function barFacts(page: Page) {
  return page.evaluate(() => {
    const shown = [...document.querySelectorAll<HTMLElement>(".site-header-inner > *")].filter((e) => e.getBoundingClientRect().height > 0);
    return {
      height: document.querySelector(".site-header-inner")?.getBoundingClientRect().height ?? Number.NaN,
      parts: shown.map((e) => e.className.split(" ").pop()),
      middles: shown.map((e) => e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2),
    };
  });
}

/** Asserts the compact bar: the menu button, the logo and the search button on one row, and no links or tools in the header. */
async function assertCompactBar(page: Page) {
  const { parts, middles } = await barFacts(page);
  assert.equal(parts, ["sidebar-menu-button", "logo", "search-button"], "the bar's visible parts");
  assert.ok(Math.max(...middles) - Math.min(...middles) < 8, `one row: their middles are at ${middles.join(", ")} px`);
  assert.is(await page.locator("header .header-tools, header .top-nav").count(), 0, "the links and tools are not in the header");
}

registerBrowserTests(test, () => {
  test("[375×667] one compact bar: the page title starts within 170 px; the header holds the menu button, the logo and a search button only", async () => {
    const s = await openPhonePage();
    const { page } = s;
    try {
      const top = await page.evaluate(() => document.querySelector("main h1")?.getBoundingClientRect().top ?? Number.NaN);
      assert.ok(Number.isFinite(top) && top <= 170, `the page title starts at ${top} px`);
      await assertCompactBar(page);
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
      await openMenu(page);
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
        await openMenu(page);
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

  // Pages outside the documentation sections, with the top link each marks and whether they have a sidebar: the landing
  // page, the vote board and the not-found page have none; the blog index has its posts in one.
  const OTHER_PAGES = [
    ["/", null, false],
    ["/vote/", "Vote", false],
    ["/no-such-page/", null, false],
    ["/blog/", "Blog", true],
  ] as const;

  for (const [pathname, active, sidebar] of OTHER_PAGES) {
    test(`[375×667] ${pathname} has the same compact bar, no taller than a documentation page's; its search button opens the dialog`, async () => {
      const s = await openPhonePage("light", pathname);
      const { page } = s;
      try {
        await assertCompactBar(page);
        assert.is(await page.locator(".sub-nav").count(), 0, "no section links");
        assert.is(await page.locator(".layout-body > nav.sidebar").count(), sidebar ? 1 : 0, `${sidebar ? "a" : "no"} sidebar`);
        if (pathname === "/") await screenshot(page, "phone-landing-375.png");
        const { height } = await barFacts(page);
        await page.goto(s.url("/configuration/output/"));
        await waitForHydration(page);
        const withSidebar = (await barFacts(page)).height;
        assert.ok(height <= withSidebar, `the bar is ${height} px high, a documentation page's ${withSidebar} px`);
        await page.goBack();
        await waitForHydration(page);
        const button = page.locator(".search-button");
        await button.click();
        await page.locator('.search-dialog[role="dialog"][aria-modal="true"]').waitFor({ state: "visible" });
        await waitUntil(page, "focus is in the search field", () => document.activeElement?.matches('.search-dialog input[role="combobox"]'));
        await page.keyboard.press("Escape");
        assert.is(await dialogOpen(page), "false", "Escape closes the dialog");
        assert.ok(await button.evaluate((b) => b === document.activeElement), "focus is back on the search button");
        assertNoErrorsBut404(s);
      } finally {
        await s.close();
      }
    });

    test(`[375×667] ${pathname}: the menu opens by click and by keyboard as a dialog holding the links and tools${sidebar ? " above the posts" : ", no section pages"}; Tab stays in it; Escape closes it and focus returns`, async () => {
      const s = await openPhonePage("light", pathname);
      const { page } = s;
      try {
        const button = page.locator(".sidebar-menu-button");
        assert.is(await button.getAttribute("aria-label"), "Open the menu");
        await button.click();
        const menu = page.locator('.mobile-sidebar[role="dialog"][aria-modal="true"][aria-label="Menu"]');
        await menu.waitFor({ state: "visible" });
        await waitForAnimations(page);
        assert.is(await button.getAttribute("aria-expanded"), "true");
        assert.equal(await menu.locator(".menu-header .top-nav a").allTextContents(), ["Documentation", "Contribute", "Vote", "Blog"]);
        assert.equal(await menu.locator(".top-nav a.active").allTextContents(), active ? [active] : [], "the current top link is marked");
        assert.is(await menu.locator(".menu-header .icon-link").count(), 3, "the three icon links");
        for (const control of [".language-button", ".version-selector select", ".theme-toggle"]) {
          assert.ok(await menu.locator(control).isVisible(), `${control} is in the menu`);
          assert.is(await page.locator(control).count(), 1, `${control} is rendered once`);
        }
        assert.is(await menu.locator("nav.sidebar").count(), sidebar ? 1 : 0, sidebar ? "the section's pages" : "no section pages");
        const box = await menu.boundingBox();
        assert.ok(box && box.x === 0 && box.width <= 295, `the panel slides in from the left: ${JSON.stringify(box)}`);
        await waitUntil(page, "focus moved to the menu's first link", () => document.activeElement?.matches(".mobile-sidebar .top-nav a:first-child"));
        await page.keyboard.press("Escape");
        await waitUntil(page, "Escape closes the menu", () => document.querySelector(".mobile-sidebar")?.getAttribute("data-open") === "false");
        assert.ok(await button.evaluate((b) => b === document.activeElement), "focus is back on the menu button");
        assert.is(await button.getAttribute("aria-expanded"), "false");
        assert.is(await page.locator('[role="dialog"]').count(), 0, "no dialog role while closed");

        await page.keyboard.press("Enter");
        await waitUntil(page, "Enter on the button opens the menu with focus on its first link", () =>
          document.activeElement?.matches('.mobile-sidebar[data-open="true"] .top-nav a:first-child'),
        );
        await page.keyboard.press("Shift+Tab");
        assert.ok(
          await page.evaluate(() => {
            const shown = [...document.querySelectorAll(".mobile-sidebar :is(a[href], button, select)")].filter((e) => e.getClientRects().length > 0);
            return document.activeElement === shown[shown.length - 1];
          }),
          "Shift+Tab from the first control goes to the last",
        );
        await page.keyboard.press("Tab");
        assert.ok(await page.evaluate(() => document.activeElement?.matches(".mobile-sidebar .top-nav a:first-child")), "Tab from the last goes to the first");
        await page.keyboard.press("Escape");
        await waitUntil(page, "Escape closes it again", () => document.querySelector(".mobile-sidebar")?.getAttribute("data-open") === "false");
        assert.ok(await button.evaluate((b) => b === document.activeElement), "and focus is back on the menu button");
        assertNoErrorsBut404(s);
      } finally {
        await s.close();
      }
    });
  }

  test("[375×667] / menu: the language dropdown keeps its keys (its Escape leaves the menu open), the theme toggle works, a top link closes the menu, the version selector goes to the v4 host", async () => {
    const s = await openPhonePage("light", "/");
    const { page } = s;
    try {
      await s.context.route("https://v4.webpack.js.org/**", (route) =>
        route.fulfill({ contentType: "text/html", body: "<!doctype html><title>v4</title><h1>v4 site</h1>" }),
      );
      await openMenu(page);
      await page.locator(".mobile-sidebar .language-button").focus();
      await page.keyboard.press("ArrowDown");
      await waitUntil(page, "ArrowDown opens the language menu on its first item", () => document.activeElement?.matches("#language-menu li:first-child a"));
      await page.keyboard.press("ArrowUp");
      assert.ok(await page.evaluate(() => document.activeElement?.matches("#language-menu li:last-child a")), "ArrowUp wraps to the last item");
      await page.keyboard.press("Escape");
      await waitUntil(page, "Escape closes the language menu", () => document.querySelector(".language-button")?.getAttribute("aria-expanded") === "false");
      assert.ok(await page.evaluate(() => document.activeElement?.matches(".language-button")), "focus is back on the language button");
      assert.is(await page.locator(".mobile-sidebar").getAttribute("data-open"), "true", "the slide-out menu stays open");
      await page.locator(".mobile-sidebar .theme-toggle").tap();
      await waitUntil(page, "the theme toggle switches to dark", () => document.documentElement.dataset.theme === "dark");

      await page.locator('.mobile-sidebar .top-nav a[href="/blog/"]').tap();
      await waitUntil(page, "the blog is shown", () => location.pathname === "/blog/" && document.querySelector("main h1") !== null);
      await waitUntil(page, "following the link closed the menu", () => document.querySelector(".mobile-sidebar")?.getAttribute("data-open") === "false");
      await openMenu(page);
      await page.locator(".mobile-sidebar .version-selector select").selectOption("4");
      await page.waitForURL("https://v4.webpack.js.org/blog/");
      assert.is(await page.locator("h1").textContent(), "v4 site");
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("[375×667] / menu: swipes keep the spec's thresholds (20 px, too steep), a swipe left closes it, and a tap outside closes it", async () => {
    const s = await openPhonePage("light", "/");
    const { page } = s;
    const cdp = await s.context.newCDPSession(page);
    try {
      const state = () => page.locator(".mobile-sidebar").getAttribute("data-open");
      await swipe(cdp, { x: 4, y: 420 }, { x: 16, y: 421 });
      await page.waitForTimeout(300);
      assert.is(await state(), "false", "a 12 px swipe is below the threshold");
      await swipe(cdp, { x: 4, y: 300 }, { x: 84, y: 380 });
      await page.waitForTimeout(300);
      assert.is(await state(), "false", "an 80 px right, 80 px down swipe is too steep");
      await swipe(cdp, { x: 4, y: 420 }, { x: 140, y: 430 });
      await waitUntil(page, "a flat swipe from the left edge opens it", () => document.querySelector(".mobile-sidebar")?.getAttribute("data-open") === "true");
      await waitForAnimations(page);
      await swipe(cdp, { x: 260, y: 420 }, { x: 120, y: 425 });
      await waitUntil(page, "a swipe to the left closes it", () => document.querySelector(".mobile-sidebar")?.getAttribute("data-open") === "false");
      await openMenu(page);
      await page.touchscreen.tap(365, 400);
      await waitUntil(page, "a tap outside closes it", () => document.querySelector(".mobile-sidebar")?.getAttribute("data-open") === "false");
      s.assertNoErrors();
    } finally {
      await cdp.detach();
      await s.close();
    }
  });

  for (const theme of ["light", "dark"] as const) {
    for (const pathname of ["/", "/blog/", "/vote/"]) {
      test(`[375×667, ${theme}] ${pathname}: axe finds nothing with the menu open, nor with the search dialog open`, async () => {
        const s = await openPhonePage(theme, pathname);
        const { page } = s;
        try {
          if (pathname === "/vote/") await page.waitForSelector('[data-vote-app="ready"] .vote-card');
          await openMenu(page);
          assert.equal(await axeViolations(page), [], "with the menu open");
          await page.keyboard.press("Escape");
          await page.locator(".search-button").tap();
          await waitUntil(page, "focus is in the search field", () => document.activeElement?.matches(".search-dialog input"));
          await page.keyboard.type("entry");
          await page.waitForSelector(".search-dialog .search-result");
          assert.equal(await axeViolations(page), [], "with the dialog open");
          s.assertNoErrors();
        } finally {
          await s.close();
        }
      });
    }
  }

  test("[320×568] the landing page, the vote board, the not-found page and the blog fit a 320 px screen: one row, nothing wider than the screen, with the menu closed or open", async () => {
    const s = await openPhonePage("dark", "/");
    const { page } = s;
    try {
      await page.setViewportSize({ width: 320, height: 568 });
      for (const [pathname] of OTHER_PAGES) {
        await page.goto(s.url(pathname));
        await waitForHydration(page);
        await assertCompactBar(page);
        const width = () => page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok((await width()) <= 320, `${pathname}: the page is ${await width()} px wide`);
        await openMenu(page);
        const rights = await page.evaluate(() =>
          [...document.querySelectorAll(".mobile-sidebar, .mobile-sidebar .menu-header *")].map((e) => Math.round(e.getBoundingClientRect().right)),
        );
        assert.ok(Math.max(...rights) <= 320, `${pathname}: the menu and its controls end by ${Math.max(...rights)} px`);
        assert.ok((await width()) <= 320, `${pathname}: with the menu open the page is ${await width()} px wide`);
        await page.keyboard.press("Escape");
      }
      assertNoErrorsBut404(s);
    } finally {
      await s.close();
    }
  });

  test("[375×667 → 1024 → 375] widening the screen with the menu open closes it: state, aria-expanded, the dialog role and inert are reset, and it stays closed back at phone width", async () => {
    const s = await openPhonePage();
    const { page } = s;
    /** The menu's state as a reader and assistive technology meet it (null: no menu or no button rendered). */
    const menuState = () =>
      page.evaluate(() => {
        const menu = document.querySelector<HTMLElement>(".mobile-sidebar");
        const button = document.querySelector(".sidebar-menu-button");
        return {
          open: menu?.dataset.open ?? null,
          inert: menu ? menu.inert : null,
          dialog: document.querySelectorAll('[role="dialog"]').length,
          expanded: button?.getAttribute("aria-expanded") ?? null,
          label: button?.getAttribute("aria-label") ?? null,
          focusInMenu: menu?.contains(document.activeElement) ?? false,
        };
      });
    try {
      for (const pathname of ["/configuration/output/", "/"]) {
        await page.goto(s.url(pathname));
        await waitForHydration(page);
        await openMenu(page);
        const opened = await menuState();
        assert.equal([opened.open, opened.expanded, opened.dialog, opened.focusInMenu], ["true", "true", 1, true], `${pathname}: the menu is open at 375 px`);
        await page.setViewportSize({ width: 1024, height: 768 });
        await waitUntil(page, "the wide layout has no open menu", () => document.querySelector('.mobile-sidebar[data-open="true"]') === null);
        const wide = await menuState();
        assert.is(wide.dialog, 0, `${pathname}: no dialog at 1024 px`);
        // The documentation page keeps its (hidden) button and panel; the landing page has neither at this width.
        if (pathname === "/") assert.equal([wide.open, wide.expanded], [null, null], "/: no menu at 1024 px");
        else assert.equal([wide.open, wide.inert, wide.expanded], ["false", true, "false"], `${pathname}: closed at 1024 px`);
        await page.setViewportSize(PHONE);
        await waitUntil(page, "the phone layout is back", () => document.querySelector(".sidebar-menu-button")?.getClientRects().length === 1);
        await waitForAnimations(page);
        const back = await menuState();
        assert.equal(
          back,
          { open: "false", inert: true, dialog: 0, expanded: "false", label: "Open the menu", focusInMenu: false },
          `${pathname}: closed back at 375 px`,
        );
        assert.ok(
          await page.evaluate(() => (document.querySelector(".mobile-sidebar")?.getBoundingClientRect().right ?? 1) <= 0),
          `${pathname}: the panel is off screen`,
        );
        await openMenu(page);
        assert.is((await menuState()).expanded, "true", `${pathname}: the button still opens it`);
        await page.keyboard.press("Escape");
      }
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("[375×667] before hydration: with the client on its way the landing page's bar is already one row with no links or tools; without JavaScript the whole header stays", async () => {
    const s = await harness.open(null, { viewport: "mobile" });
    const { page } = s;
    try {
      const release = await holdClientScripts(page);
      await page.goto(s.url("/"), { waitUntil: "commit" });
      await waitUntil(page, "the document is parsed and its stylesheet applied", () => {
        const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
        return document.querySelector("footer") !== null && links.length > 0 && links.every((l) => l.sheet !== null);
      });
      assert.is(await page.evaluate(() => document.documentElement.dataset.hydrated), undefined, "no client script has run yet");
      const { parts, middles } = await barFacts(page);
      assert.equal(parts, ["logo", "search-button"], "logo and search button until the menu button comes with hydration");
      assert.ok(Math.max(...middles) - Math.min(...middles) < 8, `one row: ${middles.join(", ")}`);
      release();
      await waitForHydration(page);
      s.assertNoErrors();
    } finally {
      await s.close();
    }
    const context = await (await harness.browser()).newContext({ ...VIEWPORTS.mobile, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(s.url("/"));
      for (const part of ["header .top-nav", 'header input[role="combobox"]', "header .header-tools"]) {
        assert.ok(await page.locator(part).isVisible(), `without JavaScript ${part} shows`);
      }
      assert.ok(await page.locator(".search-button").isHidden(), "no search button without JavaScript");
    } finally {
      await context.close();
    }
  });

  for (const width of [1024, 768]) {
    test(`[${width} px] the header is as before: top links, search box and tools in the header, no search button, no links in the menu; pages without a sidebar have no menu`, async () => {
      const s = await harness.open(null);
      const { page } = s;
      try {
        await page.setViewportSize({ width, height: 768 });
        for (const pathname of ["/configuration/output/", "/", "/vote/"]) {
          await page.goto(s.url(pathname));
          await waitForHydration(page);
          const parts = ["header .top-nav", 'header input[role="combobox"]', "header .header-tools"];
          for (const part of pathname === "/configuration/output/" ? [...parts, "header .sub-nav"] : parts) {
            assert.ok(await page.locator(part).isVisible(), `${pathname}: ${part} shows`);
          }
          assert.ok(await page.locator(".search-button").isHidden(), `${pathname}: no search button`);
          assert.is(await page.locator(".menu-header").count(), 0, `${pathname}: the menu holds no copy of the tools`);
          assert.is(await page.locator('[role="dialog"]').count(), 0);
          if (pathname !== "/configuration/output/") assert.is(await page.locator(".sidebar-menu-button, .mobile-sidebar").count(), 0, `${pathname}: no menu`);
        }
        s.assertNoErrors();
      } finally {
        await s.close();
      }
    });
  }
});

test.after(() => harness.close());

test.run();
