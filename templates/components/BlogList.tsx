import type { BlogPostSummary } from "../../src/shared/page-data.ts";
import { formatDate } from "./DocPage.tsx";

/** The blog's posts, newest first: date, title and a teaser of each. */
export function BlogList({ posts }: { posts: readonly BlogPostSummary[] }) {
  return (
    <ol className="blog-list" reversed={false}>
      {posts.map((post) => (
        <li key={post.url}>
          <article>
            <h2>
              <a href={post.url}>{post.title}</a>
            </h2>
            {post.date ? <time dateTime={post.date}>{formatDate(post.date)}</time> : null}
            <p>{post.teaser}</p>
            <a className="read-more" href={post.url} aria-label={`Read more about ${post.title}`}>
              Read more
            </a>
          </article>
        </li>
      ))}
    </ol>
  );
}
