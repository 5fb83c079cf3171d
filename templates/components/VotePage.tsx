import type { VoteBoardMessages } from "../../src/shared/messages/index.ts";
import { useChrome } from "../site-chrome.ts";
import { use, useEffect, useState } from "react";
import type { VoteTopic } from "../../src/shared/vote-types.ts";
import { ClientFeaturesContext, type VoteAppComponent } from "../client-features.ts";

/** Props of the vote page. */
export interface VotePageProps {
  topics: readonly VoteTopic[];
  /** The board's strings (see `VoteAppProps`). */
  messages: VoteBoardMessages;
  /** The public URL of the board's stylesheet (`vote.css`, hashed); "" or absent for none. */
  stylesheet?: string;
  /** Loads the board (tests replace it); defaults to the client's `loadVoteApp`. */
  load?: (stylesheet?: string) => Promise<VoteAppComponent>;
}

type Loaded = { status: "loading" } | { status: "ready"; App: VoteAppComponent } | { status: "error" };

/**
 * The `/vote/` page. The server renders a shell: heading, introduction, a
 * placeholder where the board goes, and a plain list of the topics linking
 * to their issues (useful without JavaScript, or if the board fails to load).
 * After hydration the client loads the board, which replaces the placeholder
 * and the list; the first browser render matches the server's.
 */
export function VotePage({ topics, messages, stylesheet, load: given }: VotePageProps) {
  const { loadVoteApp } = use(ClientFeaturesContext);
  const { messages: t } = useChrome();
  const load = given ?? loadVoteApp;
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  useEffect(() => {
    let live = true;
    load(stylesheet || undefined).then(
      (App) => live && setLoaded({ status: "ready", App }),
      (error: unknown) => {
        console.warn("docs-build: the vote board could not be loaded", error);
        if (live) setLoaded({ status: "error" });
      },
    );
    return () => {
      live = false;
    };
  }, [load, stylesheet]);

  return (
    <article className="vote-page">
      <h1>{t["vote.title"]}</h1>
      <p className="vote-intro">{t["vote.intro"]}</p>
      {loaded.status === "ready" ? (
        <div className="vote-app" data-vote-app="ready">
          <loaded.App topics={topics} messages={messages} />
        </div>
      ) : loaded.status === "error" ? (
        <div className="vote-app" data-vote-app="error" role="alert">
          <p>{t["vote.error"]}</p>
        </div>
      ) : (
        <div className="vote-app" data-vote-app="" aria-busy="true">
          <p className="vote-loading">{t["vote.loading"]}</p>
        </div>
      )}
      {/* Without JavaScript the board never loads: say why the list is plain (site.css hides the placeholder). */}
      <noscript>
        <p>{t["vote.noScript"]}</p>
      </noscript>
      {loaded.status === "ready" ? null : (
        <section className="vote-fallback" aria-labelledby="vote-fallback-title">
          <h2 id="vote-fallback-title">{t["vote.allTopics"]}</h2>
          <ul>
            {topics.map((topic) => (
              <li key={topic.id}>
                <a href={topic.issue} rel="noopener noreferrer">
                  {topic.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
