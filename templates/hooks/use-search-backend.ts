import { useMessages } from "../site-chrome.ts";
import { use, useRef, useState } from "react";
import type { SiteSearch } from "../../src/shared/page-data.ts";
import type { SearchBackend, SearchResult } from "../../src/shared/search/results.ts";
import { ClientFeaturesContext } from "../client-features.ts";

/** What the search panel shows. */
export type SearchStatus =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "results"; query: string; results: SearchResult[] }
  | { kind: "error"; message: string };

/** What `useSearchBackend` gives the search box. */
export interface SearchBackendState {
  /** The text in the box. */
  query: string;
  status: SearchStatus;
  /** Starts loading the backend (once; again after a failure) and returns it. */
  load(): Promise<SearchBackend>;
  /** Takes new text and runs it; only the newest query's answer is shown, and empty text shows nothing. */
  change(text: string): void;
  /** Empties the box and shows nothing. */
  clear(): void;
}

/**
 * The search box's text and queries. The backend comes from the client's
 * features (the server's never loads one); `onResults` is told when new
 * results replace the old, so the selection starts again at the first.
 */
export function useSearchBackend(search: SiteSearch, onResults: () => void): SearchBackendState {
  const t = useMessages();
  const { loadSearch } = use(ClientFeaturesContext);
  const backend = useRef<Promise<SearchBackend> | undefined>(undefined);
  const sequence = useRef(0);
  const [query, setQuery] = useState("");
  const [status, setStatus] = useState<SearchStatus>({ kind: "idle" });

  const load = () => (backend.current ??= loadSearch(search));

  const run = async (text: string) => {
    const mine = ++sequence.current;
    if (text.trim() === "") return setStatus({ kind: "idle" });
    setStatus((previous) => (previous.kind === "results" ? previous : { kind: "loading" }));
    try {
      const results = await (await load()).search(text);
      if (mine !== sequence.current) return;
      setStatus({ kind: "results", query: text, results });
      onResults();
    } catch (error) {
      backend.current = undefined;
      if (mine === sequence.current) setStatus({ kind: "error", message: (error as Error).message || t["search.unavailable"] });
    }
  };

  const change = (text: string) => {
    setQuery(text);
    void run(text);
  };
  const clear = () => {
    setQuery("");
    setStatus({ kind: "idle" });
  };
  return { query, status, load, change, clear };
}
