import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from "workbox-strategies";
import { APP_SHELL_URL, ASSETS_DIR } from "../src/shared/constants.ts";
import { SEARCH_PARTS_DIR } from "../src/shared/search/split-format.ts";

/** The precache manifest; the build replaces this placeholder with the list of files. */
declare const self: {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: "message", listener: (event: { data?: { type?: string } }) => void): void;
};

// A new worker takes control of open pages at once; the page reloads on that
// change, so old and new assets never mix.
clientsClaim();
cleanupOutdatedCaches();

// A new worker waits until the page asks it to take over (workbox's SKIP_WAITING message).
self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") void self.skipWaiting();
});
precacheAndRoute(self.__WB_MANIFEST);

// Pages: fresh when online, the last copy when offline.
registerRoute(
  ({ request, sameOrigin }) => sameOrigin && request.mode === "navigate",
  new NetworkFirst({ cacheName: "pages", networkTimeoutSeconds: 4, plugins: [new ExpirationPlugin({ maxEntries: 200 })] }),
);

// The site's own images.
registerRoute(
  ({ request, sameOrigin }) => sameOrigin && request.destination === "image",
  new StaleWhileRevalidate({ cacheName: "images", plugins: [new ExpirationPlugin({ maxEntries: 120 })] }),
);

// Lazily loaded client files (the vote board, for one) have content-hashed
// names, so a cached copy is always right.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith(`/${ASSETS_DIR}/`),
  new CacheFirst({ cacheName: "assets", plugins: [new ExpirationPlugin({ maxEntries: 60 })] }),
);

// Parts of the search index not precached (a large site precaches none) are kept once a search has
// loaded them, so the same searches work offline. Their folder is named by their hash, so a cached
// copy is always right; a new build's parts are in a new folder and the old ones expire.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith(`/${SEARCH_PARTS_DIR}/`),
  new CacheFirst({ cacheName: "search-parts", plugins: [new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })] }),
);

// Contributor avatars are the one kind of cross-origin request kept, with a
// size limit; every other cross-origin request goes to the network untouched.
registerRoute(
  ({ url }) => (url.hostname === "github.com" && url.pathname.endsWith(".png")) || url.hostname === "avatars.githubusercontent.com",
  new CacheFirst({
    cacheName: "avatars",
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// A document that cannot be fetched and was never visited gets the app shell.
setCatchHandler(async ({ request }) => {
  if (request.destination === "document") return (await matchPrecache(APP_SHELL_URL)) ?? Response.error();
  return Response.error();
});
