import { formatCount, formatMessage } from "../../src/shared/messages/format.ts";
import type { VoteBoardMessages } from "../../src/shared/messages/index.ts";
import type { VoteTopic } from "../../src/shared/vote-types.ts";

/** The localStorage key that remembers the topics the reader supports: a JSON array of ids. */
export const SUPPORT_KEY = "vote-supported";

/** The orders the board can be sorted in. */
export type SortOrder = "most" | "fewest" | "title";

/** The sort choices (their labels by catalogue key), in the order the select shows them; the first is the default. */
export const SORT_OPTIONS: ReadonlyArray<{ value: SortOrder; label: keyof VoteBoardMessages }> = [
  { value: "most", label: "vote.mostVotes" },
  { value: "fewest", label: "vote.fewestVotes" },
  { value: "title", label: "vote.titleOrder" },
];

/** What the reader narrowed the board to. */
export interface VoteFilter {
  /** Free text matched against title, description and tags (case-insensitive; every word must match). */
  text: string;
  /** One tag, or "" for all. */
  tag: string;
  /** Only the topics the reader supports. */
  supportedOnly: boolean;
}

/** The filter that shows everything. */
export const NO_FILTER: VoteFilter = { text: "", tag: "", supportedOnly: false };

/** Every tag used by the topics, once each, in alphabetical order. */
export function allTags(topics: readonly VoteTopic[]): string[] {
  return [...new Set(topics.flatMap((t) => t.tags ?? []))].sort((a, b) => a.localeCompare(b, "en"));
}

/** True when the topic matches every word of `text` in its title, description or tags. */
function matchesText(topic: VoteTopic, text: string): boolean {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [topic.title, topic.description, ...(topic.tags ?? [])].join("\n").toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** The topics that pass the filter, in their given order (pure). */
export function filterTopics(topics: readonly VoteTopic[], filter: VoteFilter, supported: ReadonlySet<string>): VoteTopic[] {
  return topics.filter(
    (topic) =>
      matchesText(topic, filter.text) && (!filter.tag || (topic.tags ?? []).includes(filter.tag)) && (!filter.supportedOnly || supported.has(topic.id)),
  );
}

const byTitle = (a: VoteTopic, b: VoteTopic) => a.title.localeCompare(b.title, "en", { sensitivity: "base" }) || a.id.localeCompare(b.id, "en");

/** A sorted copy of the topics; ties in votes are broken by title (pure). */
export function sortTopics(topics: readonly VoteTopic[], order: SortOrder): VoteTopic[] {
  const sorted = [...topics];
  if (order === "title") return sorted.sort(byTitle);
  const sign = order === "fewest" ? 1 : -1;
  return sorted.sort((a, b) => sign * (a.votes - b.votes) || byTitle(a, b));
}

/** The topics to show: filtered, then sorted (pure). */
export function visibleTopics(topics: readonly VoteTopic[], filter: VoteFilter, order: SortOrder, supported: ReadonlySet<string>): VoteTopic[] {
  return sortTopics(filterTopics(topics, filter, supported), order);
}

/** "3 of 12 topics" (pure). */
export function countText(shown: number, total: number, words: VoteWords): string {
  return formatMessage(words.t[total === 1 ? "vote.countOne" : "vote.count"], { shown: formatCount(shown, words.lang), total: formatCount(total, words.lang) });
}

/** "1 vote", "1,234 votes" (pure). */
export function votesText(votes: number, words: VoteWords): string {
  return formatMessage(words.t[votes === 1 ? "vote.votesOne" : "vote.votes"], { count: formatCount(votes, words.lang) });
}

/** The strings and the language the board's counts are written in. */
export interface VoteWords {
  t: Pick<VoteBoardMessages, "vote.countOne" | "vote.count" | "vote.votesOne" | "vote.votes">;
  lang: string;
}

/** The storage the board uses: localStorage, or nothing when the browser blocks it (reading it can throw). */
type StorageLike = Pick<Storage, "getItem" | "setItem">;

function defaultStorage(): StorageLike | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The ids the reader supports, read from storage. Missing, blocked or
 * malformed storage (not JSON, not an array) reads as none; non-string
 * entries are dropped.
 */
export function readSupported(storage: StorageLike | undefined = defaultStorage()): Set<string> {
  try {
    const raw = storage?.getItem(SUPPORT_KEY);
    if (!raw) return new Set();
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? new Set(parsed.filter((id): id is string => typeof id === "string")) : new Set();
  } catch {
    return new Set();
  }
}

/** Stores the supported ids (sorted, so the value is stable); returns false when storage is missing or refuses. */
export function writeSupported(ids: Iterable<string>, storage: StorageLike | undefined = defaultStorage()): boolean {
  try {
    if (!storage) return false;
    storage.setItem(SUPPORT_KEY, JSON.stringify([...new Set(ids)].sort()));
    return true;
  } catch {
    return false;
  }
}

/** A copy of `supported` with `id` added, or removed when it was there (pure). */
export function toggleSupported(supported: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(supported);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
