import type { SiteData } from "../../src/shared/page-data.ts";
import { ThemeToggle } from "./ThemeToggle.tsx";

/** Top navigation links; Documentation is active on every documentation section. */
export const TOP_LINKS = [
  { title: "Documentation", url: "/concepts/", active: /^\/(api|concepts|configuration|guides|loaders|migrate|plugins)\// },
  { title: "Contribute", url: "/contribute/", active: /^\/contribute\// },
  { title: "Vote", url: "/vote/", active: /^\/vote\// },
  { title: "Blog", url: "/blog/", active: /^\/blog\// },
];

/** The site header: logo, top links, code-host/social/Q&A links, language and version, theme, search. */
export function Header({ site, url }: { site: SiteData; url: string }) {
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <a className="logo" href="/" aria-label={`${site.name} home`}>
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <path d="M12 1 22 6.5v11L12 23 2 17.5v-11z" fill="var(--logo-outer)" />
            <path d="M12 6.2 17 9v6l-5 2.8L7 15V9z" fill="var(--logo-inner)" />
          </svg>
          <span>{site.name}</span>
        </a>
        <nav className="top-nav" aria-label="Main">
          {TOP_LINKS.map((link) => (
            <a key={link.url} href={link.url} className={link.active.test(url) ? "active" : undefined} aria-current={link.active.test(url) ? "page" : undefined}>
              {link.title}
            </a>
          ))}
        </nav>
        <form className="search" role="search" onSubmit={(e) => e.preventDefault()}>
          <input type="search" name="q" placeholder="Search webpack documentation" aria-label="Search webpack documentation" />
        </form>
        <div className="header-tools">
          <a className="icon-link" href={site.links.codeHost} aria-label="webpack on GitHub" rel="noopener noreferrer">GH</a>
          <a className="icon-link" href={site.links.social} aria-label="webpack on X (Twitter)" rel="noopener noreferrer">X</a>
          <a className="icon-link" href={site.links.questions} aria-label="webpack questions on Stack Overflow" rel="noopener noreferrer">SO</a>
          <nav className="languages" aria-label="Languages">
            {site.languages.map((language) => (
              <a key={language.lang} href={`${language.url}${url}`} hrefLang={language.lang} lang={language.lang}>
                {language.title}
              </a>
            ))}
          </nav>
          <span className="version" title="webpack version">v{site.currentVersion}</span>
          <ThemeToggle />
        </div>
      </div>
      {site.sections.length > 0 && TOP_LINKS[0].active.test(url) ? (
        <nav className="sub-nav" aria-label="Sections">
          {site.sections.map((section) => (
            <a key={section.url} href={section.url} className={url.startsWith(section.url) ? "active" : undefined}>
              {section.title}
            </a>
          ))}
        </nav>
      ) : null}
    </header>
  );
}
