import fs from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { ConsoleMessage, Page } from "playwright-core";
import {
  browserHarness,
  controlledByWorker,
  expectWorkerUpdate,
  markWindow,
  registerBrowserTests,
  sameWindow,
  waitForHydration,
  waitUntil,
  type ViewportName,
} from "./helpers/browser.ts";
import { serveProjectSite } from "./helpers/project-site.ts";
import { routeTablePath, routeTableUrl } from "../src/shared/routes.ts";

// The client runtime of the project's own site in real Chromium, at a desktop
// and a 375 px touch viewport: content loading and every reachable entry of
// the error catalogue, hash scrolling and redirects, navigation through the
// history, offline use, and the service worker's update.
const harness = browserHarness(serveProjectSite);
const VIEWPORTS: ViewportName[] = ["desktop", "mobile"];

/** The chunk id and file of a route, from its folder's route table in the built site. */
async function routeOf(pathname: string): Promise<{ id: number; file: string }> {
  const { root } = await harness.site();
  const table = routeTablePath(pathname);
  const routes = JSON.parse(fs.readFileSync(path.join(root, table), "utf8")) as Record<string, { id: number; file: string }>;
  const route = routes[pathname];
  if (!route) throw new Error(`no route ${pathname} in ${table}`);
  return route;
}

/** Follows a link the way a reader on that viewport does. */
async function follow(page: Page, selector: string, viewport: ViewportName): Promise<void> {
  const link = page.locator(selector).first();
  await link.scrollIntoViewIfNeeded();
  if (viewport === "mobile") await link.tap();
  else await link.click();
}

const contentState = (page: Page) => page.evaluate(() => document.querySelector("[data-content-state]")?.getAttribute("data-content-state") ?? null);

