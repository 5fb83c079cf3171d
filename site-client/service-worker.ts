import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import type { RouteHandlerCallbackOptions } from "workbox-core/types.js";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkFirst, StaleWhileRevalidate, type Strategy } from "workbox-strategies";
import { APP_SHELL_URL, ASSETS_DIR, CHUNKS_DIR } from "../src/shared/constants.ts";
import { SAVE_CONTENT_MESSAGE, SAVED_CONTENT_CACHE, type OfflineContent, type SaveResult } from "../src/shared/offline-content.ts";
import { ROUTES_DIR } from "../src/shared/routes.ts";
import { SEARCH_PARTS_DIR } from "../src/shared/search/split-format.ts";
import { saveContent } from "./save-content.ts";
import { withBase } from "../src/shared/base-path.ts";

/** A message from a page: its type, the page it names, and the port an answer goes to. */
interface WorkerMessage {
  data?: { type?: string; page?: string };
  ports: readonly MessagePort[];
  waitUntil(promise: Promise<unknown>): void;
}

/** The precache manifest and the offline settings; the build replaces these placeholders. */
declare const self: {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  __OFFLINE_CONTENT: OfflineContent;
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: "message", listener: (event: WorkerMessage) => void): void;
};

const OFFLINE: OfflineContent = self.__OFFLINE_CONTENT;
/** The path the site is served under: the worker's scope, and the folder its files' addresses start with. */
const BASE = OFFLINE.base ?? "/";

// A new worker takes control of open pages at once; the page reloads on that
// change, so old and new assets never mix.
clientsClaim();
cleanupOutdatedCaches();

// One save at a time: a page's request waits for the save before it, whose files it then finds cached.
let saving: Promise<unknown> = Promise.resolve();

// A new worker waits until the page asks it to take over (workbox's SKIP_WAITING message). An idle
// page asks for content to be saved for offline reading, and hears back when it is.
self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") void self.skipWaiting();
  if (event.data?.type !== SAVE_CONTENT_MESSAGE) return;
  const page = event.data.page ?? "/";
  const saved = saving.then(() => saveContent(OFFLINE, page));
  saving = saved.catch(() => undefined);
  event.waitUntil(
    saved.then(
      (result: SaveResult) => event.ports[0]?.postMessage(result),
      () => event.ports[0]?.postMessage(null),
    ),
  );
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

/** Answers from the saved content when it holds the request, else through `strategy`; one that fails and is not saved fails. */
function savedOr(strategy: Strategy, order: "saved first" | "saved last") {
  const saved = (request: Request) => caches.match(request, { cacheName: SAVED_CONTENT_CACHE });
  return async (options: RouteHandlerCallbackOptions): Promise<Response> => {
    if (order === "saved first") return (await saved(options.request as Request)) ?? strategy.handle(options);
    try {
      return await strategy.handle(options);
    } catch (error) {
      const response = await saved(options.request as Request);
      if (response) return response;
      throw error;
    }
  };
}

// Content chunks are named by their contents, so a cached copy is always right: the saved ones, and
// each one a page fetched, so pages shown once show again offline.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith(`${BASE}${CHUNKS_DIR}/`),
  savedOr(new CacheFirst({ cacheName: "content", plugins: [new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })] }), "saved first"),
);

// Route tables keep their names from build to build: fresh when online, the last copy (fetched or saved) when offline.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith(`${BASE}${ROUTES_DIR}/`),
  savedOr(new NetworkFirst({ cacheName: "page-routes", networkTimeoutSeconds: 4, plugins: [new ExpirationPlugin({ maxEntries: 100 })] }), "saved last"),
);

// Lazily loaded client files (the vote board, for one) have content-hashed
// names, so a cached copy is always right.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith(`${BASE}${ASSETS_DIR}/`),
  new CacheFirst({ cacheName: "assets", plugins: [new ExpirationPlugin({ maxEntries: 60 })] }),
);

// Parts of the search index not precached (a large site precaches none) are kept once a search has
// loaded them, so the same searches work offline. Their folder is named by their hash, so a cached
// copy is always right; a new build's parts are in a new folder and the old ones expire.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith(`${BASE}${SEARCH_PARTS_DIR}/`),
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
  if (request.destination === "document") return (await matchPrecache(withBase(BASE, APP_SHELL_URL))) ?? Response.error();
  return Response.error();
});
