import { DEFAULT_CHROME } from "../src/shared/site-chrome.ts";

/**
 * The chrome the templates show without a provider. In the client bundle
 * this module is replaced by the site's own chrome (see the bundle client
 * stage), so the browser gets the build's chrome and none of the defaults;
 * on the server, where every render provides it, it is the webpack site's.
 */
export const BUILT_CHROME = DEFAULT_CHROME;
