import type { Anchor } from "../src/shared/content-types.ts";
import type { SectionAnchors } from "../src/shared/page-data.ts";

/** Each anchors file, fetched at most once per page load (a failed fetch is forgotten, so it can be tried again). */
const loaded = new Map<string, Promise<SectionAnchors>>();

/**
 * The anchors a sidebar item shows for `page`, from the anchors file of its
 * group at `url` (its section's own pages, or its folder's). Only ever called
 * in the browser, from a reader's action: the server renders the current
 * page's anchors from the page data.
 */
export function loadAnchors(url: string, page: string): Promise<Anchor[]> {
  let file = loaded.get(url);
  if (!file) {
    file = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`Loading ${url} failed with HTTP ${response.status}`);
      return response.json() as Promise<SectionAnchors>;
    });
    loaded.set(url, file);
    file.catch(() => loaded.delete(url));
  }
  return file.then((anchors) => anchors[page] ?? []);
}
