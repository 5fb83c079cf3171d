import { test } from "uvu";
import * as assert from "uvu/assert";
import { browserHarness, registerBrowserTests, waitForHydration, waitUntil } from "./helpers/browser.ts";

// The hosted search option in real Chromium: the site is built with a DocSearch
// config and the service's query endpoint is answered by the test (no network).
const harness = browserHarness("docsearch");

const HITS = {
  hits: [
    {
      url: "https://webpack.js.org/guides/caching/#content-hashes",
      hierarchy: { lvl0: "Guides", lvl1: "Caching", lvl2: "Content hashes", lvl3: null },
      _snippetResult: { content: { value: "Put a <mark>hash</mark> of the content in each file name &lt;b&gt;" } },
    },
  ],
};

registerBrowserTests(test, () => {
  test("DocSearch: the box queries the hosted index with personalization off and shows site-relative results", async () => {
    const s = await harness.open(null);
    const { page } = s;
    const bodies: Record<string, unknown>[] = [];
    const headers: Record<string, string>[] = [];
    let localIndexRequested = false;
    page.on("request", (request) => {
      if (request.url().endsWith("/search-index.json")) localIndexRequested = true;
    });
    await page.context().route("https://testapp-dsn.algolia.net/**", async (route) => {
      bodies.push(JSON.parse(route.request().postData() ?? "{}") as Record<string, unknown>);
      headers.push(route.request().headers());
      await route.fulfill({ status: 200, contentType: "application/json", headers: { "access-control-allow-origin": "*" }, body: JSON.stringify(HITS) });
    });
    try {
      await page.goto(s.url("/"));
      await waitForHydration(page);
      await page.keyboard.press("/");
      await page.keyboard.type("hash");
      await waitUntil(page, "a result from the hosted service", () => document.querySelector(".search-result") !== null);
      const result = page.locator(".search-result").first();
      assert.is(await result.getAttribute("href"), "/guides/caching/#content-hashes", "the recorded absolute URL is made site-relative");
      assert.match((await result.textContent()) ?? "", "Caching › Content hashes");
      assert.is(await result.locator("mark").textContent(), "hash");
      assert.match((await result.textContent()) ?? "", "<b>", "the service's text is shown as text, never as HTML");
      const last = bodies.at(-1)!;
      assert.is(last.enablePersonalization, false);
      assert.is(last.query, "hash");
      assert.is(headers.at(-1)!["x-algolia-api-key"], "search-only-key");
      assert.is(headers.at(-1)!["x-algolia-application-id"], "TESTAPP");
      assert.not.ok(localIndexRequested, "the built-in index is not loaded");
      await page.keyboard.press("Enter");
      await waitUntil(page, "the result's page is shown", () => location.pathname === "/guides/caching/" && location.hash === "#content-hashes");
      const { result: built } = await harness.site();
      assert.not.ok(
        built.files.some((f) => f.path === "search-index.json"),
        "no built-in index is emitted",
      );
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });
});

test.after(() => harness.close());
test.run();
