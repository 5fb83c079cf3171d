import fs from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Page } from "playwright-core";
import { SAVED_CONTENT_CACHE } from "../src/shared/offline-content.ts";
import { browserHarness, controlledByWorker, markWindow, registerBrowserTests, sameWindow, waitForHydration, waitUntil } from "./helpers/browser.ts";
import { serveGeneratedSite } from "./helpers/generated-site.ts";
import { serveProjectSite } from "./helpers/project-site.ts";

// Saving content for offline reading, in real Chromium with the real service
// worker: the project's own site fits the default budget, so one visit saves
// every page; a generated site over a small budget saves the section being
// read, and a page of another section says honestly that it was not saved.

/** The generated site's budget: one section of five small pages and the home page fit, the thirty pages do not. */
const SMALL_BUDGET = 10_000;

const serveOverBudget = () => serveGeneratedSite({ pages: 30, pagesPerSection: 5, config: { offline: { precacheBudget: SMALL_BUDGET } } });

const project = browserHarness(serveProjectSite);
const overBudget = browserHarness(serveOverBudget);

/** Waits until the page has heard back from the service worker about saving content, and returns what it said. */
async function savedScope(page: Page): Promise<string | undefined> {
  // Installing the worker and saving the site's pages takes a while on a loaded machine; nothing is timed here.
  await waitUntil(
    page,
    "the service worker answered the save (html[data-offline-content])",
    () => document.documentElement.dataset.offlineContent,
    undefined,
    60_000,
  );
  return page.evaluate(() => document.documentElement.dataset.offlineContent);
}

/** The paths the saved-content cache holds. */
function savedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname), SAVED_CONTENT_CACHE);
}

/** Follows the first link to `href` on the page with a click. */
async function clickLink(page: Page, href: string): Promise<void> {
  const link = page.locator(`a[href="${href}"]:visible`).first();
  await link.scrollIntoViewIfNeeded();
  await link.click();
}

/** Waits for the page's heading to read `title`. */
function headingIs(page: Page, title: string): Promise<void> {
  return waitUntil(page, `the heading reads "${title}"`, (t) => document.querySelector("h1")?.textContent === t, title);
}

