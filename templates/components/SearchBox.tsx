import { useEffect, useId, useRef, useState } from "react";
import type { SiteSearch } from "../../src/shared/page-data.ts";
import { groupResults } from "../../src/shared/search/results.ts";
import { useSearchBackend } from "../hooks/use-search-backend.ts";
import { useSearchKeyboard } from "../hooks/use-search-keyboard.ts";
import { SearchInput } from "./SearchInput.tsx";
import { SearchResults } from "./SearchResults.tsx";

/**
 * The header's search box. Rendered on the server as a plain search field;
 * in the browser the first focus loads the search backend (the built-in
 * index, or the hosted service) in its own chunk, and results appear as you
 * type, grouped by site section. `/` or Ctrl/Cmd+K focus the box; ↑/↓ move
 * through results, Enter opens one, Esc closes the list.
 *
 * In the phone header's search dialog, `focus` moves focus to the field when
 * the dialog opens, `onPick` tells the dialog that a result was followed, and
 * `reveal` opens the closed dialog when `/` or Ctrl/Cmd+K is pressed.
 */
export function SearchBox({ search, focus = false, onPick, reveal }: { search: SiteSearch; focus?: boolean; onPick?: () => void; reveal?: () => void }) {
  const id = useId();
  const listId = `${id}-results`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const { query, status, load, change, clear } = useSearchBackend(search, () => setActive(0));
  const groups = groupResults(status.kind === "results" ? status.results : []);
  // Keyboard order follows the groups as shown.
  const count = groups.reduce((sum, g) => sum + g.results.length, 0);
  const onKeyDown = useSearchKeyboard({ input, count, active, setActive, open, setOpen, query, optionId, clear, reveal });
  const expanded = open && status.kind !== "idle";
  useEffect(() => {
    if (focus) input.current?.focus();
  }, [focus]);
  return (
    <form
      className="search"
      role="search"
      onSubmit={(e) => e.preventDefault()}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <SearchInput
        inputRef={input}
        listId={listId}
        expanded={expanded}
        activeId={expanded && count > 0 ? optionId(active) : undefined}
        value={query}
        onFocus={() => {
          void load().catch(() => undefined);
          setOpen(true);
        }}
        onChange={(value) => {
          change(value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      <kbd className="search-hint" aria-hidden="true">
        /
      </kbd>
      <SearchResults
        id={listId}
        status={status}
        groups={groups}
        hidden={!expanded}
        active={active}
        optionId={optionId}
        onHover={setActive}
        onPick={() => {
          setOpen(false);
          onPick?.();
        }}
      />
    </form>
  );
}
