import { useChrome, useHref } from "../site-chrome.ts";
import { useEffect, useState, type RefObject } from "react";
import type { SiteData } from "../../src/shared/page-data.ts";
import { BUILT_IN_LOGO } from "../../src/shared/constants.ts";
import { HeaderTools, inDocumentation, TopNav, usePhoneLayout } from "./HeaderTools.tsx";
import { SearchDialog } from "./SearchDialog.tsx";

/** What the header needs besides the site: the page's path and the slide-out menu's state and button. */
export interface HeaderProps {
  site: SiteData;
  url: string;
  /** Languages whose item in the language menu leads to their home page, not to this path (see `DocPageProps.missingIn`). */
  homeIn?: readonly string[];
  hasSidebar: boolean;
  menuOpen: boolean;
  onMenu: (open: boolean) => void;
  /** Set to the menu button, so the menu can give focus back to it. */
  menuButton?: RefObject<HTMLButtonElement | null>;
}

/**
 * The site header: logo, top links, search box, code-host / social / Q&A
 * links, language dropdown, version selector, theme toggle, the menu button of
 * the slide-out menu (browser only) and the section sub-navigation. A phone
 * shows one compact bar instead, on every page: the menu button, the logo and
 * a search button opening the search dialog; the top links and the tools are
 * then rendered in the slide-out menu, not here. Where there is a sidebar, the
 * menu button shows from 768 px down (CSS), as the menu holds its pages there.
 */
export function Header({ site, url, homeIn, hasSidebar, menuOpen, onMenu, menuButton }: HeaderProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const { logo, messages: t } = useChrome();
  const href = useHref();
  const inDocs = inDocumentation(url);
  const compact = usePhoneLayout();
  // The slide-out menu exists where there is a sidebar, and on a phone everywhere (it holds the links and tools).
  const menu = hasSidebar ? mounted : compact;
  return (
    <header className="site-header">
      <div className="site-header-inner">
        {menu ? (
          <button
            ref={menuButton}
            type="button"
            className="icon-button sidebar-menu-button"
            aria-label={t[compact ? (menuOpen ? "header.closeMenu" : "header.openMenu") : menuOpen ? "header.closeSidebar" : "header.openSidebar"]}
            aria-expanded={menuOpen}
            aria-controls="mobile-sidebar"
            onClick={() => onMenu(!menuOpen)}
          >
            <span aria-hidden="true">☰</span>
          </button>
        ) : null}
        <a className="logo" href={href("/")} aria-label={t["header.home"]}>
          {logo ? (
            <img src={logo} width="28" height="28" alt="" />
          ) : (
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
              {BUILT_IN_LOGO.map((shape) => (
                <path key={shape.d} d={shape.d} fill={shape.themed} />
              ))}
            </svg>
          )}
          <span>{site.name}</span>
        </a>
        {compact ? null : <TopNav url={url} />}
        <SearchDialog search={site.search} />
        {compact ? null : <HeaderTools site={site} url={url} homeIn={homeIn} />}
      </div>
      {inDocs && site.sections.length > 0 ? (
        <nav className="sub-nav" aria-label={t["header.sections"]}>
          {site.sections.map((section) => {
            const active = url.startsWith(section.url);
            return (
              <a key={section.url} href={href(section.url)} className={active ? "active" : undefined} aria-current={active ? "true" : undefined}>
                {section.title}
              </a>
            );
          })}
        </nav>
      ) : null}
    </header>
  );
}
