/** The base address of the online editor's examples, followed by an example's name. */
export const STACKBLITZ_BASE = "https://stackblitz.com/github/webpack/webpack.js.org/tree/main/examples/";

/**
 * The prefix ids and names on third-party pages get, GitHub's: a README's
 * `id="root"` becomes `user-content-root`, so it can never stand in for an
 * element of the page around it. Links keep the plain name (`#usage`), and the
 * client finds `#user-content-usage` for them.
 */
export const CLOBBER_PREFIX = "user-content-";

/** Output paths of the icons, relative to the output folder. */
export const ICON_PATHS = { favicon: "favicon.svg", icon: "icons/icon.svg", maskable: "icons/icon-maskable.svg" } as const;

/** Pages the service worker keeps for offline use from the first visit: the landing page, the app shell and the not-found page. */
export const PRECACHED_PAGES = ["index.html", "app-shell/index.html", "404.html"];
