import type { Settings } from "../../context/config.ts";
import type { OutputFile } from "../../output/files.ts";
import { blogPosts, isPrintable, postDay } from "../../shared/content-rules.ts";
import type { PageEntry } from "../../shared/content-types.ts";
import { atomFeed, rssFeed, type FeedOptions } from "./feeds.ts";
import { ATOM_PATH, BUILT_IN_LOGO, ICON_PATHS, MANIFEST_PATH, RSS_PATH, THEME_COLOR } from "../../shared/constants.ts";
import { escapeXml } from "../../shared/text.ts";
import type { Alternate } from "../../shared/alternates.ts";
import { basePathOf } from "../../shared/base-path.ts";

/** The page background of the light theme (`--bg`), shown while the installed app starts. */
const BACKGROUND_COLOR = "#ffffff";

/** URLs that are files of the site but not pages anyone should find through a search engine. */
const NOT_INDEXED = new Set(["/404.html", "/404/", "/app-shell/"]);

/** Options of `sitemapFiles`. */
export interface SitemapOptions {
  /** Absolute base URL without a trailing slash (settings.baseUrl). */
  baseUrl: string;
  /** The pages of the content index, each with its `hreflang` alternates when other languages have it (see `alternatesOf`). */
  pages: readonly SitemapPage[];
  /** Every route the render stage produced, generated section and printable pages included. */
  routes: readonly string[];
  /** The day each page last changed, by URL; a blog post's own day comes first. Default none. */
  dates?: ReadonlyMap<string, string>;
}

/** What the sitemap lists of a page. */
type SitemapPage = Pick<PageEntry, "url" | "title" | "name"> & { links?: readonly Alternate[] };

/** The absolute URL of a site path; the path is percent-encoded as URLs in XML must be. */
function absoluteUrl(baseUrl: string, url: string): string {
  return `${baseUrl}${encodeURI(url)}`;
}

/** What one sitemap file may hold under the sitemaps.org protocol: 50,000 URLs and 50 MiB uncompressed. */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 52_428_800 };

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XHTML_NS = "http://www.w3.org/1999/xhtml";

/** The `<url>` elements of the sitemap (pure), sorted by URL; see {@link sitemapFiles}. */
function sitemapEntries({ baseUrl, pages, routes, dates }: SitemapOptions): string[] {
  const printable = new Set(pages.filter(isPrintable).map((p) => p.url));
  const lastmod = new Map(pages.map((p) => [p.url, postDay(p) || (dates?.get(p.url) ?? "")]));
  const links = new Map(pages.flatMap((p) => (p.links?.length ? [[p.url, p.links] as const] : [])));
  const urls = new Set([...pages.map((p) => p.url), ...routes]);
  const indexed = [...urls].filter((url) => !printable.has(url) && !url.endsWith("/printable/") && !NOT_INDEXED.has(url));
  // A page's translations are named as the sitemaps' xhtml:link elements, one for each language, its own included.
  const alternates = (url: string) =>
    (links.get(url) ?? [])
      .map((link) => `    <xhtml:link rel="alternate" hreflang="${escapeXml(link.lang)}" href="${escapeXml(encodeURI(link.href))}"/>\n`)
      .join("");
  return indexed
    .map((url) => ({ url, loc: absoluteUrl(baseUrl, url), day: lastmod.get(url) ?? "" }))
    .sort((a, b) => (a.loc < b.loc ? -1 : a.loc > b.loc ? 1 : 0))
    .map(({ url, loc, day }) => `  <url>\n    <loc>${escapeXml(loc)}</loc>\n${day ? `    <lastmod>${day}</lastmod>\n` : ""}${alternates(url)}  </url>`);
}

/** A `<urlset>` document of the given entries, declaring the xhtml namespace when an entry names its translations. */
const urlset = (entries: readonly string[], translated = entries.some((entry) => entry.includes("<xhtml:link "))) =>
  [XML_DECLARATION, `<urlset xmlns="${SITEMAP_NS}"${translated ? ` xmlns:xhtml="${XHTML_NS}"` : ""}>`, ...entries, "</urlset>", ""].join("\n");

