import { useId, useMemo, useState } from "react";
import type { VoteAppProps } from "../../src/shared/vote-types.ts";
import {
  allTags,
  countText,
  NO_FILTER,
  readSupported,
  SORT_OPTIONS,
  toggleSupported,
  visibleTopics,
  votesText,
  writeSupported,
  type SortOrder,
  type VoteFilter,
} from "./vote-core.ts";

/** The text shown when no topic passes the filters. */
export const EMPTY_TEXT = "No topics match.";

/**
 * The vote board, loaded lazily and only in the browser (its styles are
 * `vote.css`, loaded by the page shell): filter, tag, "only supported" and
 * sort controls over one card per topic. Support is remembered in
 * localStorage; the vote itself happens on the topic's issue.
 */
export function VoteApp({ topics }: VoteAppProps) {
  const id = useId();
  const [filter, setFilter] = useState<VoteFilter>(NO_FILTER);
  const [order, setOrder] = useState<SortOrder>("most");
  const [supported, setSupported] = useState<Set<string>>(() => readSupported());
  const tags = useMemo(() => allTags(topics), [topics]);
  const shown = visibleTopics(topics, filter, order, supported);
  const update = (change: Partial<VoteFilter>) => setFilter((f) => ({ ...f, ...change }));
  const toggle = (topicId: string) =>
    setSupported((current) => {
      const next = toggleSupported(current, topicId);
      writeSupported(next);
      return next;
    });
  const filtered = filter.text !== "" || filter.tag !== "" || filter.supportedOnly;

  return (
    <div className="vote-board">
      <div className="vote-controls" role="group" aria-label="Filter and sort topics">
        <div className="vote-field vote-field-text">
          <label htmlFor={`${id}-text`}>Filter topics</label>
          <input
            id={`${id}-text`}
            type="search"
            value={filter.text}
            placeholder="e.g. css, cache"
            autoComplete="off"
            onChange={(e) => update({ text: e.currentTarget.value })}
          />
        </div>
        <div className="vote-field">
          <label htmlFor={`${id}-tag`}>Tag</label>
          <select id={`${id}-tag`} value={filter.tag} onChange={(e) => update({ tag: e.currentTarget.value })}>
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
          <select id={`${id}-sort`} value={order} onChange={(e) => setOrder(e.currentTarget.value as SortOrder)}>
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="vote-field vote-field-check">
          <input id={`${id}-mine`} type="checkbox" checked={filter.supportedOnly} onChange={(e) => update({ supportedOnly: e.currentTarget.checked })} />
          <label htmlFor={`${id}-mine`}>Only topics I support</label>
        </div>
      </div>

      <p className="vote-summary" role="status" aria-live="polite" aria-atomic="true">
        {countText(shown.length, topics.length)}
      </p>

      {shown.length === 0 ? (
        <div className="vote-empty">
          <p>{EMPTY_TEXT}</p>
          {filtered ? (
            <button type="button" className="vote-button" onClick={() => setFilter(NO_FILTER)}>
              Clear filters
            </button>
          ) : null}
        </div>
      ) : (
        <ul className="vote-list">
          {shown.map((topic) => {
            const on = supported.has(topic.id);
            const titleId = `${id}-topic-${topic.id}`;
            return (
              <li key={topic.id} className={on ? "vote-card supported" : "vote-card"} data-topic={topic.id}>
                <h2 className="vote-card-title" id={titleId}>
                  {topic.title}
                </h2>
                <p className="vote-card-description">{topic.description}</p>
                {topic.tags && topic.tags.length > 0 ? (
                  <ul className="vote-tags" aria-label="Tags">
                    {topic.tags.map((tag) => (
                      <li key={tag}>{tag}</li>
                    ))}
                  </ul>
                ) : null}
                <div className="vote-card-footer">
                  <p className="vote-count">{votesText(topic.votes)}</p>
                  <div className="vote-card-actions">
                    <button type="button" className="vote-toggle" aria-pressed={on} aria-describedby={titleId} onClick={() => toggle(topic.id)}>
                      {on ? "Supported" : "I support this"}
                    </button>
                    <a className="vote-issue" href={topic.issue} rel="noopener noreferrer" aria-describedby={titleId}>
                      Vote on the issue
                    </a>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
