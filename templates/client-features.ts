import { createContext, type ComponentType } from "react";
import type { SiteSearch } from "../src/shared/page-data.ts";
import type { SearchBackend } from "../src/shared/search/results.ts";
import type { VoteAppProps } from "../src/shared/vote-types.ts";

/** The vote board component, as loaded. */
export type VoteAppComponent = ComponentType<VoteAppProps>;

/**
 * What only the browser can do for the templates, handed to them by the
 * client at hydration: each loads code the first view does not need, in a
 * chunk of its own. The templates never import the client.
 */
export interface ClientFeatures {
  /** Loads the search backend the site is configured for; called on the search box's first focus. */
  loadSearch(search: SiteSearch): Promise<SearchBackend>;
  /** Loads the vote board and, when given, its stylesheet (a public URL). */
  loadVoteApp(stylesheet?: string): Promise<VoteAppComponent>;
  /** Watches the page's headings with these ids and reports the id of the one being read; returns a function that stops watching. */
  watchHeadings(ids: string[], onCurrent: (id: string) => void): () => void;
}

/** The message of what the server's features reject with. */
export const NOT_IN_BROWSER = "Not available without the browser client.";

const unavailable = () => Promise.reject(new Error(NOT_IN_BROWSER));

/**
 * The features outside the client: the server render (where effects and
 * focus never happen, so nothing is ever asked for) and any tree the client
 * did not wrap, where a request fails as a failed chunk would.
 */
export const SERVER_FEATURES: ClientFeatures = { loadSearch: unavailable, loadVoteApp: unavailable, watchHeadings: () => () => {} };

/** The client's features for the templates; the server default loads nothing. */
export const ClientFeaturesContext = createContext<ClientFeatures>(SERVER_FEATURES);
