import type { DocPageProps } from "../../src/shared/page-data.ts";

/** A page's own links: edit it, print it (where it has a printable version) and, for a third-party page, its repository. */
export function PageLinks({ page }: { page: DocPageProps }) {
  return (
    <p className="page-links">
      <a href={page.edit} rel="noopener noreferrer">
        Edit this page
      </a>
      {page.printUrl ? (
        <a href={page.printUrl} rel="nofollow">
          Print this page
        </a>
      ) : null}
      {page.thirdParty && page.repo ? (
        <a href={page.repo} rel="noopener noreferrer">
          Jump to repository
        </a>
      ) : null}
    </p>
  );
}
