import type { PageMessageKey } from "../../src/shared/messages/index.ts";
import { useChrome, useHref } from "../site-chrome.ts";
import { useEffect, useState } from "react";
import type { SiteData } from "../../src/shared/page-data.ts";
import { LanguageDropdown } from "./LanguageDropdown.tsx";
import { ThemeToggle } from "./ThemeToggle.tsx";
import { VersionSelector } from "./VersionSelector.tsx";

/** Top navigation links (their titles by catalogue key); Documentation is active on every documentation section. */
const TOP_LINKS: Array<{ title: PageMessageKey; url: string; active: RegExp }> = [
  { title: "nav.documentation", url: "/concepts/", active: /^\/(api|concepts|configuration|guides|loaders|migrate|plugins)\// },
  { title: "nav.contribute", url: "/contribute/", active: /^\/contribute\// },
  { title: "nav.vote", url: "/vote/", active: /^\/vote\// },
  { title: "nav.blog", url: "/blog/", active: /^\/blog\// },
];

/** True when a path is in one of the documentation sections. */
export const inDocumentation = (url: string) => TOP_LINKS[0].active.test(url);

/** The width below which the header is one compact bar and its links and tools live in the slide-out menu. */
export const PHONE_QUERY = "(max-width: 767px)";

/**
 * Whether the phone layout applies. False on the server and in the first
 * browser render, so hydration matches the server's markup; then it follows the viewport.
 */
export function usePhoneLayout(): boolean {
  const [phone, setPhone] = useState(false);
  useEffect(() => {
    if (typeof window.matchMedia !== "function") return;
    const query = window.matchMedia(PHONE_QUERY);
    const update = () => setPhone(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return phone;
}

/** The top links: documentation, contribute, vote and blog, the current one marked. */
export function TopNav({ url }: { url: string }) {
  const { messages: t } = useChrome();
  const href = useHref();
  return (
    <nav className="top-nav" aria-label={t["header.main"]}>
      {TOP_LINKS.map((link) => {
        const active = link.active.test(url);
        return (
          <a key={link.url} href={href(link.url)} className={active ? "active" : undefined} aria-current={active ? "page" : undefined}>
            {t[link.title]}
          </a>
        );
      })}
    </nav>
  );
}

/** SVG path data of the code host's icon. */
const CODE_HOST_ICON =
  "M8 0a8 8 0 0 0-2.53 15.59c.4.07.55-.17.55-.38v-1.34c-2.23.48-2.7-1.07-2.7-1.07-.36-.93-.89-1.17-.89-1.17-.73-.5.05-.49.05-.49.8.06 1.23.83 1.23.83.72 1.22 1.87.87 2.33.66.07-.52.28-.87.5-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.22 2.2.82a7.6 7.6 0 0 1 4 0c1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.28.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48v2.2c0 .21.15.46.55.38A8 8 0 0 0 8 0Z";
/** SVG path data of the social network's icon. */
const SOCIAL_ICON = "M18.2 2h3.4l-7.4 8.5L23 22h-6.8l-5.3-6.9L4.8 22H1.4l7.9-9L1 2h7l4.8 6.3L18.2 2Zm-1.2 18h1.9L7.1 3.9H5.1L17 20Z";
/** SVG path data of the Q&A site's icon. */
const QUESTIONS_ICON =
  "M17.4 20.6v-5.3h1.8V22H3v-6.7h1.8v5.3h12.6ZM6.8 14.8l8.6 1.8.4-1.7-8.6-1.8-.4 1.7Zm1.1-4.1 8 3.7.7-1.6-8-3.7-.7 1.6Zm2.2-3.9 6.8 5.6 1.1-1.3-6.8-5.6-1.1 1.3ZM14.5 2.6l-1.4 1 5.2 7 1.4-1-5.2-7ZM6.6 18.8h8.8v-1.8H6.6v1.8Z";

/** An icon link to another site, named by its aria-label. */
function IconLink({ href, label, viewBox, size, path }: { href: string; label: string; viewBox: string; size: number; path: string }) {
  return (
    <a className="icon-link" href={href} aria-label={label} rel="noopener noreferrer">
      <svg viewBox={viewBox} width={size} height={size} aria-hidden="true">
        <path fill="currentColor" d={path} />
      </svg>
    </a>
  );
}

/** The header's tools: icon links to the code host, the social network and the Q&A site, the language dropdown, the version selector and the theme toggle. */
export function HeaderTools({ site, url, homeIn }: { site: SiteData; url: string; homeIn?: readonly string[] | undefined }) {
  const { messages: t } = useChrome();
  return (
    <div className="header-tools">
      <IconLink href={site.links.codeHost} label={t["codeHost.label"]} viewBox="0 0 16 16" size={20} path={CODE_HOST_ICON} />
      <IconLink href={site.links.social} label={t["social.label"]} viewBox="0 0 24 24" size={18} path={SOCIAL_ICON} />
      <IconLink href={site.links.questions} label={t["questions.label"]} viewBox="0 0 24 24" size={20} path={QUESTIONS_ICON} />
      <LanguageDropdown languages={site.languages} path={url} homeIn={homeIn} current={site.lang} />
      <VersionSelector versions={site.versions} current={site.currentVersion} baseUrl={site.baseUrl} path={url} />
      <ThemeToggle />
    </div>
  );
}
