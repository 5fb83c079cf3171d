import type { VoteBoardMessages } from "./messages/index.ts";
/**
 * The vote page's data: the committed file `repositories/vote-topics.json`
 * and its types (the build validates it with `src/data-files/vote-topics.ts`).
 */

/** Where the vote topics are committed, relative to the project root. */
export const VOTE_DATA_FILE = "repositories/vote-topics.json";

/** The only version of the file format this code reads. */
export const VOTE_DATA_VERSION = 1;

/** One feature topic readers can vote on. */
export interface VoteTopic {
  /** A slug, unique in the file: lowercase letters, digits and single hyphens. */
  id: string;
  title: string;
  /** One or two sentences. */
  description: string;
  /** The http(s) URL of the code-host issue (or issue search) that tracks the topic. */
  issue: string;
  /** The vote count captured when the file was last updated. */
  votes: number;
  tags?: string[];
}

/** Props of the vote board, which the browser client loads into the vote page. */
export interface VoteAppProps {
  topics: readonly VoteTopic[];
  /** The board's strings, in the page's language (from the vote page's data). */
  messages: VoteBoardMessages;
}

/** The whole data file. */
export interface VoteData {
  version: typeof VOTE_DATA_VERSION;
  /** When the vote counts were captured, as an ISO 8601 date or date-time. */
  capturedAt: string;
  topics: VoteTopic[];
}
