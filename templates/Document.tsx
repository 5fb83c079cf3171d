import type { ClientAssets } from "../src/shared/client-assets.ts";
import { isPrintable } from "../src/shared/content-rules.ts";
import { ATOM_PATH, ICON_PATHS, MANIFEST_PATH, RSS_PATH, THEME_COLOR } from "../src/shared/constants.ts";
import type { PageData } from "../src/shared/page-data.ts";
import { bootScript, type HashRedirect } from "./boot-script.ts";
import { useChrome, useHref } from "./site-chrome.ts";
import { EN } from "../src/shared/messages/en.ts";

/** The id of the script element that carries a page's hydration data. */
export const DATA_ELEMENT_ID = "__DOCS_DATA__";

/** The id of the element the React app renders into. */
export const ROOT_ELEMENT_ID = "root";

/** Serialises page data for an inline JSON script, so no text can close the script early. */
function serializeData(data: PageData): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** Options of the HTML document around a rendered page. */
export interface DocumentProps {
  data: PageData;
  /** The server-rendered HTML of the React app. */
  appHtml: string;
  /** Absolute canonical URL with a trailing slash, or "" for pages without one (404). */
  canonical: string;
  robots: string;
  /** Hash redirects that start on this page. */
  redirects?: readonly HashRedirect[];
  /** The page in the site's other languages (`hreflang` alternates), its own language's included; none for most pages. */
  alternates?: ReadonlyArray<{ lang: string; href: string }> | undefined;
  /** The client bundle's stylesheets, preloads and entry script, linked at the end of <head>. */
  assets: ClientAssets;
}

/** The server-only HTML document: head metadata, the theme boot script, the app and its data. */
export function Document({ data, appHtml, canonical, robots, redirects = [], alternates = [], assets }: DocumentProps) {
  const { notification, copyPage, lang, dir, messages } = useChrome();
  const href = useHref();
  // A printable page, the generated one or the content's own, is where "Print this page" leads.
  const print = data.kind === "printable" || (data.kind === "doc" && isPrintable(data.page));
  const said = { copied: messages["page.copied"], failed: messages["page.copyFailed"] };
  const boot = bootScript({ redirects, notificationVersion: notification?.version ?? null, copyPage, print, said });
  // The stylesheet words the code blocks' copy button in English; another language's word comes after it.
  const copyWord = messages["code.copy"] === EN["code.copy"] ? "" : `.code-copy::before{content:${JSON.stringify(messages["code.copy"])}}`;
  return (
    <html lang={lang} {...(dir === "rtl" ? { dir } : undefined)} data-theme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{data.title}</title>
        <meta name="description" content={data.description} />
        {robots ? <meta name="robots" content={robots} /> : null}
        {canonical ? <link rel="canonical" href={canonical} /> : null}
        <meta property="og:title" content={data.title} />
        <meta property="og:description" content={data.description} />
        {alternates.map((alternate) => (
          <link key={alternate.lang} rel="alternate" hrefLang={alternate.lang} href={alternate.href} />
        ))}
        {canonical ? <meta property="og:url" content={canonical} /> : null}
        <meta name="theme-color" content={THEME_COLOR} />
        <link rel="icon" href={href(`/${ICON_PATHS.favicon}`)} type="image/svg+xml" />
        <link rel="manifest" href={href(`/${MANIFEST_PATH}`)} />
        {data.url.startsWith("/blog/") && data.site.feeds !== false ? (
          <>
            <link rel="alternate" type="application/rss+xml" title={messages["blog.rss"]} href={href(`/${RSS_PATH}`)} />
            <link rel="alternate" type="application/atom+xml" title={messages["blog.atom"]} href={href(`/${ATOM_PATH}`)} />
          </>
        ) : null}
        <script dangerouslySetInnerHTML={{ __html: boot }} />
        {assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        <script type="module" src={assets.entry} />
        {copyWord ? <style dangerouslySetInnerHTML={{ __html: copyWord.replace(/</g, "\\3c ") }} /> : null}
      </head>
      <body>
        <div id={ROOT_ELEMENT_ID} dangerouslySetInnerHTML={{ __html: appHtml }} />
        <script type="application/json" id={DATA_ELEMENT_ID} dangerouslySetInnerHTML={{ __html: serializeData(data) }} />
      </body>
    </html>
  );
}
