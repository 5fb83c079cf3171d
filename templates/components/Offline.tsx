import { OFFLINE_TEXT, OFFLINE_TITLE } from "./Content.tsx";

/**
 * A page that could not be fetched offline and was never saved: says so, in
 * place of the whole page (so no other page's title stays above it), with a
 * way back to the page before and to the home page (loaded as a document,
 * which the service worker keeps from the first visit).
 */
export function Offline() {
  return (
    <section className="offline-page" data-content-state="offline">
      <h1>{OFFLINE_TITLE}</h1>
      <p role="status">{OFFLINE_TEXT} Pages you have opened, and those saved for offline reading, still open.</p>
      <p className="offline-actions">
        <button type="button" className="button" onClick={() => history.back()}>
          Go back
        </button>
        <a className="button" href="/" data-full-load="">
          Go to Homepage
        </a>
      </p>
    </section>
  );
}
