import { useHref, useMessages } from "../site-chrome.ts";

/**
 * A page that could not be fetched offline and was never saved: says so, in
 * place of the whole page (so no other page's title stays above it), with a
 * way back to the page before and to the home page (loaded as a document,
 * which the service worker keeps from the first visit).
 */
export function Offline() {
  const t = useMessages();
  const href = useHref();
  return (
    <section className="offline-page" data-content-state="offline">
      <h1>{t["offline.title"]}</h1>
      <p role="status">
        {t["offline.text"]} {t["offline.more"]}
      </p>
      <p className="offline-actions">
        <button type="button" className="button" onClick={() => history.back()}>
          {t["offline.back"]}
        </button>
        <a className="button" href={href("/")} data-full-load="">
          {t["offline.home"]}
        </a>
      </p>
    </section>
  );
}
