import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Page } from "playwright-core";
import { resultingCode } from "../src/markdown/diff-lines.ts";
import {
  axeViolations,
  browserHarness,
  holdClientScripts,
  markWindow,
  registerBrowserTests,
  sameWindow,
  waitForHydration,
  waitUntil,
  type ViewportName,
} from "./helpers/browser.ts";

// Code blocks in real Chromium: the copy button reached by keyboard copies
// the code exactly (a shell session without its prompts), says "Copied" in a
// polite live region, works before the client bundle has run and on a page
// reached by client-side navigation; titled blocks are named figures, and a
// block marked `invalid` says so in its caption, readable in both themes; a
// diff block shows its code's colours with its changed lines marked and copies
// the code it leads to.
const harness = browserHarness("code-blocks");

/** The code of a fenced block on the copy guide, as its markdown holds it. */
const CONFIG = 'export default {\n  entry: "./src/<main>.js",\n  mode: "none",\n};\n';

/** Focuses the nth block's `pre`, then moves on with Tab, and checks the copy button took the focus. */
async function tabToCopyButton(page: Page, nth: number): Promise<void> {
  await page.locator(".code-block pre").nth(nth).focus();
  await page.keyboard.press("Tab");
  const focused = await page.evaluate(() => {
    const element = document.activeElement;
    return element
      ? { tag: element.tagName, type: element.getAttribute("type"), name: element.getAttribute("aria-label"), copy: element.classList.contains("code-copy") }
      : null;
  });
  assert.equal(focused, { tag: "BUTTON", type: "button", name: "Copy code", copy: true });
}

/** Presses the focused copy button with `key` and returns what the clipboard then holds, once the live region says "Copied". */
async function copyWith(page: Page, key: string, nth: number): Promise<string> {
  await page.evaluate(() => navigator.clipboard.writeText("before"));
  await page.keyboard.press(key);
  await waitUntil(page, 'the live region says "Copied"', (n) => document.querySelectorAll(".code-status")[n]?.textContent === "Copied", nth);
  const region = page.locator(".code-status").nth(nth);
  assert.is(await region.getAttribute("aria-live"), "polite");
  return page.evaluate(() => navigator.clipboard.readText());
}

