import { useEffect, useState } from "react";
import type { SiteData } from "../../src/shared/page-data.ts";
import { LanguageDropdown } from "./LanguageDropdown.tsx";
import { SearchBox } from "./SearchBox.tsx";
import { ThemeToggle } from "./ThemeToggle.tsx";
import { VersionSelector } from "./VersionSelector.tsx";

/** Top navigation links; Documentation is active on every documentation section. */
const TOP_LINKS = [
  { title: "Documentation", url: "/concepts/", active: /^\/(api|concepts|configuration|guides|loaders|migrate|plugins)\// },
  { title: "Contribute", url: "/contribute/", active: /^\/contribute\// },
  { title: "Vote", url: "/vote/", active: /^\/vote\// },
  { title: "Blog", url: "/blog/", active: /^\/blog\// },
];

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
 */
export function Header({ site, url, hasSidebar, menuOpen, onMenu }: HeaderProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const inDocs = TOP_LINKS[0].active.test(url);
  return (
    <header className="site-header">
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
        <nav className="top-nav" aria-label="Main">
          {TOP_LINKS.map((link) => {
            const active = link.active.test(url);
            return (
              <a key={link.url} href={link.url} className={active ? "active" : undefined} aria-current={active ? "page" : undefined}>
                {link.title}
              </a>
            );
          })}
        </nav>
        <SearchBox search={site.search} />
        <div className="header-tools">
          <a className="icon-link" href={site.links.codeHost} aria-label="webpack on GitHub" rel="noopener noreferrer">
            <svg viewBox="0 0 16 16" width="20" height="20" aria-hidden="true">
              <path
                fill="currentColor"
                d="M8 0a8 8 0 0 0-2.53 15.59c.4.07.55-.17.55-.38v-1.34c-2.23.48-2.7-1.07-2.7-1.07-.36-.93-.89-1.17-.89-1.17-.73-.5.05-.49.05-.49.8.06 1.23.83 1.23.83.72 1.22 1.87.87 2.33.66.07-.52.28-.87.5-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.22 2.2.82a7.6 7.6 0 0 1 4 0c1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.28.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48v2.2c0 .21.15.46.55.38A8 8 0 0 0 8 0Z"
              />
            </svg>
          </a>
          <a className="icon-link" href={site.links.social} aria-label="webpack on X (Twitter)" rel="noopener noreferrer">
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path fill="currentColor" d="M18.2 2h3.4l-7.4 8.5L23 22h-6.8l-5.3-6.9L4.8 22H1.4l7.9-9L1 2h7l4.8 6.3L18.2 2Zm-1.2 18h1.9L7.1 3.9H5.1L17 20Z" />
            </svg>
          </a>
          <a className="icon-link" href={site.links.questions} aria-label="webpack questions on Stack Overflow" rel="noopener noreferrer">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                fill="currentColor"
                d="M17.4 20.6v-5.3h1.8V22H3v-6.7h1.8v5.3h12.6ZM6.8 14.8l8.6 1.8.4-1.7-8.6-1.8-.4 1.7Zm1.1-4.1 8 3.7.7-1.6-8-3.7-.7 1.6Zm2.2-3.9 6.8 5.6 1.1-1.3-6.8-5.6-1.1 1.3ZM14.5 2.6l-1.4 1 5.2 7 1.4-1-5.2-7ZM6.6 18.8h8.8v-1.8H6.6v1.8Z"
              />
            </svg>
          </a>
          <LanguageDropdown languages={site.languages} path={url} />
          <VersionSelector versions={site.versions} current={site.currentVersion} baseUrl={site.baseUrl} path={url} />
          <ThemeToggle />
        </div>
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
