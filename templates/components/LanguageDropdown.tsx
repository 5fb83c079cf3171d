import { useRef, useState } from "react";
import type { LanguageItem } from "../../src/shared/page-data.ts";
import { useCloseOutside } from "../hooks/use-close-outside.ts";
import { useMenuKeys } from "../hooks/use-menu-keys.ts";
import { LanguageMenu } from "./LanguageMenu.tsx";

/**
 * The language dropdown: a menu button listing the translated sites, each at
 * the current path. It opens on hover or click; closes on Escape, a click
 * outside or when focus leaves it; arrow keys move between the items.
 */
export function LanguageDropdown({
  languages,
  path,
  homeIn,
  current = "en",
}: {
  languages: readonly LanguageItem[];
  path: string;
  /** Languages that lack the page, whose item leads to their home page. */
  homeIn?: readonly string[] | undefined;
  current?: string;
}) {
  const [open, setOpen] = useState(false);
  // A pointer resting on the dropdown has already opened it; its click must not close it again.
  const hovered = useRef(false);
  const root = useRef<HTMLDivElement>(null);
  const { button, items, onButtonKey, onMenuKey } = useMenuKeys({ count: languages.length, open, setOpen });
  const menuId = "language-menu";
  const active = languages.find((l) => l.lang === current) ?? languages[0];
  useCloseOutside(root, open, setOpen);

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
      <LanguageMenu id={menuId} languages={languages} path={path} homeIn={homeIn} active={active?.lang} open={open} items={items} onKeyDown={onMenuKey} />
    </div>
  );
}
