import { SORT_OPTIONS, type SortOrder, type VoteFilter } from "./vote-core.ts";

/** What the board's controls show and whom they tell about a change. */
interface VoteControlsProps {
  /** The prefix of the controls' ids. */
  id: string;
  filter: VoteFilter;
  order: SortOrder;
  tags: readonly string[];
  onFilter(change: Partial<VoteFilter>): void;
  onOrder(order: SortOrder): void;
}

/** The vote board's controls: a text filter, a tag, the sort order and "only topics I support". */
export function VoteControls({ id, filter, order, tags, onFilter, onOrder }: VoteControlsProps) {
  return (
    <div className="vote-controls" role="group" aria-label="Filter and sort topics">
      <div className="vote-field vote-field-text">
        <label htmlFor={`${id}-text`}>Filter topics</label>
        <input
          id={`${id}-text`}
          type="search"
          value={filter.text}
          placeholder="e.g. css, cache"
          autoComplete="off"
          onChange={(e) => onFilter({ text: e.currentTarget.value })}
        />
      </div>
      <div className="vote-field">
        <label htmlFor={`${id}-tag`}>Tag</label>
        <select id={`${id}-tag`} value={filter.tag} onChange={(e) => onFilter({ tag: e.currentTarget.value })}>
          <option value="">All tags</option>
          {tags.map((tag) => (
            <option key={tag} value={tag}>
              {tag}
            </option>
          ))}
        </select>
      </div>
      <div className="vote-field">
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select id={`${id}-sort`} value={order} onChange={(e) => onOrder(e.currentTarget.value as SortOrder)}>
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div className="vote-field vote-field-check">
        <input id={`${id}-mine`} type="checkbox" checked={filter.supportedOnly} onChange={(e) => onFilter({ supportedOnly: e.currentTarget.checked })} />
        <label htmlFor={`${id}-mine`}>Only topics I support</label>
      </div>
    </div>
  );
}