registerBrowserTests(test, () => {
  for (const viewport of ["desktop", "mobile"] as ViewportName[]) {
    test(`[${viewport}] copy button: reached by Tab, copies the code exactly and says "Copied", before the client bundle runs`, async () => {
      const s = await harness.open(null, { viewport });
      const { page } = s;
      try {
        await s.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: s.url("") });
        const release = await holdClientScripts(page);
        await page.goto(s.url("/guides/copy/"), { waitUntil: "commit" });
        await page.waitForSelector("footer", { state: "attached" });
        assert.not.ok(await page.evaluate(() => document.documentElement.dataset.hydrated), "the client bundle has not run");
        await tabToCopyButton(page, 0);
        assert.is(await copyWith(page, "Enter", 0), "npx tool --watch\nwatching for changes\nnpx tool --help\n", "the session's prompts are left out");
        // The titled block: a figure named by its caption, with one line marked.
        const figure = page.getByRole("figure", { name: "tool.config.js" });
        assert.is(await figure.count(), 1);
        assert.is(await figure.locator(".hl").textContent(), '  entry: "./src/<main>.js",');
        await tabToCopyButton(page, 1);
        assert.is(await copyWith(page, "Space", 1), CONFIG);
        release();
        await waitForHydration(page);
        assert.equal(await axeViolations(page), []);
        s.assertNoErrors();
      } finally {
        await s.close();
      }
    });
  }

  test("[desktop] copy button: works on a page reached by client-side navigation", async () => {
    const s = await harness.open("/guides/", { viewport: "desktop" });
    const { page } = s;
    try {
      await s.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: s.url("") });
      await waitForHydration(page);
      await markWindow(page);
      await page.locator('.markdown a[href="/guides/copy/"]').click();
      await waitUntil(page, "the copy guide is shown", () => document.querySelector("h1")?.textContent?.includes("Copy Guide"));
      assert.ok(await sameWindow(page), "no document load: the client navigated");
      await tabToCopyButton(page, 1);
      assert.is(await copyWith(page, "Enter", 1), CONFIG);
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("[desktop] a diff block: its code's own colours, added and removed lines marked, and a copy of the code it leads to, before the client bundle runs", async () => {
    const s = await harness.open(null, { viewport: "desktop" });
    const { page } = s;
    try {
      await s.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: s.url("") });
      const release = await holdClientScripts(page);
      await page.goto(s.url("/guides/diff/"), { waitUntil: "commit" });
      await page.waitForSelector("footer", { state: "attached" });
      assert.not.ok(await page.evaluate(() => document.documentElement.dataset.hydrated), "the client bundle has not run");
      const block = page.getByRole("figure", { name: "tool.config.js" });
      // JavaScript's token colours, not the diff grammar's whole-line ones.
      assert.is(await block.locator("del.d-del .t-g").first().textContent(), "entry");
      assert.equal(await block.locator("ins.d-add").allTextContents(), [
        "+  entry: {",
        "+    // One bundle per page.",
        '+    main: "./src/<main>.js",',
        "+  },",
      ]);
      assert.equal(await block.locator("del.d-del").allTextContents(), ["-  // A single bundle.", '-  entry: "./src/old.js",']);
      // The markers stay visible, so the change does not rest on colour; assistive technology hears insertion and deletion.
      assert.ok(await block.locator("ins.d-add .d-m").first().isVisible());
      const tags = await page.evaluate(() => [...document.querySelectorAll(".d-add, .d-del")].map((e) => e.tagName));
      assert.equal(tags, ["DEL", "DEL", "INS", "INS", "INS", "INS"]);
      await tabToCopyButton(page, 0);
      const copied = await copyWith(page, "Enter", 0);
      assert.is(copied, 'export default {\n  entry: {\n    // One bundle per page.\n    main: "./src/<main>.js",\n  },\n  mode: "none",\n};\n');
      assert.is(copied, resultingCode((await block.locator("pre").textContent()) ?? ""));
      // A diff with nothing to say its language keeps the diff grammar's colours, and is copied the same way.
      assert.is(await page.locator(".code-block").nth(1).locator(".d-add").count(), 0);
      await tabToCopyButton(page, 1);
      assert.is(await copyWith(page, "Enter", 1), " demo\n |- tool.config.js\n |- src/\n");
      release();
      await waitForHydration(page);
      for (const theme of ["light", "dark"]) {
        await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
        assert.equal(await axeViolations(page), [], `axe in the ${theme} theme`);
      }
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  for (const theme of ["light", "dark"]) {
    test(`[desktop] an example marked invalid: its figure is named "… Invalid configuration", and axe finds nothing in the ${theme} theme`, async () => {
      const s = await harness.open(null, { viewport: "desktop" });
      const { page } = s;
      try {
        await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
        await page.goto(s.url("/guides/invalid/"));
        await waitForHydration(page);
        assert.is(await page.evaluate(() => document.documentElement.dataset.theme), theme);
        const figure = page.getByRole("figure", { name: "tool.config.js Invalid configuration" });
        assert.is(await figure.count(), 1);
        assert.ok(await figure.locator(".code-invalid").isVisible());
        assert.equal(await axeViolations(page), []);
        s.assertNoErrors();
      } finally {
        await s.close();
      }
    });
  }

  test("[desktop] copy button: hidden on the printable page and when printing", async () => {
    const s = await harness.open("/guides/printable/", { viewport: "desktop" });
    const { page } = s;
    try {
      await waitForHydration(page);
      assert.ok((await page.locator(".printable .code-block").count()) >= 2, "the printable page holds the guides' code blocks");
      assert.is(await page.locator(".code-copy:visible").count(), 0);
      await page.goto(s.url("/guides/copy/"));
      assert.is(await page.locator(".code-copy:visible").count(), 2, "shown on screen");
      await page.emulateMedia({ media: "print" });
      assert.is(await page.locator(".code-copy:visible").count(), 0, "hidden in print");
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });
});

test.after(() => harness.close());
test.run();
