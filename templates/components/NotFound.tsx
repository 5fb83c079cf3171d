import { useHref, useMessages } from "../site-chrome.ts";
/** The page for any unknown path. */
export function NotFound() {
  const t = useMessages();
  const href = useHref();
  return (
    <section className="not-found">
      <h1>{t["notFound.title"]}</h1>
      <p>{t["notFound.text"]}</p>
      <a className="button" href={href("/")}>
        {t["notFound.home"]}
      </a>
    </section>
  );
}
