/** Spec constants of the mobile sidebar's swipe gesture. */
export const SWIPE = {
  /** A swipe shorter than this (px) does nothing. */
  threshold: 20,
  /** While opening, the sidebar follows the finger up to this far (px). */
  openerMax: 295,
  /** A swipe counts only when |vertical| / |horizontal| is below this. */
  maxRatio: 0.8,
};

/** Where a touch started and where it is now. */
export interface TouchTrack {
  startX: number;
  startY: number;
  x: number;
  y: number;
}

/** True when a movement is horizontal enough to be a swipe (vertical/horizontal ratio below 0.8). */
export function isHorizontal(track: TouchTrack): boolean {
  const dx = Math.abs(track.x - track.startX);
  const dy = Math.abs(track.y - track.startY);
  return dx > 0 && dy / dx < SWIPE.maxRatio;
}

/** How far (px, 0 to 295) a closed sidebar follows a finger dragging right from the opener. */
export function openerOffset(track: TouchTrack): number {
  const dx = track.x - track.startX;
  if (dx <= 0 || !isHorizontal(track)) return 0;
  return Math.min(dx, SWIPE.openerMax);
}

/**
 * What a finished swipe does to the sidebar: open it (rightward, while
 * closed), close it (leftward, while open), or nothing (too short, too
 * vertical, or the wrong way).
 */
export function swipeResult(track: TouchTrack, open: boolean): "open" | "close" | "none" {
  const dx = track.x - track.startX;
  if (Math.abs(dx) <= SWIPE.threshold || !isHorizontal(track)) return "none";
  if (!open && dx > 0) return "open";
  if (open && dx < 0) return "close";
  return "none";
}
