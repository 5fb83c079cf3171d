import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Page } from "playwright-core";
import { browserHarness, registerBrowserTests, waitForHydration, waitUntil } from "./helpers/browser.ts";
import { serveProjectSite } from "./helpers/project-site.ts";

// Keyboard use of the project's own site in real Chromium: the skip link, and
// a walk with Tab over whole pages that must reach every visible control and
// show a focus ring on each.
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
    const reachable = [...document.querySelectorAll<HTMLElement>(selector)].filter((el) => el.tabIndex >= 0 && el.checkVisibility({ visibilityProperty: true }) && !el.closest("[inert]"));
    reachable.forEach((el, i) => (el.dataset.kbd = String(i)));
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
          (keys) => [...document.querySelectorAll<HTMLElement>("[data-kbd]")].filter((el) => !keys.includes(el.dataset.kbd!) && el.checkVisibility()).map((el) => el.outerHTML.slice(0, 120)),
          [...reached].filter((k): k is string => k !== null),
        );
        assert.equal(missed, [], "every visible control is reached");
        assert.equal(stops.filter((stop) => !stop.ring).map((stop) => stop.what), [], "every stop shows a focus ring");
        assert.equal(stops.filter((stop) => !stop.onScreen).map((stop) => stop.what), [], "every stop is scrolled into view");
        s.assertNoErrors();
      } finally {
        await s.close();
      }
    });
  }
});

test.after(() => harness.close());

test.run();
