import { test } from "uvu";
import * as assert from "uvu/assert";
import { createTracker, NOT_INITIALIZED } from "../site-client/analytics.ts";
import { openDom } from "./helpers/dom.ts";
import { buildFixtureSite, fileText } from "./helpers/site.ts";

test("analytics: a page view before setup throws; after setup it carries path plus query and title", async () => {
  const dom = await openDom({ url: "http://127.0.0.1/guides/?q=1" });
  try {
    const win = dom.window as unknown as Parameters<typeof createTracker>[0] & { dataLayer: IArguments[] };
    const tracker = createTracker(win);
    assert.throws(
      () => tracker.pageview("/guides/?q=1", "Guides | webpack"),
      (e: Error) => e.message === NOT_INITIALIZED,
    );
    assert.is(NOT_INITIALIZED, "Google analytics is not initialized");
    assert.is(dom.document.querySelector("script"), null, "nothing is loaded before setup");
    tracker.initialize("G-TEST123");
    const script = dom.document.querySelector("script") as HTMLScriptElement;
    assert.is(script.getAttribute("src"), "https://www.googletagmanager.com/gtag/js?id=G-TEST123");
    tracker.pageview("/guides/?q=1", "Guides | webpack");
    const last = [...win.dataLayer[win.dataLayer.length - 1]];
    assert.equal(last, ["event", "page_view", { page_path: "/guides/?q=1", page_title: "Guides | webpack", page_location: "http://127.0.0.1/guides/?q=1" }]);
    tracker.initialize("G-TEST123");
    assert.is(dom.document.querySelectorAll("script").length, 1, "setting up twice loads the script once");
  } finally {
    await dom.close();
  }
});

test("without a tracking id no page mentions analytics; with one, pages carry it and the entry loads the tracker lazily", async () => {
  const without = await buildFixtureSite("basic");
  for (const f of without.files.filter((f) => f.path.endsWith(".html"))) assert.not.match(fileText(without, f.path), "googletagmanager");
  const entry = without.files.find((f) => /^assets\/index-[A-Z0-9]{8}\.js$/.test(f.path))!;
  assert.not.match(fileText(without, entry.path), "googletagmanager", "the tracker is not in the entry script");
  const withId = await buildFixtureSite("basic", {
    settings: { ...(await import("../src/context/config.ts")).resolveSettings({ analytics: { trackingId: "G-SITE1" } }) },
  });
  assert.match(fileText(withId, "guides/index.html"), '"analyticsId":"G-SITE1"');
});

test("the service worker serves the app shell to documents it cannot fetch and keeps only avatars of cross-origin requests", async () => {
  const site = await buildFixtureSite("basic");
  const sw = fileText(site, "sw.js");
  assert.match(sw, '"/app-shell/"');
  assert.match(sw, "avatars.githubusercontent.com");
  assert.match(sw, '"document"');
});

test.run();
