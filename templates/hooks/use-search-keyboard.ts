import type { KeyboardEvent as ReactKeyboardEvent, RefObject } from "react";
import { useSearchShortcut } from "./use-search-shortcut.ts";

/** What the search box's keyboard model reads and changes. */
export interface SearchKeyboardOptions {
  input: RefObject<HTMLInputElement | null>;
  /** How many results are shown, in keyboard order. */
  count: number;
  active: number;
  setActive(update: (current: number) => number): void;
  open: boolean;
  setOpen(open: boolean): void;
  query: string;
  /** The id of the option at an index, in keyboard order. */
  optionId(index: number): string;
  /** Empties the box and its results. */
  clear(): void;
  /** Shows the box when a shortcut is pressed while it is hidden (the phone header's closed dialog). */
  reveal?: () => void;
}

/**
 * The search box's keyboard model: `/` (outside a field) or Ctrl/Cmd+K focus
 * the box from anywhere on the page; in the box ↑/↓ move through the results,
 * Enter opens the selected one, and Esc closes the list, or when it is
 * already closed (or the box empty) clears the box and leaves it.
 */
export function useSearchKeyboard(options: SearchKeyboardOptions): (event: ReactKeyboardEvent<HTMLInputElement>) => void {
  const { input, count, active, setActive, open, setOpen, query, optionId, clear, reveal } = options;
  useSearchShortcut(input, reveal);

  const openResult = (index: number) => {
    const link = document.getElementById(optionId(index)) as HTMLAnchorElement | null;
    if (!link) return;
    setOpen(false);
    input.current?.blur();
    link.click();
  };

  return (event) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (count === 0) return;
      event.preventDefault();
      setOpen(true);
      setActive((current) => (event.key === "ArrowDown" ? (current + 1) % count : (current - 1 + count) % count));
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (open && count > 0) openResult(active);
    } else if (event.key === "Escape") {
      event.preventDefault();
      if (open && query) setOpen(false);
      else {
        clear();
        input.current?.blur();
      }
    }
  };
}
