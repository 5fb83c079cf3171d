import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Page } from "playwright-core";
import { browserHarness, registerBrowserTests, waitForHydration, waitUntil } from "./helpers/browser.ts";

// Real Chromium on the `hostile-readme` fixture site, whose one loader page is
// a fetched README that tries every way third-party HTML could act in, or
// stand in for parts of, the page around it.
const harness = browserHarness("hostile-readme");
const README = "/loaders/evil-loader/";

/** A 1×1 transparent GIF. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/**
 * Answers the README's images locally: its logos with a pixel, and its broken
 * one with text that fails to decode (an error event, as a broken image on the
 * web would fire, without a 404 in the console).
 */
async function stubImages(page: Page): Promise<void> {
  await page.route(/^https:\/\/example\.com\//, (route) =>
    route.fulfill(
      route.request().url().endsWith("/broken.png") ? { contentType: "text/plain", body: "not an image" } : { contentType: "image/gif", body: PIXEL },
    ),
  );
}

/** Records every dialog (and dismisses it) and flags any script the README managed to run. */
async function watchForScripts(page: Page): Promise<string[]> {
  await stubImages(page);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

/** True once the element the URL's hash names (prefixed or not) is within the viewport's top half. */
function headingInView(page: Page, id: string) {
  return waitUntil(
    page,
    `#user-content-${id} is scrolled into view`,
    (target) => {
      const element = document.getElementById(`user-content-${target}`);
      if (!element) return false;
      const top = element.getBoundingClientRect().top;
      return top >= -1 && top < innerHeight / 2;
    },
    id,
  );
}

registerBrowserTests(test, () => {
  test("a hostile README renders, hydrates without a page error, runs no script and opens no dialog", async () => {
    const session = await harness.open(null);
    try {
      const { page } = session;
      const dialogs = await watchForScripts(page);
      await page.goto(session.url(README));
      await waitForHydration(page);
      const state = await page.evaluate(() => ({
        h1: document.querySelector("h1")?.textContent,
        pwned: (window as { __pwned?: unknown }).__pwned,
        heading: Boolean(document.getElementById("user-content-usage")),
        scripts: [
          ...document.querySelectorAll(
            "[data-content] script, [data-content] style, [data-content] iframe, [data-content] object, [data-content] embed, base, meta[http-equiv]",
          ),
        ].map((e) => e.outerHTML),
        handlers: [...document.querySelectorAll("[data-content] *")].flatMap((e) =>
          [...e.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${e.tagName} ${a.name}`),
        ),
        badUrls: [...document.querySelectorAll("[data-content] [href], [data-content] [src]")]
          .map((e) => e.getAttribute("href") ?? e.getAttribute("src") ?? "")
          // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop control characters from a URL before reading its scheme.
          .filter((url) => /^\s*(javascript|data|vbscript):/i.test(url.replace(/[\s\u0000-\u001f]/g, ""))),
        shadowIds: ["__DOCS_DATA__", "root"].map((id) => document.querySelectorAll(`#${id}`).length),
        bodyVisible: getComputedStyle(document.body).display !== "none",
      }));
      assert.is(state.h1, "evil-loader", "the page keeps its heading after hydration");
      assert.is(state.pwned, undefined, "no README script ran");
      assert.ok(state.heading, "the README's own heading is there, prefixed");
      assert.equal(state.scripts, [], "no script, style, iframe, object, embed, base or meta refresh survives");
      assert.equal(state.handlers, [], "no event handler attribute survives");
      assert.equal(state.badUrls, [], "no javascript: or data: URL survives");
      assert.equal(state.shadowIds, [1, 1], "only the page's own data script and root carry those ids");
      assert.ok(state.bodyVisible, "the README's style rules did not apply");

      // Hovering the README's link with an onmouseover handler and opening its <details> does nothing either.
      await page.locator("text=hover me").hover();
      await page.locator("summary", { hasText: "Toggle" }).click();
      assert.equal(dialogs, [], "no dialog opened");
      assert.is(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned), undefined);
      session.assertNoErrors();
    } finally {
      await session.close();
    }
  });

  test("#usage reaches the README's prefixed heading: on first load, from an in-page link, and after client navigation", async () => {
    const session = await harness.open(null);
    try {
      const { page } = session;
      await stubImages(page);
      await page.goto(session.url(`${README}#usage`));
      await waitForHydration(page);
      await headingInView(page, "usage");

      // An in-page link, from the top of the page: the browser alone finds no element with id "usage".
      await page.evaluate(() => scrollTo(0, 0));
      await page.evaluate(() => ((window as { __same?: number }).__same = 1));
      await page.locator("[data-content] a", { hasText: "to the notes" }).click();
      await headingInView(page, "notes");
      assert.ok(page.url().endsWith("#notes"), "the address keeps the plain fragment");

      // The heading's own # link.
      await page.evaluate(() => scrollTo(0, 0));
      await page.locator("#user-content-usage .heading-anchor").click();
      await headingInView(page, "usage");

      // From the home page, through client navigation.
      await page.goto(session.url("/"));
      await waitForHydration(page);
      await page.evaluate(() => ((window as { __same?: number }).__same = 1));
      await page.locator("a", { hasText: "its usage section" }).click();
      await waitUntil(page, "the README page is shown", () => document.querySelector("h1")?.textContent === "evil-loader");
      await headingInView(page, "usage");
      assert.is(await page.evaluate(() => (window as { __same?: number }).__same), 1, "no document load");
      session.assertNoErrors();
    } finally {
      await session.close();
    }
  });
});

test.after(() => harness.close());
test.run();
