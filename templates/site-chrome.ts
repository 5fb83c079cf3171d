import { createContext, use } from "react";
import type { SiteChrome } from "../src/shared/site-chrome.ts";
import { BUILT_CHROME } from "./built-chrome.ts";

/**
 * The site's chrome (see `SiteChrome`): the server render provides the
 * build's; in the browser it is the one the client bundle was built with.
 */
export const SiteChromeContext = createContext<SiteChrome>(BUILT_CHROME);

/** The site's chrome, from the nearest provider. */
export const useChrome = (): SiteChrome => use(SiteChromeContext);
