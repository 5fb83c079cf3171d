import { useEffect, useState, type ComponentType } from "react";
import type { VoteAppProps } from "../../site-client/vote/VoteApp.tsx";
import type { VoteTopic } from "../../src/shared/vote-types.ts";
import { loadStylesheet, type ChunkLoadError } from "../../site-client/loader.ts";

/** The text of the placeholder that stands where the vote board will be. */
export const VOTE_LOADING_TEXT = "Loading the vote board…";

/** The text shown when the vote board's code cannot be loaded. */
export const VOTE_ERROR_TEXT = "The vote board could not be loaded. Every topic is listed below with a link to its issue.";

/** How long the board waits for its stylesheet before it shows anyway (ms). */
const STYLESHEET_WAIT = 3000;

/** The vote board component, as loaded. */
export type VoteAppComponent = ComponentType<VoteAppProps>;

/**
 * Loads the board's stylesheet as a stylesheet chunk. A failure is the
 * catalogue's ChunkLoadError with code CSS_CHUNK_LOAD_FAILED: it is logged,
 * and the board still shows (unstyled but usable), as it does when the
 * stylesheet takes longer than 3 s.
 */
function loadBoardStylesheet(href: string): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, STYLESHEET_WAIT)));
  const loaded = loadStylesheet("vote", href).catch((error: unknown) => {
    const named = error as ChunkLoadError;
    console.warn(`docs-build: ${named.message} (${named.code ?? named.name}); the vote board shows without its styles`);
  });
  return Promise.race([loaded, waited]).finally(() => clearTimeout(timer));
}

/**
 * Loads the vote board in the browser: its code through a dynamic import (so
 * esbuild puts it in a chunk of its own, fetched only by this page) and, when
 * given, its stylesheet, which esbuild does not load for dynamic chunks.
 */
export async function loadVoteApp(stylesheet?: string): Promise<VoteAppComponent> {
  const [mod] = await Promise.all([import("../../site-client/vote/VoteApp.tsx"), stylesheet ? loadBoardStylesheet(stylesheet) : undefined]);
  return mod.VoteApp;
}

/** Props of the vote page. */
export interface VotePageProps {
  topics: readonly VoteTopic[];
  /** The public URL of the board's stylesheet (`vote.css`, hashed); "" or absent for none. */
  stylesheet?: string;
  /** Loads the board (tests replace it); defaults to `loadVoteApp`. */
  load?: (stylesheet?: string) => Promise<VoteAppComponent>;
}

type Loaded = { status: "loading" } | { status: "ready"; App: VoteAppComponent } | { status: "error" };

/**
 * The `/vote/` page. The server renders a shell: heading, introduction, a
 * placeholder where the board goes, and a plain list of the topics linking
 * to their issues (useful without JavaScript, or if the board fails to load).
 * After hydration the board is imported and replaces the placeholder and the
 * list; the first browser render matches the server's.
 */
export function VotePage({ topics, stylesheet, load = loadVoteApp }: VotePageProps) {
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
      <p className="vote-intro">
        Tell us which parts of webpack and its documentation matter most to you. Mark the topics you care about to keep track of them in this browser,
        then vote on the issue that tracks each one, where the maintainers follow the discussion. No account is needed here.
      </p>
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
      {/* Without JavaScript the board never loads: hide its placeholder and say why the list is plain. */}
      <noscript>
        <style>{"[data-vote-app]{display:none}"}</style>
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
