import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Page } from "playwright-core";
import { browserHarness, markWindow, registerBrowserTests, sameWindow, screenshot, waitForHydration, waitUntil } from "./helpers/browser.ts";
import { serveProjectSite } from "./helpers/project-site.ts";

// Keyboard use of the project's own site in real Chromium: the skip link, the
// language menu, search, and a walk with Tab over whole pages that must reach
// every visible control and show a focus ring on each.
const harness = browserHarness(serveProjectSite);

/** What the page records about one element that received focus. */
interface Stop {
  key: string | null;
  what: string;
  ring: boolean;
  onScreen: boolean;
}

/**
 * Numbers every visible element a reader can reach with Tab, then records each
 * focus: which element, whether a focus ring is drawn (an outline of at least
 * 2 px in a non-transparent colour, or a box shadow), and whether it is on screen.
 */
async function prepareWalk(page: Page): Promise<number> {
  return page.evaluate(() => {
    const selector = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea, summary, [tabindex]';
    const reachable = [...document.querySelectorAll<HTMLElement>(selector)].filter(
      (el) => el.tabIndex >= 0 && el.checkVisibility({ visibilityProperty: true }) && !el.closest("[inert]"),
    );
    for (const [i, el] of reachable.entries()) el.dataset.kbd = String(i);
    const stops: unknown[] = [];
    (window as unknown as { __stops: unknown[] }).__stops = stops;
    document.addEventListener("focusin", (event) => {
      const el = event.target as HTMLElement;
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2 && !/rgba\(.*,\s*0\)|transparent/.test(style.outlineColor);
      const r = el.getBoundingClientRect();
      stops.push({
        key: el.dataset.kbd ?? null,
        what: `${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? `.${el.className.split(" ")[0]}` : ""} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`,
        ring: outline || style.boxShadow !== "none",
        onScreen: r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth,
      });
    });
    return reachable.length;
  });
}

/** Presses Tab until focus has gone round the page once (or `limit` presses), and returns the stops. */
async function walk(page: Page, limit: number): Promise<Stop[]> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const done = await page.evaluate(() => {
      const stops = (window as unknown as { __stops: { key: string | null }[] }).__stops;
      return stops.length > 1 && stops[stops.length - 1].key === stops[0].key;
    });
    if (done) break;
  }
  return page.evaluate(() => (window as unknown as { __stops: Stop[] }).__stops);
}

