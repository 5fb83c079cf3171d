import { CLOBBER_PREFIX } from "../src/shared/constants.ts";

/** How long to wait for an element named by the URL hash to appear (ms). */
export const HASH_WAIT = 10000;

/**
 * The element a fragment names. On third-party pages every id carries
 * GitHub's `user-content-` prefix while links keep the plain name (`#usage`),
 * as on GitHub, so the prefixed id is looked for first.
 */
export function hashTarget(id: string, doc: Document = document): HTMLElement | null {
  return doc.getElementById(`${CLOBBER_PREFIX}${id}`) ?? doc.getElementById(id);
}

/** The id a hash names: without `#`, percent-decoded when that is valid. */
function idOf(hash: string): string {
  const raw = hash.replace(/^#/, "");
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Scrolls to the element the hash names. When it is not in the document yet
 * (content still rendering), a MutationObserver waits for it, up to 10 s.
 * With no hash, scrolls to the top. Returns a function that stops waiting.
 */
export function scrollToHash(hash: string, doc: Document = document, win: Pick<Window, "scrollTo" | "setTimeout" | "clearTimeout"> = window): () => void {
  const id = idOf(hash);
  if (!id) {
    win.scrollTo(0, 0);
    return () => {};
  }
  const found = hashTarget(id, doc);
  if (found) {
    found.scrollIntoView();
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const element = hashTarget(id, doc);
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
