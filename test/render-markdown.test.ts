import { renderToStaticMarkup } from "react-dom/server";
import { createElement, Fragment } from "react";
import { runIndexContent } from "../src/stages/index-content/index.ts";
import { markdownToReact } from "../src/stages/render-pages/markdown-to-react.ts";
import { testContext } from "./helpers/context.ts";
import { fixtureLoop } from "./helpers/fixture-loop.ts";

// Each case's input/ is a content folder; expected/ holds each page's body as
// HTML (the markdown → React rendering), plus any diagnostics.
fixtureLoop("render-pages", async (caseDir) => {
  const ctx = testContext({ root: caseDir });
  const { pages } = await runIndexContent(ctx);
  const outputs: Record<string, string> = {};
  for (const page of pages) {
    const body = markdownToReact(page.data.tree!, page);
    const name = page.data.entry!.url === "/" ? "index" : page.data.entry!.url.slice(1, -1).replace(/\//g, "-");
    outputs[`${name}.html`] = `${renderToStaticMarkup(createElement(Fragment, null, body))}\n`;
  }
  const diagnostics = ctx.diagnostics();
  if (diagnostics.length) outputs["diagnostics.json"] = `${JSON.stringify(diagnostics, null, 2)}\n`;
  return outputs;
});
