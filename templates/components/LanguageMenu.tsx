import { useMessages } from "../site-chrome.ts";
import type { KeyboardEvent, RefObject } from "react";
import type { LanguageItem } from "../../src/shared/page-data.ts";

/** Joins a language's address and the current path, or its home page's where the language lacks the page. */
function languageUrl(language: LanguageItem, path: string, homeIn: readonly string[]): string {
  return `${language.url}${homeIn.includes(language.lang) ? "/" : path}`;
}

/** What the language menu shows and where it keeps its items for the keyboard model. */
interface LanguageMenuProps {
  id: string;
  languages: readonly LanguageItem[];
  path: string;
  /** Languages that lack the page, whose item leads to their home page. */
  homeIn?: readonly string[] | undefined;
  /** The language of the site being read, marked as current. */
  active: string | undefined;
  open: boolean;
  items: RefObject<Array<HTMLAnchorElement | null>>;
  onKeyDown: (event: KeyboardEvent<HTMLUListElement>) => void;
}

/** The language dropdown's menu: one menu item per translated site, at the current path, hidden while closed. */
export function LanguageMenu({ id, languages, path, homeIn = [], active, open, items, onKeyDown }: LanguageMenuProps) {
  const t = useMessages();
  return (
    <ul id={id} role="menu" aria-label={t["header.languages"]} hidden={!open} onKeyDown={onKeyDown}>
      {languages.map((language, i) => (
        <li role="none" key={language.lang}>
          <a
            ref={(el) => {
              items.current[i] = el;
            }}
            role="menuitem"
            tabIndex={-1}
            href={languageUrl(language, path, homeIn)}
            hrefLang={language.lang}
            lang={language.lang}
            aria-current={language.lang === active ? "true" : undefined}
          >
            {language.title}
          </a>
        </li>
      ))}
    </ul>
  );
}
