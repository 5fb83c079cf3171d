/** How long to wait for an element named by the URL hash to appear (ms). */
export const HASH_WAIT = 10000;

/**
 * Scrolls to the element the hash names. When it is not in the document yet
 * (content still rendering), a MutationObserver waits for it, up to 10 s.
 * With no hash, scrolls to the top. Returns a function that stops waiting.
 */
export function scrollToHash(hash: string, doc: Document = document, win: Pick<Window, "scrollTo" | "setTimeout" | "clearTimeout"> = window): () => void {
  const id = decodeURIComponent(hash.replace(/^#/, ""));
  if (!id) {
    win.scrollTo(0, 0);
    return () => {};
  }
  const found = doc.getElementById(id);
  if (found) {
    found.scrollIntoView();
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const element = doc.getElementById(id);
    if (!element) return;
    stop();
    element.scrollIntoView();
  });
  const timer = win.setTimeout(() => stop(), HASH_WAIT);
  const stop = () => {
    observer.disconnect();
    win.clearTimeout(timer);
  };
  observer.observe(doc.documentElement, { childList: true, subtree: true });
  return stop;
}
