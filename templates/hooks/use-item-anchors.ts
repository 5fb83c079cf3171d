import { useState } from "react";
import type { Anchor } from "../../src/shared/content-types.ts";
import type { SidebarItem } from "../../src/shared/page-data.ts";
import { loadAnchors } from "../section-anchors.ts";

/** What a sidebar item shows in its anchor list: the anchors, or where loading them stands. */
export type AnchorState = { anchors: Anchor[] } | { loading: true } | { failed: true };

/**
 * A sidebar item's anchors: those that came with a page (kept after the
 * reader moves on), or those fetched from its group's anchors file; `load`
 * starts the fetch unless the anchors are known or on their way (a failed
 * fetch is tried again).
 */
export function useItemAnchors(item: SidebarItem, anchorsUrl: string): { state: AnchorState | undefined; load: () => void } {
  const [fetched, setFetched] = useState<AnchorState | undefined>(undefined);
  // Anchors that came with a page stay known after the reader moves on: the item of the page just left keeps its open list.
  const [kept, setKept] = useState(item.anchors);
  if (item.anchors.length && item.anchors !== kept) setKept(item.anchors);
  const state: AnchorState | undefined = kept.length ? { anchors: kept } : fetched;
  const load = () => {
    if (state && !("failed" in state)) return;
    if (!anchorsUrl) return setFetched({ failed: true });
    setFetched({ loading: true });
    loadAnchors(anchorsUrl, item.url).then(
      (anchors) => setFetched({ anchors }),
      () => setFetched({ failed: true }),
    );
  };
  return { state, load };
}
