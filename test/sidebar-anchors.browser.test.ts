import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build } from "../src/build.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import type { PageData, SectionAnchors } from "../src/shared/page-data.ts";
import { generateCorpus } from "./bench/scale-corpus.ts";
import { browserHarness, registerBrowserTests, serveFolder, waitForHydration, waitUntil, type ServedSite } from "./helpers/browser.ts";
import { TOOL_DIR, tempSite } from "./helpers/temp-site.ts";

// A guides section with nested folders (the project's pages plus copies in
// guides/part-001/, …), in real Chromium: opening another page's item loads
// the anchors file of that item's group only.
async function serveNestedSite(): Promise<ServedSite> {
  const site = tempSite();
  try {
    generateCorpus({
      source: path.join(TOOL_DIR, "content"),
      target: site.path("content"),
      shape: { kind: "nested", pages: 54, section: "guides", pagesPerFolder: 8 },
    });
    const result = await build({ root: site.dir, write: true, cache: false, history: false, links: "warn", logger: createMemoryLogger() });
    return await serveFolder({ root: site.path("dist"), result, onClose: () => site.remove() });
  } catch (error) {
    site.remove();
    throw error;
  }
}

const harness = browserHarness(serveNestedSite);

registerBrowserTests(test, () => {
  test("[desktop] nested folder: opening another page's item in the current folder fetches that folder's anchors file alone, and its anchors show; a page of the section's own fetches the section's file", async () => {
    const s = await harness.open(null);
    const { page } = s;
    try {
      const fetched: string[] = [];
      page.on("request", (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith("/assets/sidebar/")) fetched.push(pathname);
      });
      await page.goto(s.url("/guides/part-002/"));
      await waitForHydration(page);
      const data = await page.evaluate(() => JSON.parse(document.getElementById("__DOCS_DATA__")!.textContent!) as PageData);
      const folder = data.sidebar.find((item) => item.url === "/guides/part-002/")!;
      assert.match(folder.anchorsFile ?? "", /^\/assets\/sidebar\/guides-part-002-[0-9a-f]{10}\.json$/, "the open folder names its own anchors file");
      const other = folder.children?.find((item) => item.url !== data.url && item.hasAnchors);
      assert.ok(other, "the folder has another page with anchors");
      const file = (await (await page.request.get(s.url(folder.anchorsFile!))).json()) as SectionAnchors;
      assert.ok(
        Object.keys(file).every((url) => url.startsWith("/guides/part-002/")),
        "the file holds that folder's pages only",
      );

      const sidebar = page.locator(".layout-body > nav.sidebar");
      const item = (url: string) => sidebar.locator(`li.sidebar-item:has(> .sidebar-item-head > a[href="${url}"])`);
      assert.ok(await item(other.url).locator(".sidebar-anchors").isHidden(), "another page's item starts closed");
      assert.equal(fetched, [], "no anchors file is loaded before a reader asks");
      await item(other.url).locator(".sidebar-toggle").click();
      const first = file[other.url][0];
      await waitUntil(page, "its anchors show", (href) => document.querySelector(`nav.sidebar a[href="${href}"]`) !== null, `${other.url}#${first.id}`);
      assert.ok(await item(other.url).locator(`a[href="${other.url}#${first.id}"]`).isVisible());
      assert.is(await item(other.url).locator(".sidebar-anchors a").count(), file[other.url].length);
      assert.equal(fetched, [folder.anchorsFile], "the folder's file, and nothing else");

      // An item of the section's own pages comes from the section's file, named on the page data.
      const own = data.sidebar.find((entry) => entry.pages === undefined && entry.hasAnchors)!;
      await item(own.url).locator(".sidebar-toggle").click();
      await waitUntil(page, "the section page's anchors show", (url) => document.querySelector(`nav.sidebar a[href^="${url}#"]`) !== null, own.url);
      assert.equal(fetched, [folder.anchorsFile, data.sidebarAnchors]);
      assert.match(data.sidebarAnchors, /^\/assets\/sidebar\/guides-[0-9a-f]{10}\.json$/);
      s.assertNoErrors();
    } finally {
      await s.close();
    }
  });
});

test.after(() => harness.close());
test.run();
