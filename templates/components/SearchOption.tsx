import type { SearchResult, TextPiece } from "../../src/shared/search/results.ts";
import { useHref } from "../site-chrome.ts";

function Pieces({ pieces }: { pieces: readonly TextPiece[] }) {
  return <>{pieces.map((piece, i) => (piece.match ? <mark key={i}>{piece.text}</mark> : <span key={i}>{piece.text}</span>))}</>;
}

/** Props of one search result. */
export interface SearchOptionProps {
  result: SearchResult;
  id: string;
  selected: boolean;
  /** The pointer moved over the result. */
  onHover(): void;
  /** The result was followed. */
  onPick(): void;
}

/** One search result, an option of the search box's listbox: its title, the headings down to the match, and a snippet. */
export function SearchOption({ result, id, selected, onHover, onPick }: SearchOptionProps) {
  const href = useHref();
  return (
    <a
      id={id}
      className="search-result"
      href={href(result.url)}
      role="option"
      aria-selected={selected}
      tabIndex={-1}
      onMouseMove={onHover}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onPick}
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
}
