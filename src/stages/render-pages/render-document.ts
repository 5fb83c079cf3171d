import { createElement } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { App } from "../../../templates/App.tsx";
import { Document } from "../../../templates/Document.tsx";
import type { ClientAssets } from "../../shared/client-assets.ts";
import type { PagePlan } from "./core.ts";

/** Renders one plan to a complete HTML document: the hydratable app inside the static shell, with the client's tags. */
export function renderDocument(plan: PagePlan, assets: ClientAssets): string {
  const appHtml = renderToString(createElement(App, { data: plan.data, body: { html: plan.bodyHtml } }));
  return `<!doctype html>${renderToStaticMarkup(createElement(Document, { data: plan.data, appHtml, canonical: plan.canonical, robots: plan.robots, redirects: plan.redirects, assets }))}`;
}
