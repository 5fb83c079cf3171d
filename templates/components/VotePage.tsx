import { useChrome } from "../site-chrome.ts";
import { use, useEffect, useState } from "react";
import type { VoteTopic } from "../../src/shared/vote-types.ts";
import { ClientFeaturesContext, type VoteAppComponent } from "../client-features.ts";

/** The text of the placeholder that stands where the vote board will be. */
export const VOTE_LOADING_TEXT = "Loading the vote board…";

/** The text shown when the vote board's code cannot be loaded. */
export const VOTE_ERROR_TEXT = "The vote board could not be loaded. Every topic is listed below with a link to its issue.";

/** Props of the vote page. */
export interface VotePageProps {
  topics: readonly VoteTopic[];
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
export function VotePage({ topics, stylesheet, load: given }: VotePageProps) {
  const { loadVoteApp } = use(ClientFeaturesContext);
  const { texts } = useChrome();
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
      <h1>Vote</h1>
      <p className="vote-intro">{texts.voteIntro}</p>
      {loaded.status === "ready" ? (
        <div className="vote-app" data-vote-app="ready">
          <loaded.App topics={topics} />
        </div>
      ) : loaded.status === "error" ? (
        <div className="vote-app" data-vote-app="error" role="alert">
          <p>{VOTE_ERROR_TEXT}</p>
        </div>
      ) : (
        <div className="vote-app" data-vote-app="" aria-busy="true">
          <p className="vote-loading">{VOTE_LOADING_TEXT}</p>
        </div>
      )}
      {/* Without JavaScript the board never loads: say why the list is plain (site.css hides the placeholder). */}
      <noscript>
        <p>Marking topics needs JavaScript. Every topic is listed below with a link to the issue where you can vote.</p>
      </noscript>
      {loaded.status === "ready" ? null : (
        <section className="vote-fallback" aria-labelledby="vote-fallback-title">
          <h2 id="vote-fallback-title">All topics</h2>
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
