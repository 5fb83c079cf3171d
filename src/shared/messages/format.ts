/**
 * Filling in messages, apart from the catalogues so the client bundle takes
 * this and none of them.
 */

/** Fills each `{word}` of a message from `values`; a word without a value stays as it is. */
export function formatMessage(message: string, values: Readonly<Record<string, string | number>>): string {
  return message.replace(/\{(\w+)\}/g, (whole, word: string) => (word in values ? String(values[word]) : whole));
}

/**
 * One formatter per language, made when first asked for: making an `Intl`
 * formatter costs far more than formatting with it, and a build formats a
 * day on every page.
 */
function perLanguage<T>(make: (lang: string) => T): (lang: string) => T {
  const made = new Map<string, T>();
  return (lang) => {
    let formatter = made.get(lang);
    if (formatter === undefined) made.set(lang, (formatter = make(lang)));
    return formatter;
  };
}

const dayFormat = perLanguage((lang) => new Intl.DateTimeFormat(lang, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }));
const countFormat = perLanguage((lang) => new Intl.NumberFormat(lang));

/** A `YYYY-MM-DD` day written out in a language ("January 5, 2024" in English), the same in every time zone. */
export function formatDay(day: string, lang: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return dayFormat(lang).format(Date.UTC(y, m - 1, d));
}

/** A count written in a language's digits and grouping. */
export function formatCount(count: number, lang: string): string {
  return countFormat(lang).format(count);
}

/** Each language's names of languages, by tag, as asked for: the runtime's lookup of a name costs far more than a map's, and every page names every language of the site. */
const languageNames = perLanguage((lang) => {
  const names = new Map<string, string>();
  let display: Intl.DisplayNames | undefined;
  return (tag: string): string => {
    let name = names.get(tag);
    if (name === undefined) {
      try {
        display ??= new Intl.DisplayNames([lang], { type: "language" });
        name = display.of(tag) ?? tag;
      } catch {
        name = tag;
      }
      names.set(tag, name);
    }
    return name;
  };
});

/** A language's name in the reader's language (`en` in a Chinese site: 英语), or the tag where the runtime has no name for it. */
export function languageName(tag: string, lang: string): string {
  return languageNames(lang)(tag);
}
