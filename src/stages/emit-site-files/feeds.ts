import type { Settings } from "../../context/config.ts";
import { siteLocale, siteMessage, type MessageSettings } from "../../context/site-chrome.ts";
import { diagnostic, type Diagnostic } from "../../report/diagnostics.ts";
import { BLOG_URL, blogDate, isBlogPost, isCalendarDay, isUnderBlog, newestFirst } from "../../shared/content-rules.ts";
import type { PageEntry } from "../../shared/content-types.ts";
import { ATOM_PATH, RSS_PATH } from "../../shared/constants.ts";
import type { BlogPostSummary } from "../../shared/page-data.ts";
import { escapeXml } from "../../shared/text.ts";
import type { Messages } from "../../shared/messages/index.ts";

/** One blog post as the feeds show it: the blog index lists the same (see `blogPosts`). */
export type BlogPost = BlogPostSummary;

/** Options of `rssFeed` and `atomFeed`: the site's name and base URL, and the posts in any order. */
export interface FeedOptions {
  settings: Pick<Settings, "baseUrl"> & MessageSettings;
  posts: readonly BlogPost[];
  /** The language the site is built in, and its strings (the project's own included); default the default language's. */
  lang?: string;
  messages?: Pick<Messages, "blog.title" | "blog.description">;
}

/**
 * A warning for each page under `/blog/` that is not a post because its file
 * name holds no real day (pure): the blog index and the feeds leave such a
 * page out, though it is still built, so its author learns why it is missing.
 */
export function undatedBlogPages(entries: ReadonlyArray<Pick<PageEntry, "url" | "name" | "title" | "path">>): Diagnostic[] {
  return entries
    .filter((entry) => isUnderBlog(entry) && !isBlogPost(entry))
    .map((entry) => {
      const day = blogDate(entry.name);
      const why = day && !isCalendarDay(day) ? `${day} in its file name is not a calendar day` : "its file name starts with no date";
      return diagnostic("blog-post-date", { url: entry.url, why }, { file: entry.path, fatal: false });
    });
}

/** A day as an RFC 822 date at midnight UTC (`Thu, 01 Jan 2026 00:00:00 GMT`), as RSS wants. */
function rfc822(day: string): string {
  return new Date(`${day}T00:00:00Z`).toUTCString();
}

/** A day as an ISO 8601 date-time at midnight UTC (`2026-01-01T00:00:00Z`), as Atom wants. */
function iso8601(day: string): string {
  return `${day}T00:00:00Z`;
}

/** The blog's title and description in the feeds, in the build's language. */
const blogTitle = ({ settings, messages }: FeedOptions): string => messages?.["blog.title"] ?? siteMessage(settings, "blog.title");
const blogDescription = ({ settings, messages }: FeedOptions): string => messages?.["blog.description"] ?? siteMessage(settings, "blog.description");
/** The feeds' language: the build's. */
const feedLanguage = ({ settings, lang }: FeedOptions): string => lang ?? siteLocale(settings).lang;

/**
 * The RSS 2.0 feed of the blog (pure): channel title, link, description,
 * language (the build's locale), `lastBuildDate` (the newest post's day; left out without
 * posts), an `atom:link` to itself, and one item per post, newest first,
 * with title, link, permalink guid, pubDate and the teaser as description.
 */
export function rssFeed(options: FeedOptions): string {
  const { settings, posts } = options;
  const base = settings.baseUrl;
  const ordered = newestFirst(posts);
  const items = ordered.map((post) => {
    const link = escapeXml(`${base}${encodeURI(post.url)}`);
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      `      <pubDate>${rfc822(post.date)}</pubDate>`,
      `      <description>${escapeXml(post.teaser)}</description>`,
      "    </item>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(blogTitle(options))}</title>`,
    `    <link>${escapeXml(`${base}${BLOG_URL}`)}</link>`,
    `    <description>${escapeXml(blogDescription(options))}</description>`,
    `    <language>${feedLanguage(options)}</language>`,
    ...(ordered.length > 0 ? [`    <lastBuildDate>${rfc822(ordered[0].date)}</lastBuildDate>`] : []),
    `    <atom:link href="${escapeXml(`${base}/${RSS_PATH}`)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** The `updated` of an Atom feed without posts: Atom requires one, and there is no clock to read. */
const NO_POSTS_UPDATED = "1970-01-01T00:00:00Z";

/**
 * The Atom 1.0 feed of the blog (pure): feed id (the blog URL), title,
 * subtitle, updated (the newest post's day, or the epoch without posts),
 * self and alternate links, author "<name> contributors", and one entry per
 * post, newest first, with id, title, link, published, updated and summary.
 */
export function atomFeed(options: FeedOptions): string {
  const { settings, posts } = options;
  const base = settings.baseUrl;
  const ordered = newestFirst(posts);
  const blog = escapeXml(`${base}${BLOG_URL}`);
  const entries = ordered.map((post) => {
    const link = escapeXml(`${base}${encodeURI(post.url)}`);
    return [
      "  <entry>",
      `    <id>${link}</id>`,
      `    <title type="text">${escapeXml(post.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${link}"/>`,
      `    <published>${iso8601(post.date)}</published>`,
      `    <updated>${iso8601(post.date)}</updated>`,
      `    <summary type="text">${escapeXml(post.teaser)}</summary>`,
      "  </entry>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(feedLanguage(options))}">`,
    `  <id>${blog}</id>`,
    `  <title type="text">${escapeXml(blogTitle(options))}</title>`,
    `  <subtitle type="text">${escapeXml(blogDescription(options))}</subtitle>`,
    `  <updated>${ordered.length > 0 ? iso8601(ordered[0].date) : NO_POSTS_UPDATED}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${base}/${ATOM_PATH}`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${blog}"/>`,
    `  <author><name>${escapeXml(`${settings.name} contributors`)}</name></author>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
