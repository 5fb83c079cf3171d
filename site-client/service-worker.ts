import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from "workbox-strategies";

/** The precache manifest; the build replaces this placeholder with the list of files. */
declare const self: { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// A new worker takes control of open pages at once; the page reloads on that
// change, so old and new assets never mix.
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Pages: fresh when online, the last copy when offline.
registerRoute(
  ({ request }) => request.mode === "navigate",
  new NetworkFirst({ cacheName: "pages", networkTimeoutSeconds: 4, plugins: [new ExpirationPlugin({ maxEntries: 200 })] }),
);

registerRoute(
  ({ request }) => request.destination === "image",
  new StaleWhileRevalidate({ cacheName: "images", plugins: [new ExpirationPlugin({ maxEntries: 120 })] }),
);

// Lazily loaded client files (the vote board, for one) have content-hashed
// names, so a cached copy is always right.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"),
  new CacheFirst({ cacheName: "assets", plugins: [new ExpirationPlugin({ maxEntries: 60 })] }),
);
