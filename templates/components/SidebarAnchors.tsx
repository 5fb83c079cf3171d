import { useHref, useMessages } from "../site-chrome.ts";
import type { AnchorState } from "../hooks/use-item-anchors.ts";

/** A sidebar item's list of anchors of levels 2 and 3, or, while open, a note that they are loading or could not be loaded. */
export function SidebarAnchors({ id, url, state, open }: { id: string; url: string; state: AnchorState | undefined; open: boolean }) {
  const t = useMessages();
  const href = useHref();
  return (
    <ul className="sidebar-anchors" id={id} hidden={!open} aria-busy={state && "loading" in state ? true : undefined}>
      {state && "anchors" in state ? (
        state.anchors
          .filter((anchor) => anchor.level === 2 || anchor.level === 3)
          .map((anchor) => (
            <li key={anchor.id} className={`level-${anchor.level}`}>
              <a href={`${href(url)}#${anchor.id}`}>{anchor.title}</a>
            </li>
          ))
      ) : open ? (
        <li className="sidebar-anchors-note">{state && "failed" in state ? t["sidebar.failed"] : t["sidebar.loading"]}</li>
      ) : null}
    </ul>
  );
}
