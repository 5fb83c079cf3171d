import type { Nodes } from "mdast";
import type { Settings } from "../../context/config.ts";
import { fromVFile } from "../../report/diagnostics.ts";
import { bodyHashOf } from "../../markdown/body-hash.ts";
import { keepCodeMeta } from "../../markdown/code-meta.ts";
import { visitNodes } from "../../markdown/visit-nodes.ts";
import { renderBody } from "../../markdown/render-body.ts";
import { COMPONENTS } from "../../markdown/remark-components.ts";
import type { ProcessedPage } from "../../shared/content-types.ts";
import { eachWithinBudget, failedPage, pageFailure } from "./page-failure.ts";
import { parsePage, type SourceFile } from "./parse-page.ts";
import { searchSections } from "./search-sections.ts";

/** What processing needs to know of a page's markdown tree besides its text, gathered node by node. */
class TreeFacts {
  /** True when the tree holds raw HTML. */
  rawHtml = false;
  /** The example named by the page's first `<StackBlitzPreview>`, or "". */
  stackBlitz = "";

  readonly see = (node: Nodes): void => {
    if (node.type === "html") {
      this.rawHtml = true;
      return;
    }
    const data = node.data as { hName?: string; hProperties?: Record<string, unknown> } | undefined;
    if (!this.stackBlitz && data?.hName === COMPONENTS.StackBlitzPreview.element) this.stackBlitz = String(data.hProperties?.example ?? "");
  };
}

/**
 * Processes one page in a single pass (pure): parse, front matter, asides,
 * components, heading ids and anchors, links, then the body rendered to HTML.
 * Nothing escapes it: a page that cannot be processed, whatever the reason,
 * comes back as a failed page carrying one diagnostic on its file, so the
 * build goes on to report every other page's problems.
 */
export function processPage(source: SourceFile, settings: Settings): ProcessedPage {
  return processPages([source], settings)[0];
}

/**
 * Processes a group of pages as {@link processPage} does each, with one
 * watchdog for the group rather than one a page (see `eachWithinBudget`):
 * each page still has the whole budget to itself.
 */
export function processPages(sources: readonly SourceFile[], settings: Settings): ProcessedPage[] {
  return eachWithinBudget(
    sources,
    settings.pageTimeout,
    (source) => {
      try {
        return processUnguarded(source, settings);
      } catch (error) {
        return failedPage(source, settings, pageFailure(source, error));
      }
    },
    (source, error) => failedPage(source, settings, pageFailure(source, error, settings.pageTimeout)),
  );
}

function processUnguarded(source: SourceFile, settings: Settings): ProcessedPage {
  const file = parsePage(source, settings);
  const entry = file.data.entry!;
  const tree = file.data.tree!;
  // Each feature reads the tree in a pass of its own: what rendering and the page data need to know, and the
  // code meta kept for rendering, in one walk of registered visitors; the search sections in theirs.
  const facts = new TreeFacts();
  visitNodes(tree, [facts.see, keepCodeMeta]);
  const sections = searchSections(tree);
  const bodyHtml = renderBody(tree, file, { thirdParty: entry.thirdParty, rawHtml: facts.rawHtml });
  const bodyHash = bodyHashOf(bodyHtml);
  return {
    entry,
    links: file.data.links ?? [],
    headingIds: file.data.headingIds ?? [],
    bodyHtml,
    bodyHash,
    stackBlitz: facts.stackBlitz,
    sections,
    markdown: file.data.markdown ?? "",
    diagnostics: fromVFile(file, source.display),
  };
}
