import "../templates/styles/site.css";
import "../templates/styles/components.css";
import { hydratePage } from "./hydrate.tsx";

/** Browser entry: hydrates the page, then registers the service worker outside the dev server. */
function start(): void {
  const hydrated = hydratePage(document);
  if (!hydrated) return;
  const trackingId = hydrated.data.site.analyticsId;
  if (trackingId) {
    // Loaded only when the site has analytics; without a tracking id there is no script and no request.
    void import("./analytics.ts").then(({ createTracker }) => {
      const tracker = createTracker();
      tracker.initialize(trackingId);
      tracker.pageview(`${location.pathname}${location.search}`, document.title);
    });
  }
  if ("serviceWorker" in navigator && !(window as { __DOCS_DEV__?: boolean }).__DOCS_DEV__) {
    // Loaded on its own so the first paint never waits for it.
    void import("./register-service-worker.ts").then((m) => m.registerServiceWorker(navigator.serviceWorker));
  }
}

start();
