import { useChrome, useHref } from "../site-chrome.ts";

/** The site footer with the config's links. */
export function Footer() {
  const { footer, messages: t } = useChrome();
  const href = useHref();
  return (
    <footer className="site-footer">
      <nav aria-label={t["footer.label"]}>
        {footer.map((link) => (
          <a key={link.title} href={href(link.url)} rel={link.url.startsWith("http") ? "noopener noreferrer" : undefined}>
            {link.title}
          </a>
        ))}
      </nav>
    </footer>
  );
}