registerBrowserTests(test, () => {
  test("under the budget: after one visit to /migrate/, a page of another section never visited opens offline", async () => {
    const s = await project.open("/migrate/");
    const { page } = s;
    try {
      const { root } = await project.site();
      const list = fs.readdirSync(`${root}/assets`).find((name) => /^offline-[0-9a-f]+\.json$/.test(name));
      assert.ok(list, "the build listed the whole site's content");
      assert.match(fs.readFileSync(`${root}/sw.js`, "utf8"), `"list":"/assets/${list}"`, "and told the worker where the list is");
      await waitForHydration(page);
      assert.is(await savedScope(page), "site", "the whole site was saved");
      await waitUntil(page, "the service worker controls the page", () => navigator.serviceWorker.controller !== null);
      const guides = JSON.parse(fs.readFileSync(`${root}/page-routes/guides/_.json`, "utf8")) as Record<string, { file: string }>;
      const saved = await savedPaths(page);
      assert.ok(saved.includes(guides["/guides/"].file), "the guides chunk is saved");
      assert.ok(saved.includes("/page-routes/guides/_.json"), "and its route table");
      await markWindow(page);
      await s.context.setOffline(true);
      await clickLink(page, "/guides/");
      await headingIs(page, "Guides");
      assert.is(await page.title(), "Guides | webpack");
      assert.is(await page.locator("[data-content-state]").count(), 0, "no loading or error state is left");
      assert.ok(await sameWindow(page), "shown without a document load");
      await s.context.setOffline(false);
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("a connection that saves data: nothing is saved, and a page shown once still shows again offline", async () => {
    const s = await project.open(null);
    const { page } = s;
    try {
      await page.addInitScript(() => Object.defineProperty(navigator, "connection", { configurable: true, value: { saveData: true } }));
      await page.goto(s.url("/migrate/"));
      await controlledByWorker(page);
      assert.is(await savedScope(page), "save-data");
      assert.is(await page.evaluate((name) => caches.has(name), SAVED_CONTENT_CACHE), false, "no content cache was made");
      // Shown once online, the page's route table and chunk are kept as they were fetched.
      await clickLink(page, "/guides/");
      await headingIs(page, "Guides");
      await s.context.setOffline(true);
      // A new document (the visited one, from the cache), so nothing is left in the page's memory.
      await page.goto(s.url("/migrate/"));
      await waitForHydration(page);
      await clickLink(page, "/guides/");
      await headingIs(page, "Guides");
      assert.is(await page.title(), "Guides | webpack");
      await s.context.setOffline(false);
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("over the budget: the section being read opens offline; another section's page says it was not saved, with its title and a way back", async () => {
    const s = await overBudget.open("/section-001/guides-first/");
    const { page } = s;
    try {
      const { root } = await overBudget.site();
      assert.match(fs.readFileSync(`${root}/sw.js`, "utf8"), '"list":""', "the site is over its budget: no list");
      await waitForHydration(page);
      assert.is(await savedScope(page), "section");
      await waitUntil(page, "the service worker controls the page", () => navigator.serviceWorker.controller !== null);
      const saved = await savedPaths(page);
      const section = JSON.parse(fs.readFileSync(`${root}/page-routes/section-001/_.json`, "utf8")) as Record<string, { file: string; size: number }>;
      for (const { file } of Object.values(section)) assert.ok(saved.includes(file), `${file} of the section is saved`);
      assert.not.ok(
        saved.some((path) => path.includes("section-002")),
        "nothing of another section is saved",
      );
      await markWindow(page);
      await s.context.setOffline(true);
      await clickLink(page, "/section-001/guides-second/");
      await waitUntil(
        page,
        "the section's other page shows",
        () => location.pathname === "/section-001/guides-second/" && !document.querySelector("[data-content-state]"),
      );
      const sameSectionTitle = await page.title();
      assert.match(sameSectionTitle, /\| webpack$/);
      await clickLink(page, "/section-002/");
      await waitUntil(page, "the offline state", () => document.querySelector('[data-content-state="offline"]') !== null);
      assert.is(await page.locator("h1").count(), 1, "one heading: the previous page's title is gone");
      assert.is(await page.locator("h1").textContent(), "You are offline");
      assert.match((await page.locator('[data-content-state="offline"]').textContent()) ?? "", "You are offline and this page has not been saved.");
      assert.is(await page.title(), "You are offline | webpack");
      assert.is(await page.locator("text=Error loading content.").count(), 0);
      await page.getByRole("button", { name: "Go back" }).click();
      await waitUntil(
        page,
        "back on the page before",
        () => location.pathname === "/section-001/guides-second/" && !document.querySelector("[data-content-state]"),
      );
      assert.is(await page.title(), sameSectionTitle, "its title is back");
      assert.ok(await sameWindow(page), "all without a document load");
      await clickLink(page, "/section-002/");
      await waitUntil(page, "the offline state again", () => document.querySelector('[data-content-state="offline"]') !== null);
      await page.getByRole("link", { name: "Go to Homepage" }).click();
      await page.waitForURL(s.url("/"));
      await waitForHydration(page);
      assert.is(await page.locator('[data-content-state="offline"]').count(), 0, "the home page, from the worker's precache");
      await s.context.setOffline(false);
      // Offline, the chunks of the unsaved page failed to load, as they must, and the fixture's contributor
      // avatars (on github.com) never load in the test browser; nothing else went wrong.
      const expected = /Failed to load resource: net::(ERR_FAILED|ERR_INTERNET_DISCONNECTED|ERR_NAME_NOT_RESOLVED \(https:\/\/github\.com\/[\w-]+\.png)/;
      assert.equal(
        s.errors.filter((e) => !expected.test(e)),
        [],
      );
    } finally {
      await s.close();
    }
  });
});

test.after(async () => {
  await project.close();
  await overBudget.close();
});

test.run();
