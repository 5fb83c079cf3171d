import fs from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Page } from "playwright-core";
import { build } from "../src/build.ts";
import { createMemoryLogger } from "../src/logger.ts";
import { browserHarness, controlledByWorker, expectWorkerUpdate, holdClientScripts, registerBrowserTests, screenshot, swipe, waitForAnimations, waitForHydration, waitUntil } from "./helpers/browser.ts";

// Real Chromium against the `chrome` fixture site, built once and served on
// 127.0.0.1; one browser for the file, a fresh context (storage) per page.
const harness = browserHarness("chrome");

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

const attr = (page: Page, selector: string, name: string) => page.locator(selector).getAttribute(name);
const sidebarOpen = (page: Page) => attr(page, ".mobile-sidebar", "data-open");

/** Waits until the element focused has `text` (focus moves in a frame after a key press). */
function focusIs(page: Page, text: string, why: string) {
  return waitUntil(page, `${why}: focus is on "${text}"`, (t) => document.activeElement?.textContent?.trim() === t, text);
}

registerBrowserTests(test, () => {
  test("the stored theme is applied before any client script runs (no flash), and the toggle switches and persists it", async () => {
    // Default: no stored theme, client scripts held back.
    const light = await harness.open(null);
    try {
      const release = await holdClientScripts(light.page);
      await light.page.goto(light.url("/guides/first/"), { waitUntil: "commit" });
      const before = await parsedState(light.page);
      assert.is(before.theme, "light", "default theme with nothing stored");
      assert.is(before.hydrated, undefined, "no client script has run yet");
      release();
      await waitForHydration(light.page);

      // Stored dark theme, client scripts held: the inline head script alone must apply it.
      const dark = await harness.open(null, { localStorage: { theme: "dark" } });
      try {
        const releaseDark = await holdClientScripts(dark.page);
        await dark.page.goto(dark.url("/guides/first/"), { waitUntil: "commit" });
        const parsed = await parsedState(dark.page);
        assert.is(parsed.theme, "dark", 'html[data-theme="dark"] before any client script ran');
        assert.is(parsed.hydrated, undefined, "no client script has run yet");
        assert.is.not(parsed.background, before.background, "the dark page is painted with the dark background from the start");
        releaseDark();
        await waitForHydration(dark.page);
        assert.is(await attr(dark.page, "html", "data-theme"), "dark", "hydration keeps the stored theme");
        assert.is(await dark.page.evaluate(() => getComputedStyle(document.body).backgroundColor), parsed.background, "the background does not change on hydration");
        dark.assertNoErrors();
      } finally {
        await dark.close();
      }

      // The toggle switches to dark, stores it, and a reload starts dark.
      await light.page.locator(".theme-toggle").click();
      await waitUntil(light.page, 'the toggle switched to html[data-theme="dark"]', () => document.documentElement.dataset.theme === "dark");
      assert.is(await light.page.evaluate(() => localStorage.getItem("theme")), "dark", "the choice is stored under 'theme'");
      await light.page.addInitScript(() => {
        document.addEventListener("DOMContentLoaded", () => {
          (window as { __themeAtDOMContentLoaded?: string }).__themeAtDOMContentLoaded = document.documentElement.dataset.theme;
        });
      });
      await light.page.reload();
      await waitForHydration(light.page);
      assert.is(await light.page.evaluate(() => (window as { __themeAtDOMContentLoaded?: string }).__themeAtDOMContentLoaded), "dark", "dark at DOMContentLoaded after a reload");
      assert.is(await attr(light.page, "html", "data-theme"), "dark", "dark after the reload");
      light.assertNoErrors();
    } finally {
      await light.close();
    }
  });

  test("the language dropdown works with the keyboard and the mouse (desktop)", async () => {
    const s = await harness.open("/guides/first/");
    const { page } = s;
    try {
      await waitForHydration(page);
      const button = page.locator(".language-button");
      const menu = page.locator("#language-menu");
      assert.is(await button.count(), 1, "one .language-button");
      assert.is(await button.getAttribute("aria-haspopup"), "menu");
      assert.is(await button.getAttribute("aria-expanded"), "false");
      assert.is(await button.getAttribute("aria-controls"), "language-menu");
      assert.is(await menu.getAttribute("role"), "menu");
      assert.ok(await menu.isHidden(), "the menu starts hidden");
      const items = menu.locator('a[role="menuitem"]');
      assert.equal(await items.allTextContents(), ["English", "中文", "한국어"]);
      assert.equal(
        await items.evaluateAll((links) => links.map((a) => a.getAttribute("href"))),
        ["https://webpack.js.org/guides/first/", "https://webpack.docschina.org/guides/first/", "https://webpack.kr/guides/first/"],
        "each item links to the same path on that language's site",
      );

      const expanded = (value: "true" | "false", why: string) =>
        waitUntil(page, `${why}: .language-button[aria-expanded="${value}"]`, (v) => document.querySelector(".language-button")?.getAttribute("aria-expanded") === v, value);

      await button.focus();
      await page.keyboard.press("Enter");
      await expanded("true", "Enter opens the menu");
      assert.ok(await menu.isVisible(), "the menu shows");
      await focusIs(page, "English", "Enter focuses the first item");
      await page.keyboard.press("ArrowDown");
      await focusIs(page, "中文", "ArrowDown moves to the next item");
      await page.keyboard.press("ArrowUp");
      await focusIs(page, "English", "ArrowUp moves back");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowDown");
      await focusIs(page, "한국어", "ArrowDown reaches the last item");
      await page.keyboard.press("ArrowDown");
      await focusIs(page, "English", "ArrowDown on the last item wraps to the first");
      await page.keyboard.press("Escape");
      await expanded("false", "Escape closes the menu");
      assert.ok(await menu.isHidden(), "the menu hides on Escape");
      await waitUntil(page, "Escape returns focus to the language button", () => document.activeElement?.classList.contains("language-button") === true);

      await page.keyboard.press("Enter");
      await expanded("true", "Enter opens the menu again");
      await focusIs(page, "English", "Enter focuses the first item again");
      await page.keyboard.press("Tab");
      await expanded("false", "Tab moves focus out of the menu, which closes it");
      assert.ok(await menu.isHidden(), "the menu hides when focus leaves it");
      assert.not.ok(await page.evaluate(() => document.activeElement?.closest("#language-menu") !== null), "focus is no longer in the menu");

      // A click outside closes the menu (opened with the keyboard, the mouse far away).
      const heading = page.locator("main h1");
      await heading.hover({ position: { x: 2, y: 2 } });
      await button.focus();
      await page.keyboard.press("Enter");
      await expanded("true", "Enter opens the menu (mouse outside)");
      await heading.click({ position: { x: 2, y: 2 } });
      await expanded("false", "a click outside closes the menu");

      // Hovering the dropdown opens it; clicking outside closes it.
      await button.hover();
      await expanded("true", "hovering the dropdown opens the menu");
      assert.ok(await menu.isVisible(), "the menu shows on hover");
      await heading.click({ position: { x: 2, y: 2 } });
      await expanded("false", "a click outside closes the hovered menu");
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("the mobile sidebar opens and closes with the menu button, outside taps, its links and swipes (375 px, touch)", async () => {
    const s = await harness.open(null, { viewport: "mobile" });
    const { page } = s;
    try {
      const serverHtml = await (await fetch(s.url("/guides/first/"))).text();
      assert.not.match(serverHtml, "mobile-sidebar", "the slide-out sidebar is rendered only in the browser");
      await page.goto(s.url("/guides/first/"));
      await waitForHydration(page);

      const button = page.locator(".sidebar-menu-button");
      assert.ok(await button.isVisible(), "the header shows .sidebar-menu-button");
      assert.is(await button.getAttribute("aria-expanded"), "false");
      assert.is(await page.locator(".mobile-sidebar").count(), 1, "the hydrated page has one .mobile-sidebar");
      assert.is(await sidebarOpen(page), "false", "the sidebar starts closed");

      const openIs = (value: "true" | "false", why: string) =>
        waitUntil(page, `${why}: .mobile-sidebar[data-open="${value}"]`, (v) => document.querySelector(".mobile-sidebar")?.getAttribute("data-open") === v, value);
      const staysClosed = async (why: string) => {
        await page.waitForTimeout(300);
        assert.is(await sidebarOpen(page), "false", why);
      };

      // Menu button, then a tap outside the panel.
      await button.tap();
      await openIs("true", "the menu button opens the sidebar");
      assert.is(await button.getAttribute("aria-expanded"), "true", "the menu button says it is expanded");
      await waitForAnimations(page);
      const panel = await page.locator(".mobile-sidebar").boundingBox();
      assert.ok(panel, "the open sidebar has a box");
      const right = panel.x + panel.width;
      assert.ok(right < 355, `the open sidebar leaves room to tap outside it (its right edge is at ${right}px)`);
      await page.touchscreen.tap(Math.round((right + 375) / 2), 370);
      await openIs("false", "a tap outside the sidebar closes it");
      assert.is(await button.getAttribute("aria-expanded"), "false");

      // A link inside it (a heading of this page) closes it.
      await button.tap();
      await openIs("true", "the menu button opens the sidebar again");
      await waitForAnimations(page);
      const link = page.locator('.mobile-sidebar a[href="/guides/first/#getting-started"]');
      assert.is(await link.count(), 1, "the sidebar links the current page's headings");
      await link.tap();
      await openIs("false", "following a link inside the sidebar closes it");
      await waitUntil(page, "the link was followed", () => location.hash === "#getting-started");

      // Swipes from the left edge: too short and too steep ones do nothing, a long flat one opens it.
      const cdp = await s.context.newCDPSession(page);
      await swipe(cdp, { x: 5, y: 400 }, { x: 20, y: 402 });
      await staysClosed("a 15 px swipe stays below the 20 px threshold");
      await swipe(cdp, { x: 5, y: 300 }, { x: 85, y: 380 });
      await staysClosed("an 80 px right, 80 px down swipe is too steep");
      await swipe(cdp, { x: 5, y: 400 }, { x: 105, y: 408 });
      await openIs("true", "a 100 px rightward swipe from the left edge opens the sidebar");
      await waitForAnimations(page);
      await screenshot(page, "mobile-sidebar.png");
      await swipe(cdp, { x: 250, y: 400 }, { x: 150, y: 404 });
      await openIs("false", "a 100 px leftward swipe closes the open sidebar");
      await cdp.detach();
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("a redirect keeps the hash: /configuration/other-options/#cache ends at /configuration/cache/#cache", async () => {
    const s = await harness.open(null);
    const { page } = s;
    try {
      await page.goto(s.url("/configuration/other-options/#cache"), { waitUntil: "commit" });
      try {
        await page.waitForURL((url) => url.pathname === "/configuration/cache/" && url.hash === "#cache", { timeout: 5000 });
      } catch {
        assert.unreachable(`expected to end at /configuration/cache/#cache, still at ${page.url()}`);
      }
      await waitForHydration(page);
      assert.is(await page.locator("main h1").textContent(), "Cache");
      assert.is(await page.locator("#cache").count(), 1, "the target heading exists");

      await page.goto(s.url("/configuration/other-options/"));
      await waitForHydration(page);
      await page.waitForTimeout(300);
      assert.is(new URL(page.url()).pathname, "/configuration/other-options/", "without the hash the page stays");
      assert.is(await page.locator("main h1").textContent(), "Other Options");
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("offline: a visited page comes from the cache and an unvisited one gets the app shell", async () => {
    const s = await harness.open("/guides/");
    const { page } = s;
    try {
      await controlledByWorker(page);
      await page.goto(s.url("/guides/first/"));
      await waitForHydration(page);
      await page.context().setOffline(true);
      await page.goto(s.url("/guides/first/"));
      assert.is(await page.title(), "First Guide | webpack", "the visited page, from the cache");
      await page.goto(s.url("/guides/second/"));
      assert.match(await page.content(), '"kind":"app-shell"', "an unvisited page gets the app shell");
      await page.context().setOffline(false);
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("search: / focuses the box, results as you type grouped by section, arrows move, Enter opens the page at its anchor", async () => {
    const s = await harness.open("/guides/");
    const { page } = s;
    try {
      await waitForHydration(page);
      await page.evaluate(() => ((window as unknown as { __sameWindow: number }).__sameWindow = 7));
      const box = page.locator('input[role="combobox"]');
      assert.is(await box.getAttribute("placeholder"), "Search webpack documentation");
      await page.keyboard.press("/");
      await waitUntil(page, "the search box has focus", () => document.activeElement?.getAttribute("role") === "combobox");
      await page.keyboard.type("content hashs");
      await waitUntil(page, "results are shown", () => document.querySelectorAll(".search-result").length > 0);
      assert.is(await box.getAttribute("aria-expanded"), "true");
      const first = page.locator(".search-result").first();
      assert.is(await first.getAttribute("href"), "/guides/second/#content-hashes", "a typo still finds the section, site-relative with its anchor");
      assert.match((await first.textContent()) ?? "", "Second Guide › Caching › Content hashes");
      assert.ok((await page.locator(".search-group-title").allTextContents()).includes("Guides"), "grouped by section");
      assert.ok((await first.locator("mark").count()) > 0, "matched words are highlighted");
      const selected = () => page.locator('.search-result[aria-selected="true"]').getAttribute("href");
      const count = await page.locator(".search-result").count();
      if (count > 1) {
        await page.keyboard.press("ArrowDown");
        assert.is.not(await selected(), "/guides/second/#content-hashes", "ArrowDown moves the selection");
        await page.keyboard.press("ArrowUp");
      }
      assert.is(await selected(), "/guides/second/#content-hashes");
      await page.keyboard.press("Enter");
      await waitUntil(page, "the second guide is shown", () => document.querySelector("main h1")?.textContent === "Second Guide");
      assert.is(new URL(page.url()).pathname + new URL(page.url()).hash, "/guides/second/#content-hashes");
      // The section is the page's last, so it ends in view rather than at the top.
      await waitUntil(page, "the heading is scrolled into view", () => {
        const box = document.getElementById("content-hashes")?.getBoundingClientRect();
        const bottomed = Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 2;
        return box !== undefined && box.top >= -2 && box.bottom <= window.innerHeight && (box.top < 160 || bottomed);
      });
      assert.is(await page.evaluate(() => (window as unknown as { __sameWindow?: number }).__sameWindow), 7, "opened without a document load");
      await page.keyboard.press("Control+k");
      await waitUntil(page, "Ctrl+K focuses the box", () => document.activeElement?.getAttribute("role") === "combobox");
      await page.keyboard.type("cache directory");
      await waitUntil(page, "new results", () => document.querySelector(".search-result")?.getAttribute("href") === "/configuration/cache/#cachecachedirectory");
      await screenshot(page, "search-results.png");
      await page.keyboard.press("Escape");
      assert.is(await box.getAttribute("aria-expanded"), "false", "Esc closes the list");
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("search answers offline once the service worker is installed, before it was ever used online", async () => {
    const s = await harness.open("/guides/");
    const { page } = s;
    try {
      await controlledByWorker(page);
      await page.context().setOffline(true);
      await page.reload();
      await waitForHydration(page);
      await page.locator('input[role="combobox"]').focus();
      await page.keyboard.type("cache type");
      await waitUntil(page, "results from the precached index", () => document.querySelector(".search-result")?.getAttribute("href") === "/configuration/cache/#cachetype");
      await page.context().setOffline(false);
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("navigation: three pages without a document reload, back and forward, and the hash scrolled to", async () => {
    const s = await harness.open("/guides/");
    const { page } = s;
    try {
      await waitForHydration(page);
      await page.evaluate(() => ((window as unknown as { __sameWindow: number }).__sameWindow = 42));
      const h1 = () => page.locator("main h1").first().textContent();
      await page.locator('main a[href="/guides/first/#getting-started"]').click();
      await waitUntil(page, "the first guide is shown", () => document.querySelector("main h1")?.textContent === "First Guide");
      assert.is(new URL(page.url()).pathname, "/guides/first/");
      assert.is(await page.title(), "First Guide | webpack");
      assert.match((await page.locator('link[rel="canonical"]').getAttribute("href")) ?? "", /\/guides\/first\/$/);
      await waitUntil(page, "the hash's heading is scrolled into view", () => {
        const box = document.getElementById("getting-started")?.getBoundingClientRect();
        return box !== undefined && box.top >= -2 && box.top < 120;
      });
      await page.locator('.layout-body > nav.sidebar a[href="/guides/second/"]').click();
      await waitUntil(page, "the second guide is shown", () => document.querySelector("main h1")?.textContent === "Second Guide");
      await page.locator('nav.sub-nav a[href="/configuration/"]').click();
      await waitUntil(page, "the configuration page is shown", () => location.pathname === "/configuration/" && document.querySelector("main h1")?.textContent !== "Second Guide");
      assert.is(await page.evaluate(() => (window as unknown as { __sameWindow?: number }).__sameWindow), 42, "the same window object: no document reload");
      assert.is(await page.locator('nav.sub-nav a[aria-current="true"]').textContent(), "Configuration", "active navigation follows");
      await page.goBack();
      await waitUntil(page, "back shows the second guide", () => document.querySelector("main h1")?.textContent === "Second Guide");
      await page.goBack();
      await waitUntil(page, "back again shows the first guide", () => document.querySelector("main h1")?.textContent === "First Guide");
      await page.goForward();
      await waitUntil(page, "forward shows the second guide", () => document.querySelector("main h1")?.textContent === "Second Guide");
      assert.is(await h1(), "Second Guide");
      assert.is(await page.evaluate(() => (window as unknown as { __sameWindow?: number }).__sameWindow), 42);
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("a content chunk that fails to load shows 'Error loading content.' and retry loads it", async () => {
    const s = await harness.open("/guides/");
    const { page } = s;
    try {
      await waitForHydration(page);
      await s.context.route("**/assets/pages/guides-second-*.json", (route) => route.abort());
      await page.locator('main a[href="/guides/second/#going-further"]').click();
      await waitUntil(page, "the error state is shown", () => document.querySelector('[data-content-state="error"]')?.textContent?.includes("Error loading content.") === true);
      await s.context.unroute("**/assets/pages/guides-second-*.json");
      await page.getByRole("button", { name: "Try again" }).click();
      await waitUntil(page, "the retried page is shown", () => document.querySelector("main h1")?.textContent === "Second Guide");
      // The aborted request itself is logged by the browser; nothing else may be.
      assert.equal(s.errors.filter((e) => !/Failed to load resource: net::ERR_FAILED .*guides-second-/.test(e)), []);
    } finally {
      await s.close();
    }
  });

  test("after a rebuild the new worker waits (and says so), then takes control when asked and the page reloads once", async () => {
    const s = await harness.open("/guides/");
    const { page } = s;
    try {
      await controlledByWorker(page);
      await expectWorkerUpdate(page, async () => {
        // A rebuild that changes the landing page changes the precache manifest, so sw.js changes.
        const site = await harness.site();
        const root = path.dirname(site.root);
        fs.appendFileSync(path.join(root, "content/index.md"), "\nA paragraph added by a rebuild.\n");
        await build({ root, write: true, cache: false, logger: createMemoryLogger() });
      });
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });
});

test.after(() => harness.close());

test.run();
