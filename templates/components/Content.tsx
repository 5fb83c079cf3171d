/**
 * The rendered markdown body as HTML. The server renders it from markdown
 * once; the browser hydrates with the HTML already in the page, so markdown
 * is never parsed there.
 */
export interface Body {
  html: string;
}

/** Renders the body inside the element the client reads it back from. */
export function Content({ body }: { body: Body }) {
  return <div className="markdown" data-content="" dangerouslySetInnerHTML={{ __html: body.html }} />;
}
