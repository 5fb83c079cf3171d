import { resolveMessages, siteLocale } from "../../context/site-chrome.ts";
import { markdownLabels, type MarkdownLabels } from "../../markdown/markdown-labels.ts";
import type { Settings } from "../../context/config.ts";
import { fromVFile } from "../../report/diagnostics.ts";
import { bodyHashOf } from "../../markdown/body-hash.ts";
import { renderMarkdown } from "../../markdown/processor.ts";
import type { ProcessedPage } from "../../shared/content-types.ts";
import type { OptionReference } from "../../markdown/option-reference.ts";
import { eachWithinBudget, failedPage, pageFailure } from "./page-failure.ts";
import { parsePage, type SourceFile } from "./parse-page.ts";

/**
 * Processes one page in a single pass (pure): parse, front matter, asides,
 * components, heading ids and anchors, links, then the body rendered to HTML.
 * Nothing escapes it: a page that cannot be processed, whatever the reason,
 * comes back as a failed page carrying one diagnostic on its file, so the
 * build goes on to report every other page's problems.
 */
export function processPage(source: SourceFile, settings: Settings, reference?: OptionReference): ProcessedPage {
  return processPages([source], settings, reference)[0];
}

/**
 * Processes a group of pages as {@link processPage} does each, with one
 * watchdog for the group rather than one a page (see `eachWithinBudget`):
 * each page still has the whole budget to itself.
 */
export function processPages(sources: readonly SourceFile[], settings: Settings, reference?: OptionReference): ProcessedPage[] {
  return eachWithinBudget(
    sources,
    settings.pageTimeout,
    (source) => {
      try {
        return processUnguarded(source, settings, reference);
      } catch (error) {
        return failedPage(source, settings, pageFailure(source, error));
      }
    },
    (source, error) => failedPage(source, settings, pageFailure(source, error, settings.pageTimeout)),
  );
}

/** The body labels of each build's settings, resolved once, not once a page. */
const labels = new WeakMap<Settings, MarkdownLabels>();
const labelsOf = (settings: Settings): MarkdownLabels => {
  let found = labels.get(settings);
  if (!found) labels.set(settings, (found = markdownLabels(resolveMessages(settings, { locale: siteLocale(settings) }))));
  return found;
};

function processUnguarded(source: SourceFile, settings: Settings, reference: OptionReference | undefined): ProcessedPage {
  const file = parsePage(source, settings);
  const entry = file.data.entry!;
  const tree = file.data.tree!;
  const {
    html: bodyHtml,
    sections,
    stackBlitz,
  } = renderMarkdown(tree, file, {
    thirdParty: entry.thirdParty,
    examples: settings.examplesUrl,
    labels: source.labels ?? labelsOf(settings),
    options: reference && { reference, relative: source.relative },
  });
  return {
    entry,
    links: file.data.links ?? [],
    headingIds: file.data.headingIds ?? [],
    bodyHtml,
    bodyHash: bodyHashOf(bodyHtml),
    stackBlitz,
    sections,
    markdown: file.data.markdown ?? "",
    diagnostics: fromVFile(file, source.display),
  };
}
