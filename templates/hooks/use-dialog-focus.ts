import { useLayoutEffect, type KeyboardEvent, type RefObject } from "react";

/** The elements of `root` that Tab reaches and that are shown, in document order. */
function tabbables(root: HTMLElement | null): HTMLElement[] {
  if (!root) return [];
  return [...root.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [tabindex]")].filter(
    (element) => element.tabIndex >= 0 && !element.matches(":disabled") && element.getClientRects().length > 0,
  );
}

/**
 * Keeps Tab and Shift+Tab inside a modal dialog's `root`: Tab on its last
 * control goes to the first, Shift+Tab on its first control to the last.
 */
export function keepFocusIn(event: KeyboardEvent, root: HTMLElement | null): void {
  const items = tabbables(root);
  const edge = event.shiftKey ? items[0] : items[items.length - 1];
  if (items.length === 0 || document.activeElement !== edge) return;
  event.preventDefault();
  (event.shiftKey ? items[items.length - 1] : items[0])?.focus();
}

/**
 * Focus for a panel shown as a modal dialog: when it opens, focus moves to its
 * first control; when it closes (Escape, a tap outside, a swipe, a followed
 * link) with focus inside it, focus goes back to `opener`, the button that
 * opens it. A layout effect: focus moves in the same task as the commit that
 * makes the closed panel inert, before the browser's focus fix-up can drop it
 * to the page.
 */
export function useDialogFocus(panel: RefObject<HTMLElement | null>, open: boolean, opener?: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const root = panel.current;
    if (open) tabbables(root)[0]?.focus({ preventScroll: true });
    else if (root?.contains(document.activeElement)) opener?.current?.focus();
  }, [panel, open, opener]);
}
