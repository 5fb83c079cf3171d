import { useChrome } from "../site-chrome.ts";
import type { ReactNode } from "react";
import type { DocPageProps } from "../../src/shared/page-data.ts";
import { Content, type Body } from "./Content.tsx";
import { Contributors } from "./Contributors.tsx";
import { CopyPage } from "./CopyPage.tsx";
import { FurtherReading } from "./FurtherReading.tsx";
import { LastUpdated } from "./LastUpdated.tsx";
import { PageLinks } from "./PageLinks.tsx";

/** Formats a `YYYY-MM-DD` date for display, without depending on the reader's time zone. */
export function formatDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
  return `${months[m - 1]} ${d}, ${y}`;
}

/** What a fallback page says above its text, by the language of the site it is in. */
const FALLBACK_NOTICES: Record<string, string> = {
  en: "This page has not been translated yet.",
  zh: "此页面尚未翻译，以下为英文原文。",
  ko: "이 페이지는 아직 번역되지 않았습니다. 아래는 영어 원문입니다.",
};

/** What an outdated translation says above its text, by the language of the site: `{date}`, `{count}` and the link's words filled in. */
const OUTDATED_NOTICES: Record<string, { before: string; link: string }> = {
  en: { before: "The English page changed on {date}, {count} commits after the version this translation follows.", link: "See what changed" },
  zh: { before: "英文原文已于 {date} 更新，比本译文依据的版本新 {count} 次提交。", link: "查看更改" },
  ko: { before: "영어 원문이 {date}에 바뀌었습니다. 이 번역이 따르는 버전 이후 {count}개의 커밋이 있습니다.", link: "바뀐 내용 보기" },
};

/** The outdated notice's words in the site's language: the date formatted for it with `Intl`. */
function outdatedNotice(lang: string, outdated: NonNullable<DocPageProps["outdated"]>): { text: string; link: string } {
  const words = OUTDATED_NOTICES[lang] ?? OUTDATED_NOTICES[lang.split("-")[0]] ?? OUTDATED_NOTICES.en;
  const date = new Intl.DateTimeFormat(lang, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(new Date(outdated.changed));
  const count = new Intl.NumberFormat(lang).format(outdated.commits);
  return { text: words.before.replace("{date}", date).replace("{count}", count), link: words.link };
}

/** The fallback notice in the site's language (English where it has none yet). */
function fallbackNotice(lang: string): string {
  return FALLBACK_NOTICES[lang] ?? FALLBACK_NOTICES[lang.split("-")[0]] ?? FALLBACK_NOTICES.en;
}

/** The notice of a translation whose source changed since, with a link to the change. */
function OutdatedNotice({ lang, outdated }: { lang: string; outdated: NonNullable<DocPageProps["outdated"]> }) {
  const { text, link } = outdatedNotice(lang, outdated);
  return (
    <p className="outdated-notice" role="note">
      {text}{" "}
      <a href={outdated.compareUrl} rel="noopener noreferrer">
        {link}
      </a>
    </p>
  );
}

/**
 * A documentation page: title, "Copy page", third-party disclaimer, body,
 * Further Reading, edit/print/repository links, the "Last updated" day,
 * previous and next, and the contributors grid.
 */
export function DocPage({ page, body, lang = "en", after = null }: { page: DocPageProps; body: Body; lang?: string; after?: ReactNode }) {
  const { copyPage } = useChrome();
  // A fallback page is the default language's text inside a translated site: it says so in the reader's language, and is marked with its own.
  return (
    <article className="doc-page" lang={page.fallback || undefined}>
      {page.fallback ? (
        <p className="fallback-notice" role="note" lang={lang}>
          {fallbackNotice(lang)}
        </p>
      ) : null}
      {page.outdated ? <OutdatedNotice lang={lang} outdated={page.outdated} /> : null}
      <h1>{page.title}</h1>
      {copyPage ? <CopyPage url={page.url} /> : null}
      {page.date ? (
        <p className="page-date">
          <time dateTime={page.date}>{formatDate(page.date)}</time>
        </p>
      ) : null}
      {page.thirdParty ? (
        <p className="third-party">
          This page is synced from the README of <a href={page.repo}>{page.repo.replace(/^https:\/\/github\.com\//, "")}</a>; its maintainers own its content.
          Report problems there.
        </p>
      ) : null}
      {page.stackBlitz ? (
        <aside className="live-preview" aria-label="Live preview">
          <a href={page.stackBlitz} target="_blank" rel="noopener noreferrer">
            Try this page&apos;s example live in an online editor
          </a>
        </aside>
      ) : null}
      <Content body={body} />
      {after}
      <FurtherReading related={page.related} />
      <PageLinks page={page} />
      <LastUpdated day={page.updated} shown={page.updated ? formatDate(page.updated) : ""} />
      <nav className="prev-next" aria-label="Previous and next page">
        {page.previous ? (
          <a className="prev" href={page.previous.url} rel="prev">
            <span>Previous</span> {page.previous.title}
          </a>
        ) : (
          <span />
        )}
        {page.next ? (
          <a className="next" href={page.next.url} rel="next">
            <span>Next</span> {page.next.title}
          </a>
        ) : null}
      </nav>
      <Contributors contributors={page.contributors} />
    </article>
  );
}
