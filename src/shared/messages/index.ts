import { EN, type MessageKey, type Messages } from "./en.ts";
import { KO } from "./ko.ts";
import { ZH } from "./zh.ts";

export { EN, type MessageKey, type Messages } from "./en.ts";
export { formatMessage } from "./format.ts";

/** The catalogues docs-build ships, by language tag. */
export const CATALOGUES: Readonly<Record<string, Messages>> = { en: EN, zh: ZH, ko: KO };

/** The strings a page's HTML body holds: its code blocks', tables' and asides' labels (see `markdownLabels`). */
export const BODY_LABEL_KEYS = [
  "code.invalid",
  "code.copyLabel",
  "table.label",
  "table.labelHeading",
  "table.labelNumber",
  "table.labelNumbered",
  "aside.tip",
  "aside.warning",
  "aside.todo",
  "aside.note",
  "aside.important",
  "aside.caution",
] as const satisfies readonly MessageKey[];

/** The strings only the server uses (feeds, the head, markdown, the boot script and the stylesheet): the client bundle is built without them. */
const SERVER_ONLY = ["vote.description", "blog.description", "blog.title", "printable.title", ...BODY_LABEL_KEYS] as const satisfies readonly MessageKey[];

/** The strings of the vote board alone: the vote page's data carries them, so no other page's code does. */
const VOTE_BOARD = [
  "vote.controls",
  "vote.filter",
  "vote.filterExample",
  "vote.tag",
  "vote.allTags",
  "vote.sortBy",
  "vote.mostVotes",
  "vote.fewestVotes",
  "vote.titleOrder",
  "vote.mine",
  "vote.empty",
  "vote.clear",
  "vote.tags",
  "vote.supported",
  "vote.support",
  "vote.onIssue",
  "vote.countOne",
  "vote.count",
  "vote.votesOne",
  "vote.votes",
] as const satisfies readonly MessageKey[];

/** The vote board's strings. */
export type VoteBoardMessages = Pick<Messages, (typeof VOTE_BOARD)[number]>;

/** The vote board's strings of a catalogue. */
export function voteBoardMessages(messages: VoteBoardMessages): VoteBoardMessages {
  return Object.fromEntries(VOTE_BOARD.map((key) => [key, messages[key]])) as VoteBoardMessages;
}

/** The strings the pages' chrome shows: the catalogue without the server's own and the vote board's. */
export type PageMessages = Omit<Messages, (typeof SERVER_ONLY)[number] | (typeof VOTE_BOARD)[number]>;

/** A key of the strings the pages show. */
export type PageMessageKey = keyof PageMessages;

/**
 * The shipped catalogue of a language tag: the tag's own, else its
 * language's ("zh" for "zh-CN"), else English.
 */
export function shippedCatalogue(lang: string): Messages {
  return CATALOGUES[lang] ?? CATALOGUES[lang.split("-")[0].toLowerCase()] ?? EN;
}

/** A catalogue with `{name}` filled in every string. */
export function namedMessages(messages: Messages, name: string): Messages {
  return Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, text.replaceAll("{name}", name)])) as Messages;
}

/** The strings the pages' chrome shows (for the client bundle): the catalogue without the server's own. */
export function pageMessages(messages: Messages): PageMessages {
  const shown: Partial<Messages> = { ...messages };
  for (const key of [...SERVER_ONLY, ...VOTE_BOARD]) delete shown[key];
  return shown as PageMessages;
}
