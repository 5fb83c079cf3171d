/**
 * The prefix ids and names on third-party pages get, GitHub's: a README's
 * `id="root"` becomes `user-content-root`, so it can never stand in for an
 * element of the page around it. Links keep the plain name (`#usage`), and the
 * client finds `#user-content-usage` for them.
 */
export const CLOBBER_PREFIX = "user-content-";

/**
 * The output folder of files whose names carry a hash of their contents (the
 * client bundle, the pages' content chunks): the service worker keeps them
 * cache-first, since a cached copy is always right.
 */
export const ASSETS_DIR = "assets";

/** The folder of the pages' content chunks, inside `ASSETS_DIR`: the service worker keeps them in a cache of their own. */
export const CHUNKS_DIR = `${ASSETS_DIR}/pages`;

/** Output paths of the icons, relative to the output folder. */
export const ICON_PATHS = { favicon: "favicon.svg", icon: "icons/icon.svg", maskable: "icons/icon-maskable.svg" } as const;

/** The URL of the app shell: the page the service worker serves for a document it can neither fetch nor find. */
export const APP_SHELL_URL = "/app-shell/";

/** Pages the service worker keeps for offline use from the first visit: the landing page, the app shell and the not-found page. */
export const PRECACHED_PAGES = ["index.html", `${APP_SHELL_URL.slice(1)}index.html`, "404.html"];

/** The site's header colour: the manifest's theme colour, the same as the pages' `theme-color` meta. */
export const THEME_COLOR = "#2b3a42";

/** Output path of the web app manifest, relative to the output folder (pages link it from the root). */
export const MANIFEST_PATH = "manifest.webmanifest";

/** Where the blog's feeds are written, relative to the output folder (blog pages link them from the root). */
export const RSS_PATH = "blog/feed.xml";
export const ATOM_PATH = "blog/atom.xml";

/** Output path of the service worker, relative to the output folder; the client registers it from the root. */
export const SERVICE_WORKER_PATH = "sw.js";

/**
 * Window flags the dev server's injected script sets before the client
 * starts: `DEV_FLAG` on every page it serves, `SERVICE_WORKER_FLAG` when it
 * serves with the service worker on.
 */
export const DEV_FLAG = "__DOCS_DEV__";
export const SERVICE_WORKER_FLAG = "__DOCS_SW__";

/**
 * The built-in logo, two cubes in a 24×24 box: each shape's outline, its
 * colour in the site's icons, and the CSS variable the header fills it with,
 * so it follows the theme there. A site's own logo (the config's `logo`) takes its place.
 */
export const BUILT_IN_LOGO = [
  { d: "M12 1 22 6.5v11L12 23 2 17.5v-11z", fill: "#8ed6fb", themed: "var(--logo-outer)" },
  { d: "M12 6.2 17 9v6l-5 2.8L7 15V9z", fill: "#1c78c0", themed: "var(--logo-inner)" },
] as const;
