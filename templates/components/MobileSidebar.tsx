import { useChrome } from "../site-chrome.ts";
import { useEffect, useRef, useState, type RefObject } from "react";
import type { SidebarItem as Item, SiteData } from "../../src/shared/page-data.ts";
import { useCloseWhenWide } from "../hooks/use-close-when-wide.ts";
import { keepFocusIn, useDialogFocus } from "../hooks/use-dialog-focus.ts";
import { useSwipe } from "../hooks/use-swipe.ts";
import { HeaderTools, PHONE_QUERY, TopNav, usePhoneLayout } from "./HeaderTools.tsx";
import { Sidebar } from "./Sidebar.tsx";

/** Props of the slide-out menu. */
export interface MobileSidebarProps {
  /** The section's pages; none on pages without a sidebar. */
  items: readonly Item[];
  url: string;
  anchorsUrl: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The site and the path the header's links and tools link from, shown at the top on a phone. */
  header?: { site: SiteData; url: string; homeIn?: readonly string[] };
  /** The menu button, which gets focus back when the menu closes with focus inside it. */
  opener?: RefObject<HTMLElement | null>;
}

/** Where the slide-out menu holds the section's pages (components.css shows it from 768 px down). */
const SLIDE_OUT_QUERY = "(max-width: 768px)";

/**
 * The mobile slide-out menu, rendered only in the browser. It opens from the
 * menu button or by swiping right from the left edge (it follows the finger up
 * to 295px), and closes on Escape, by swiping left, by a touch or click outside
 * it, or when one of its links is followed. While open it is a modal dialog:
 * focus moves to its first control, Tab stays inside, and focus returns to the
 * menu button when it closes. It holds the section's pages (from 768 px down,
 * where the sidebar beside the page is hidden) and, on a phone, the header's
 * top links and tools above them (`header`), which the compact header leaves
 * out; so a page without a sidebar has the menu on a phone only. Widening the
 * screen past the width where the menu shows closes it.
 */
export function MobileSidebar({ items, url, anchorsUrl, open, onOpenChange, header, opener }: MobileSidebarProps) {
  const { messages: t, dir } = useChrome();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const { drag, opener: edge, panel } = useSwipe(onOpenChange, dir === "rtl");
  const phone = usePhoneLayout();
  const root = useRef<HTMLDivElement>(null);
  useDialogFocus(root, open, opener);
  useCloseWhenWide(items.length > 0 ? SLIDE_OUT_QUERY : PHONE_QUERY, open, onOpenChange);
  const tools = phone && header ? header : null;
  if (!mounted || (items.length === 0 && !tools)) return null;

  // While dragging, the panel follows the finger (mirrored on a right-to-left page, where it slides in from the right); otherwise CSS places it by data-open.
  const side = dir === "rtl" ? -1 : 1;
  const transform = drag === null ? undefined : open ? `translateX(${side * drag}px)` : `translateX(calc(${-side * 100}% + ${side * drag}px))`;

  return (
    <>
      {open ? null : <div className="mobile-sidebar-opener" aria-hidden="true" {...edge} />}
      <div className="mobile-sidebar-backdrop" hidden={!open} onClick={() => onOpenChange(false)} onTouchStart={() => onOpenChange(false)} />
      <div
        ref={root}
        id="mobile-sidebar"
        className={items.length > 0 ? "mobile-sidebar" : "mobile-sidebar menu-only"}
        data-open={open ? "true" : "false"}
        inert={!open}
        {...(open ? { role: "dialog", "aria-modal": true, "aria-label": tools ? t["header.menu"] : t["sidebar.label"] } : undefined)}
        style={transform ? { transform, transition: "none" } : undefined}
        onClick={(event) => {
          if ((event.target as Element).closest("a[href]")) onOpenChange(false);
        }}
        onKeyDown={(event) => {
          // The language dropdown inside handles (and marks) the Escape that closes it.
          if (event.key === "Escape" && !event.isDefaultPrevented()) onOpenChange(false);
          else if (event.key === "Tab") keepFocusIn(event, root.current);
        }}
        {...panel}
      >
        {tools ? (
          <div className="menu-header">
            <TopNav url={tools.url} />
            <HeaderTools site={tools.site} url={tools.url} homeIn={tools.homeIn} />
          </div>
        ) : null}
        <Sidebar items={items} url={url} anchorsUrl={anchorsUrl} prefix="mobile" />
      </div>
    </>
  );
}
