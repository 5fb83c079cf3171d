import { useMessages } from "../site-chrome.ts";
import { use, useEffect, useRef, useState, type RefObject } from "react";
import type { Anchor } from "../../src/shared/content-types.ts";
import type { PageData, SidebarItem } from "../../src/shared/page-data.ts";
import { ClientFeaturesContext } from "../client-features.ts";

/** The sidebar item of the page at `url`, at the top or inside the folder that came open. */
function currentItem(items: readonly SidebarItem[], url: string): SidebarItem | undefined {
  for (const item of items) {
    if (item.url === url && item.pages === undefined) return item;
    const inner = item.children && currentItem(item.children, url);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * The headings a page's outline lists (pure): on a documentation page, the
 * anchors its own sidebar item already carries (levels 2 and 3), so the page
 * data holds them once. None on other screens, nor on printable pages, which
 * the sidebar leaves out.
 */
export function outlineOf(data: PageData): Anchor[] {
  if (data.kind !== "doc") return [];
  return (currentItem(data.sidebar, data.url)?.anchors ?? []).filter((anchor) => anchor.level === 2 || anchor.level === 3);
}

/** Scrolls a long outline (not the page) so that its current entry shows, when it changes. */
function useCurrentInView(nav: RefObject<HTMLElement | null>, current: string): void {
  useEffect(() => {
    const box = nav.current;
    const link = current ? box?.querySelector<HTMLElement>("[aria-current]") : null;
    if (!box || !link) return;
    if (link.offsetTop < box.scrollTop || link.offsetTop + link.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = link.offsetTop - box.clientHeight / 2;
  }, [nav, current]);
}

/**
 * The "On this page" outline: links to the page's headings, the one being
 * read marked `aria-current` once the client watches the headings (nothing is
 * marked in the server's HTML). The stylesheet shows it on wide screens only.
 */
export function PageOutline({ anchors }: { anchors: Anchor[] }) {
  const t = useMessages();
  const { watchHeadings } = use(ClientFeaturesContext);
  const [current, setCurrent] = useState("");
  const nav = useRef<HTMLElement>(null);
  useCurrentInView(nav, current);
  // Ids never hold spaces: one string keeps the effect from restarting on every render of the layout.
  const ids = anchors.map((anchor) => anchor.id).join(" ");
  useEffect(() => watchHeadings(ids.split(" "), setCurrent), [ids, watchHeadings]);
  return (
    <nav className="page-outline" aria-label={t["outline.title"]} ref={nav}>
      <p className="page-outline-title">{t["outline.title"]}</p>
      <ul>
        {anchors.map((anchor) => (
          <li key={anchor.id} className={`level-${anchor.level}`}>
            <a href={`#${anchor.id}`} aria-current={anchor.id === current ? "location" : undefined}>
              {anchor.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
