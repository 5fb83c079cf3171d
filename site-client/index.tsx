import "../templates/styles/site.css";
import "../templates/styles/components.css";
import { hydratePage } from "./hydrate.tsx";

/** Browser entry: hydrates the page, then registers the service worker outside the dev server. */
function start(): void {
  if (!hydratePage(document)) return;
  if ("serviceWorker" in navigator && !(window as { __DOCS_DEV__?: boolean }).__DOCS_DEV__) {
    // Loaded on its own so the first paint never waits for it.
    void import("./register-service-worker.ts").then((m) => m.registerServiceWorker(navigator.serviceWorker));
  }
}

start();
