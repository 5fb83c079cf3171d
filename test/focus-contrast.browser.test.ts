import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Page } from "playwright-core";
import { browserHarness, registerBrowserTests, waitForAnimations, waitForHydration, waitUntil } from "./helpers/browser.ts";
import { serveProjectSite } from "./helpers/project-site.ts";

// The focus ring against what it is drawn on, in real Chromium: each control is
// focused, its computed outline colour read, and the colour behind the ring
// sampled where the ring is painted (just outside the element, at the middle of
// each side), every translucent layer composited over the first opaque one.
// WCAG 1.4.11 asks for 3:1 between a focus indicator and what is next to it.
const harness = browserHarness(serveProjectSite);

/** An sRGB colour with its alpha, as Chromium computes `rgb()` and `rgba()`. */
type Rgba = [number, number, number, number];

/** WCAG 2 relative luminance of an opaque sRGB colour. */
function luminance([r, g, b]: Rgba): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2 contrast ratio of two opaque colours, from 1 to 21. */
function contrast(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

test("the contrast formula gives WCAG's figures", () => {
  assert.is(contrast([255, 255, 255, 1], [0, 0, 0, 1]), 21);
  assert.is(contrast([118, 118, 118, 1], [255, 255, 255, 1]).toFixed(2), "4.54");
  // The ring of old, #f5a623 on white: the 2:1 that WCAG 1.4.11 does not allow.
  assert.ok(contrast([245, 166, 35, 1], [255, 255, 255, 1]) < 3);
  // Half-transparent black over white is mid grey; layers under an opaque one do not count.
  assert.equal(composite(["rgba(0, 0, 0, 0.5)", "rgb(255, 255, 255)", "rgb(0, 0, 0)"], "rgb(0, 0, 0)"), [127.5, 127.5, 127.5, 1]);
  assert.equal(composite(["rgba(0, 0, 0, 0)"], "rgb(18, 24, 28)"), [18, 24, 28, 1]);
});

/** Parses a computed `rgb()` or `rgba()` colour. */
function parseColour(value: string): Rgba {
  const n = value.match(/[\d.]+/g)?.map(Number) ?? [];
  return [n[0] ?? 0, n[1] ?? 0, n[2] ?? 0, n[3] ?? 1];
}

/** The colour seen through translucent layers (top first) down to the first opaque one, or `base` under them all. */
function composite(layers: string[], base: string): Rgba {
  const stack: Rgba[] = [];
  for (const layer of layers.map(parseColour)) {
    if (layer[3] === 0) continue;
    stack.push(layer);
    if (layer[3] === 1) break;
  }
  if (stack.at(-1)?.[3] !== 1) stack.push(parseColour(base));
  return stack.reduceRight<Rgba>(
    (under, [r, g, b, a]) => [r * a + under[0] * (1 - a), g * a + under[1] * (1 - a), b * a + under[2] * (1 - a), 1],
    [0, 0, 0, 1],
  );
}

/** What the page reports for one focused control: its ring and, for each side of it, the background colours stacked under the ring (top first). */
interface RingFacts {
  focusVisible: boolean;
  outlineStyle: string;
  outlineColor: string;
  body: string;
  sides: string[][];
}

/**
 * Focuses the first visible match of `selector` as a keyboard would show it,
 * and reads its ring and, at the middle of each side of the ring (just
 * outside the element, halfway through the outline), the background colours
 * of what lies under it.
 */
function ringFacts(page: Page, selector: string): Promise<RingFacts | null> {
  // No named functions in here: the test runner's transform would wrap them in a helper the page does not have.
  return page.evaluate((sel) => {
    const element = [...document.querySelectorAll<HTMLElement>(sel)].find((e) => e.getClientRects().length > 0);
    if (!element) return null;
    element.scrollIntoView({ block: "center", inline: "nearest" });
    element.focus();
    const style = getComputedStyle(element);
    const reach = Number.parseFloat(style.outlineOffset) + Number.parseFloat(style.outlineWidth) / 2;
    const box = element.getBoundingClientRect();
    const points = [
      [box.left - reach, box.top + box.height / 2],
      [box.right + reach, box.top + box.height / 2],
      [box.left + box.width / 2, box.top - reach],
      [box.left + box.width / 2, box.bottom + reach],
    ].filter(([x, y]) => x >= 0 && y >= 0 && x < innerWidth && y < innerHeight);
    return {
      focusVisible: element.matches(":focus-visible"),
      outlineStyle: style.outlineStyle,
      outlineColor: style.outlineColor,
      body: getComputedStyle(document.body).backgroundColor,
      sides: points.map(([x, y]) =>
        document
          .elementsFromPoint(x, y)
          .filter((layer) => !element.contains(layer))
          .map((layer) => getComputedStyle(layer).backgroundColor),
      ),
    };
  }, selector);
}

/** Focuses each selector's control and returns a line for each side of its ring that has less than 3:1. */
async function lowContrast(page: Page, where: string, selectors: string[]): Promise<string[]> {
  // A key press first, so focus is shown as it is to a keyboard user.
  await page.keyboard.press("Shift");
  const found: string[] = [];
  for (const selector of selectors) {
    const facts = await ringFacts(page, selector);
    assert.ok(facts, `${where}: ${selector} is on the page`);
    assert.ok(facts.focusVisible && facts.outlineStyle !== "none", `${where}: ${selector} shows a focus ring (${facts.outlineStyle})`);
    assert.ok(facts.sides.length > 0, `${where}: the ring of ${selector} is in view`);
    const ring = parseColour(facts.outlineColor);
    assert.is(ring[3], 1, `${where}: the ring of ${selector} is opaque`);
    for (const side of facts.sides) {
      const behind = composite(side, facts.body);
      const ratio = contrast(ring, behind);
      if (ratio < 3) found.push(`${where}: ${selector} ${facts.outlineColor} on rgb(${behind.slice(0, 3).map(Math.round)}) is ${ratio.toFixed(2)}:1`);
    }
  }
  return found;
}

/** The controls of a documentation page at 1,280 px: on the notice bar, the header, the sidebar, the content, code blocks, tables, the outline and the footer. */
const DESKTOP_CONTROLS = [
  ".skip-link",
  ".notification a",
  ".notification-close",
  ".site-header .logo",
  ".site-header .top-nav a",
  ".site-header .theme-toggle",
  ".site-header .sub-nav a",
  '.site-header input[role="combobox"]',
  ".sidebar a",
  ".sidebar-toggle",
  ".markdown p a[href]",
  ".heading-anchor",
  ".table-scroll",
  ".code-copy",
  ".markdown pre[tabindex]",
  ".page-outline a",
  ".site-footer a",
];

/** The controls of the open phone menu: the header's links and tools at its top, then the section's pages. */
const MENU_CONTROLS = [".menu-header a", ".menu-header .theme-toggle", ".mobile-sidebar .sidebar a", ".mobile-sidebar .sidebar-toggle"];

registerBrowserTests(test, () => {
  for (const theme of ["light", "dark"] as const) {
    test(`[${theme}] the focus ring has at least 3:1 against what is behind it on a documentation page at 1,280 px and in the phone menu`, async () => {
      const desktop = await harness.open("/configuration/output/", { localStorage: { theme } });
      const phone = await harness.open("/configuration/output/", { viewport: "mobile", localStorage: { theme } });
      try {
        await waitForHydration(desktop.page);
        assert.is(await desktop.page.evaluate(() => document.documentElement.dataset.theme), theme);
        const found = await lowContrast(desktop.page, `${theme}, 1280 px`, DESKTOP_CONTROLS);
        await waitForHydration(phone.page);
        await phone.page.locator(".sidebar-menu-button").tap();
        await waitUntil(phone.page, "the menu is open", () => document.querySelector(".mobile-sidebar")?.getAttribute("data-open") === "true");
        await waitForAnimations(phone.page);
        found.push(...(await lowContrast(phone.page, `${theme}, phone menu`, MENU_CONTROLS)));
        assert.equal(found, [], "every side of every ring has 3:1");
        desktop.assertNoErrors();
        phone.assertNoErrors();
      } finally {
        await desktop.close();
        await phone.close();
      }
    });
  }
});

test.after(() => harness.close());

test.run();
