import fs from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { resolveSettings } from "../src/context/config.ts";
import { createContext } from "../src/context/context.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import type { OutputFile, StreamedFile } from "../src/output/files.ts";
import type { PageSummary } from "../src/shared/content-types.ts";
import { runIndexContent } from "../src/stages/index-content/index.ts";
import { runRenderPages } from "../src/stages/render-pages/index.ts";
import { tempSite } from "./helpers/temp-site.ts";

const ASSETS = { css: ["/assets/index-ABCDEFGH.css"], entry: "/assets/index-ABCDEFGH.js", preload: [], afterLoad: [], search: [], voteCss: "" };

/** Renders the site's pages, collecting files whole and counting which pages' bodies were read. */
async function render(root: string) {
  const ctx = createContext({ root, settings: resolveSettings({}), logger: createMemoryLogger(), cache: true });
  const index = await runIndexContent(ctx);
  const read: string[] = [];
  const bodies = {
    body: (page: PageSummary) => {
      read.push(page.entry.url);
      return index.bodies.body(page);
    },
    anchors: (page: PageSummary) => index.bodies.anchors(page),
  };
  const files = new Map<string, string>();
  const emit = async (file: OutputFile | StreamedFile) => {
    let text = "";
    if ("parts" in file) for await (const part of file.parts) text += part;
    else text = String(file.contents);
    files.set(file.path, text);
  };
  await runRenderPages(ctx, { site: index.site, bodies, assets: ASSETS, emit: emit });
  await index.close();
  return { files, read };
}

test("a section's combined printable page is cached: a build with nothing changed reads no body for it, and a changed member renders it again", async () => {
  const site = tempSite("sites/basic");
  try {
    const first = await render(site.dir);
    const printable = first.files.get("guides/printable/index.html")!;
    assert.match(printable, '<h2 class="printable-title" id="guides-first">');
    assert.ok(first.read.includes("/guides/first/"));
    const again = await render(site.dir);
    assert.equal(again.read, [], "every page and the printable page came from the cache");
    assert.is(again.files.get("guides/printable/index.html"), printable);
    fs.appendFileSync(site.path("content/guides/second.md"), "\n\nA new closing line.\n");
    const changed = await render(site.dir);
    assert.equal([...new Set(changed.read)].sort(), ["/guides/", "/guides/first/", "/guides/second/"], "the changed page and its section's printable members");
    assert.match(changed.files.get("guides/printable/index.html")!, "A new closing line.");
  } finally {
    site.remove();
  }
});

test.run();
