import { createContext, use } from "react";
import type { PageMessages } from "../src/shared/messages/index.ts";
import type { SiteChrome } from "../src/shared/site-chrome.ts";
import { BUILT_CHROME } from "./built-chrome.ts";
import { withBase } from "../src/shared/base-path.ts";

/**
 * The site's chrome (see `SiteChrome`): the server render provides the
 * build's; in the browser it is the one the client bundle was built with.
 */
export const SiteChromeContext = createContext<SiteChrome>(BUILT_CHROME);

/** The site's chrome, from the nearest provider. */
export const useChrome = (): SiteChrome => use(SiteChromeContext);

/** Puts the site's base path in front of a site path (`/guides/` → `/docs/guides/`; see `withBase`), from the nearest provider. */
export function useHref(): (url: string) => string {
  const { base } = use(SiteChromeContext);
  return (url) => withBase(base, url);
}

/** The interface strings of the pages' language, from the nearest provider (see `formatMessage` for their `{words}`). */
export const useMessages = (): PageMessages => use(SiteChromeContext).messages;
