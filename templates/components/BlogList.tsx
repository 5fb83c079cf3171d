import type { BlogPostSummary } from "../../src/shared/page-data.ts";
import { formatDay, formatMessage } from "../../src/shared/messages/format.ts";
import { useChrome, useHref } from "../site-chrome.ts";

/** The blog's posts, newest first: date, title and a teaser of each. */
export function BlogList({ posts }: { posts: readonly BlogPostSummary[] }) {
  const { lang, messages: t } = useChrome();
  const href = useHref();
  return (
    <ol className="blog-list" reversed={false}>
      {posts.map((post) => (
        <li key={post.url}>
          <article>
            <h2>
              <a href={href(post.url)}>{post.title}</a>
            </h2>
            {post.date ? <time dateTime={post.date}>{formatDay(post.date, lang)}</time> : null}
            <p>{post.teaser}</p>
            <a className="read-more" href={href(post.url)} aria-label={formatMessage(t["blog.readMoreAbout"], { title: post.title })}>
              {t["blog.readMore"]}
            </a>
          </article>
        </li>
      ))}
    </ol>
  );
}
