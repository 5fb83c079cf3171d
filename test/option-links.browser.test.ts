import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Locator, Page } from "playwright-core";
import { axeViolations, browserHarness, holdClientScripts, registerBrowserTests, waitForHydration, waitForStyles, waitUntil } from "./helpers/browser.ts";

// Option keys of configuration examples in real Chromium: a key's tooltip
// shows on hover and on keyboard focus with no script run (before the client
// bundle), hides again when the pointer or the focus leaves or on Escape,
// passes axe while open, the key follows its link to the reference section, and the copy
// button still copies the code alone.
const harness = browserHarness("config-examples");

const PUBLIC_PATH = 'a.opt[href="/configuration/output/#outputpublicpath"]';

/** The tooltip of a key link, found through its aria-describedby. */
async function tipOf(page: Page, key: Locator): Promise<Locator> {
  const id = await key.getAttribute("aria-describedby");
  assert.ok(id, "the key names its tooltip");
  return page.locator(`[id="${id}"]`);
}

registerBrowserTests(test, () => {
  test("a key's tooltip shows on hover and on keyboard focus before the page hydrates, and passes axe while open", async () => {
    const s = await harness.open(null, { viewport: "desktop" });
    const { page } = s;
    try {
      const release = await holdClientScripts(page);
      await page.goto(s.url("/guides/examples/"), { waitUntil: "commit" });
      await page.waitForSelector("footer", { state: "attached" });
      // The tooltip is hidden by the stylesheet, which may still be loading once the page's last element is in.
      await waitForStyles(page);
      assert.not.ok(await page.evaluate(() => document.documentElement.dataset.hydrated), "the client bundle has not run");
      const key = page.locator(PUBLIC_PATH).first();
      const tip = await tipOf(page, key);
      assert.not.ok(await tip.isVisible(), "hidden at first");
      await key.hover();
      await tip.waitFor({ state: "visible" });
      const shown = (await tip.textContent()) ?? "";
      assert.ok(shown.startsWith('output.publicPath"auto" | string | function') && shown.endsWith('Default: "auto"'), shown);
      const [keyBox, tipBox] = await Promise.all([key.boundingBox(), tip.boundingBox()]);
      assert.ok(keyBox && tipBox && tipBox.y >= keyBox.y + keyBox.height - 1, "the tooltip opens below its key");
      await page.mouse.move(0, 0);
      await tip.waitFor({ state: "hidden" });
      // From the keyboard: Tab from the code block reaches the keys in order.
      await page.locator(".code-block pre").first().focus();
      await page.keyboard.press("Tab");
      const first = await page.evaluate(() => document.activeElement?.textContent);
      assert.is(first, "entry", "the first key is the first stop after the block");
      await key.focus();
      await tip.waitFor({ state: "visible" });
      assert.equal(await axeViolations(page), [], "axe with the tooltip open");
      await page.keyboard.press("Escape");
      await tip.waitFor({ state: "hidden" });
      assert.ok(await key.evaluate((element) => element === document.activeElement), "Escape hides the tooltip and the key keeps the focus");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Shift+Tab");
      await tip.waitFor({ state: "visible" });
      await page.keyboard.press("Tab");
      await tip.waitFor({ state: "hidden" });
      release();
      await waitForHydration(page);
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("a key leads to its reference section, and copying the example still gives its code alone", async () => {
    const s = await harness.open("/guides/examples/", { viewport: "desktop" });
    const { page } = s;
    try {
      await waitForHydration(page);
      await s.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: s.url("") });
      const expected = await page.evaluate(() => {
        const copy = document.querySelector(".code-block pre")!.cloneNode(true) as Element;
        for (const tip of copy.querySelectorAll(".opt-tip")) tip.remove();
        return copy.textContent;
      });
      assert.ok(expected?.startsWith('const path = require("node:path");'), "the code as written");
      await page.locator(".code-block .code-copy").first().click();
      await waitUntil(page, 'the live region says "Copied"', () => document.querySelector(".code-status")?.textContent === "Copied");
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      assert.is(copied, expected);
      assert.not.ok(copied.includes("The 'publicPath'"), "no tooltip text");
      await page.locator(PUBLIC_PATH).first().click();
      await waitUntil(page, "the output page", () => location.pathname === "/configuration/output/" && location.hash === "#outputpublicpath");
      await waitUntil(page, "its section heading", () => document.getElementById("outputpublicpath")?.textContent?.includes("output.publicPath"));
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });
});

test.after(() => harness.close());
test.run();
