import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build } from "../src/build.ts";
import { createMemoryLogger } from "../src/logger.ts";
import { createStaticServer } from "../src/serve/static-server.ts";
import { launchBrowser, registerBrowserTests } from "./helpers/browser.ts";
import { TOOL_DIR } from "./helpers/temp-site.ts";

// axe-core in real Chromium over the project's own site: the page kinds a
// reader meets, in the light theme and (for a documentation page) the dark one.
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const PAGES: [string, "light" | "dark", "search"?][] = [
  ["/", "light"],
  ["/guides/getting-started/", "light"],
  ["/guides/getting-started/", "dark"],
  ["/configuration/output/", "light"],
  ["/no-such-page/", "light"],
  ["/concepts/printable/", "light"],
  ["/blog/", "light"],
  ["/vote/", "light"],
  ["/concepts/", "light", "search"],
  ["/concepts/", "dark", "search"],
];

registerBrowserTests(test, () => {
  test("axe-core reports no violations on the main kinds of page, in both themes", async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "docs-build-a11y-"));
    const server = createStaticServer({ root: out });
    const browser = await launchBrowser();
    try {
      await build({ root: TOOL_DIR, out: path.relative(TOOL_DIR, out), cache: false, logger: createMemoryLogger() });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      const found: string[] = [];
      for (const [pathname, theme, search] of PAGES) {
        const context = await browser.newContext({ serviceWorkers: "block" });
        const page = await context.newPage();
        await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
        await page.goto(origin + pathname);
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, { timeout: 10_000 });
        assert.is(await page.evaluate(() => document.documentElement.dataset.theme), theme);
        if (search) {
          // The open search results are checked too.
          await page.locator('input[role="combobox"]').focus();
          await page.keyboard.type("entry");
          await page.waitForSelector(".search-result");
        }
        await page.addScriptTag({ content: AXE });
        const violations = await page.evaluate(async () => {
          const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
          const result = await axe.run(document, { resultTypes: ["violations"] });
          return result.violations.map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        });
        found.push(...violations.map((v) => `${pathname} (${theme}${search ? ", search open" : ""}): ${v}`));
        await context.close();
      }
      assert.equal(found, []);
    } finally {
      await browser.close();
      server.close();
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});

test.run();
