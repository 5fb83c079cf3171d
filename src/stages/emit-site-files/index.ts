import fs from "node:fs/promises";
import path from "node:path";
import type { BuildContext } from "../../context/context.ts";
import type { Emitting } from "../../pipeline/stage.ts";
import type { OutputFile } from "../../output/files.ts";
import type { SitePages } from "../../pipeline/site-pages.ts";
import type { PageEntry } from "../../shared/content-types.ts";
import { isSitemap, siteFiles, type SitePage } from "./core.ts";
import { alternatesOf } from "../../shared/alternates.ts";
import { undatedBlogPages } from "./feeds.ts";
import { loadMessages } from "../../context/site-chrome.ts";

/** Inputs of the stage: the index stage's pages and the generated routes the render stage produced. */
export interface EmitSiteFilesInput extends Emitting {
  site: SitePages;
  /** The URLs of the routes the render stage generated (folder indexes, printable pages, the vote page). */
  generated: readonly string[];
  /** A page's day (the page dates stage), "" for none, for the sitemap. Default none. */
  dayOf?: (entry: PageEntry) => string;
}

/** The site files the service worker may precache (the icons, robots.txt, the manifest and the feeds); the sitemap, which grows with the site, is emitted and let go. */
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
 * The pages are read a part at a time, and only what the sitemap lists of
 * each (its URL, title, file name and day) is kept until it is written.
 */
export async function runEmitSiteFiles(ctx: BuildContext, input: EmitSiteFilesInput): Promise<EmitSiteFilesResult> {
  const { emit } = input;
  const pages: SitePage[] = [];
  const dates = new Map<string, string>();
  for (const part of input.site.parts) {
    const { pages: read } = await input.site.load(part);
    for (const problem of undatedBlogPages(read.map((p) => p.entry))) ctx.report(problem);
    for (const { entry, teaser } of read) {
      // A fallback page is the default language's, whose sitemap and feeds list it.
      if (entry.fallback) continue;
      const links = alternatesOf(ctx.settings, ctx.language.lang, entry);
      pages.push({ entry: { url: entry.url, title: entry.title, name: entry.name, ...(links.length > 0 && { links }) }, teaser });
      const day = input.dayOf?.(entry);
      if (day) dates.set(entry.url, day);
    }
  }
  const logo = ctx.settings.logo && (await fs.readFile(path.resolve(ctx.paths.root, ctx.settings.logo), "utf8"));
  const files = siteFiles({ settings: ctx.settings, lang: ctx.language.lang, messages: await loadMessages(ctx), logo, pages, routes: input.generated, dates });
  for (const file of files) await emit(file);
  return { files: files.filter((file) => !isSitemap(file.path)) };
}
