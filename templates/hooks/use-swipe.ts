import { useRef, useState, type TouchEvent } from "react";
import { openerOffset, swipeResult, type TouchTrack } from "../swipe.ts";

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
 * The mobile sidebar's swipe gestures (thresholds in `swipe.ts`): touch
 * handlers for the edge opener (a swipe right opens; the sidebar follows the
 * finger up to 295px) and for the panel (a swipe left closes), and `drag`,
 * how far the finger has moved the panel (px), or null when no drag is on.
 */
export function useSwipe(onOpenChange: (open: boolean) => void) {
  const [drag, setDrag] = useState<number | null>(null);
  const touch = useRef<TouchTrack | null>(null);

  const onTouchStart = (event: TouchEvent) => {
    touch.current = begin(event);
  };
  const end = (event: TouchEvent, open: boolean) => {
    const done = track(touch.current, event);
    touch.current = null;
    setDrag(null);
    const result = done ? swipeResult(done, open) : "none";
    if (result !== "none") onOpenChange(result === "open");
  };
  const opener = {
    onTouchStart,
    onTouchMove: (event: TouchEvent) => {
      touch.current = track(touch.current, event);
      if (touch.current) setDrag(openerOffset(touch.current));
    },
    onTouchEnd: (event: TouchEvent) => end(event, false),
  };
  const panel = {
    onTouchStart,
    onTouchMove: (event: TouchEvent) => {
      touch.current = track(touch.current, event);
      const t = touch.current;
      if (t) setDrag(Math.min(0, t.x - t.startX));
    },
    onTouchEnd: (event: TouchEvent) => end(event, true),
  };
  return { drag, opener, panel };
}