registerBrowserTests(test, () => {
  for (const viewport of VIEWPORTS) {
    test(`[${viewport}] content loading: the placeholder shows while the chunk loads, then the page, scrolled to the hash once its heading exists`, async () => {
      const s = await harness.open("/guides/", { viewport });
      const { page } = s;
      try {
        await waitForHydration(page);
        await markWindow(page);
        const { file } = await routeOf("/guides/caching/");
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        await s.context.route(`**${file}`, async (route) => {
          await held;
          await route.continue();
        });
        await page.evaluate(() => {
          const a = document.createElement("a");
          a.href = "/guides/caching/#module-identifiers";
          a.textContent = "caching, module identifiers";
          a.id = "test-link";
          document.querySelector("main")?.prepend(a);
        });
        await follow(page, "#test-link", viewport);
        await waitUntil(page, "the placeholder is shown", () => document.querySelector('[data-content-state="loading"][aria-busy="true"]') !== null);
        assert.is(new URL(page.url()).pathname, "/guides/caching/", "the address changes at once");
        assert.is(await page.locator("#module-identifiers").count(), 0, "the heading is not there yet");
        release();
        await waitUntil(page, "the page is shown", () => document.querySelector("main h1")?.textContent === "Caching");
        assert.is(await contentState(page), null, "the placeholder is gone");
        await waitUntil(page, "the hash's heading is scrolled into view", () => {
          const r = document.getElementById("module-identifiers")?.getBoundingClientRect();
          return r !== undefined && r.top >= -2 && r.top < window.innerHeight / 2;
        });
        assert.ok(await sameWindow(page), "no document load");

        // A link without a hash lands at the top of the next page.
        await follow(page, 'main .prev-next a[href="/guides/production/"], main a[href="/guides/production/"]', viewport);
        await waitUntil(
          page,
          "the production guide is shown at the top",
          () => document.querySelector("main h1")?.textContent === "Production" && window.scrollY === 0,
        );
        s.assertNoErrors();
      } finally {
        await s.close();
      }
    });

    test(`[${viewport}] a chunk that fails: 'Error loading content.', ChunkLoadError 'Loading chunk {id} failed' logged, Try again loads the page`, async () => {
      const s = await harness.open("/concepts/", { viewport });
      const { page } = s;
      const warnings: string[] = [];
      page.on("console", (m: ConsoleMessage) => void (m.type() === "warning" && warnings.push(m.text())));
      try {
        await waitForHydration(page);
        await markWindow(page);
        const { id, file } = await routeOf("/concepts/output/");
        await s.context.route(`**${file}`, (route) => route.fulfill({ status: 503, body: "unavailable" }));
        await follow(page, 'main a[href="/concepts/output/"]', viewport);
        await waitUntil(
          page,
          "the error state",
          () => document.querySelector('[data-content-state="error"][role="alert"]')?.textContent?.includes("Error loading content.") === true,
        );
        assert.ok(warnings.includes(`docs-build: Loading chunk ${id} failed`), `warnings: ${warnings.join(" | ")}`);
        await s.context.unroute(`**${file}`);
        await page.getByRole("button", { name: "Try again" }).click();
        await waitUntil(page, "the page after retrying", () => document.querySelector("main h1")?.textContent === "Output");
        assert.ok(await sameWindow(page));
        // The browser logs the 503 itself; nothing else may be logged.
        assert.equal(
          s.errors.filter((e) => !e.includes("status of 503")),
          [],
        );
      } finally {
        await s.close();
      }
    });

    test(`[${viewport}] a folder's route table that fails: 'Error loading content.', 'Loading chunk -1 failed' logged, Try again fetches the table again`, async () => {
      const s = await harness.open("/concepts/", { viewport });
      const { page } = s;
      const warnings: string[] = [];
      page.on("console", (m: ConsoleMessage) => void (m.type() === "warning" && warnings.push(m.text())));
      try {
        await waitForHydration(page);
        await markWindow(page);
        const table = routeTableUrl("/concepts/output/");
        let failing = true;
        let asked = 0;
        await s.context.route(`**${table}`, (route) => {
          asked++;
          return failing ? route.fulfill({ status: 503, body: "unavailable" }) : route.continue();
        });
        await follow(page, 'main a[href="/concepts/output/"]', viewport);
        await waitUntil(
          page,
          "the error state",
          () => document.querySelector('[data-content-state="error"][role="alert"]')?.textContent?.includes("Error loading content.") === true,
        );
        assert.ok(warnings.includes("docs-build: Loading chunk -1 failed"), `warnings: ${warnings.join(" | ")}`);
        const failed = asked;
        failing = false;
        await page.getByRole("button", { name: "Try again" }).click();
        await waitUntil(page, "the page after retrying", () => document.querySelector("main h1")?.textContent === "Output");
        assert.is(asked, failed + 1, "the failed table is fetched again, once");
        assert.ok(await sameWindow(page));
        assert.equal(
          s.errors.filter((e) => !e.includes("status of 503")),
          [],
        );
      } finally {
        await s.close();
      }
    });

    test(`[${viewport}] ${viewport === "mobile" ? "focusing" : "hovering"} links prefetches their folder's route table once and each chunk; following one shows it without fetching again`, async () => {
      const s = await harness.open("/concepts/", { viewport });
      const { page } = s;
      const requested: string[] = [];
      page.on("request", (r) => void requested.push(new URL(r.url()).pathname));
      try {
        await waitForHydration(page);
        await markWindow(page);
        const output = await routeOf("/concepts/output/");
        const targets = await routeOf("/concepts/targets/");
        const point = async (selector: string) => {
          const link = page.locator(selector).first();
          if (viewport === "mobile") await link.focus();
          else await link.hover();
        };
        const loaded = (file: string) => page.waitForResponse((r) => new URL(r.url()).pathname === file);
        const first = loaded(output.file);
        await point('main a[href="/concepts/output/"]');
        await first;
        const second = loaded(targets.file);
        await point('main a[href="/concepts/targets/"]');
        await second;
        assert.equal(
          requested.filter((p) => p.startsWith("/page-routes")),
          [routeTableUrl("/concepts/output/")],
          "the folder's table only, once",
        );
        await follow(page, 'main a[href="/concepts/output/"]', viewport);
        await waitUntil(page, "the page is shown", () => document.querySelector("main h1")?.textContent === "Output");
        assert.ok(await sameWindow(page), "no document load");
        assert.is(requested.filter((p) => p === output.file).length, 1, "the prefetched chunk is not fetched again");
        assert.not.ok(fs.existsSync(path.join((await harness.site()).root, "page-routes.json")), "no site-wide route file is built");
        s.assertNoErrors();
      } finally {
        await s.close();
      }
    });

    test(`[${viewport}] a chunk that never answers fails after exactly 120000 ms with 'Error loading content.'`, async () => {
      const s = await harness.open(null, { viewport });
      const { page } = s;
      try {
        await page.clock.install({ time: new Date("2026-11-01T10:00:00Z") });
        await page.clock.pauseAt(new Date("2026-11-01T10:00:01Z"));
        await page.goto(s.url("/concepts/"));
        await waitForHydration(page);
        const { file } = await routeOf("/concepts/loaders/");
        // The request is held and never answered.
        await s.context.route(`**${file}`, () => undefined);
        // The chunk's own 120 s timer starts once the route table has loaded and the chunk is asked for.
        const requested = page.waitForRequest((r) => r.url().endsWith(file), { timeout: 15_000 });
        // A DOM click: Playwright's own click waits for animation frames, which the paused clock holds.
        await page
          .locator('main a[href="/concepts/loaders/"]')
          .first()
          .evaluate((a: HTMLElement) => a.click());
        await requested;
        await waitUntil(page, "the placeholder is shown", () => document.querySelector('[data-content-state="loading"]') !== null);
        await page.clock.runFor(119_000);
        assert.is(await contentState(page), "loading", "still loading at 119 s");
        await page.clock.runFor(1000);
        await waitUntil(
          page,
          "failed at 120 s",
          () => document.querySelector('[data-content-state="error"]')?.textContent?.includes("Error loading content.") === true,
        );
        s.assertNoErrors();
      } finally {
        await s.close();
      }
    });

    test(`[${viewport}] a route missing from the route table (MODULE_NOT_FOUND) falls back to a full load of the page`, async () => {
      const s = await harness.open(null, { viewport });
      const { page } = s;
      try {
        // The folder's route table of an older deploy that did not have the page yet.
        await s.context.route(`**${routeTableUrl("/concepts/targets/")}`, async (route) => {
          const response = await route.fetch();
          const routes = (await response.json()) as Record<string, unknown>;
          delete routes["/concepts/targets/"];
          await route.fulfill({ response, json: routes });
        });
        await page.goto(s.url("/concepts/"));
        await waitForHydration(page);
        await markWindow(page);
        await follow(page, 'main a[href="/concepts/targets/"]', viewport);
        await waitUntil(
          page,
          "the page is shown",
          () => location.pathname === "/concepts/targets/" && document.querySelector("main h1")?.textContent === "Targets",
        );
        await waitForHydration(page);
        assert.not.ok(await sameWindow(page), "it came from a document load");
        s.assertNoErrors();
      } finally {
        await s.close();
      }
    });

    test(`[${viewport}] a vote stylesheet that fails: ChunkLoadError with code CSS_CHUNK_LOAD_FAILED is logged, and the board still shows`, async () => {
      const s = await harness.open(null, { viewport });
      const { page } = s;
      const warnings: string[] = [];
      page.on("console", (m: ConsoleMessage) => void (m.type() === "warning" && warnings.push(m.text())));
      try {
        await s.context.route(/\/assets\/vote-[A-Z0-9]+\.css$/, (route) => route.abort());
        await page.goto(s.url("/vote/"));
        await waitForHydration(page);
        await waitUntil(page, "the board shows", () => document.querySelector('[data-vote-app="ready"] .vote-card') !== null);
        assert.ok(
          warnings.some((w) => w.startsWith("docs-build: Loading chunk vote failed (CSS_CHUNK_LOAD_FAILED)")),
          `warnings: ${warnings.join(" | ")}`,
        );
        assert.is(await page.locator('link[rel="stylesheet"][href*="/assets/vote-"]').count(), 0, "the failed link is removed");
        await page.locator(".vote-card .vote-toggle").first().click();
        assert.is(await page.locator(".vote-card .vote-toggle").first().getAttribute("aria-pressed"), "true", "the unstyled board works");
        assert.equal(
          s.errors.filter((e) => !/net::ERR_FAILED/.test(e)),
          [],
        );
      } finally {
        await s.close();
      }
    });

    test(`[${viewport}] a deep link with a hash is scrolled to on load; a redirect from the old cache anchor keeps it`, async () => {
      const s = await harness.open("/configuration/output/#outputpublicpath", { viewport });
      const { page } = s;
      try {
        await waitForHydration(page);
        await waitUntil(page, "the heading is in view", () => {
          const r = document.getElementById("outputpublicpath")?.getBoundingClientRect();
          return r !== undefined && r.top >= -2 && r.top < window.innerHeight / 2;
        });
        assert.ok((await page.evaluate(() => window.scrollY)) > 1000, "far down the page");
        await page.goto(s.url("/configuration/other-options/#cache"));
        await page.waitForURL((url) => url.pathname === "/configuration/cache/" && url.hash === "#cache");
        s.assertNoErrors();
      } finally {
        await s.close();
      }
    });
  }

  test("the redirect of the old cache anchor ends on the Cache page's heading; without the hash the old page stays", async () => {
    const s = await harness.open(null);
    const { page } = s;
    try {
      await page.goto(s.url("/configuration/other-options/#cache"), { waitUntil: "commit" });
      await page.waitForURL((url) => url.pathname === "/configuration/cache/" && url.hash === "#cache");
      await waitForHydration(page);
      assert.is(await page.locator("main h1").textContent(), "Cache");
      assert.is(await page.locator("#cache").count(), 1, "the target heading exists");
      await page.goto(s.url("/configuration/other-options/"));
      await waitForHydration(page);
      await page.waitForTimeout(300);
      assert.is(new URL(page.url()).pathname, "/configuration/other-options/", "without the hash the page stays");
      assert.is(await page.locator("main h1").textContent(), "Other Options");
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("navigation: three pages without a document load, back and forward, title, canonical and active section follow, and the hash scrolled to", async () => {
    const s = await harness.open("/concepts/output/");
    const { page } = s;
    try {
      await waitForHydration(page);
      await markWindow(page);
      const h1 = (text: string) => document.querySelector("main h1")?.textContent === text;
      await page.locator('main a[href="/concepts/modules/#asset-modules"]').first().click();
      await waitUntil(page, "the modules page is shown", h1, "Modules");
      assert.is(new URL(page.url()).pathname, "/concepts/modules/");
      assert.is(await page.title(), "Modules | webpack");
      assert.match((await page.locator('link[rel="canonical"]').getAttribute("href")) ?? "", /\/concepts\/modules\/$/);
      await waitUntil(page, "the hash's heading is scrolled into view", () => {
        const box = document.getElementById("asset-modules")?.getBoundingClientRect();
        return box !== undefined && box.top >= -2 && box.top < 120;
      });
      await page.locator('.layout-body > nav.sidebar a[href="/concepts/loaders/"]').click();
      await waitUntil(page, "the loaders page is shown", h1, "Loaders");
      await page.locator('nav.sub-nav a[href="/configuration/"]').click();
      await waitUntil(page, "the configuration page is shown", h1, "Configuration");
      assert.ok(await sameWindow(page), "the same window: no document load");
      assert.is(await page.locator('nav.sub-nav a[aria-current="true"]').textContent(), "Configuration", "active navigation follows");
      await page.goBack();
      await waitUntil(page, "back shows the loaders page", h1, "Loaders");
      await page.goBack();
      await waitUntil(page, "back again shows the modules page", h1, "Modules");
      await page.goForward();
      await waitUntil(page, "forward shows the loaders page", h1, "Loaders");
      assert.is(await page.title(), "Loaders | webpack");
      assert.ok(await sameWindow(page));
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("offline: a visited page comes from the cache and an unvisited one gets the app shell", async () => {
    const s = await harness.open("/concepts/");
    const { page } = s;
    try {
      await controlledByWorker(page);
      await page.goto(s.url("/concepts/output/"));
      await waitForHydration(page);
      await s.context.setOffline(true);
      await page.goto(s.url("/concepts/output/"));
      assert.is(await page.title(), "Output | webpack", "the visited page, from the cache");
      await page.goto(s.url("/api/cli/"));
      assert.match(await page.content(), '"kind":"app-shell"', "an unvisited page gets the app shell");
      await s.context.setOffline(false);
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("search answers offline once the service worker is installed, before it was ever used online", async () => {
    const s = await harness.open("/concepts/");
    const { page } = s;
    try {
      await controlledByWorker(page);
      await s.context.setOffline(true);
      await page.reload();
      await waitForHydration(page);
      await page.locator('input[role="combobox"]').focus();
      await page.keyboard.type("cache type");
      await waitUntil(
        page,
        "results from the precached index",
        () => document.querySelector(".search-result")?.getAttribute("href") === "/configuration/cache/#cachetype",
      );
      await s.context.setOffline(false);
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });

  test("service worker: a new deploy's worker waits and says so; once it takes control the page reloads once", async () => {
    const s = await harness.open("/concepts/");
    const { page } = s;
    const site = await harness.site();
    const swFile = path.join(site.root, "sw.js");
    const original = fs.readFileSync(swFile);
    try {
      await controlledByWorker(page);
      await markWindow(page);
      await expectWorkerUpdate(
        page,
        // A new deploy: the worker script changes by a byte.
        () => fs.writeFileSync(swFile, Buffer.concat([original, Buffer.from("\n// next deploy\n")])),
        { timeout: 15_000 },
      );
      assert.not.ok(await sameWindow(page));
      s.assertNoErrors();
    } finally {
      fs.writeFileSync(swFile, original);
      await s.close();
    }
  });
});

test.after(() => harness.close());

test.run();
