import { useChrome } from "../../templates/site-chrome.ts";
import { useId, useMemo, useState } from "react";
import type { VoteAppProps } from "../../src/shared/vote-types.ts";
import { allTags, countText, NO_FILTER, readSupported, toggleSupported, visibleTopics, writeSupported, type SortOrder, type VoteFilter } from "./vote-core.ts";
import { VoteCard } from "./VoteCard.tsx";
import { VoteControls } from "./VoteControls.tsx";

/**
 * The vote board, loaded lazily and only in the browser (its styles are
 * `vote.css`, loaded by the page shell): filter, tag, "only supported" and
 * sort controls over one card per topic. Support is remembered in
 * localStorage; the vote itself happens on the topic's issue.
 */
export function VoteApp({ topics, messages }: VoteAppProps) {
  const { lang } = useChrome();
  const t = messages;
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
      <VoteControls t={t} id={id} filter={filter} order={order} tags={tags} onFilter={update} onOrder={setOrder} />

      <p className="vote-summary" role="status" aria-live="polite" aria-atomic="true">
        {countText(shown.length, topics.length, { t, lang })}
      </p>

      {shown.length === 0 ? (
        <div className="vote-empty">
          <p>{t["vote.empty"]}</p>
          {filtered ? (
            <button type="button" className="vote-button" onClick={() => setFilter(NO_FILTER)}>
              {t["vote.clear"]}
            </button>
          ) : null}
        </div>
      ) : (
        <ul className="vote-list">
          {shown.map((topic) => (
            <VoteCard
              t={t}
              key={topic.id}
              topic={topic}
              titleId={`${id}-topic-${topic.id}`}
              supported={supported.has(topic.id)}
              onToggle={() => toggle(topic.id)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
