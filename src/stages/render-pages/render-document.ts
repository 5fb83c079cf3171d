import { createElement } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { App } from "../../../templates/App.tsx";
import { Document } from "../../../templates/Document.tsx";
import { StageError } from "../../report/errors.ts";
import type { ClientAssets } from "../../shared/client-assets.ts";
import type { SiteChrome } from "../../shared/site-chrome.ts";
import { SiteChromeContext } from "../../../templates/site-chrome.ts";
import type { PagePlan } from "./core.ts";

/** What every document of a build is rendered with: the client's tags and the site's chrome. */
export interface DocumentFrame {
  assets: ClientAssets;
  chrome: SiteChrome;
}

/** Renders one plan with its body to a complete HTML document: the hydratable app inside the static shell, with the client's tags. */
export function renderDocument(plan: PagePlan, bodyHtml: string, { assets, chrome }: DocumentFrame): string {
  const withChrome = (element: ReturnType<typeof createElement>) => createElement(SiteChromeContext, { value: chrome }, element);
  const appHtml = renderToString(withChrome(createElement(App, { data: plan.data, body: { html: bodyHtml } })));
  const document = createElement(Document, {
    data: plan.data,
    appHtml,
    canonical: plan.canonical,
    robots: plan.robots,
    redirects: plan.redirects,
    alternates: plan.alternates,
    assets,
  });
  return `<!doctype html>${renderToStaticMarkup(withChrome(document))}`;
}

/** Stands for the body in a document rendered around it; an HTML comment, so nothing a template escapes. */
const BODY_MARK = "<!--docs-build:body-->";

/**
 * The document of a plan cut where its body goes (pure): what comes before
 * the body and what comes after, so a body too large to hold (a combined
 * printable page) is written between them part by part.
 */
export function documentAround(plan: PagePlan, frame: DocumentFrame): { before: string; after: string } {
  const parts = renderDocument(plan, BODY_MARK, frame).split(BODY_MARK);
  if (parts.length !== 2)
    throw new StageError(
      "render pages",
      `the templates show the body of ${plan.data.url} ${parts.length - 1} times instead of exactly once, so it cannot be written into the page. ` +
        "Render the body the page is given once, with <Content body={body} /> (templates/components/Content.tsx).",
    );
  return { before: parts[0], after: parts[1] };
}