/** The entries cut into runs that each make a `<urlset>` within the limits, in order. */
function sitemapRuns(entries: readonly string[], limits: typeof SITEMAP_LIMITS): string[][] {
  const frame = Buffer.byteLength(urlset([], true));
  const runs: string[][] = [[]];
  let bytes = frame;
  for (const entry of entries) {
    const size = Buffer.byteLength(entry) + 1;
    const run = runs[runs.length - 1];
    if (run.length > 0 && (run.length >= limits.urls || bytes + size > limits.bytes)) {
      runs.push([entry]);
      bytes = frame + size;
    } else {
      run.push(entry);
      bytes += size;
    }
  }
  return runs;
}

/**
 * The sitemaps.org 0.9 sitemap (pure): the absolute URL of every indexable
 * page, sorted by URL: every content page and every rendered route, less
 * printable pages (by title, and any route ending in `/printable/`), the
 * not-found page and the app shell. Blog posts carry the day of their file
 * name as `<lastmod>`, other pages their day from `dates` when they have one.
 * A site within the protocol's limits gets one `sitemap.xml`; a larger one
 * gets `sitemap-1.xml`, `sitemap-2.xml`, … each within them, and
 * `sitemap.xml` becomes the sitemap index that lists them, so crawlers and
 * robots.txt keep one address.
 */
export function sitemapFiles(options: SitemapOptions, limits = SITEMAP_LIMITS): OutputFile[] {
  const runs = sitemapRuns(sitemapEntries(options), limits);
  if (runs.length === 1) return [{ path: "sitemap.xml", contents: urlset(runs[0]) }];
  const parts = runs.map((run, i) => ({ path: `sitemap-${i + 1}.xml`, contents: urlset(run) }));
  const index = [
    XML_DECLARATION,
    `<sitemapindex xmlns="${SITEMAP_NS}">`,
    ...parts.map((part) => `  <sitemap>\n    <loc>${escapeXml(absoluteUrl(options.baseUrl, `/${part.path}`))}</loc>\n  </sitemap>`),
    "</sitemapindex>",
    "",
  ].join("\n");
  return [{ path: "sitemap.xml", contents: index }, ...parts];
}

/** True for the path of a file {@link sitemapFiles} makes. */
export const isSitemap = (file: string) => /^sitemap(-\d+)?\.xml$/.test(file);

/** robots.txt (pure): everything may be crawled, and the sitemap is at `<baseUrl>/sitemap.xml`, with those of the sites under it (`languages`, the addresses of the languages built under the site's prefixes). */
export function robotsTxt(baseUrl: string, languages: readonly string[] = []): string {
  return `User-agent: *\nAllow: /\n\n${[baseUrl, ...languages].map((url) => `Sitemap: ${url}/sitemap.xml\n`).join("")}`;
}

/**
 * The web app manifest as JSON (pure): name and short name (the site name),
 * description, start URL and scope `/`, standalone display, the light
 * background, the header's theme colour, and the SVG icon and maskable icon.
 */
