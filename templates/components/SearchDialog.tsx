import { useMessages } from "../site-chrome.ts";
import { useCallback, useRef, useState } from "react";
import type { SiteSearch } from "../../src/shared/page-data.ts";
import { keepFocusIn } from "../hooks/use-dialog-focus.ts";
import { SearchBox } from "./SearchBox.tsx";

/** The wrapper's role while it is open; closed (and from 768 px up) it is a plain box around the search box. */
const DIALOG = { role: "dialog", "aria-modal": true } as const;

/**
 * The header's search. From 768 px up it is the search box in the header; on
 * a phone the header shows a search button instead, which opens the same box
 * full screen as a modal dialog, as do `/` and Ctrl/Cmd+K: focus goes to the
 * field, Esc or the close button closes it and focus returns to the button,
 * and following a result closes it.
 */
export function SearchDialog({ search }: { search: SiteSearch }) {
  const t = useMessages();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const reveal = useCallback(() => setOpen(true), []);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className="icon-button search-button"
        aria-label={t["search.open"]}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path fill="none" stroke="currentColor" strokeWidth="2.5" d="M10.5 3a7.5 7.5 0 1 0 0 15 7.5 7.5 0 0 0 0-15Zm5.3 12.8L21 21" />
        </svg>
      </button>
      <div
        ref={panel}
        className="search-dialog"
        data-open={open ? "true" : "false"}
        {...(open ? { ...DIALOG, "aria-label": t["search.dialog"] } : undefined)}
        onKeyDown={(event) => {
          if (!open) return;
          if (event.key === "Escape") close(true);
          else if (event.key === "Tab") keepFocusIn(event, panel.current);
        }}
      >
        <SearchBox search={search} focus={open} onPick={() => close(false)} reveal={reveal} />
        <button type="button" className="icon-button search-dialog-close" hidden={!open} onClick={() => close(true)}>
          {t["search.close"]}
        </button>
      </div>
    </>
  );
}
