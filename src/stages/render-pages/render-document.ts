import { createElement } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { App } from "../../../templates/App.tsx";
import { Document } from "../../../templates/Document.tsx";
import { StageError } from "../../report/errors.ts";
import type { ClientAssets } from "../../shared/client-assets.ts";
import type { PagePlan } from "./core.ts";

/** Renders one plan with its body to a complete HTML document: the hydratable app inside the static shell, with the client's tags. */
export function renderDocument(plan: PagePlan, bodyHtml: string, assets: ClientAssets): string {
  const appHtml = renderToString(createElement(App, { data: plan.data, body: { html: bodyHtml } }));
  return `<!doctype html>${renderToStaticMarkup(createElement(Document, { data: plan.data, appHtml, canonical: plan.canonical, robots: plan.robots, redirects: plan.redirects, assets }))}`;
}

/** Stands for the body in a document rendered around it; an HTML comment, so nothing a template escapes. */
const BODY_MARK = "<!--docs-build:body-->";

/**
 * The document of a plan cut where its body goes (pure): what comes before
 * the body and what comes after, so a body too large to hold (a combined
 * printable page) is written between them part by part.
 */
export function documentAround(plan: PagePlan, assets: ClientAssets): { before: string; after: string } {
  const parts = renderDocument(plan, BODY_MARK, assets).split(BODY_MARK);
  if (parts.length !== 2)
    throw new StageError(
      "render pages",
      `the templates show the body of ${plan.data.url} ${parts.length - 1} times instead of exactly once, so it cannot be written into the page. ` +
        "Render the body the page is given once, with <Content body={body} /> (templates/components/Content.tsx).",
    );
  return { before: parts[0], after: parts[1] };
}
