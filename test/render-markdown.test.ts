import { loadWholeSite } from "../src/pipeline/site-pages.ts";
import { runIndexContent } from "../src/stages/index-content/index.ts";
import { testContext } from "./helpers/context.ts";
import { fixtureLoop } from "./helpers/fixture-loop.ts";

// Each case's input/ is a content folder; expected/ holds each page's body as
// HTML (markdown → hast → React → static HTML), plus any diagnostics.
fixtureLoop("render-pages", async (caseDir) => {
  const ctx = testContext({ root: caseDir });
  const index = await runIndexContent(ctx);
  const { bodies } = index;
  const { pages } = await loadWholeSite(index.site);
  const outputs: Record<string, string> = {};
  for (const page of pages) {
    const name = page.entry.url === "/" ? "index" : page.entry.url.slice(1, -1).replace(/\//g, "-");
    outputs[`${name}.html`] = `${(await bodies.body(page)).replace(/(<\/(?:p|h[1-6]|pre|div|aside|ul|ol|li|table|details|section)>)(?!\n)/g, "$1\n")}`;
  }
  await index.close();
  const diagnostics = await ctx.problems.all();
  if (diagnostics.length) outputs["diagnostics.json"] = `${JSON.stringify(diagnostics, null, 2)}\n`;
  return outputs;
});
