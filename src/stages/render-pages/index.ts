import { createElement } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { App } from "../../../templates/App.tsx";
import { Document } from "../../../templates/Document.tsx";
import type { BuildContext } from "../../context.ts";
import type { OutputFile } from "../../output-files.ts";
import type { DirectoryEntry, ProcessedPage } from "../../shared/content-types.ts";
import type { Contributor } from "../../shared/page-data.ts";
import { planPages } from "./core.ts";

/** The rendered HTML files and the URLs they serve. */
export interface RenderPagesResult {
  files: OutputFile[];
  routes: string[];
}

/** Inputs of the render stage: the index stage's tree and pages, and resolved contributors. */
export interface RenderPagesInput {
  root: DirectoryEntry;
  pages: readonly ProcessedPage[];
  contributors: Record<string, Contributor[]>;
}

/**
 * Renders every planned page to complete HTML with react-dom/server: the
 * app (hydratable) inside the static document shell.
 */
export function runRenderPages(ctx: BuildContext, input: RenderPagesInput): RenderPagesResult {
  const plans = planPages({ ...input, settings: ctx.settings });
  const files: OutputFile[] = [];
  for (const plan of plans) {
    const appHtml = renderToString(createElement(App, { data: plan.data, body: { html: plan.bodyHtml } }));
    const html = `<!doctype html>${renderToStaticMarkup(createElement(Document, { data: plan.data, appHtml, canonical: plan.canonical, robots: plan.robots }))}`;
    files.push({ path: plan.outPath, contents: html });
  }
  // Routes are the site's pages: everything but the not-found page and the app shell.
  return { files, routes: plans.filter((p) => p.data.kind !== "not-found" && p.data.kind !== "app-shell").map((p) => p.data.url) };
}
