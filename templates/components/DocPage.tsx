import { useChrome, useHref } from "../site-chrome.ts";
import type { ReactNode } from "react";
import { withLink } from "../with-link.tsx";
import { formatCount, formatDay, formatMessage, languageName } from "../../src/shared/messages/format.ts";
import type { DocPageProps } from "../../src/shared/page-data.ts";
import { Content, type Body } from "./Content.tsx";
import { Contributors } from "./Contributors.tsx";
import { CopyPage } from "./CopyPage.tsx";
import { FurtherReading } from "./FurtherReading.tsx";
import { LastUpdated } from "./LastUpdated.tsx";
import { PageLinks } from "./PageLinks.tsx";

/** The notice of a translation whose source changed since: when, how many commits since, and a link to the change. */
function OutdatedNotice({ lang, outdated }: { lang: string; outdated: NonNullable<DocPageProps["outdated"]> }) {
  const { messages: t } = useChrome();
  const text = formatMessage(t["page.outdated"], {
    language: languageName(outdated.language, lang),
    date: formatDay(outdated.changed.slice(0, 10), lang),
    count: formatCount(outdated.commits, lang),
  });
  return (
    <p className="outdated-notice" role="note">
      {text}{" "}
      <a href={outdated.compareUrl} rel="noopener noreferrer">
        {t["page.outdatedLink"]}
      </a>
    </p>
  );
}

/**
 * A documentation page: title, "Copy page", third-party disclaimer, body,
 * Further Reading, edit/print/repository links, the "Last updated" day,
 * previous and next, and the contributors grid.
 */
export function DocPage({ page, body, after = null }: { page: DocPageProps; body: Body; after?: ReactNode }) {
  const { copyPage, lang, messages: t } = useChrome();
  const href = useHref();
  return (
    // A fallback page is the default language's text inside a translated site: it says so in the reader's language, and is marked with its own.
    <article className="doc-page" lang={page.fallback || undefined}>
      {page.fallback ? (
        <p className="fallback-notice" role="note" lang={lang}>
          {formatMessage(t["page.notTranslated"], { language: languageName(page.fallback, lang) })}
        </p>
      ) : null}
      {page.outdated ? <OutdatedNotice lang={lang} outdated={page.outdated} /> : null}
      <h1>{page.title}</h1>
      {copyPage ? <CopyPage url={page.url} /> : null}
      {page.date ? (
        <p className="page-date">
          <time dateTime={page.date}>{formatDay(page.date, lang)}</time>
        </p>
      ) : null}
      {page.thirdParty ? (
        <p className="third-party">
          {withLink(t["page.thirdParty"], "repository", <a href={page.repo}>{page.repo.replace(/^https:\/\/github\.com\//, "")}</a>)}
        </p>
      ) : null}
      {page.stackBlitz ? (
        <aside className="live-preview" aria-label={t["page.livePreview"]}>
          <a href={page.stackBlitz} target="_blank" rel="noopener noreferrer">
            {t["page.livePreviewLink"]}
          </a>
        </aside>
      ) : null}
      <Content body={body} />
      {after}
      <FurtherReading related={page.related} />
      <PageLinks page={page} />
      <LastUpdated day={page.updated} shown={page.updated ? formatDay(page.updated, lang) : ""} />
      <nav className="prev-next" aria-label={t["page.previousNext"]}>
        {page.previous ? (
          <a className="prev" href={href(page.previous.url)} rel="prev">
            <span>{t["page.previous"]}</span> {page.previous.title}
          </a>
        ) : (
          <span />
        )}
        {page.next ? (
          <a className="next" href={href(page.next.url)} rel="next">
            <span>{t["page.next"]}</span> {page.next.title}
          </a>
        ) : null}
      </nav>
      <Contributors contributors={page.contributors} />
    </article>
  );
}
