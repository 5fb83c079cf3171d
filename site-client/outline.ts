import { hashTarget } from "./scroll.ts";

/** Where a watched heading was last seen: above the reading band, in it, or below it. */
const ABOVE = -1;
const IN = 0;
const BELOW = 1;

/**
 * Reports which of the headings named by `ids` is being read: the first one
 * in the top part of the viewport, else the last one scrolled past. An
 * IntersectionObserver tells when each heading enters or leaves that band,
 * so scrolling reads no layout. Ids are found as hash links find them (the
 * third-party prefix first). Returns a function that stops watching.
 */
export function watchHeadings(ids: string[], onCurrent: (id: string) => void): () => void {
  // Without the observer (an old browser, a test DOM) the outline stays plain links.
  if (typeof IntersectionObserver === "undefined") return () => {};
  const headings = ids.map((id) => hashTarget(id));
  const where = new Map<Element, number>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const top = entry.rootBounds?.top ?? 0;
        where.set(entry.target, entry.isIntersecting ? IN : entry.boundingClientRect.top < top ? ABOVE : BELOW);
      }
      let current = headings.findIndex((heading) => heading && where.get(heading) === IN);
      if (current < 0) current = headings.findLastIndex((heading) => heading && where.get(heading) === ABOVE);
      onCurrent(current < 0 ? "" : ids[current]);
    },
    // The band is the top third of the viewport: a heading is being read from when it reaches it.
    { rootMargin: "0px 0px -66% 0px" },
  );
  for (const heading of headings) if (heading) observer.observe(heading);
  return () => observer.disconnect();
}
