import { useEffect, type RefObject } from "react";

/** True when a key press is meant for a field the reader is typing in. */
function typingIn(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return Boolean(element && (element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName)));
}

/**
 * Focuses and selects the search box on `/` (when not typing in a field) or
 * Ctrl/Cmd+K, from anywhere on the page. While the box is not shown (on a
 * phone it waits in the closed search dialog), the keys call `reveal`
 * instead, which shows it and moves focus there.
 */
export function useSearchShortcut(input: RefObject<HTMLInputElement | null>, reveal?: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const shortcut = (event.key === "k" || event.key === "K") && (event.ctrlKey || event.metaKey);
      if ((event.key === "/" && !typingIn(event.target) && !event.ctrlKey && !event.metaKey && !event.altKey) || shortcut) {
        event.preventDefault();
        const field = input.current;
        if (field && field.getClientRects().length === 0 && reveal) reveal();
        else {
          field?.focus();
          field?.select();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [input, reveal]);
}
