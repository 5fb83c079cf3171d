import { withBase } from "./base-path.ts";

/**
 * The client bundle's files a page refers to, by public URL: what the bundle
 * stage hands to rendering, so every page is written complete, once.
 */
export interface ClientAssets {
  /** Stylesheets every page links. */
  css: string[];
  /** The entry script every page loads. */
  entry: string;
  /** Chunks the entry imports statically, preloaded beside it. */
  preload: string[];
  /**
   * Chunks every page imports once it has loaded (the service worker's
   * registration), with their own static imports: not preloaded, but
   * precached, so a page opened offline starts as it does online.
   */
  afterLoad: string[];
  /** The search backend's chunk, which the search box loads on first use, with its own static imports: precached so search answers offline. */
  search: string[];
  /** The vote page's lazily loaded stylesheet ("" when there is none). */
  voteCss: string;
}

/** The assets' URLs under a site's base path (pure; see `withBase`): the bundle's files are written under the site's own folder. */
export function assetsUnder(assets: ClientAssets, base: string): ClientAssets {
  const under = (url: string) => withBase(base, url);
  return {
    css: assets.css.map(under),
    entry: under(assets.entry),
    preload: assets.preload.map(under),
    afterLoad: assets.afterLoad.map(under),
    search: assets.search.map(under),
    voteCss: assets.voteCss && under(assets.voteCss),
  };
}

/** The files a page loads at once: its stylesheets, preloaded chunks and entry script. */
export function pageAssetUrls(assets: ClientAssets): string[] {
  return [...assets.css, ...assets.preload, assets.entry];
}
