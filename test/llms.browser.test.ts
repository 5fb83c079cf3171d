import { test } from "uvu";
import * as assert from "uvu/assert";
import { browserHarness, holdClientScripts, registerBrowserTests, waitForHydration, waitUntil } from "./helpers/browser.ts";

// "Copy page" in real Chromium, on a page without contributors (whose avatars would be fetched from the network): the button under a documentation page's title puts the
// page's markdown (its `.md` file) on the clipboard and says so in a polite live region, before the page
// hydrates and without the client bundle too, since the inline boot script handles it.
const harness = browserHarness("basic");

registerBrowserTests(test, () => {
  test("Copy page puts the page's markdown on the clipboard and announces Copied", async () => {
    const s = await harness.open(null);
    const { page, context } = s;
    try {
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: s.url("") });
      await page.goto(s.url("/comparison/"));
      await waitForHydration(page);
      const button = page.getByRole("button", { name: "Copy page" });
      const status = page.locator(".copy-page-status");
      assert.is(await status.getAttribute("role"), "status");
      assert.is(await status.textContent(), "");
      await button.focus();
      await page.keyboard.press("Enter");
      await waitUntil(page, "the live region says Copied", () => document.querySelector(".copy-page-status")?.textContent === "Copied");
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      const served = await (await page.request.get(s.url("/comparison.md"))).text();
      assert.is(copied, served);
      assert.is(copied, "# Comparison\n\nCompare the options.\n");
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("Copy page works from the inline boot script: before hydration, hydrating over its message, and with the client bundle blocked", async () => {
    const s = await harness.open(null);
    const { page, context } = s;
    try {
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: s.url("") });
      const served = await (await page.request.get(s.url("/comparison.md"))).text();
      const release = await holdClientScripts(page);
      await page.goto(s.url("/comparison/"), { waitUntil: "commit" });
      await page.waitForSelector("footer", { state: "attached" });
      assert.not.ok(await page.evaluate(() => document.documentElement.dataset.hydrated), "the client bundle has not run");
      await page.getByRole("button", { name: "Copy page" }).click();
      await waitUntil(page, "the live region says Copied", () => document.querySelector(".copy-page-status")?.textContent === "Copied");
      assert.is(await page.evaluate(() => navigator.clipboard.readText()), served);
      // Hydration finds the message the boot script wrote and keeps it, with no mismatch reported.
      release();
      await waitForHydration(page);
      s.assertNoErrors();

      const blocked = await s.context.newPage();
      await blocked.route(/\/assets\/.*\.js(\?.*)?$/, (route) => route.abort());
      await blocked.goto(s.url("/comparison/"));
      await blocked.evaluate(() => navigator.clipboard.writeText("before"));
      await blocked.getByRole("button", { name: "Copy page" }).click();
      await waitUntil(blocked, "the live region says Copied", () => document.querySelector(".copy-page-status")?.textContent === "Copied");
      assert.not.ok(await blocked.evaluate(() => document.documentElement.dataset.hydrated), "the client bundle never ran");
      assert.is(await blocked.evaluate(() => navigator.clipboard.readText()), served);
    } finally {
      await s.close();
    }
  });

  test("Copy page is not printed", async () => {
    const s = await harness.open("/comparison/");
    const { page } = s;
    try {
      await waitForHydration(page);
      assert.is(await page.locator(".copy-page").isVisible(), true);
      await page.emulateMedia({ media: "print" });
      assert.is(await page.locator(".copy-page").isVisible(), false);
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });
});

test.after(() => harness.close());

test.run();
