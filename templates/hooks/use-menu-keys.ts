import { useRef, type KeyboardEvent } from "react";

/** What the language menu's keyboard model needs: how many items it has and how to open or close it. */
interface MenuKeysOptions {
  count: number;
  open: boolean;
  setOpen(open: boolean): void;
}

/**
 * The language menu's keyboard model: on the button ↓, Enter or Space open
 * the menu at its first item and ↑ at its last, Esc closes it; in the menu
 * ↑/↓ move (wrapping), Home and End go to the first and last item, and Esc
 * closes the menu and returns focus to the button. An Esc that closes the menu
 * is marked handled (`preventDefault`), so a slide-out menu around the
 * dropdown stays open; with the menu closed, Esc is left to it.
 */
export function useMenuKeys({ count, open, setOpen }: MenuKeysOptions) {
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<Array<HTMLAnchorElement | null>>([]);

  const focusItem = (index: number) => {
    const length = items.current.length;
    items.current[((index % length) + length) % length]?.focus();
  };
  const openAndFocus = (index: number) => {
    setOpen(true);
    // The items render hidden, so they can take focus as soon as the menu shows.
    requestAnimationFrame(() => focusItem(index));
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      openAndFocus(0);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      openAndFocus(count - 1);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  };
  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const index = items.current.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === "ArrowDown") {
      event.preventDefault();
      focusItem(index + 1);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      focusItem(index - 1);
    } else if (event.key === "Home") {
      event.preventDefault();
      focusItem(0);
    } else if (event.key === "End") {
      event.preventDefault();
      focusItem(count - 1);
    } else if (event.key === "Escape") {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    }
  };

  return { button, items, onButtonKey, onMenuKey };
}
