import { useHref, useMessages } from "../site-chrome.ts";
import type { DocPageProps } from "../../src/shared/page-data.ts";
import { PRINT_QUERY } from "../../src/shared/urls.ts";

/**
 * A page's own links: edit it, print it (where it has a printable version:
 * the link asks it to open the print dialog, see `templates/boot-script.ts`)
 * and, for a third-party page, its repository.
 */
export function PageLinks({ page }: { page: DocPageProps }) {
  const t = useMessages();
  const href = useHref();
  return (
    <p className="page-links">
      <a href={page.edit} rel="noopener noreferrer">
        {t["page.edit"]}
      </a>
      {page.printUrl ? (
        <a href={`${href(page.printUrl)}?${PRINT_QUERY}`} rel="nofollow">
          {t["page.print"]}
        </a>
      ) : null}
      {page.thirdParty && page.repo ? (
        <a href={page.repo} rel="noopener noreferrer">
          {t["page.repository"]}
        </a>
      ) : null}
    </p>
  );
}
