import { createElement } from "react";
import type { Root } from "react-dom/client";
import { sectionOf } from "../src/shared/offline-content.ts";
import { documentTitle, type PageData } from "../src/shared/page-data.ts";
import type { PageChunk } from "../src/shared/routes.ts";
import { PRINT_QUERY } from "../src/shared/urls.ts";
import type { Body } from "../templates/components/Content.tsx";
import { BUILT_CHROME } from "../templates/built-chrome.ts";
import { ClientApp } from "./client-app.tsx";
import { ChunkLoadError, ModuleNotFoundError, pageUrlOf, type LoaderEnvironment } from "./loader.ts";
import { createPageLoader, type PageLoader } from "./page-loader.ts";
import { scrollToHash } from "./scroll.ts";

/** What the router needs: the hydrated root, the first page's data and body HTML, and who to tell about page views and about entering another section. */
export interface RouterOptions {
  root: Root;
  data: PageData;
  html: string;
  onPageView?: (path: string, title: string) => void;
  onSectionChange?: (path: string) => void;
}

/** The link a click or hover is about, when the router should handle it (same origin, a page, no modifier, not marked `data-full-load`, not a request to print). */
export function routableLink(event: MouseEvent | FocusEvent, here: Location): URL | undefined {
  if (event instanceof MouseEvent && (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey))
    return undefined;
  const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
  if (!anchor || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download") || anchor.hasAttribute("data-full-load")) return undefined;
  const url = new URL(anchor.href, here.href);
  if (url.origin !== here.origin || /\.[a-z0-9]+$/i.test(url.pathname)) return undefined;
  // "Print this page" (`?print`) loads the printable page as a document, whose boot script opens the print dialog.
  if (url.searchParams.has(PRINT_QUERY)) return undefined;
  // A link to another part of the same page is left to the browser.
  if (url.pathname === here.pathname && url.search === here.search && url.hash) return undefined;
  return url;
}

/** Updates the head for a page shown without a document load. */
function applyHead(data: PageData): void {
  document.title = data.title;
  document.querySelector('link[rel="canonical"]')?.setAttribute("href", `${data.site.baseUrl}${data.url}`);
  document.querySelector('meta[name="description"]')?.setAttribute("content", data.description);
  document.querySelector('meta[property="og:title"]')?.setAttribute("content", data.title);
  document.querySelector('meta[property="og:description"]')?.setAttribute("content", data.description);
}

/** Shows pages: `navigate` goes to a URL (pushing it onto the history or not), `current` is the page being shown. */
interface Navigator {
  navigate(url: URL, push: boolean): Promise<void>;
  current(): PageData;
}

/** The browser's fetch and timers, as the loader takes them. */
function browserEnvironment(): LoaderEnvironment {
  return {
    fetch: (url) => fetch(url),
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    clearTimeout: (t) => window.clearTimeout(t as number),
  };
}

/**
 * Shows the page at a URL: the placeholder while its chunk loads, then the
 * page, with its head updated and its hash scrolled to. Only the latest
 * navigation is shown; the first page is shown again from memory. A failed
 * chunk shows the error with a retry, or, when the browser is offline, that
 * the page has not been saved, under a title that says so; a route without a
 * chunk falls back to a full load of the URL.
 */
function createNavigator({ root, data, html, onPageView, onSectionChange }: RouterOptions, pages: PageLoader): Navigator {
  let current = data;
  let sequence = 0;
  const first: PageChunk = { data, body: html };
  const render = (page: PageData, body: Body) => root.render(createElement(ClientApp, { data: page, body }));
  const isFirst = (pathname: string) => {
    try {
      return pageUrlOf(pathname, BUILT_CHROME.base) === first.data.url;
    } catch {
      return false;
    }
  };
  const load = (pathname: string) => (isFirst(pathname) ? Promise.resolve(first) : pages.load(pathname));

  const navigate = async (url: URL, push: boolean) => {
    const turn = ++sequence;
    if (push) history.pushState(null, "", url.href);
    if (!isFirst(url.pathname) && !pages.isReady(url.pathname)) render(current, { status: "loading" });
    try {
      const chunk = await load(url.pathname);
      if (turn !== sequence) return;
      if (sectionOf(chunk.data.url) !== sectionOf(current.url)) onSectionChange?.(chunk.data.url);
      current = chunk.data;
      render(chunk.data, { html: chunk.body });
      applyHead(chunk.data);
      // The new content is committed on the next frame; then the hash (or the top) is scrolled to.
      requestAnimationFrame(() => scrollToHash(url.hash));
      onPageView?.(`${url.pathname}${url.search}`, chunk.data.title);
    } catch (error) {
      if (turn !== sequence) return;
      if (error instanceof ModuleNotFoundError) return void window.location.assign(url.href);
      console.warn("docs-build:", error instanceof ChunkLoadError ? error.message : error);
      if (!navigator.onLine) {
        render(current, { status: "offline" });
        document.title = documentTitle(BUILT_CHROME.messages["offline.title"], current.site.name);
        // The note replaces the whole page, so it is read from the top.
        requestAnimationFrame(() => scrollToHash(""));
        return;
      }
      render(current, { status: "error", retry: () => void navigate(url, false) });
    }
  };
  return { navigate, current: () => current };
}

/** Follows internal links through the navigator, prefetches a link's page on hover or focus, and handles back and forward. */
function listen(pages: PageLoader, navigator: Navigator): void {
  document.addEventListener("click", (event) => {
    const url = routableLink(event, window.location);
    if (!url) return;
    event.preventDefault();
    void navigator.navigate(url, true);
  });
  const prefetch = (event: MouseEvent | FocusEvent) => {
    const url = routableLink(event, window.location);
    if (url && url.pathname !== window.location.pathname) pages.load(url.pathname).catch(() => {});
  };
  document.addEventListener("mouseover", prefetch);
  document.addEventListener("focusin", prefetch);
  window.addEventListener("popstate", () => {
    const url = new URL(window.location.href);
    // A fragment of the page being shown (an in-page link, or back to one) only scrolls; the browser
    // cannot do it alone where ids carry the third-party prefix.
    if (url.pathname === navigator.current().url && url.hash) return void scrollToHash(url.hash);
    void navigator.navigate(url, false);
  });
}

/**
 * Client-side navigation: following an internal link fetches the target
 * page's content chunk (prefetched on hover or focus), shows the placeholder
 * while it loads, then the page, and updates title, canonical and history;
 * back and forward work. A failed chunk shows "Error loading content." with a
 * retry; a route without a chunk falls back to a full load of the URL.
 */
export function startRouter(options: RouterOptions): void {
  const pages = createPageLoader(browserEnvironment(), BUILT_CHROME.base);
  listen(pages, createNavigator(options, pages));
}
