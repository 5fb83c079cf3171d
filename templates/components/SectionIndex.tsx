import type { LinkItem } from "../../src/shared/page-data.ts";
import { useHref } from "../site-chrome.ts";

/** A generated index for a folder that has no index page of its own: a list of its pages. */
export function SectionIndex({ title, pages }: { title: string; pages: readonly LinkItem[] }) {
  const href = useHref();
  return (
    <article className="doc-page section-index">
      <h1>{title}</h1>
      <ul className="section-list">
        {pages.map((child) => (
          <li key={child.url}>
            <a href={href(child.url)}>{child.title}</a>
          </li>
        ))}
      </ul>
    </article>
  );
}
