import { useMessages } from "../site-chrome.ts";
/**
 * The body of a page: ready HTML, still loading, or failed to load. The
 * server always renders it ready; the client runtime shows the other states
 * while it fetches another page's content.
 */
export type Body = { html: string; status?: "ready" } | { status: "loading" } | { status: "error"; retry?: () => void } | { status: "offline" };

/** Renders the body inside the element the client reads it back from. */
export function Content({ body }: { body: Body }) {
  const t = useMessages();
  if (body.status === "loading")
    return (
      <div className="markdown content-placeholder" data-content-state="loading" aria-busy="true">
        <span className="sr-only">{t["page.loading"]}</span>
        <div className="placeholder-line" />
        <div className="placeholder-line" />
        <div className="placeholder-line short" />
      </div>
    );
  if (body.status === "error")
    return (
      <div className="markdown content-error" data-content-state="error" role="alert">
        <p>{t["page.loadError"]}</p>
        {body.retry ? (
          <button type="button" className="button" onClick={body.retry}>
            {t["page.tryAgain"]}
          </button>
        ) : null}
      </div>
    );
  // The app shows its own screen for a page that cannot be shown offline, in place of the page around the body.
  if (body.status === "offline") return null;
  return <div className="markdown" data-content="" dangerouslySetInnerHTML={{ __html: body.html }} />;
}
