import { useRef, useState, type TouchEvent } from "react";
import { openerOffset, swipeResult, type TouchTrack } from "../swipe.ts";

/** A touch's horizontal place as the gestures read it: from the inline start, so a right-to-left page's swipes mirror a left-to-right one's. */
const inlineX = (touch: { clientX: number }, rtl: boolean) => (rtl ? -touch.clientX : touch.clientX);

function track(start: TouchTrack | null, event: TouchEvent, rtl: boolean): TouchTrack | null {
  const touch = event.touches[0] ?? event.changedTouches[0];
  if (!start || !touch) return start;
  return { ...start, x: inlineX(touch, rtl), y: touch.clientY };
}

function begin(event: TouchEvent, rtl: boolean): TouchTrack | null {
  const touch = event.touches[0];
  return touch ? { startX: inlineX(touch, rtl), startY: touch.clientY, x: inlineX(touch, rtl), y: touch.clientY } : null;
}

/**
 * The mobile sidebar's swipe gestures (thresholds in `swipe.ts`): touch
 * handlers for the edge opener (a swipe right opens; the sidebar follows the
 * finger up to 295px) and for the panel (a swipe left closes), and `drag`,
 * how far the finger has moved the panel (px, towards the inline end), or
 * null when no drag is on. On a right-to-left page (`rtl`) the sidebar is at
 * the right and every gesture is mirrored: a swipe left opens it.
 */
export function useSwipe(onOpenChange: (open: boolean) => void, rtl = false) {
  const [drag, setDrag] = useState<number | null>(null);
  const touch = useRef<TouchTrack | null>(null);

  const onTouchStart = (event: TouchEvent) => {
    touch.current = begin(event, rtl);
  };
  const end = (event: TouchEvent, open: boolean) => {
    const done = track(touch.current, event, rtl);
    touch.current = null;
    setDrag(null);
    const result = done ? swipeResult(done, open) : "none";
    if (result !== "none") onOpenChange(result === "open");
  };
  const opener = {
    onTouchStart,
    onTouchMove: (event: TouchEvent) => {
      touch.current = track(touch.current, event, rtl);
      if (touch.current) setDrag(openerOffset(touch.current));
    },
    onTouchEnd: (event: TouchEvent) => end(event, false),
  };
  const panel = {
    onTouchStart,
    onTouchMove: (event: TouchEvent) => {
      touch.current = track(touch.current, event, rtl);
      const t = touch.current;
      if (t) setDrag(Math.min(0, t.x - t.startX));
    },
    onTouchEnd: (event: TouchEvent) => end(event, true),
  };
  return { drag, opener, panel };
}
