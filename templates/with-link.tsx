import type { ReactNode } from "react";

/**
 * A message with its one `{word}` replaced by an element (a link, a date),
 * the text around it kept, so a translation can put the element where its
 * language wants it. Empty text on either side renders nothing, so the
 * markup is the same as when the text was written around the element.
 */
export function withLink(message: string, word: string, element: ReactNode): ReactNode {
  const [before, after = ""] = message.split(`{${word}}`);
  return (
    <>
      {before || null}
      {element}
      {after || null}
    </>
  );
}
