import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import type { SiteSearch } from "../../src/shared/page-data.ts";
import { groupResults, type SearchResult, type TextPiece } from "../../src/shared/search/results.ts";

type Backend = import("../../site-client/search/search-backend.ts").SearchBackend;

/** What the panel shows. */
type Status = { kind: "idle" } | { kind: "loading" } | { kind: "results"; query: string; results: SearchResult[] } | { kind: "error"; message: string };

const PLACEHOLDER = "Search webpack documentation";

/** True when a key press is meant for a field the reader is typing in. */
function typingIn(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return Boolean(element && (element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName)));
}

function Pieces({ pieces }: { pieces: readonly TextPiece[] }) {
  return (
    <>
      {pieces.map((piece, i) => (piece.match ? <mark key={i}>{piece.text}</mark> : <span key={i}>{piece.text}</span>))}
    </>
  );
}

/**
 * The header's search box. Rendered on the server as a plain search field;
 * in the browser the first focus loads the search backend (the built-in
 * index, or the hosted service) in its own chunk, and results appear as you
 * type, grouped by site section. `/` or Ctrl/Cmd+K focus the box; ↑/↓ move
 * through results, Enter opens one, Esc closes the list.
 */
export function SearchBox({ search }: { search: SiteSearch }) {
  const id = useId();
  const listId = `${id}-results`;
  const input = useRef<HTMLInputElement>(null);
  const backend = useRef<Promise<Backend> | undefined>(undefined);
  const sequence = useRef(0);
  const [query, setQuery] = useState("");
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const load = useCallback(() => {
    if (!backend.current) {
      // The index download starts with the chunk's, not after it.
      const indexRequest = search.provider === "local" ? fetch(search.indexUrl) : undefined;
      indexRequest?.catch(() => undefined);
      backend.current = import("../../site-client/search/search-backend.ts").then((m) => m.createBackend(search, indexRequest));
    }
    return backend.current;
  }, [search]);

  const run = useCallback(
    async (text: string) => {
      const mine = ++sequence.current;
      if (text.trim() === "") {
        setStatus({ kind: "idle" });
        return;
      }
      setStatus((previous) => (previous.kind === "results" ? previous : { kind: "loading" }));
      try {
        const results = await (await load()).search(text);
        if (mine === sequence.current) {
          setStatus({ kind: "results", query: text, results });
          setActive(0);
        }
      } catch (error) {
        backend.current = undefined;
        if (mine === sequence.current) setStatus({ kind: "error", message: (error as Error).message || "Search is not available." });
      }
    },
    [load],
  );

  // `/` and Ctrl/Cmd+K focus the box from anywhere on the page.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const shortcut = (event.key === "k" || event.key === "K") && (event.ctrlKey || event.metaKey);
      if ((event.key === "/" && !typingIn(event.target) && !event.ctrlKey && !event.metaKey && !event.altKey) || shortcut) {
        event.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  const results = status.kind === "results" ? status.results : [];
  const groups = groupResults(results);
  // Keyboard order follows the groups as shown.
  const ordered = groups.flatMap((g) => g.results);
  const optionId = (i: number) => `${id}-option-${i}`;

  const openResult = (index: number) => {
    const link = document.getElementById(optionId(index)) as HTMLAnchorElement | null;
    if (!link) return;
    setOpen(false);
    input.current?.blur();
    link.click();
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (ordered.length === 0) return;
      event.preventDefault();
      setOpen(true);
      setActive((current) => (event.key === "ArrowDown" ? (current + 1) % ordered.length : (current - 1 + ordered.length) % ordered.length));
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (open && ordered.length > 0) openResult(active);
    } else if (event.key === "Escape") {
      event.preventDefault();
      if (open && query) setOpen(false);
      else {
        setQuery("");
        setStatus({ kind: "idle" });
        input.current?.blur();
      }
    }
  };

  const expanded = open && status.kind !== "idle";
  let index = -1;
  return (
    <form
      className="search"
      role="search"
      onSubmit={(e) => e.preventDefault()}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <input
        ref={input}
        type="search"
        name="q"
        placeholder={PLACEHOLDER}
        aria-label={PLACEHOLDER}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && ordered.length > 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onFocus={() => {
          void load().catch(() => undefined);
          setOpen(true);
        }}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
          void run(e.target.value);
        }}
        onKeyDown={onKeyDown}
      />
      <kbd className="search-hint" aria-hidden="true">
        /
      </kbd>
      <div className="search-panel" id={listId} role="listbox" aria-label="Search results" hidden={!expanded}>
        {status.kind === "loading" ? <p className="search-status">Loading search…</p> : null}
        {status.kind === "error" ? <p className="search-status search-error">{status.message}</p> : null}
        {status.kind === "results" && results.length === 0 ? <p className="search-status">No results for “{status.query}”.</p> : null}
        {groups.map((group) => (
          <div className="search-group" role="group" aria-label={group.section} key={group.section}>
            <p className="search-group-title" aria-hidden="true">
              {group.section}
            </p>
            {group.results.map((result) => {
              index++;
              const mine = index;
              return (
                <a
                  key={result.url}
                  id={optionId(mine)}
                  className="search-result"
                  href={result.url}
                  role="option"
                  aria-selected={mine === active}
                  tabIndex={-1}
                  onMouseMove={() => setActive(mine)}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => setOpen(false)}
                >
                  <span className="search-result-title">
                    {result.title}
                    {result.headings.map((h, i) => (
                      <span key={i} className="search-result-heading">
                        {" › "}
                        {h}
                      </span>
                    ))}
                  </span>
                  {result.snippet.length > 0 ? (
                    <span className="search-result-snippet">
                      <Pieces pieces={result.snippet} />
                    </span>
                  ) : null}
                </a>
              );
            })}
          </div>
        ))}
      </div>
    </form>
  );
}
