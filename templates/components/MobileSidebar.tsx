import { useEffect, useState } from "react";
import type { SidebarItem as Item, SiteData } from "../../src/shared/page-data.ts";
import { useSwipe } from "../hooks/use-swipe.ts";
import { HeaderTools, TopNav, usePhoneLayout } from "./HeaderTools.tsx";
import { Sidebar } from "./Sidebar.tsx";

/**
 * The mobile slide-out sidebar, rendered only in the browser. It opens from
 * the menu button or by swiping right from the left edge (the sidebar follows
 * the finger up to 295px), and closes by swiping left, by a touch or click
 * outside it, or when one of its links is followed. On a phone it also holds
 * the header's top links and tools (`header`: the site and the path they link
 * from), above the section's pages, while the compact header leaves them out.
 */
export function MobileSidebar({
  items,
  url,
  anchorsUrl,
  open,
  onOpenChange,
  header,
}: {
  items: readonly Item[];
  url: string;
  anchorsUrl: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  header?: { site: SiteData; url: string };
}) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const { drag, opener, panel } = useSwipe(onOpenChange);
  const phone = usePhoneLayout();
  if (!mounted || items.length === 0) return null;

  // While dragging, the panel follows the finger; otherwise CSS places it by data-open.
  const transform = drag === null ? undefined : open ? `translateX(${drag}px)` : `translateX(calc(-100% + ${drag}px))`;

  return (
    <>
      {open ? null : <div className="mobile-sidebar-opener" aria-hidden="true" {...opener} />}
      <div className="mobile-sidebar-backdrop" hidden={!open} onClick={() => onOpenChange(false)} onTouchStart={() => onOpenChange(false)} />
      <aside
        id="mobile-sidebar"
        className="mobile-sidebar"
        data-open={open ? "true" : "false"}
        inert={!open}
        aria-label="Section pages"
        style={transform ? { transform, transition: "none" } : undefined}
        {...panel}
      >
        {phone && header ? (
          <div className="menu-header">
            <TopNav url={header.url} />
            <HeaderTools site={header.site} url={header.url} />
          </div>
        ) : null}
        <Sidebar items={items} url={url} anchorsUrl={anchorsUrl} prefix="mobile" onNavigate={() => onOpenChange(false)} />
      </aside>
    </>
  );
}
