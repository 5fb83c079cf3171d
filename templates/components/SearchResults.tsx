import { formatMessage } from "../../src/shared/messages/format.ts";
import { useMessages } from "../site-chrome.ts";
import type { ResultGroup } from "../../src/shared/search/results.ts";
import type { SearchStatus } from "../hooks/use-search-backend.ts";
import { SearchOption } from "./SearchOption.tsx";

/** Props of the search panel. */
export interface SearchResultsProps {
  id: string;
  status: SearchStatus;
  groups: readonly ResultGroup[];
  hidden: boolean;
  /** The selected option's index, in keyboard order (the groups' order). */
  active: number;
  optionId(index: number): string;
  /** The pointer moved over the option at an index. */
  onHover(index: number): void;
  /** A result was followed. */
  onPick(): void;
}

/** The search box's listbox: a status line, or the results grouped by site section. */
export function SearchResults({ id, status, groups, hidden, active, optionId, onHover, onPick }: SearchResultsProps) {
  const t = useMessages();
  let index = -1;
  return (
    <div className="search-panel" id={id} role="listbox" aria-label={t["search.results"]} hidden={hidden}>
      {status.kind === "loading" ? <p className="search-status">{t["search.loading"]}</p> : null}
      {status.kind === "error" ? <p className="search-status search-error">{status.message}</p> : null}
      {status.kind === "results" && status.results.length === 0 ? (
        <p className="search-status">{formatMessage(t["search.noResults"], { query: status.query })}</p>
      ) : null}
      {status.kind === "results" && status.results.some((result) => result.partial) ? <p className="search-status">{t["search.partial"]}</p> : null}
      {groups.map((group) => (
        <div className="search-group" role="group" aria-label={group.section} key={group.section}>
          <p className="search-group-title" aria-hidden="true">
            {group.section}
          </p>
          {group.results.map((result) => {
            const mine = ++index;
            return (
              <SearchOption key={result.url} result={result} id={optionId(mine)} selected={mine === active} onHover={() => onHover(mine)} onPick={onPick} />
            );
          })}
        </div>
      ))}
    </div>
  );
}
