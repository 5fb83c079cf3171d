import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Page } from "playwright-core";
import { browserHarness, markWindow, registerBrowserTests, sameWindow, waitForHydration, waitUntil, type ViewportName } from "./helpers/browser.ts";
import { serveProjectSite } from "./helpers/project-site.ts";

// The screens of the project's own site in real Chromium, at a desktop and a
// 375 px touch viewport: landing (hero rotation, sponsors toggle), not-found,
// printable, vote and search.
const harness = browserHarness(serveProjectSite);
const VIEWPORTS: ViewportName[] = ["desktop", "mobile"];

/** A fixed start for the page's fake clock. */
const T0 = new Date("2026-11-01T10:00:00Z").getTime();

/**
 * Installs a fake clock and pauses it before the page loads, so timers set
 * during hydration fire only when the test moves time on.
 */
async function pauseClock(page: Page): Promise<void> {
  await page.clock.install({ time: T0 });
  await page.clock.pauseAt(T0 + 1000);
}

const heroWord = (page: Page) => page.locator(".hero-word").textContent();
const pressed = (page: Page) => page.locator('.sponsors-toggle button[aria-pressed="true"]').textContent();

registerBrowserTests(test, () => {
  for (const viewport of VIEWPORTS) {
    test(`[${viewport}] hero: the word changes first after 5000 ms, then every 5000 ms, through assets, scripts, images and styles; the spinning cube never reaches the heading`, async () => {
      const s = await harness.open(null, { viewport });
      const { page } = s;
      try {
        await pauseClock(page);
        await page.goto(s.url("/"));
        await waitForHydration(page);
        assert.is(await page.locator("h1").count(), 1);
        assert.is(await heroWord(page), "assets");
        await page.clock.runFor(4999);
        assert.is(await heroWord(page), "assets", "not yet at 4999 ms");
        await page.clock.runFor(1);
        await waitUntil(page, "the word changed at 5000 ms", () => document.querySelector(".hero-word")?.textContent === "scripts");
        for (const word of ["images", "styles", "assets"]) {
          await page.clock.runFor(4990);
          assert.is.not(await heroWord(page), word, `${word} not before 5000 ms more`);
          await page.clock.runFor(10);
          await waitUntil(page, `then ${word}`, (w) => document.querySelector(".hero-word")?.textContent === w, word);
        }
        // Turned through its whole spin, the cube's faces never reach the heading or leave the hero.
        const reach = await page.evaluate(() => {
          const spin = document.getAnimations().find((a) => ((a.effect as KeyframeEffect | null)?.target as Element | null)?.classList.contains("cube-inner"));
          if (!spin) return null;
          spin.pause();
          const duration = Number(spin.effect?.getComputedTiming().duration);
          let top = Infinity;
          let bottom = -Infinity;
          for (let t = 0; t < duration; t += duration / 60) {
            spin.currentTime = t;
            for (const face of document.querySelectorAll(".cube-face")) {
              const r = face.getBoundingClientRect();
              top = Math.min(top, r.top);
              bottom = Math.max(bottom, r.bottom);
            }
          }
          return {
            top,
            bottom,
            hero: document.querySelector(".hero")!.getBoundingClientRect().top,
            heading: document.querySelector(".hero-text")!.getBoundingClientRect().top,
          };
        });
        assert.ok(reach, "the cube spins");
        assert.ok(reach.bottom < reach.heading, `the cube reaches ${reach.bottom.toFixed(0)} px, the heading starts at ${reach.heading.toFixed(0)} px`);
        assert.ok(reach.top > reach.hero, "the cube stays inside the hero");
        s.assertNoErrors();
      } finally {
        await s.close();
      }
    });

    for (const [random, first, other] of [
      [0.2, "Monthly", "Total"],
      [0.5, "Total", "Monthly"],
    ] as const) {
      test(`[${viewport}] sponsors: hidden until a 300 ms check finds them in view; Math.random() = ${random} starts on ${first}; the toggle switches`, async () => {
        const s = await harness.open(null, { viewport });
        const { page } = s;
        try {
          await page.addInitScript((r) => (Math.random = () => r), random);
          await pauseClock(page);
          await page.goto(s.url("/"));
          await waitForHydration(page);
          const sponsors = page.locator(".sponsors");
          const below = await sponsors.evaluate((el) => el.getBoundingClientRect().top - window.innerHeight);
          assert.ok(below > 200, `the section starts out of view (${below} px below the fold)`);
          await page.clock.runFor(900);
          assert.is(await sponsors.getAttribute("data-visible"), "false", "three checks while out of view show nothing");
          assert.is(await sponsors.locator("a").count(), 0, "no sponsor is rendered yet");
          await sponsors.scrollIntoViewIfNeeded();
          await page.clock.runFor(300);
          await waitUntil(page, "the check found the section in view", () => document.querySelector(".sponsors")?.getAttribute("data-visible") === "true");
          assert.is(await pressed(page), first);
          const rankTitles = await sponsors.locator(".sponsor-rank h3").allTextContents();
          assert.ok(rankTitles.length >= 2, `ranks shown: ${rankTitles.join(", ")}`);
          const order = await sponsors.locator(".sponsor-rank a").allTextContents();
          await sponsors.getByRole("button", { name: other }).click();
          await waitUntil(page, `${other} is pressed`, (o) => document.querySelector('.sponsors-toggle button[aria-pressed="true"]')?.textContent === o, other);
          const title = await sponsors.locator(".sponsor-rank a").first().getAttribute("title");
          assert.match(title ?? "", other === "Monthly" ? "a month" : "in total");
          assert.is.not((await sponsors.locator(".sponsor-rank a").allTextContents()).join(), order.join(), "the ranking changes with the view");
          s.assertNoErrors();
        } finally {
          await s.close();
        }
      });
    }

    test(`[${viewport}] not-found: an unknown path answers 404 with the not-found page, and Go to Homepage leads home`, async () => {
      const s = await harness.open(null, { viewport });
      const { page } = s;
      try {
        const response = await page.goto(s.url("/no/such/page/"));
        // The browser logs the 404 status of the document itself; that one is expected.
        s.errors.splice(0, s.errors.length, ...s.errors.filter((e) => !e.includes("status of 404")));
        assert.is(response?.status(), 404);
        await waitForHydration(page);
        assert.is(await page.locator("main h1").textContent(), "Page Not Found");
        assert.match((await page.locator("main").textContent()) ?? "", "Oops! The page you are looking for has been removed or relocated.");
        await page.getByRole("link", { name: "Go to Homepage" }).click();
        await waitUntil(page, "the landing page is shown", () => location.pathname === "/" && document.querySelector(".hero") !== null);
        assert.is(await page.title(), "webpack");
        s.assertNoErrors();
      } finally {
        await s.close();
      }
    });

    test(`[${viewport}] printable: Print this page leads to the section's combined page, marked noindex, with every page of the section and the chrome hidden in print`, async () => {
      const s = await harness.open("/concepts/loaders/", { viewport });
      const { page } = s;
      try {
        await waitForHydration(page);
        // The link asks the printable page to open the print dialog; here it opens nothing (see printable.browser.test.ts).
        await page.addInitScript(() => {
          window.print = () => {};
        });
        const link = page.getByRole("link", { name: "Print this page" });
        assert.is(await link.getAttribute("href"), "/concepts/printable/?print");
        await link.click();
        await waitUntil(
          page,
          "the printable page is shown",
          () => location.pathname === "/concepts/printable/" && document.title === "Combined printable page | webpack",
        );
        await page.reload();
        await waitForHydration(page);
        assert.is(await page.locator('meta[name="robots"]').getAttribute("content"), "noindex,nofollow");
        // Each page of the section is there under its title, in sidebar order.
        const titles = await page.locator(".printable-title").allTextContents();
        assert.equal(titles, [
          "Concepts",
          "Entry Points",
          "Output",
          "Loaders",
          "Plugins",
          "Configuration",
          "Modules",
          "Module Resolution",
          "Module Federation",
          "Dependency Graph",
          "Targets",
          "The Manifest",
          "Hot Module Replacement",
          "Why webpack",
          "Under the Hood",
        ]);
        await page.emulateMedia({ media: "print" });
        assert.ok(await page.locator(".site-header").isHidden(), "no header in print");
        assert.ok(await page.locator(".site-footer").isHidden(), "no footer in print");
        assert.ok(await page.locator("main").isVisible(), "the content prints");
        await page.emulateMedia({ media: "screen" });
        s.assertNoErrors();
      } finally {
        await s.close();
      }
    });

    test(`[${viewport}] vote: the board loads lazily after the page, filters, and remembers the topics a reader supports`, async () => {
      const s = await harness.open(null, { viewport });
      const { page } = s;
      const requested: string[] = [];
      page.on("request", (r) => requested.push(new URL(r.url()).pathname));
      try {
        await page.goto(s.url("/"));
        await waitForHydration(page);
        assert.not.ok(
          requested.some((p) => /VoteApp|\/vote-/.test(p)),
          "the landing page loads nothing of the board",
        );
        // On a phone the top links are in the slide-out menu, on the landing page too.
        if (viewport === "mobile") await page.locator(".sidebar-menu-button").tap();
        await page.locator('.top-nav a[href="/vote/"]').click();
        await waitUntil(page, "the board is ready", () => document.querySelector('[data-vote-app="ready"] .vote-card') !== null);
        assert.ok(
          requested.some((p) => /\/assets\/chunks\/VoteApp-[A-Z0-9]+\.js$/.test(p)),
          "its chunk was fetched",
        );
        assert.ok(
          requested.some((p) => /\/assets\/vote-[A-Z0-9]+\.css$/.test(p)),
          "its stylesheet was fetched",
        );
        const cards = page.locator(".vote-card");
        const total = await cards.count();
        assert.ok(total >= 8, `${total} topics`);
        const firstId = await cards.first().getAttribute("data-topic");
        await cards.first().locator(".vote-toggle").click();
        assert.is(await cards.first().locator(".vote-toggle").getAttribute("aria-pressed"), "true");
        assert.match((await page.evaluate(() => JSON.stringify(localStorage))) ?? "", firstId ?? "<none>");
        await page.reload();
        await waitUntil(page, "the board is ready after a reload", () => document.querySelector('[data-vote-app="ready"] .vote-card') !== null);
        assert.is(await page.locator(`.vote-card[data-topic="${firstId}"] .vote-toggle`).getAttribute("aria-pressed"), "true", "remembered");
        await page.getByLabel("Only topics I support").check();
        await waitUntil(page, "only the supported topic is listed", () => document.querySelectorAll(".vote-card").length === 1);
        await page.getByLabel("Only topics I support").uncheck();
        await page.getByLabel("Filter topics").fill("zzzz-no-such-topic");
        await waitUntil(page, "the empty state", () => document.querySelector(".vote-empty") !== null);
        await page.getByRole("button", { name: "Clear filters" }).click();
        await waitUntil(page, "every topic again", (n) => document.querySelectorAll(".vote-card").length === n, total);
        s.assertNoErrors();
      } finally {
        await s.close();
      }
    });

    test(`[${viewport}] search: results as you type, with a typo, grouped and highlighted; choosing one opens the page at its anchor without a reload`, async () => {
      const s = await harness.open("/concepts/", { viewport });
      const { page } = s;
      try {
        await waitForHydration(page);
        await markWindow(page);
        const box = page.locator('input[role="combobox"]');
        // On a phone the search box waits in the search dialog, which the header's search button opens.
        if (viewport === "mobile") await page.locator(".search-button").tap();
        await box.waitFor({ state: "visible" });
        if (viewport === "mobile") await box.tap();
        else await page.keyboard.press("/");
        await waitUntil(page, "the box has focus", () => document.activeElement?.getAttribute("role") === "combobox");
        await page.keyboard.type("splitchunks cachegroups");
        // Each keystroke searches; the parts a longer query needs may still be loading while an earlier query's results show.
        await waitUntil(
          page,
          "the whole query's results are shown",
          () => document.querySelector(".search-result")?.getAttribute("href") === "/plugins/split-chunks-plugin/#cachegroups",
        );
        const first = page.locator(".search-result").first();
        const href = (await first.getAttribute("href")) ?? "";
        assert.match(href, /^\/[^#]+\/#[\w-]+$/, "site-relative with an anchor");
        assert.is(href, "/plugins/split-chunks-plugin/#cachegroups", "the section of the topic's own page comes first");
        assert.ok((await page.locator(".search-group-title").count()) > 0, "grouped by section");
        assert.ok(await first.isVisible(), "the first result is on screen");
        if (viewport === "mobile") await first.tap();
        else await page.keyboard.press("Enter");
        const [pathname, hash] = href.split("#");
        await waitUntil(
          page,
          "the result's page is shown at its anchor",
          ([p, h]) => location.pathname === p && location.hash === `#${h}` && document.getElementById(h) !== null,
          [pathname, hash],
        );
        await waitUntil(
          page,
          "the anchor is in view",
          (h) => {
            const r = document.getElementById(h)?.getBoundingClientRect();
            return r !== undefined && r.top >= -2 && r.top < window.innerHeight;
          },
          hash,
        );
        assert.ok(await sameWindow(page), "no document load");

        // Following a result closed the phone's search dialog; the button opens it again.
        if (viewport === "mobile") await page.locator(".search-button").tap();
        await box.fill("");
        await box.focus();
        await page.keyboard.type("modle federation");
        await waitUntil(page, "a typo still finds module federation", () =>
          [...document.querySelectorAll(".search-result")].some((a) => a.getAttribute("href")?.startsWith("/concepts/module-federation/")),
        );
        const marks = await page.locator(".search-result mark").allTextContents();
        assert.ok(
          marks.some((m) => /^federation/i.test(m)),
          `matched words are highlighted (marks: ${marks.slice(0, 8).join(", ")})`,
        );
        await page.keyboard.press("Escape");
        assert.is(await box.getAttribute("aria-expanded"), "false", "Escape closes the list");
        s.assertNoErrors();
      } finally {
        await s.close();
      }
    });
  }

  test("vote without JavaScript: the board's placeholder is hidden by the site's style sheet, the note and the plain list of topics are there, and the body holds no style element", async () => {
    const { url } = await harness.site();
    // With scripts off this way Chromium parses <noscript> content as markup (so a style element there would
    // count and apply) but still keeps the noscript itself hidden, so the note is looked for, not looked at.
    const context = await (await harness.browser()).newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${url}/vote/`);
      assert.ok(await page.locator("[data-vote-app]").isHidden(), "no endless loading placeholder");
      assert.match((await page.locator("noscript p").textContent()) ?? "", "Marking topics needs JavaScript.");
      assert.ok(await page.getByText("All topics").isVisible(), "the list's heading shows");
      assert.ok((await page.locator(".vote-fallback li a").count()) >= 8, "every topic is listed");
      assert.is(await page.locator("body style").count(), 0, "no style element in the body, where HTML does not allow one");
    } finally {
      await context.close();
    }
  });
});

test.after(() => harness.close());

test.run();
