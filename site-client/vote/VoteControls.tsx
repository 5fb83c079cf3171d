import type { VoteBoardMessages } from "../../src/shared/messages/index.ts";
import { SORT_OPTIONS, type SortOrder, type VoteFilter } from "./vote-core.ts";

/** What the board's controls show and whom they tell about a change. */
interface VoteControlsProps {
  t: VoteBoardMessages;
  /** The prefix of the controls' ids. */
  id: string;
  filter: VoteFilter;
  order: SortOrder;
  tags: readonly string[];
  onFilter(change: Partial<VoteFilter>): void;
  onOrder(order: SortOrder): void;
}

/** The vote board's controls: a text filter, a tag, the sort order and "only topics I support". */
export function VoteControls({ t, id, filter, order, tags, onFilter, onOrder }: VoteControlsProps) {
  return (
    <div className="vote-controls" role="group" aria-label={t["vote.controls"]}>
      <div className="vote-field vote-field-text">
        <label htmlFor={`${id}-text`}>{t["vote.filter"]}</label>
        <input
          id={`${id}-text`}
          type="search"
          value={filter.text}
          placeholder={t["vote.filterExample"]}
          autoComplete="off"
          onChange={(e) => onFilter({ text: e.currentTarget.value })}
        />
      </div>
      <div className="vote-field">
        <label htmlFor={`${id}-tag`}>{t["vote.tag"]}</label>
        <select id={`${id}-tag`} value={filter.tag} onChange={(e) => onFilter({ tag: e.currentTarget.value })}>
          <option value="">{t["vote.allTags"]}</option>
          {tags.map((tag) => (
            <option key={tag} value={tag}>
              {tag}
            </option>
          ))}
        </select>
      </div>
      <div className="vote-field">
        <label htmlFor={`${id}-sort`}>{t["vote.sortBy"]}</label>
        <select id={`${id}-sort`} value={order} onChange={(e) => onOrder(e.currentTarget.value as SortOrder)}>
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {t[o.label]}
            </option>
          ))}
        </select>
      </div>
      <div className="vote-field vote-field-check">
        <input id={`${id}-mine`} type="checkbox" checked={filter.supportedOnly} onChange={(e) => onFilter({ supportedOnly: e.currentTarget.checked })} />
        <label htmlFor={`${id}-mine`}>{t["vote.mine"]}</label>
      </div>
    </div>
  );
}
