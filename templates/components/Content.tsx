import type { ReactNode } from "react";

/**
 * The rendered markdown body. The server passes React elements; the browser
 * hydrates with the HTML already in the page, so markdown is never parsed there.
 */
export type Body = ReactNode | { html: string };

function isHtml(body: Body): body is { html: string } {
  return typeof body === "object" && body !== null && "html" in body && typeof (body as { html: unknown }).html === "string";
}

/** Renders the body inside the element the client reads it back from. */
export function Content({ body }: { body: Body }) {
  if (isHtml(body)) return <div className="markdown" data-content="" dangerouslySetInnerHTML={{ __html: body.html }} />;
  return (
    <div className="markdown" data-content="">
      {body}
    </div>
  );
}
