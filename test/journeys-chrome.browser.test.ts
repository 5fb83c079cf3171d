import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Page } from "playwright-core";
import {
  browserHarness,
  holdClientScripts,
  registerBrowserTests,
  screenshot,
  slideOutIs,
  swipe,
  waitForAnimations,
  waitForHydration,
  waitUntil,
  type ViewportName,
} from "./helpers/browser.ts";
import { serveProjectSite } from "./helpers/project-site.ts";

// The site chrome of the project's own site in real Chromium, at a desktop
// and a 375 px touch viewport: theme (without a flash), language dropdown, version selector,
// notification, sidebars (auto-open, mobile slide-out), and screenshots.
const harness = browserHarness(serveProjectSite);
const VIEWPORTS: ViewportName[] = ["desktop", "mobile"];

/** Taps on a touch viewport, clicks elsewhere. */
const press = (page: Page, selector: string, viewport: ViewportName) => (viewport === "mobile" ? page.locator(selector).tap() : page.locator(selector).click());

/** On a phone the header's links and tools are in the slide-out menu: opens it there (nothing to do on the desktop). */
async function showTools(page: Page, viewport: ViewportName) {
  if (viewport !== "mobile") return;
  await page.locator(".sidebar-menu-button").tap();
  await waitUntil(page, "the menu with the tools is open", () => document.querySelector(".mobile-sidebar")?.getAttribute("data-open") === "true");
  await waitForAnimations(page);
}

/** What the page shows before any client script ran: theme attribute, hydration mark, body colour. */
async function parsedState(page: Page) {
  await waitUntil(page, "the document is parsed and its stylesheet applied", () => {
    const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    return document.getElementById("__DOCS_DATA__") !== null && links.length > 0 && links.every((l) => l.sheet !== null);
  });
  return page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    hydrated: document.documentElement.dataset.hydrated,
    background: getComputedStyle(document.body).backgroundColor,
  }));
}

