import type { PageEntry } from "./content-types.ts";

/** One `<link rel="alternate" hreflang>` of a page: a language's tag (or `x-default`) and the page's address in it. */
export interface Alternate {
  lang: string;
  href: string;
}

/**
 * The alternates of a page (pure): the page at each language's address that
 * has it (see `PageEntry.alternates`), this language's first, then the
 * others in the config's order, and `x-default` for the default language's
 * when it has the page. A page no other language has, and a fallback page
 * (whose canonical link is the default language's), have none.
 */
export function alternatesOf(
  settings: { baseUrl: string; defaultLanguage: string; languages: ReadonlyArray<{ lang: string; url: string }> },
  lang: string,
  entry: Pick<PageEntry, "url" | "alternates" | "fallback">,
): Alternate[] {
  const others = entry.alternates ?? [];
  if (entry.fallback || others.length === 0) return [];
  const addressOf = (tag: string) => (tag === lang ? settings.baseUrl : (settings.languages.find((l) => l.lang === tag)?.url ?? ""));
  const tags = [lang, ...settings.languages.map((l) => l.lang).filter((tag) => others.includes(tag))];
  const links = tags.map((tag) => ({ lang: tag, href: `${addressOf(tag)}${entry.url}` }));
  const original = links.find((link) => link.lang === settings.defaultLanguage);
  return original ? [...links, { lang: "x-default", href: original.href }] : links;
}
