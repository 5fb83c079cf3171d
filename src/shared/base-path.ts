/**
 * A site served under a path of its host (`https://example.org/docs`, or a
 * language's pages under `/zh/`) is built as if at the root: page URLs,
 * sections and route tables are site paths (`/guides/`), and the base path
 * (`/docs/`) is put in front of a site path where it leaves for the browser,
 * in a link, a fetch or an address, and taken off where the browser's
 * address comes back.
 */

/** The path a site is served under (pure), from its base URL: `/` for `https://example.org`, `/docs/` for `https://example.org/docs`. */
export function basePathOf(baseUrl: string): string {
  const pathname = new URL(baseUrl).pathname.replace(/\/+$/, "");
  return `${pathname}/`;
}

/** A site path as the browser asks for it under `base` (pure): `/guides/` → `/docs/guides/`. Anything else (`https:`, `//host`, `#id`, relative) is left as it is. */
export function withBase(base: string, url: string): string {
  if (base === "/" || !url.startsWith("/") || url.startsWith("//")) return url;
  return `${base}${url.slice(1)}`;
}

/** The site path of a browser's path under `base` (pure): `/docs/guides/` → `/guides/`, `/docs` → `/`; undefined for a path outside it. */
export function withoutBase(base: string, pathname: string): string | undefined {
  if (base === "/") return pathname;
  if (pathname === base.slice(0, -1)) return "/";
  return pathname.startsWith(base) ? `/${pathname.slice(base.length)}` : undefined;
}

/**
 * A start tag of HTML as docs-build's bodies are written (hast-util-to-html):
 * its attributes' values are double-quoted, with `"` written as a reference,
 * and every `<` of text is a reference, so each `<` that is followed by a
 * letter starts a tag.
 */
const START_TAG = /<[a-zA-Z][^\s/>]*(?:\s+[^\s"'=<>`/]+(?:="[^"]*")?)*\s*\/?>/g;

/** A link attribute whose value is a site path. */
const SITE_PATH_ATTRIBUTE = /(\s(?:href|src|poster)=")(\/(?!\/))/g;

/**
 * A rendered body with its site paths under `base` (pure): each `href`,
 * `src` and `poster` of its tags that starts with one `/`. Bodies are made
 * once, at the site's root, and shared: a language's fallback page shows
 * the default language's body, and its links lead to its own language's pages.
 */
export function rebaseHtml(html: string, base: string): string {
  if (base === "/") return html;
  const under = base.slice(0, -1);
  // Most tags have no site path: they are passed over without a second search.
  return html.replace(START_TAG, (tag) => (tag.includes('="/') ? tag.replace(SITE_PATH_ATTRIBUTE, `$1${under}$2`) : tag));
}
