/** The error thrown when a page view is sent before the tracker is set up. */
export const NOT_INITIALIZED = "Google analytics is not initialized";

/** Page-view analytics: set up once with a tracking id, then one call per route change. */
export interface Tracker {
  initialize(trackingId: string): void;
  /** Sends a page view for `path` (path plus query) with the page's title. */
  pageview(path: string, title: string): void;
}

type Gtag = (...args: unknown[]) => void;
interface AnalyticsWindow {
  document: Document;
  dataLayer?: unknown[];
  gtag?: Gtag;
  location: { origin: string };
}

/**
 * Creates the tracker. Nothing is loaded or sent until `initialize`: the
 * client imports this module only when the site config has a tracking id.
 */
export function createTracker(win: AnalyticsWindow = window as unknown as AnalyticsWindow): Tracker {
  let gtag: Gtag | undefined;
  return {
    initialize(trackingId) {
      if (gtag) return;
      win.dataLayer = win.dataLayer ?? [];
      const layer = win.dataLayer;
      // gtag.js reads the arguments objects pushed here, as its own snippet does.
      gtag = win.gtag = function gtag() {
        // biome-ignore lint/complexity/noArguments: gtag.js reads the arguments object itself, not an array.
        layer.push(arguments);
      };
      const script = win.document.createElement("script");
      script.async = true;
      script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(trackingId)}`;
      win.document.head.appendChild(script);
      gtag("js", new Date());
      gtag("config", trackingId, { send_page_view: false, anonymize_ip: true });
    },
    pageview(path, title) {
      if (!gtag) throw new Error(NOT_INITIALIZED);
      gtag("event", "page_view", { page_path: path, page_title: title, page_location: `${win.location.origin}${path}` });
    },
  };
}
