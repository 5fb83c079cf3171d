import type { KeyboardEvent, RefObject } from "react";
import { useChrome } from "../site-chrome.ts";

/** What the search field shows and whom it tells about focus, typing and keys. */
interface SearchInputProps {
  inputRef: RefObject<HTMLInputElement | null>;
  /** The id of the results listbox the field controls. */
  listId: string;
  expanded: boolean;
  /** The id of the selected option, while one is shown. */
  activeId: string | undefined;
  value: string;
  onFocus(): void;
  onChange(value: string): void;
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
}

/** The search box's field: a search input that is the combobox of the results listbox. */
export function SearchInput({ inputRef, listId, expanded, activeId, value, onFocus, onChange, onKeyDown }: SearchInputProps) {
  const placeholder = useChrome().messages["search.placeholder"];
  return (
    <input
      ref={inputRef}
      type="search"
      name="q"
      placeholder={placeholder}
      aria-label={placeholder}
      role="combobox"
      aria-autocomplete="list"
      aria-expanded={expanded}
      aria-controls={listId}
      aria-activedescendant={activeId}
      autoComplete="off"
      spellCheck={false}
      value={value}
      onFocus={onFocus}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={onKeyDown}
    />
  );
}
