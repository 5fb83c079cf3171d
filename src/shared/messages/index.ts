import { EN, type MessageKey, type Messages } from "./en.ts";
import { KO } from "./ko.ts";
import { ZH } from "./zh.ts";

export { EN, type MessageKey, type Messages } from "./en.ts";
export { formatMessage } from "./format.ts";

/** The catalogues docs-build ships, by language tag. */
export const CATALOGUES: Readonly<Record<string, Messages>> = { en: EN, zh: ZH, ko: KO };

/** The strings only the server uses (feeds, the head, markdown, the boot script and the stylesheet): the client bundle is built without them. */
const SERVER_ONLY = [
  "vote.description",
  "blog.description",
  "code.invalid",
  "printable.title",
  "code.copyLabel",
  "table.labelNumber",
  "table.label",
  "table.labelHeading",
  "table.labelNumbered",
] as const satisfies readonly MessageKey[];

/** The strings the pages' chrome shows: the catalogue without the server's own. */
export type PageMessages = Omit<Messages, (typeof SERVER_ONLY)[number]>;

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
  for (const key of SERVER_ONLY) delete shown[key];
  return shown as PageMessages;
}
