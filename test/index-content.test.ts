import { formatDiagnostic } from "../src/report/diagnostics.ts";
import { runIndexContent, wholeIndex } from "../src/stages/index-content/index.ts";
import { testContext } from "./helpers/context.ts";
import { fixtureLoop } from "./helpers/fixture-loop.ts";

// Each case's input/ is a content folder; expected/ holds the index tree, the
// pages in site order and every diagnostic, formatted as the CLI prints them.
fixtureLoop("index-content", async (caseDir) => {
  const ctx = testContext({ root: caseDir });
  const index = await runIndexContent(ctx);
  const result = await wholeIndex(index);
  await index.close();
  const diagnostics = (await ctx.problems.all()).map(formatDiagnostic).join("\n");
  return {
    "index.json": `${JSON.stringify(result.root, null, 2)}\n`,
    "order.txt": `${result.pages.map((p) => `${p.entry.url}  ${p.entry.title}`).join("\n")}\n`,
    "diagnostics.txt": diagnostics ? `${diagnostics}\n` : "",
  };
});
