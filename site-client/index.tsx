import "../templates/styles/site.css";
import "../templates/styles/components.css";
import { DEV_FLAG, SERVICE_WORKER_FLAG } from "../src/shared/constants.ts";
import { hydratePage } from "./hydrate.tsx";
import { startRouter } from "./router.ts";
import { scrollToHash } from "./scroll.ts";
import { BUILT_CHROME } from "../templates/built-chrome.ts";

/**
 * Browser entry: hydrates the page, starts client-side navigation, sets up
 * analytics when the site has a tracking id, and registers the service worker
 * outside the dev server.
 */
function start(): void {
  const hydrated = hydratePage(document);
  if (!hydrated) return;
  const trackingId = hydrated.data.site.analyticsId;
  // Loaded only when the site has analytics; without a tracking id there is no script and no request.
  const tracker = trackingId
    ? import("./analytics.ts").then(({ createTracker }) => {
        const created = createTracker();
        created.initialize(trackingId);
        return created;
      })
    : undefined;
  const pageView = (path: string, title: string) => void tracker?.then((t) => t.pageview(path, title));
  pageView(`${location.pathname}${location.search}`, document.title);
  const flags = window as unknown as Record<string, boolean | undefined>;
  const worker = "serviceWorker" in navigator && (!flags[DEV_FLAG] || flags[SERVICE_WORKER_FLAG]);
  // Content is saved for offline reading only once the page is idle, so it never competes with what the reader is
  // waiting for, and only online: offline there is nothing to fetch, not even the module that asks.
  const idle = (run: () => void) => (window.requestIdleCallback ? window.requestIdleCallback(run) : window.setTimeout(run, 1));
  const saveOffline = (page: string) =>
    idle(() => {
      if (navigator.onLine) void import("./request-save.ts").then((m) => m.requestSave(navigator.serviceWorker, page)).catch(() => undefined);
    });
  startRouter({ root: hydrated.root, data: hydrated.data, html: hydrated.html, onPageView: pageView, onSectionChange: worker ? saveOffline : undefined });
  if (location.hash) scrollToHash(location.hash);
  if (worker) {
    // Loaded on its own, after the page's own loading is done, so precaching never competes with it.
    const register = () => {
      void import("./register-service-worker.ts").then((m) => m.registerServiceWorker(navigator.serviceWorker, BUILT_CHROME.base));
      saveOffline(hydrated.data.url);
    };
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
  }
}

start();
