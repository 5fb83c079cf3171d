import { useEffect, useRef, useState, type TouchEvent } from "react";
import type { SidebarItem as Item } from "../../src/shared/page-data.ts";
import { openerOffset, swipeResult, type TouchTrack } from "../swipe.ts";
import { Sidebar } from "./Sidebar.tsx";

function track(start: TouchTrack | null, event: TouchEvent): TouchTrack | null {
  const touch = event.touches[0] ?? event.changedTouches[0];
  if (!start || !touch) return start;
  return { ...start, x: touch.clientX, y: touch.clientY };
}

function begin(event: TouchEvent): TouchTrack | null {
  const touch = event.touches[0];
  return touch ? { startX: touch.clientX, startY: touch.clientY, x: touch.clientX, y: touch.clientY } : null;
}

/**
 * The mobile slide-out sidebar, rendered only in the browser. It opens from
 * the menu button or by swiping right from the left edge (the sidebar follows
 * the finger up to 295px), and closes by swiping left, by a touch or click
 * outside it, or when one of its links is followed.
 */
export function MobileSidebar({
  items,
  url,
  anchorsUrl,
  open,
  onOpenChange,
}: {
  items: readonly Item[];
  url: string;
  anchorsUrl: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [mounted, setMounted] = useState(false);
  const [drag, setDrag] = useState<number | null>(null);
  const touch = useRef<TouchTrack | null>(null);
  useEffect(() => setMounted(true), []);
  if (!mounted || items.length === 0) return null;

  const opener = {
    onTouchStart: (event: TouchEvent) => {
      touch.current = begin(event);
    },
    onTouchMove: (event: TouchEvent) => {
      touch.current = track(touch.current, event);
      if (touch.current) setDrag(openerOffset(touch.current));
    },
    onTouchEnd: (event: TouchEvent) => {
      const done = track(touch.current, event);
      touch.current = null;
      setDrag(null);
      if (done && swipeResult(done, false) === "open") onOpenChange(true);
    },
  };
  const panel = {
    onTouchStart: (event: TouchEvent) => {
      touch.current = begin(event);
    },
    onTouchMove: (event: TouchEvent) => {
      touch.current = track(touch.current, event);
      const t = touch.current;
      if (t) setDrag(Math.min(0, t.x - t.startX));
    },
    onTouchEnd: (event: TouchEvent) => {
      const done = track(touch.current, event);
      touch.current = null;
      setDrag(null);
      if (done && swipeResult(done, true) === "close") onOpenChange(false);
    },
  };
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
        <Sidebar items={items} url={url} anchorsUrl={anchorsUrl} prefix="mobile" onNavigate={() => onOpenChange(false)} />
      </aside>
    </>
  );
}
