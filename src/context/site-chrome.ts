import path from "node:path";
import { basePathOf, withBase } from "../shared/base-path.ts";
import * as v from "valibot";
import { readJsonFile, repositoryDataKind } from "../data-files/check-json.ts";
import { jsonObject, mustBe, objectMessage } from "../data-files/problems.ts";
import { ICON_PATHS } from "../shared/constants.ts";
import { EN, namedMessages, pageMessages, shippedCatalogue, type MessageKey, type Messages } from "../shared/messages/index.ts";
import { TEXT_KEYS, type ChromeTexts, type SiteChrome } from "../shared/site-chrome.ts";
import type { BuildContext } from "./context.ts";
import type { Settings } from "./config.ts";

/** The folder of a project's own message files, from its root: `messages/<lang>.json` overrides that language's strings. */
const MESSAGES_DIR = "messages";

/** The language a build's pages are in: its tag and writing direction. */
export interface SiteLocale {
  lang: string;
  dir: "ltr" | "rtl";
}

/**
 * The locale of a build: `lang` (default: the config's `defaultLanguage`),
 * written in the direction its entry in `languages` gives (default "ltr").
 */
export function siteLocale(settings: Pick<Settings, "defaultLanguage" | "languages">, lang = settings.defaultLanguage): SiteLocale {
  return { lang, dir: settings.languages.find((language) => language.lang === lang)?.dir ?? "ltr" };
}

/** What a locale's strings are made of, besides the shipped catalogue. */
export interface MessageSources {
  locale: SiteLocale;
  /** The project's own strings for the locale (`messages/<lang>.json`). */
  overrides?: Partial<Messages>;
}

/**
 * A locale's strings (pure): the shipped catalogue of its language, then, in
 * the default language, the config's `texts`, then the project's own file;
 * the site's name filled in.
 */
export function resolveMessages(settings: Pick<Settings, "name" | "texts" | "defaultLanguage">, { locale, overrides = {} }: MessageSources): Messages {
  const texts: Partial<Messages> = {};
  if (locale.lang === settings.defaultLanguage) {
    for (const [key, text] of Object.entries(settings.texts)) if (text !== undefined) texts[TEXT_KEYS[key as keyof ChromeTexts]] = text;
  }
  return namedMessages({ ...shippedCatalogue(locale.lang), ...texts, ...overrides }, settings.name);
}

/** The settings a locale's strings are resolved from. */
export type MessageSettings = Pick<Settings, "name" | "texts" | "defaultLanguage" | "languages">;

/** One string of the build's own locale, from the shipped catalogue and the config's `texts` (for what the server alone writes: feeds, the head). */
export function siteMessage(settings: MessageSettings, key: MessageKey): string {
  return resolveMessages(settings, { locale: siteLocale(settings) })[key];
}

/** The chrome of the site the settings describe, in a locale with its strings (see `SiteChrome`). */
function siteChrome(settings: Settings, { locale, messages }: { locale: SiteLocale; messages: Messages }): SiteChrome {
  const base = basePathOf(settings.baseUrl);
  return {
    base,
    ...locale,
    messages: pageMessages(messages),
    footer: settings.footer.map((link) => ({ ...link })),
    notification: settings.notification && { ...settings.notification },
    logo: settings.logo ? withBase(base, `/${ICON_PATHS.icon}`) : "",
    copyPage: settings.llms,
  };
}

/** A project's message file (`messages/<lang>.json`): an object of the catalogue's keys, each a string. */
export const messageFileSchema = jsonObject(
  v.strictObject(
    Object.fromEntries(Object.keys(EN).map((key) => [key, v.optional(v.string(mustBe("a string")))])) as unknown as Record<
      MessageKey,
      v.OptionalSchema<v.StringSchema<string>, undefined>
    >,
    objectMessage(Object.keys(EN), {
      type: mustBe("an object of strings"),
      unknown: (key) => `unknown key "${key}": not a string of the message catalogue (the README lists them)`,
    }),
  ),
);

const loaded = new WeakMap<BuildContext, Map<string, Promise<Messages>>>();

/**
 * A build's strings in a locale (default: the build's own): the shipped
 * catalogue with the config's `texts` and the project's `messages/<lang>.json`
 * over it. The file is read and its problems reported once per build and locale.
 */
export function loadMessages(ctx: BuildContext, locale = siteLocale(ctx.settings, ctx.language.lang)): Promise<Messages> {
  let byLang = loaded.get(ctx);
  if (!byLang) loaded.set(ctx, (byLang = new Map()));
  let messages = byLang.get(locale.lang);
  if (!messages) {
    const file = path.join(ctx.paths.root, MESSAGES_DIR, `${locale.lang}.json`);
    const kind = repositoryDataKind(`${MESSAGES_DIR}/${locale.lang}.json`, messageFileSchema);
    messages = readJsonFile(ctx, file, kind).then((overrides) =>
      resolveMessages(ctx.settings, { locale, overrides: overrides as Partial<Messages> | undefined }),
    );
    byLang.set(locale.lang, messages);
  }
  return messages;
}

/** A build's chrome in a locale (default: the build's own), its strings loaded (see `loadMessages`). */
export async function loadSiteChrome(ctx: BuildContext, locale = siteLocale(ctx.settings, ctx.language.lang)): Promise<SiteChrome> {
  return siteChrome(ctx.settings, { locale, messages: await loadMessages(ctx, locale) });
}
