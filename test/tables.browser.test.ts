import type { Page } from "playwright-core";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { axeViolations, browserHarness, registerBrowserTests, screenshot, waitForHydration, waitUntil } from "./helpers/browser.ts";
import { serveProjectSite } from "./helpers/project-site.ts";

// Tables on a phone (375×667) in real Chromium on the project's own site: each
// sits in a focusable region labelled by the heading before it
// (src/markdown/table-scroll.ts), which Tab reaches and, when the table is
// wider than the screen, the arrow keys scroll sideways.
const harness = browserHarness(serveProjectSite);

/** Opens a page at 375×667 with touch, hydrated, in a theme. */
async function openPhone(pathname: string, theme: "light" | "dark" = "light") {
  const s = await harness.open(null, { viewport: "mobile", localStorage: { theme } });
  await s.page.setViewportSize({ width: 375, height: 667 });
  await s.page.goto(s.url(pathname));
  await waitForHydration(s.page);
  return s;
}

/** What the focused element is, when it is a table's region: its label, its place among the page's regions, ring, position and scroll. */
const focusedRegion = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el?.classList.contains("table-scroll")) return null;
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    return {
      label: el.getAttribute("aria-label"),
      role: el.getAttribute("role"),
      index: [...document.querySelectorAll(".table-scroll")].indexOf(el),
      ring: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2,
      // In view as the keyboard journeys count it: some of it on screen (a tall table cannot all be).
      onScreen: box.bottom > 0 && box.top < window.innerHeight && box.left >= 0 && box.right <= window.innerWidth,
      scrollLeft: el.scrollLeft,
      overflow: el.scrollWidth - el.clientWidth,
    };
  });

/**
 * Presses Tab from the top of the page until a table's region has focus, the
 * one labelled `label` when given (at most 150 presses); returns it, or null.
 */
async function tabToRegion(page: Page, label?: string) {
  for (let i = 0; i < 150; i++) {
    await page.keyboard.press("Tab");
    const region = await focusedRegion(page);
    if (region && (label === undefined || region.label === label)) return region;
  }
  return null;
}

registerBrowserTests(test, () => {
  test("/configuration/output/ at 375×667: Tab reaches the first table's region, named by its heading, with a focus ring; axe finds nothing in either theme", async () => {
    for (const theme of ["light", "dark"] as const) {
      const s = await openPhone("/configuration/output/", theme);
      const { page } = s;
      try {
        const regions = await page.evaluate(() => [...document.querySelectorAll(".table-scroll")].map((el) => el.getAttribute("aria-label")));
        assert.ok(regions.length > 5, `every table is in a region (${regions.length})`);
        assert.is(new Set(regions).size, regions.length, "no two regions share a name");
        const region = await tabToRegion(page);
        assert.ok(region, "Tab reaches a table's region");
        assert.equal(
          { label: region.label, role: region.role, index: region.index, ring: region.ring, onScreen: region.onScreen },
          { label: "Table: Summary", role: "region", index: 0, ring: true, onScreen: true },
          "the first table's region, labelled by its heading, with a focus ring, scrolled into view",
        );
        if (theme === "dark") await screenshot(page, "table-region-focus-dark.png");
        assert.equal(await axeViolations(page), [], `axe-core (${theme})`);
        s.assertNoErrors();
      } finally {
        await s.close();
      }
    }
  });

  test("a table wider than the screen (/configuration/devtool/) scrolls in its region with the arrow keys, and the page does not", async () => {
    const s = await openPhone("/configuration/devtool/");
    const { page } = s;
    try {
      // The page's third table, the comparison of the devtool values, is the one wider than a phone.
      const region = await tabToRegion(page, "Table: Comparison");
      assert.ok(region, "Tab reaches the comparison table's region");
      assert.ok(region.ring && region.onScreen, `with a focus ring, scrolled into view (${JSON.stringify(region)})`);
      assert.ok(region.overflow > 50, `the table is wider than its region (${region.overflow} px more)`);
      assert.is(region.scrollLeft, 0);
      for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
      await waitUntil(page, "the region scrolled right", () => (document.activeElement?.scrollLeft ?? 0) > 0);
      const right = await focusedRegion(page);
      assert.ok(right && right.scrollLeft > 0, "ArrowRight scrolls the region");
      for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
      await waitUntil(page, "the region scrolled further", (before) => (document.activeElement?.scrollLeft ?? 0) > before, right.scrollLeft);
      assert.ok(
        await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
        "the page itself is no wider than the screen",
      );
      await screenshot(page, "table-region-scrolled.png");
      assert.equal(await axeViolations(page), [], "axe-core");
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });
});

test.after(() => harness.close());

test.run();