registerBrowserTests(test, () => {
  test("the skip link is the first stop, shows when focused, and moves focus to the main content", async () => {
    const s = await harness.open("/guides/caching/");
    const { page } = s;
    try {
      await waitForHydration(page);
      const skip = page.locator(".skip-link");
      assert.ok(!(await skip.evaluate((el) => el.getBoundingClientRect().bottom > 0)), "off screen until focused");
      await page.keyboard.press("Tab");
      assert.is(await page.evaluate(() => document.activeElement?.textContent), "Skip to content");
      const box = await skip.boundingBox();
      assert.ok(box && box.y >= 0 && box.height > 10, `shown on screen when focused (${JSON.stringify(box)})`);
      await page.keyboard.press("Enter");
      await waitUntil(page, "focus is on the main content", () => document.activeElement?.id === "main");
      assert.is(new URL(page.url()).hash, "#main");
      await page.keyboard.press("Tab");
      assert.ok(await page.evaluate(() => document.activeElement?.closest("main") !== null), "the next Tab stays in the main content");
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("the language menu: Enter opens it on its first item, arrows move and wrap, Escape closes it and returns focus, Tab out closes it", async () => {
    const s = await harness.open("/guides/caching/");
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
      assert.equal(await menu.locator('a[role="menuitem"]').allTextContents(), ["English", "中文", "한국어"]);

      const expanded = (value: "true" | "false", why: string) =>
        waitUntil(
          page,
          `${why}: .language-button[aria-expanded="${value}"]`,
          (v) => document.querySelector(".language-button")?.getAttribute("aria-expanded") === v,
          value,
        );
      // Focus moves in a frame after a key press.
      const focusIs = (text: string, why: string) =>
        waitUntil(page, `${why}: focus is on "${text}"`, (t) => document.activeElement?.textContent?.trim() === t, text);

      await button.focus();
      await page.keyboard.press("Enter");
      await expanded("true", "Enter opens the menu");
      assert.ok(await menu.isVisible(), "the menu shows");
      await focusIs("English", "Enter focuses the first item");
      await page.keyboard.press("ArrowDown");
      await focusIs("中文", "ArrowDown moves to the next item");
      await page.keyboard.press("ArrowUp");
      await focusIs("English", "ArrowUp moves back");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowDown");
      await focusIs("한국어", "ArrowDown reaches the last item");
      await page.keyboard.press("ArrowDown");
      await focusIs("English", "ArrowDown on the last item wraps to the first");
      await page.keyboard.press("Escape");
      await expanded("false", "Escape closes the menu");
      assert.ok(await menu.isHidden(), "the menu hides on Escape");
      await waitUntil(page, "Escape returns focus to the language button", () => document.activeElement?.classList.contains("language-button") === true);

      await page.keyboard.press("Enter");
      await expanded("true", "Enter opens the menu again");
      await focusIs("English", "Enter focuses the first item again");
      await page.keyboard.press("Tab");
      await expanded("false", "Tab moves focus out of the menu, which closes it");
      assert.ok(await menu.isHidden(), "the menu hides when focus leaves it");
      assert.not.ok(await page.evaluate(() => document.activeElement?.closest("#language-menu") !== null), "focus is no longer in the menu");
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("search: / and Ctrl+K focus the box, results show their heading path, arrows move the selection and Enter opens the selected one", async () => {
    const s = await harness.open("/concepts/");
    const { page } = s;
    try {
      await waitForHydration(page);
      await markWindow(page);
      const box = page.locator('input[role="combobox"]');
      assert.is(await box.getAttribute("placeholder"), "Search webpack documentation");
      await page.keyboard.press("/");
      await waitUntil(page, "the search box has focus", () => document.activeElement?.getAttribute("role") === "combobox");
      await page.keyboard.type("splitchunks cachegroups");
      const target = "/plugins/split-chunks-plugin/#cachegroups";
      // Each keystroke searches; an earlier query's results may show while the whole query's parts load.
      await waitUntil(
        page,
        "the whole query's results are shown",
        (href) => document.querySelectorAll(".search-result").length > 1 && document.querySelector(".search-result")?.getAttribute("href") === href,
        target,
      );
      assert.is(await box.getAttribute("aria-expanded"), "true");
      const first = page.locator(".search-result").first();
      assert.is(await first.getAttribute("href"), target);
      assert.match((await first.textContent()) ?? "", "SplitChunksPlugin › cacheGroups", "the result names its page and headings");
      const selected = () => page.locator('.search-result[aria-selected="true"]').getAttribute("href");
      assert.is(await selected(), target, "the first result starts selected");
      await page.keyboard.press("ArrowDown");
      assert.is.not(await selected(), target, "ArrowDown moves the selection");
      await page.keyboard.press("ArrowUp");
      assert.is(await selected(), target, "ArrowUp moves it back");
      await page.keyboard.press("Enter");
      await waitUntil(page, "the SplitChunksPlugin page is shown", () => document.querySelector("main h1")?.textContent === "SplitChunksPlugin");
      assert.is(new URL(page.url()).pathname + new URL(page.url()).hash, target);
      assert.ok(await sameWindow(page), "opened without a document load");
      await page.keyboard.press("Control+k");
      await waitUntil(page, "Ctrl+K focuses the box", () => document.activeElement?.getAttribute("role") === "combobox");
      await page.keyboard.type("cache directory");
      await waitUntil(
        page,
        "new results",
        () => document.querySelector(".search-result")?.getAttribute("href") === "/configuration/cache/#cachecachedirectory",
      );
      await screenshot(page, "search-results.png");
      await page.keyboard.press("Escape");
      assert.is(await box.getAttribute("aria-expanded"), "false", "Escape closes the list");
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  for (const [pathname, theme] of [
    ["/", "light"],
    ["/configuration/output/", "light"],
    ["/configuration/output/", "dark"],
    ["/vote/", "light"],
    ["/blog/", "dark"],
    ["/no/such/page/", "light"],
  ] as const) {
    test(`Tab reaches every visible control of ${pathname} (${theme}), each with a visible focus ring`, async () => {
      const s = await harness.open(null, { localStorage: { theme } });
      const { page } = s;
      try {
        await page.goto(s.url(pathname));
        s.errors.splice(0, s.errors.length, ...s.errors.filter((e) => !e.includes("status of 404")));
        await waitForHydration(page);
        if (pathname === "/vote/") await waitUntil(page, "the board is ready", () => document.querySelector('[data-vote-app="ready"]') !== null);
        const reachable = await prepareWalk(page);
        assert.ok(reachable > 10, `${reachable} controls`);
        const stops = await walk(page, reachable + 20);
        const reached = new Set(stops.map((stop) => stop.key));
        const missed = await page.evaluate(
          (keys) =>
            [...document.querySelectorAll<HTMLElement>("[data-kbd]")]
              .filter((el) => !keys.includes(el.dataset.kbd!) && el.checkVisibility())
              .map((el) => el.outerHTML.slice(0, 120)),
          [...reached].filter((k): k is string => k !== null),
        );
        assert.equal(missed, [], "every visible control is reached");
        assert.equal(
          stops.filter((stop) => !stop.ring).map((stop) => stop.what),
          [],
          "every stop shows a focus ring",
        );
        assert.equal(
          stops.filter((stop) => !stop.onScreen).map((stop) => stop.what),
          [],
          "every stop is scrolled into view",
        );
        s.assertNoErrors();
      } finally {
        await s.close();
      }
    });
  }
});

test.after(() => harness.close());

test.run();
