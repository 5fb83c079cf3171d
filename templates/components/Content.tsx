/**
 * The body of a page: ready HTML, still loading, or failed to load. The
 * server always renders it ready; the client runtime shows the other states
 * while it fetches another page's content.
 */
export type Body = { html: string; status?: "ready" } | { status: "loading" } | { status: "error"; retry?: () => void } | { status: "offline" };

/** The text shown when a page's content cannot be loaded. */
export const LOAD_ERROR_TEXT = "Error loading content.";

/** The heading, and the document title's own part, of a page that cannot be shown offline. */
export const OFFLINE_TITLE = "You are offline";

/** What a page that cannot be shown offline says. */
export const OFFLINE_TEXT = "You are offline and this page has not been saved.";

/** Renders the body inside the element the client reads it back from. */
export function Content({ body }: { body: Body }) {
  if (body.status === "loading")
    return (
      <div className="markdown content-placeholder" data-content-state="loading" aria-busy="true">
        <span className="sr-only">Loading…</span>
        <div className="placeholder-line" />
        <div className="placeholder-line" />
        <div className="placeholder-line short" />
      </div>
    );
  if (body.status === "error")
    return (
      <div className="markdown content-error" data-content-state="error" role="alert">
        <p>{LOAD_ERROR_TEXT}</p>
        {body.retry ? (
          <button type="button" className="button" onClick={body.retry}>
            Try again
          </button>
        ) : null}
      </div>
    );
  // The app shows its own screen for a page that cannot be shown offline, in place of the page around the body.
  if (body.status === "offline") return null;
  return <div className="markdown" data-content="" dangerouslySetInnerHTML={{ __html: body.html }} />;
}