export function webManifest(settings: Pick<Settings, "name" | "description">, { lang = "en", base = "/" }: { lang?: string; base?: string } = {}): string {
  const manifest = {
    name: settings.name,
    short_name: settings.name,
    description: settings.description,
    lang,
    start_url: base,
    scope: base,
    display: "standalone",
    background_color: BACKGROUND_COLOR,
    theme_color: THEME_COLOR,
    icons: [
      { src: `${base}${ICON_PATHS.icon}`, sizes: "any", type: "image/svg+xml", purpose: "any" },
      { src: `${base}${ICON_PATHS.maskable}`, sizes: "any", type: "image/svg+xml", purpose: "maskable" },
    ],
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

const LOGO = BUILT_IN_LOGO.map((p) => `<path d="${p.d}" fill="${p.fill}"/>`).join("");

/** Size of the maskable icon's box; its logo is drawn 16 times larger than the 24×24 original. */
const MASKABLE_SIZE = 512;
const MASKABLE_SCALE = 16;

/**
 * The site's icons (pure): `favicon.svg` and `icons/icon.svg` draw the logo
 * (the built-in one, or the site's own SVG file as it is);
 * `icons/icon-maskable.svg` fills its whole box with the theme colour and
 * centres the logo in the maskable safe zone (the circle of 80% diameter):
 * the built-in logo's farthest corner lies 11.4 × 16 ≈ 183 of the zone's 205
 * units from the centre, and the site's own is drawn in the square that
 * circle holds.
 */
export function siteIcons(logo = ""): OutputFile[] {
  const svg = logo || `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">${LOGO}</svg>\n`;
  const offset = MASKABLE_SIZE / 2 - 12 * MASKABLE_SCALE;
  const inner = Math.floor((MASKABLE_SIZE * 0.8) / Math.SQRT2);
  const drawn = logo
    ? `<image x="${(MASKABLE_SIZE - inner) / 2}" y="${(MASKABLE_SIZE - inner) / 2}" width="${inner}" height="${inner}" href="data:image/svg+xml;base64,${Buffer.from(logo).toString("base64")}"/>`
    : `<g transform="translate(${offset} ${offset}) scale(${MASKABLE_SCALE})">${LOGO}</g>`;
  const maskable =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${MASKABLE_SIZE} ${MASKABLE_SIZE}" width="${MASKABLE_SIZE}" height="${MASKABLE_SIZE}">` +
    `<rect width="${MASKABLE_SIZE}" height="${MASKABLE_SIZE}" fill="${THEME_COLOR}"/>${drawn}</svg>\n`;
  return [
    { path: ICON_PATHS.favicon, contents: svg },
    { path: ICON_PATHS.icon, contents: svg },
    { path: ICON_PATHS.maskable, contents: maskable },
  ];
}

/** What the site files need of a page: its URL, title and file name, and its blog teaser. */
export interface SitePage {
  entry: SitemapPage;
  teaser: string;
}

/** Inputs of `siteFiles`: the settings, the processed pages of the index, and the rendered routes. */
export interface SiteFilesOptions {
  settings: Pick<Settings, "name" | "baseUrl" | "description" | "texts" | "defaultLanguage" | "languages">;
  /** The language the site is built in (the manifest's and the feeds'); default the default language. */
  lang?: string;
  /** The build's strings (the feeds' title and description); default the shipped catalogue's and the config's `texts`. */
  messages?: FeedOptions["messages"];
  /** The site's own logo, an SVG file's text; "" for the built-in one. */
  logo?: string;
  pages: readonly SitePage[];
  routes: readonly string[];
  /** The day each page last changed, by URL, for the sitemap. Default none. */
  dates?: ReadonlyMap<string, string>;
}

/** The addresses of the languages whose sites are under this one's (pure): those built under its prefixes. */
function languagesUnder(settings: Pick<Settings, "baseUrl" | "languages">): string[] {
  return settings.languages.map((l) => l.url).filter((url) => url.startsWith(`${settings.baseUrl}/`));
}

/**
 * Every site file (pure): sitemap, robots.txt, manifest and icons, and, when
 * the site has at least one blog post, the blog's RSS and Atom feeds.
 */
export function siteFiles({ settings, lang = settings.defaultLanguage, messages, logo, pages, routes, dates }: SiteFilesOptions): OutputFile[] {
  const files: OutputFile[] = [
    ...sitemapFiles({ baseUrl: settings.baseUrl, pages: pages.map((p) => p.entry), routes, dates }),
    // Crawlers read robots.txt at a host's root only: a site under a path (a language's under its prefix) has none of its own.
    ...(basePathOf(settings.baseUrl) === "/" ? [{ path: "robots.txt", contents: robotsTxt(settings.baseUrl, languagesUnder(settings)) }] : []),
    { path: MANIFEST_PATH, contents: webManifest(settings, { lang, base: basePathOf(settings.baseUrl) }) },
    ...siteIcons(logo),
  ];
  const posts = blogPosts(pages);
  if (posts.length > 0) {
    const feed = { settings, posts, lang, ...(messages && { messages }) };
    files.push({ path: RSS_PATH, contents: rssFeed(feed) }, { path: ATOM_PATH, contents: atomFeed(feed) });
  }
  return files;
}