registerBrowserTests(test, () => {
  test("[desktop] theme: the stored theme is applied before any client script runs (no flash), hydration keeps it, and after the toggle a reload is dark from DOMContentLoaded", async () => {
    // Default: no stored theme, client scripts held back.
    const light = await harness.open(null);
    try {
      const release = await holdClientScripts(light.page);
      await light.page.goto(light.url("/concepts/"), { waitUntil: "commit" });
      const before = await parsedState(light.page);
      assert.is(before.theme, "light", "default theme with nothing stored");
      assert.is(before.hydrated, undefined, "no client script has run yet");
      release();
      await waitForHydration(light.page);

      // Stored dark theme, client scripts held: the inline head script alone must apply it.
      const dark = await harness.open(null, { localStorage: { theme: "dark" } });
      try {
        const releaseDark = await holdClientScripts(dark.page);
        await dark.page.goto(dark.url("/concepts/"), { waitUntil: "commit" });
        const parsed = await parsedState(dark.page);
        assert.is(parsed.theme, "dark", 'html[data-theme="dark"] before any client script ran');
        assert.is(parsed.hydrated, undefined, "no client script has run yet");
        assert.is.not(parsed.background, before.background, "the dark page is painted with the dark background from the start");
        releaseDark();
        await waitForHydration(dark.page);
        assert.is(await dark.page.evaluate(() => document.documentElement.dataset.theme), "dark", "hydration keeps the stored theme");
        assert.is(
          await dark.page.evaluate(() => getComputedStyle(document.body).backgroundColor),
          parsed.background,
          "the background does not change on hydration",
        );
        dark.assertNoErrors();
      } finally {
        await dark.close();
      }

      // The toggle stores dark, and the reloaded document is dark before the client runs.
      await light.page.locator(".theme-toggle").click();
      await waitUntil(light.page, 'the toggle switched to html[data-theme="dark"]', () => document.documentElement.dataset.theme === "dark");
      await light.page.addInitScript(() => {
        document.addEventListener("DOMContentLoaded", () => {
          (window as { __themeAtDOMContentLoaded?: string }).__themeAtDOMContentLoaded = document.documentElement.dataset.theme;
        });
      });
      await light.page.reload();
      await waitForHydration(light.page);
      assert.is(
        await light.page.evaluate(() => (window as { __themeAtDOMContentLoaded?: string }).__themeAtDOMContentLoaded),
        "dark",
        "dark at DOMContentLoaded after a reload",
      );
      light.assertNoErrors();
    } finally {
      await light.close();
    }
  });

  for (const viewport of VIEWPORTS) {
    test(`[${viewport}] theme: light by default, the toggle switches to dark, stores it under 'theme' and a reload keeps it`, async () => {
      const s = await harness.open("/concepts/", { viewport });
      const { page } = s;
      try {
        await waitForHydration(page);
        assert.is(await page.evaluate(() => document.documentElement.dataset.theme), "light");
        const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        await showTools(page, viewport);
        assert.ok(await page.locator(".theme-toggle").isVisible(), "the toggle is visible");
        await press(page, ".theme-toggle", viewport);
        await waitUntil(page, "the document is dark", () => document.documentElement.dataset.theme === "dark");
        assert.is(await page.evaluate(() => localStorage.getItem("theme")), "dark");
        assert.is.not(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), lightBackground, "the colours change");
        await page.reload();
        await waitForHydration(page);
        assert.is(await page.evaluate(() => document.documentElement.dataset.theme), "dark", "still dark after a reload");
        await showTools(page, viewport);
        await press(page, ".theme-toggle", viewport);
        await waitUntil(page, "back to light", () => document.documentElement.dataset.theme === "light");
        assert.is(await page.evaluate(() => localStorage.getItem("theme")), "light");
        s.assertNoErrors();
      } finally {
        await s.close();
      }
    });

    test(`[${viewport}] language dropdown: opens on ${viewport === "mobile" ? "tap" : "click and hover"}, links the same path on each language's site, closes on Escape and outside`, async () => {
      const s = await harness.open("/guides/caching/", { viewport });
      const { page } = s;
      try {
        await waitForHydration(page);
        const expanded = () => page.locator(".language-button").getAttribute("aria-expanded");
        await showTools(page, viewport);
        await press(page, ".language-button", viewport);
        await waitUntil(page, "the menu is open", () => document.querySelector(".language-button")?.getAttribute("aria-expanded") === "true");
        assert.ok(await page.locator("#language-menu").isVisible());
        assert.equal(
          await page.locator('#language-menu a[role="menuitem"]').evaluateAll((links) => links.map((a) => `${a.textContent} ${a.getAttribute("href")}`)),
          // The project's Chinese and Korean pages are built under the site's prefixes.
          [
            "English https://webpack.js.org/guides/caching/",
            "中文 https://webpack.js.org/zh/guides/caching/",
            "한국어 https://webpack.js.org/ko/guides/caching/",
          ],
        );
        await page.keyboard.press("Escape");
        await waitUntil(page, "Escape closes it", () => document.querySelector(".language-button")?.getAttribute("aria-expanded") === "false");
        await press(page, ".language-button", viewport);
        await waitUntil(page, "open again", () => document.querySelector(".language-button")?.getAttribute("aria-expanded") === "true");
        // Outside it: the page's title, or on a phone the menu's list of pages (at its padding, no link).
        if (viewport === "mobile") await page.locator(".mobile-sidebar nav.sidebar").tap({ position: { x: 4, y: 4 } });
        else await page.locator("main h1").click();
        await waitUntil(page, "a click or tap outside closes it", () => document.querySelector(".language-button")?.getAttribute("aria-expanded") === "false");
        assert.ok(await page.locator("#language-menu").isHidden());
        if (viewport === "desktop") {
          await page.locator(".language-button").hover();
          await waitUntil(page, "hovering opens it", () => document.querySelector(".language-button")?.getAttribute("aria-expanded") === "true");
          await page.mouse.move(5, 800);
          await waitUntil(page, "leaving it closes it", () => document.querySelector(".language-button")?.getAttribute("aria-expanded") === "false");
        }
        assert.is(await expanded(), "false");
        s.assertNoErrors();
      } finally {
        await s.close();
      }
    });

    test(`[${viewport}] version selector: 5 by default; choosing 4 goes to the v4 host at the same path`, async () => {
      const s = await harness.open(null, { viewport });
      const { page } = s;
      try {
        // The v4 site is answered locally: no request leaves the machine.
        await s.context.route("https://v4.webpack.js.org/**", (route) =>
          route.fulfill({ contentType: "text/html", body: "<!doctype html><title>v4</title><h1>v4 site</h1>" }),
        );
        await page.goto(s.url("/configuration/output/"));
        await waitForHydration(page);
        await showTools(page, viewport);
        const select = page.locator(".version-selector select");
        assert.is(await select.inputValue(), "5");
        assert.equal(await select.locator("option").allTextContents(), ["v5", "v4"]);
        await select.selectOption("4");
        await page.waitForURL("https://v4.webpack.js.org/configuration/output/");
        assert.is(await page.locator("h1").textContent(), "v4 site");
        s.assertNoErrors();
      } finally {
        await s.close();
      }
    });

    test(`[${viewport}] notification: shown until dismissed; dismissal is stored for version '3' and survives a reload; an older dismissal does not hide it`, async () => {
      const s = await harness.open(null, { viewport, localStorage: { "notification-dismissed": "2" } });
      const { page } = s;
      try {
        await page.goto(s.url("/"));
        await waitForHydration(page);
        assert.ok(await page.locator(".notification").isVisible(), "a dismissal of version 2 does not hide version 3");
        await press(page, ".notification-close", viewport);
        await waitUntil(page, "the banner is gone", () => document.querySelector(".notification") === null);
        assert.is(await page.evaluate(() => localStorage.getItem("notification-dismissed")), "3");
        await page.goto(s.url("/concepts/"), { waitUntil: "commit" });
        await page.waitForSelector("main h1", { state: "attached" });
        assert.not.ok(await page.locator(".notification").isVisible(), "hidden from the first paint after a reload");
        await waitForHydration(page);
        assert.is(await page.locator(".notification").count(), 0, "and not rendered after hydration");
        s.assertNoErrors();
      } finally {
        await s.close();
      }
    });
  }

  for (const [viewport, pathname] of [
    ["mobile", "/configuration/output/"],
    ["mobile", "/guides/caching/"],
    ["mobile", "/"],
    ["desktop", "/configuration/output/"],
  ] as const) {
    test(`[${viewport}] ${pathname} paints, then hydrates without moving its content`, async () => {
      const s = await harness.open(null, { viewport });
      const { page } = s;
      const h1Top = () => page.evaluate(() => document.querySelector("main h1")?.getBoundingClientRect().top ?? Number.NaN);
      try {
        // The client scripts are held until the page has painted, as on a slow connection, so a
        // change that hydration makes to the layout moves the heading.
        const release = await holdClientScripts(page);
        await page.goto(s.url(pathname), { waitUntil: "commit" });
        await page.waitForSelector("footer", { state: "attached" });
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const before = await h1Top();
        release();
        await waitForHydration(page);
        await page.waitForTimeout(300);
        const after = await h1Top();
        assert.ok(Number.isFinite(before) && before < 740, `the heading is on screen at first paint (at ${before} px)`);
        assert.ok(Math.abs(after - before) <= 2, `the heading moved from ${before} px to ${after} px`);
        s.assertNoErrors();
      } finally {
        await s.close();
      }
    });
  }

  test("[desktop] sidebar: the current page's item is open with its anchors, others closed; a toggle opens one (its anchors loaded once from the section's file); navigating opens the new page's item", async () => {
    const s = await harness.open(null);
    const { page } = s;
    try {
      const anchorFiles: string[] = [];
      page.on(
        "request",
        (request) => void (new URL(request.url()).pathname.startsWith("/assets/sidebar/") && anchorFiles.push(new URL(request.url()).pathname)),
      );
      const response = await page.goto(s.url("/configuration/output/"));
      const html = (await response?.text()) ?? "";
      assert.match(html, 'href="/configuration/output/#outputfilename"', "the page carries its own anchors");
      assert.not.match(html, 'href="/configuration/module/#', "but not another page's");
      await waitForHydration(page);
      const sidebar = page.locator(".layout-body > nav.sidebar");
      assert.ok(await sidebar.isVisible(), "the sidebar is beside the page");
      const item = (url: string) => sidebar.locator(`li.sidebar-item:has(> .sidebar-item-head > a[href="${url}"])`);
      assert.match((await item("/configuration/output/").getAttribute("class")) ?? "", /current.*open|open.*current/);
      assert.ok(await item("/configuration/output/").locator(".sidebar-anchors").isVisible(), "the current page's anchors show");
      assert.ok(await item("/configuration/output/").locator('a[href="/configuration/output/#outputfilename"]').isVisible());
      assert.ok(await item("/configuration/module/").locator(".sidebar-anchors").isHidden(), "another page's anchors are closed");
      assert.equal(
        await sidebar.locator("li.sidebar-item > .sidebar-item-head > a").first().getAttribute("href"),
        "/configuration/",
        "the section's index page comes first",
      );
      assert.not.ok(await sidebar.locator('a[href$="/printable/"]').count(), "no printable page in the sidebar");

      assert.equal(anchorFiles, [], "no anchors file is loaded before a reader asks");
      await item("/configuration/module/").locator(".sidebar-toggle").click();
      assert.ok(await item("/configuration/module/").locator(".sidebar-anchors").isVisible(), "the toggle opens another item");
      await waitUntil(page, "its anchors arrived", () => document.querySelector('nav.sidebar a[href="/configuration/module/#modulerules"]') !== null);
      await item("/configuration/resolve/").locator(".sidebar-toggle").click();
      await waitUntil(
        page,
        "a second item's anchors come from the same file",
        () => document.querySelector('nav.sidebar a[href^="/configuration/resolve/#"]') !== null,
      );
      assert.is(anchorFiles.length, 1, `one anchors file, loaded once: ${anchorFiles.join(", ")}`);
      assert.match(anchorFiles[0], /^\/assets\/sidebar\/configuration-[0-9a-f]{10}\.json$/);
      await item("/configuration/resolve/").locator(".sidebar-toggle").click();
      assert.is(await item("/configuration/module/").locator(".sidebar-toggle").getAttribute("aria-expanded"), "true");
      await item("/configuration/module/").locator(".sidebar-toggle").click();
      assert.ok(await item("/configuration/module/").locator(".sidebar-anchors").isHidden(), "and closes it again");

      await item("/configuration/resolve/").locator(".sidebar-item-head > a").click();
      await waitUntil(page, "the resolve page is shown", () => document.querySelector("main h1")?.textContent === "Resolve");
      await waitUntil(
        page,
        "its item opened by itself",
        () => document.querySelector('nav.sidebar li.sidebar-item.current.open > .sidebar-item-head > a[href="/configuration/resolve/"]') !== null,
      );
      assert.ok(await item("/configuration/resolve/").locator(".sidebar-anchors").isVisible());
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("[mobile] sidebar: hidden beside the page; the menu button and a swipe open the slide-out with the current page open; a link, an outside tap and a swipe close it", async () => {
    const s = await harness.open("/guides/caching/", { viewport: "mobile" });
    const { page } = s;
    try {
      await waitForHydration(page);
      assert.ok(await page.locator(".layout-body > nav.sidebar").isHidden(), "no sidebar beside the page at 375 px");
      const open = (value: "true" | "false", why: string) => slideOutIs(page, value, why);
      await page.locator(".sidebar-menu-button").tap();
      await open("true", "the menu button opens it");
      await waitForAnimations(page);
      const current = page.locator('.mobile-sidebar li.sidebar-item.current > .sidebar-item-head > a[href="/guides/caching/"]');
      assert.is(await current.count(), 1, "the current page is marked in the slide-out");
      assert.ok(await page.locator(".mobile-sidebar li.sidebar-item.current .sidebar-anchors").isVisible(), "and opened by itself");
      await screenshot(page, "site-mobile-sidebar.png");
      const panel = await page.locator(".mobile-sidebar").boundingBox();
      assert.ok(panel && panel.x + panel.width < 355, "room to tap outside the panel");
      await page.touchscreen.tap(365, 400);
      await open("false", "a tap outside closes it");

      const cdp = await s.context.newCDPSession(page);
      await swipe(cdp, { x: 4, y: 420 }, { x: 16, y: 421 });
      await page.waitForTimeout(300);
      assert.is(await page.locator(".mobile-sidebar").getAttribute("data-open"), "false", "a 12 px swipe is below the threshold");
      await swipe(cdp, { x: 4, y: 420 }, { x: 140, y: 430 });
      await open("true", "a flat swipe from the left edge opens it");
      await waitForAnimations(page);
      await swipe(cdp, { x: 260, y: 420 }, { x: 120, y: 425 });
      await open("false", "a swipe to the left closes it");
      await cdp.detach();

      await page.locator(".sidebar-menu-button").tap();
      await open("true", "open again");
      await waitForAnimations(page);
      await page.locator('.mobile-sidebar a[href="/guides/production/"]').tap();
      await open("false", "following a link closes it");
      await waitUntil(
        page,
        "the linked page is shown",
        () => location.pathname === "/guides/production/" && document.querySelector("main h1")?.textContent === "Production",
      );
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("[mobile] sidebar: the slide-out is rendered only in the browser, its menu button says whether it is expanded, and a steep swipe does not open it", async () => {
    const s = await harness.open(null, { viewport: "mobile" });
    const { page } = s;
    try {
      const serverHtml = await (await fetch(s.url("/guides/caching/"))).text();
      assert.not.match(serverHtml, "mobile-sidebar", "the slide-out sidebar is rendered only in the browser");
      await page.goto(s.url("/guides/caching/"));
      await waitForHydration(page);
      const button = page.locator(".sidebar-menu-button");
      assert.is(await button.getAttribute("aria-expanded"), "false");
      assert.is(await page.locator(".mobile-sidebar").count(), 1, "the hydrated page has one .mobile-sidebar");
      const cdp = await s.context.newCDPSession(page);
      await swipe(cdp, { x: 4, y: 300 }, { x: 84, y: 380 });
      await page.waitForTimeout(300);
      assert.is(await page.locator(".mobile-sidebar").getAttribute("data-open"), "false", "an 80 px right, 80 px down swipe is too steep");
      await cdp.detach();
      await button.tap();
      await waitUntil(page, "the menu button opens it", () => document.querySelector(".mobile-sidebar")?.getAttribute("data-open") === "true");
      assert.is(await button.getAttribute("aria-expanded"), "true", "the menu button says it is expanded");
      await waitForAnimations(page);
      await page.touchscreen.tap(365, 400);
      await waitUntil(page, "a tap outside closes it", () => document.querySelector(".mobile-sidebar")?.getAttribute("data-open") === "false");
      assert.is(await button.getAttribute("aria-expanded"), "false");
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("screenshots of the project's site: landing (desktop and mobile), a documentation page in both themes", async () => {
    for (const [name, pathname, theme, viewport] of [
      ["site-landing.png", "/", "light", "desktop"],
      ["site-landing-mobile.png", "/", "light", "mobile"],
      ["site-doc-light.png", "/concepts/loaders/", "light", "desktop"],
      ["site-doc-dark.png", "/concepts/loaders/", "dark", "desktop"],
      ["site-doc-mobile-dark.png", "/concepts/loaders/", "dark", "mobile"],
    ] as const) {
      const s = await harness.open(pathname, { viewport, localStorage: { theme } });
      try {
        await waitForHydration(s.page);
        assert.is(await s.page.evaluate(() => document.documentElement.dataset.theme), theme, name);
        await waitForAnimations(s.page);
        await screenshot(s.page, name, viewport === "desktop");
        s.assertNoErrors();
      } finally {
        await s.close();
      }
    }
  });
});

test.after(() => harness.close());

test.run();
