import type { BuildContext } from "../../context.ts";
import type { OutputFile } from "../../output-files.ts";
import type { PageSummary } from "../../shared/content-types.ts";
import { siteFiles } from "./core.ts";
import { undatedBlogPages } from "./feeds.ts";

/** Inputs of the stage: the index stage's pages and the routes the render stage produced. */
export interface EmitSiteFilesInput {
  pages: readonly PageSummary[];
  routes: readonly string[];
  /** The day each page last changed, by URL (the page dates stage), for the sitemap. Default none. */
  dates?: ReadonlyMap<string, string>;
}

/** The site files: sitemap, robots.txt, web app manifest, icons and blog feeds. */
export interface EmitSiteFilesResult {
  files: OutputFile[];
}

/**
 * Emits the files around the pages that crawlers, feed readers and browsers
 * look for: `sitemap.xml`, `robots.txt`, `manifest.webmanifest` with its SVG
 * icons, `favicon.svg`, and the blog's `blog/feed.xml` (RSS 2.0) and
 * `blog/atom.xml` (Atom 1.0) when the site has blog posts. Everything is
 * derived from the content, so the output is the same on every build. A
 * page under `blog/` without a day in its file name is reported as a warning.
 */
export function runEmitSiteFiles(ctx: BuildContext, input: EmitSiteFilesInput): EmitSiteFilesResult {
  for (const problem of undatedBlogPages(input.pages.map((p) => p.entry))) ctx.report(problem);
  return { files: siteFiles({ settings: ctx.settings, pages: input.pages, routes: input.routes, dates: input.dates }) };
}
