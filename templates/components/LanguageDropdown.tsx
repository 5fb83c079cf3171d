import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { LanguageItem } from "../../src/shared/page-data.ts";

/** Joins a translated site's address and the current path. */
function languageUrl(language: LanguageItem, path: string): string {
  return `${language.url.replace(/\/+$/, "")}${path}`;
}

/**
 * The language dropdown: a menu button listing the translated sites, each at
 * the current path. It opens on hover or click; closes on Escape, a click
 * outside or when focus leaves it; arrow keys move between the items.
 */
export function LanguageDropdown({ languages, path, current = "en" }: { languages: readonly LanguageItem[]; path: string; current?: string }) {
  const [open, setOpen] = useState(false);
  // A pointer resting on the dropdown has already opened it; its click must not close it again.
  const hovered = useRef(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<Array<HTMLAnchorElement | null>>([]);
  const menuId = "language-menu";
  const active = languages.find((l) => l.lang === current) ?? languages[0];

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onPointer);
    document.addEventListener("touchstart", onPointer);
    return () => {
      document.removeEventListener("mousedown", onPointer);
      document.removeEventListener("touchstart", onPointer);
    };
  }, [open]);

  const focusItem = (index: number) => {
    const count = items.current.length;
    items.current[((index % count) + count) % count]?.focus();
  };
  const openAndFocus = (index: number) => {
    setOpen(true);
    // The items render hidden, so they can take focus as soon as the menu shows.
    requestAnimationFrame(() => focusItem(index));
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      openAndFocus(0);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      openAndFocus(languages.length - 1);
    } else if (event.key === "Escape") setOpen(false);
  };
  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const index = items.current.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === "ArrowDown") {
      event.preventDefault();
      focusItem(index + 1);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      focusItem(index - 1);
    } else if (event.key === "Home") {
      event.preventDefault();
      focusItem(0);
    } else if (event.key === "End") {
      event.preventDefault();
      focusItem(languages.length - 1);
    } else if (event.key === "Escape") {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    }
  };

  return (
    <div
      ref={root}
      className={open ? "language-dropdown open" : "language-dropdown"}
      onMouseEnter={() => {
        hovered.current = true;
        setOpen(true);
      }}
      onMouseLeave={() => {
        hovered.current = false;
        setOpen(false);
      }}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="language-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Language: ${active?.title ?? ""}`}
        onClick={() => setOpen((o) => (hovered.current ? true : !o))}
        onKeyDown={onButtonKey}
      >
        {active?.title}
      </button>
      <ul id={menuId} role="menu" aria-label="Languages" hidden={!open} onKeyDown={onMenuKey}>
        {languages.map((language, i) => (
          <li role="none" key={language.lang}>
            <a
              ref={(el) => {
                items.current[i] = el;
              }}
              role="menuitem"
              tabIndex={-1}
              href={languageUrl(language, path)}
              hrefLang={language.lang}
              lang={language.lang}
              aria-current={language.lang === active?.lang ? "true" : undefined}
            >
              {language.title}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
