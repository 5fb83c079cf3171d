import type { PageEntry } from "../../shared/content-types.ts";
import { withoutTableRegions } from "../../markdown/table-scroll.ts";
import { escapeXml } from "../../shared/text.ts";

/** The id a page gets on the combined printable page: its URL's path, joined (`/guides/caching/` → `guides-caching`). */
export function printableSlug(url: string): string {
  return url.split("/").filter(Boolean).join("-") || "home";
}

/** A configuration example's option key as a link, and the tooltip after it (see `rehypeOptionLinks`); the tooltip holds no span of its own. */
const OPTION_LINK = /<a class="opt" href="[^"]*" aria-describedby="[^"]*">(.*?)<\/a><span class="opt-tip" role="tooltip" id="[^"]*">.*?<\/span>/gs;

/** A body with its option keys back to plain code (pure): the combined page is for print, where a link and its tooltip have no use. */
export function withoutOptionLinks(html: string): string {
  return html.includes('class="opt"') ? html.replace(OPTION_LINK, "$1") : html;
}

const ID_ATTRIBUTES = /\s(id|aria-describedby|aria-labelledby|aria-controls)="([^"]*)"/g;
const HREF = /\shref="([^"]*)"/g;
const HEADING_TAG = /<(\/?)h([1-6])(?=[\s>])/g;

/**
 * Moves every heading of a body one level down, h6 staying h6 (pure): on the
 * combined page the page's title is an h2 under the page's one h1, so the
 * page's own h2 sections become h3. The body is this pipeline's own HTML, in
 * which a literal `<h2` inside code is escaped.
 */
export function demoteHeadings(html: string): string {
  return html.replace(HEADING_TAG, (_, slash: string, level: string) => `<${slash}h${Math.min(Number(level) + 1, 6)}`);
}

/**
 * Rewrites one page's body for the combined page (pure): every id (and every
 * attribute naming ids) gets the page's prefix, so ids stay unique across
 * pages; links to pages of the same section, with or without an anchor, point
 * inside the combined page. The body is this pipeline's own HTML, whose
 * attributes are always double-quoted and escaped.
 */
export function rewriteForPrint(html: string, slug: string, sectionSlugs: ReadonlyMap<string, string>): string {
  return html
    .replace(
      ID_ATTRIBUTES,
      (_, name: string, value: string) =>
        ` ${name}="${value
          .split(" ")
          .map((id) => (id ? `${slug}--${id}` : id))
          .join(" ")}"`,
    )
    .replace(HREF, (whole, href: string) => {
      if (href.startsWith("#")) return ` href="#${slug}--${href.slice(1)}"`;
      const [path, hash] = href.split("#", 2);
      const target = sectionSlugs.get(path);
      if (target === undefined) return whole;
      return ` href="#${hash ? `${target}--${hash}` : target}"`;
    });
}

/** The slug of every member of a combined page, by URL: where links between the members point. */
export function memberSlugs(pages: ReadonlyArray<{ entry: Pick<PageEntry, "url"> }>): Map<string, string> {
  return new Map(pages.map((p) => [p.entry.url, printableSlug(p.entry.url)]));
}

/**
 * One member of a section's combined page (pure): the page under its title
 * as an h2 (the template gives the combined page its one h1) with its own
 * headings a level down, ids made unique, links between the section's
 * pages (`slugs`, see `memberSlugs`) pointing inside, and its tables out of
 * their focusable regions (they do not scroll there), and the option keys of
 * its configuration examples plain code again. The body is otherwise
 * reused as rendered.
 */
export function printableMember(entry: Pick<PageEntry, "url" | "title">, bodyHtml: string, slugs: ReadonlyMap<string, string>): string {
  const slug = slugs.get(entry.url) ?? printableSlug(entry.url);
  return `<section class="printable-page" aria-labelledby="${slug}"><h2 class="printable-title" id="${slug}">${escapeXml(entry.title)}</h2>${demoteHeadings(rewriteForPrint(withoutOptionLinks(withoutTableRegions(bodyHtml)), slug, slugs))}</section>`;
}

/** Combines the pages of a section, in sidebar order, into one body (pure); see `printableMember`. */
export function combinePrintable(pages: ReadonlyArray<{ entry: Pick<PageEntry, "url" | "title">; bodyHtml: string }>): string {
  const slugs = memberSlugs(pages);
  return pages.map((page) => printableMember(page.entry, page.bodyHtml, slugs)).join("");
}
