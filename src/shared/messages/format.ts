/**
 * Filling in messages, apart from the catalogues so the client bundle takes
 * this and none of them.
 */

/** Fills each `{word}` of a message from `values`; a word without a value stays as it is. */
export function formatMessage(message: string, values: Readonly<Record<string, string | number>>): string {
  return message.replace(/\{(\w+)\}/g, (whole, word: string) => (word in values ? String(values[word]) : whole));
}

/** A `YYYY-MM-DD` day written out in a language ("January 5, 2024" in English), the same in every time zone. */
export function formatDay(day: string, lang: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Intl.DateTimeFormat(lang, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(Date.UTC(y, m - 1, d));
}

/** A count written in a language's digits and grouping. */
export function formatCount(count: number, lang: string): string {
  return new Intl.NumberFormat(lang).format(count);
}
