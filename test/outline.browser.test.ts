import type { Page } from "playwright-core";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { axeViolations, browserHarness, markWindow, registerBrowserTests, sameWindow, screenshot, waitForHydration, waitUntil } from "./helpers/browser.ts";
import { serveProjectSite } from "./helpers/project-site.ts";

// The "On this page" outline in real Chromium on the project's own site: it
// lists the page's headings, follows the scroll, leads to a heading through
// the site's hash links, and leaves narrow screens to the left sidebar.
const harness = browserHarness(serveProjectSite);
const OUTLINE = 'nav[aria-label="On this page"]';
const PAGE = "/configuration/output/";

/** The outline's links (`href`) and the content's h2 and h3 headings (`#id`), in document order. */
const outlineAndHeadings = (page: Page) =>
  page.evaluate(
    (selector) => ({
      links: [...document.querySelectorAll<HTMLAnchorElement>(`${selector} a`)].map((a) => a.getAttribute("href")),
      headings: [...document.querySelectorAll("main [data-content] :is(h2, h3)")].map((h) => `#${h.id}`),
    }),
    OUTLINE,
  );

/** Waits until the outline marks the entry linking to `href` as current (and only that one). */
const waitForCurrent = (page: Page, href: string) =>
  waitUntil(
    page,
    `the outline marks ${href} as current`,
    ([selector, h]) => {
      const marked = [...document.querySelectorAll(`${selector} a[aria-current]`)];
      return marked.length === 1 && marked[0].getAttribute("href") === h && marked[0].getAttribute("aria-current") === "location";
    },
    [OUTLINE, href],
  );

/** Where the heading with `id` is in the viewport: its top, in CSS pixels. */
const headingTop = (page: Page, id: string) => page.evaluate((i) => document.getElementById(i)?.getBoundingClientRect().top ?? Number.NaN, id);

/** Opens the long reference page at 1,440×900, hydrated. */
async function openWide(localStorage?: Record<string, string>) {
  const s = await harness.open(null, { localStorage });
  await s.page.setViewportSize({ width: 1440, height: 900 });
  await s.page.goto(s.url(PAGE));
  await waitForHydration(s.page);
  return s;
}

/** Scrolls the heading an outline entry links to (`#id`) to the top, as a reader would, with no hash link. */
const scrollToHeading = (page: Page, href: string) => page.evaluate((id) => document.getElementById(id)?.scrollIntoView(), href.slice(1));

registerBrowserTests(test, () => {
  test("at 1,440 px the outline lists the page's h2 and h3 headings, follows the scroll, and its entries lead to their headings, by pointer and by keyboard", async () => {
    const s = await openWide();
    const { page } = s;
    try {
      const outline = page.locator(OUTLINE);
      assert.ok(await outline.isVisible(), "the outline is shown at 1,440 px");
      const { links, headings } = await outlineAndHeadings(page);
      assert.ok(links.length > 30, `a long reference page has a long outline (${links.length} entries)`);
      assert.equal(links, headings, "exactly the content's h2 and h3 headings, in order");
      const box = await outline.boundingBox();
      const main = await page.locator("main").boundingBox();
      assert.ok(box && main && box.x >= main.x + main.width - 1, "the outline is a column right of the content");

      // Scrolled to a later heading (as a reader would, with no hash link), the current entry follows.
      const later = links[Math.floor((links.length * 3) / 4)] as string;
      await scrollToHeading(page, later);
      await waitForCurrent(page, later);
      const shown = await page.evaluate((selector) => {
        const nav = document.querySelector(selector)!.getBoundingClientRect();
        const link = document.querySelector(`${selector} a[aria-current]`)!.getBoundingClientRect();
        return link.top >= nav.top && link.bottom <= nav.bottom;
      }, OUTLINE);
      assert.ok(shown, "a long outline scrolls its current entry into its view");
      await page.evaluate(() => window.scrollTo(0, 0));
      await waitUntil(
        page,
        "the current entry goes back up",
        ([selector, h]) => document.querySelector(`${selector} a[aria-current]`)?.getAttribute("href") !== h,
        [OUTLINE, later],
      );

      // A click on an entry sets the hash and brings its heading to the top of the viewport.
      const target = links[Math.floor(links.length / 3)] as string;
      await outline.locator(`a[href="${target}"]`).click();
      await waitUntil(page, `the URL's hash is ${target}`, (h) => location.hash === h, target);
      await waitForCurrent(page, target);
      const top = await headingTop(page, target.slice(1));
      assert.ok(top >= 0 && top < 40, `the heading is at the top after the click (${top} px)`);
      assert.ok(await page.evaluate(() => window.scrollY > 1000), "the page scrolled down to it");
      await screenshot(page, "outline-1440.png");

      // By keyboard: an entry is focusable and Enter follows it.
      const next = links[Math.floor(links.length / 3) + 4] as string;
      await outline.locator(`a[href="${next}"]`).focus();
      await page.keyboard.press("Enter");
      await waitUntil(page, `the URL's hash is ${next}`, (h) => location.hash === h, next);
      await waitForCurrent(page, next);
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("after a client-side navigation the outline lists the new page's headings and follows its scroll", async () => {
    const s = await openWide();
    const { page } = s;
    try {
      await markWindow(page);
      await page.locator('.layout-body > .sidebar a[href="/configuration/mode/"]').click();
      await waitUntil(page, "the mode page is shown", () => document.querySelector("main h1")?.textContent === "Mode");
      assert.ok(await sameWindow(page), "no document load");
      const { links, headings } = await outlineAndHeadings(page);
      assert.ok(links.length > 1);
      assert.equal(links, headings);
      const second = links[1] as string;
      // The router scrolls a new page to its top on the frame after showing it; the reader scrolls after that.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await scrollToHeading(page, second);
      await waitForCurrent(page, second);
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("in the dark theme the outline with a current entry passes axe; at 800 px it is not shown and the left sidebar keeps the page's anchors", async () => {
    const s = await openWide({ theme: "dark" });
    const { page } = s;
    try {
      const entry = (await outlineAndHeadings(page)).links[10] as string;
      await scrollToHeading(page, entry);
      await waitForCurrent(page, entry);
      assert.equal(await axeViolations(page), []);

      await page.setViewportSize({ width: 800, height: 900 });
      await waitUntil(page, "the outline is hidden at 800 px", (sel) => !document.querySelector(sel)?.checkVisibility(), OUTLINE);
      assert.ok(await page.locator(`.layout-body > .sidebar a[href="${PAGE}${entry}"]`).isVisible(), "the left sidebar lists the page's anchors");
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });
});

test.after(() => harness.close());

test.run();
