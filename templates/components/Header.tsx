import { useEffect, useState } from "react";
import type { SiteData } from "../../src/shared/page-data.ts";
import { HeaderTools, inDocumentation, TopNav, usePhoneLayout } from "./HeaderTools.tsx";
import { SearchBox } from "./SearchBox.tsx";
import { SearchDialog } from "./SearchDialog.tsx";

/** What the header needs besides the site: the page's path and the mobile sidebar's state. */
export interface HeaderProps {
  site: SiteData;
  url: string;
  hasSidebar: boolean;
  menuOpen: boolean;
  onMenu: (open: boolean) => void;
}

/**
 * The site header: logo, top links, search box, code-host / social / Q&A
 * links, language dropdown, version selector, theme toggle, the mobile menu
 * button (browser only, where there is a sidebar) and the section sub-navigation.
 * Where there is a sidebar, a phone shows one compact bar instead: the menu
 * button, the logo and a search button opening the search dialog; the top
 * links and the tools are then rendered in the slide-out menu, not here.
 */
export function Header({ site, url, hasSidebar, menuOpen, onMenu }: HeaderProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const inDocs = inDocumentation(url);
  const compact = usePhoneLayout() && hasSidebar;
  return (
    <header className={hasSidebar ? "site-header with-menu" : "site-header"}>
      <div className="site-header-inner">
        {mounted && hasSidebar ? (
          <button
            type="button"
            className="icon-button sidebar-menu-button"
            aria-label={menuOpen ? "Close the sidebar" : "Open the sidebar"}
            aria-expanded={menuOpen}
            aria-controls="mobile-sidebar"
            onClick={() => onMenu(!menuOpen)}
          >
            <span aria-hidden="true">☰</span>
          </button>
        ) : null}
        <a className="logo" href="/" aria-label={`${site.name} home`}>
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <path d="M12 1 22 6.5v11L12 23 2 17.5v-11z" fill="var(--logo-outer)" />
            <path d="M12 6.2 17 9v6l-5 2.8L7 15V9z" fill="var(--logo-inner)" />
          </svg>
          <span>{site.name}</span>
        </a>
        {compact ? null : <TopNav url={url} />}
        {hasSidebar ? <SearchDialog search={site.search} /> : <SearchBox search={site.search} />}
        {compact ? null : <HeaderTools site={site} url={url} />}
      </div>
      {inDocs && site.sections.length > 0 ? (
        <nav className="sub-nav" aria-label="Sections">
          {site.sections.map((section) => {
            const active = url.startsWith(section.url);
            return (
              <a key={section.url} href={section.url} className={active ? "active" : undefined} aria-current={active ? "true" : undefined}>
                {section.title}
              </a>
            );
          })}
        </nav>
      ) : null}
    </header>
  );
}
