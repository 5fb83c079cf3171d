import { useHref, useMessages } from "../site-chrome.ts";
import type { RelatedItem } from "../../src/shared/content-types.ts";

/** A page's Further Reading list, or nothing when it has no related links. */
export function FurtherReading({ related }: { related: readonly RelatedItem[] }) {
  const t = useMessages();
  const href = useHref();
  if (!related.length) return null;
  return (
    <section className="further-reading" aria-labelledby="further-reading">
      <h2 id="further-reading">{t["page.furtherReading"]}</h2>
      <ul>
        {related.map((item) => (
          <li key={item.url}>
            <a href={href(item.url)}>{item.title}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
