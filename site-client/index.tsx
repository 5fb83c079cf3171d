import { hydrateRoot } from "react-dom/client";
import type { PageData } from "../src/shared/page-data.ts";
import { App } from "../templates/App.tsx";
import { DATA_ELEMENT_ID } from "../templates/Document.tsx";
import "../templates/styles/site.css";

/**
 * Browser entry: reads the page's data, hydrates the server-rendered app with
 * the body HTML already in the page, then registers the service worker.
 */
function start(): void {
  const dataElement = document.getElementById(DATA_ELEMENT_ID);
  const root = document.getElementById("root");
  if (!dataElement?.textContent || !root) return;
  const data = JSON.parse(dataElement.textContent) as PageData;
  const html = root.querySelector("[data-content]")?.innerHTML ?? "";
  hydrateRoot(root, <App data={data} body={{ html }} />, {
    onRecoverableError: (error) => console.warn("docs-build: hydration recovered from", error),
  });
  document.documentElement.dataset.hydrated = "true";
  if ("serviceWorker" in navigator && !(window as { __DOCS_DEV__?: boolean }).__DOCS_DEV__) {
    // Loaded on its own so the first paint never waits for it.
    void import("./register-service-worker.ts").then((m) => m.registerServiceWorker(navigator.serviceWorker));
  }
}

start();
