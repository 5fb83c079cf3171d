import { useEffect } from "react";

/**
 * Closes an open panel when the screen widens out of `query`, the media query
 * under which the panel can show. CSS alone would only hide it: the panel
 * would stay open behind the wide layout (its button still expanded, the
 * page's focus trap still set) and be found open when the screen narrows
 * again. Closing goes through the panel's own `onOpenChange`, so state,
 * `aria-expanded` and `inert` all follow.
 */
export function useCloseWhenWide(query: string, open: boolean, onOpenChange: (open: boolean) => void): void {
  useEffect(() => {
    if (!open || typeof window.matchMedia !== "function") return;
    const media = window.matchMedia(query);
    const close = () => {
      if (!media.matches) onOpenChange(false);
    };
    // Checked once at once too: the screen may have widened between the render and this effect.
    close();
    media.addEventListener("change", close);
    return () => media.removeEventListener("change", close);
  }, [query, open, onOpenChange]);
}
