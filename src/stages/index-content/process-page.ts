import type { Root } from "mdast";
import { visit } from "unist-util-visit";
import type { Settings } from "../../config.ts";
import { fromVFile } from "../../diagnostics.ts";
import { renderBody } from "../../markdown/render-body.ts";
import { COMPONENTS } from "../../markdown/remark-components.ts";
import type { ProcessedPage } from "../../shared/content-types.ts";
import { bodyHashOf } from "./body-hash.ts";
import { failedPage, pageFailure } from "./page-failure.ts";
import { parsePage, type SourceFile } from "./parse-page.ts";
import { searchSections } from "./search-sections.ts";

/** The example named by the page's first `<StackBlitzPreview>`, or "". */
function stackBlitzOf(tree: Root): string {
  let example = "";
  visit(tree, (node) => {
    const data = node.data as { hName?: string; hProperties?: Record<string, unknown> } | undefined;
    if (!example && data?.hName === COMPONENTS.StackBlitzPreview.element) example = String(data.hProperties?.example ?? "");
  });
  return example;
}

/**
 * Processes one page in a single pass (pure): parse, front matter, asides,
 * components, heading ids and anchors, links, then the body rendered to HTML.
 * Nothing escapes it: a page that cannot be processed, whatever the reason,
 * comes back as a failed page carrying one diagnostic on its file, so the
 * build goes on to report every other page's problems.
 */
export function processPage(source: SourceFile, settings: Settings): ProcessedPage {
  try {
    return processUnguarded(source, settings);
  } catch (error) {
    return failedPage(source, settings, pageFailure(source, error));
  }
}

function processUnguarded(source: SourceFile, settings: Settings): ProcessedPage {
  const file = parsePage(source, settings);
  const entry = file.data.entry!;
  const tree = file.data.tree!;
  const bodyHtml = renderBody(tree, file, { thirdParty: entry.thirdParty });
  const bodyHash = bodyHashOf(bodyHtml);
  return { entry, links: file.data.links ?? [], headingIds: file.data.headingIds ?? [], bodyHtml, bodyHash, stackBlitz: stackBlitzOf(tree), sections: searchSections(tree), diagnostics: fromVFile(file, source.display) };
}
