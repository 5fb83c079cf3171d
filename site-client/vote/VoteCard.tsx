import type { VoteBoardMessages } from "../../src/shared/messages/index.ts";
import { useChrome } from "../../templates/site-chrome.ts";
import type { VoteTopic } from "../../src/shared/vote-types.ts";
import { votesText } from "./vote-core.ts";

/** One topic's card and whether the reader supports it. */
interface VoteCardProps {
  t: VoteBoardMessages;
  topic: VoteTopic;
  /** The id of the card's title, which names its controls. */
  titleId: string;
  supported: boolean;
  onToggle(): void;
}

/** A topic's card on the vote board: title, description, tags, vote count, the support toggle and the link to its issue. */
export function VoteCard({ t, topic, titleId, supported, onToggle }: VoteCardProps) {
  const { lang } = useChrome();
  return (
    <li className={supported ? "vote-card supported" : "vote-card"} data-topic={topic.id}>
      <h2 className="vote-card-title" id={titleId}>
        {topic.title}
      </h2>
      <p className="vote-card-description">{topic.description}</p>
      {topic.tags && topic.tags.length > 0 ? (
        <ul className="vote-tags" aria-label={t["vote.tags"]}>
          {topic.tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      ) : null}
      <div className="vote-card-footer">
        <p className="vote-count">{votesText(topic.votes, { t, lang })}</p>
        <div className="vote-card-actions">
          <button type="button" className="vote-toggle" aria-pressed={supported} aria-describedby={titleId} onClick={onToggle}>
            {t[supported ? "vote.supported" : "vote.support"]}
          </button>
          <a className="vote-issue" href={topic.issue} rel="noopener noreferrer" aria-describedby={titleId}>
            {t["vote.onIssue"]}
          </a>
        </div>
      </div>
    </li>
  );
}
