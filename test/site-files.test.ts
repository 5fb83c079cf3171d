import path from "node:path";
import { SaxesParser } from "saxes";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build, type BuildResult } from "../src/build.ts";
import { DEFAULT_SETTINGS } from "../src/context/config.ts";
import { formatDiagnostic } from "../src/report/diagnostics.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import type { PageSummary } from "../src/shared/content-types.ts";
import type { PageData } from "../src/shared/page-data.ts";
import { summarize } from "../src/stages/index-content/summary.ts";
import { robotsTxt, SITEMAP_LIMITS, siteIcons, sitemapFiles, webManifest } from "../src/stages/emit-site-files/core.ts";
import { atomFeed, rssFeed, undatedBlogPages, type BlogPost } from "../src/stages/emit-site-files/feeds.ts";
import { blogPosts } from "../src/shared/content-rules.ts";
import { teaserOf } from "../src/shared/text.ts";
import { BUILT_IN_LOGO as LOGO_PATHS, THEME_COLOR } from "../src/shared/constants.ts";
import { FIXTURES, fixtureLoop } from "./helpers/fixture-loop.ts";
import { buildFixtureSite, fileText } from "./helpers/site.ts";

const ATOM = "http://www.w3.org/2005/Atom";
const SITEMAP = "http://www.sitemaps.org/schemas/sitemap/0.9";
const SVG = "http://www.w3.org/2000/svg";
const RFC_822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** An element of a parsed XML document: qualified name, namespace, attributes, children and own text. */
interface Xml {
  name: string;
  uri: string;
  attrs: Record<string, string>;
  children: Xml[];
  text: string;
}

/** Parses XML with saxes, a strict, namespace-aware parser: anything not well-formed throws. */
function parseXml(source: string): Xml {
  const parser = new SaxesParser({ xmlns: true });
  const stack: Xml[] = [];
  let root: Xml | undefined;
  parser.on("opentag", (tag) => {
    const el: Xml = {
      name: tag.name,
      uri: tag.uri,
      attrs: Object.fromEntries(Object.values(tag.attributes).map((a) => [a.name, a.value])),
      children: [],
      text: "",
    };
    stack.at(-1)?.children.push(el);
    root ??= el;
    stack.push(el);
  });
  const addText = (text: string) => void (stack.length > 0 && (stack[stack.length - 1].text += text));
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("closetag", () => stack.pop());
  parser.write(source).close();
  if (!root) throw new Error("no root element");
  return root;
}
const all = (el: Xml, name: string) => el.children.filter((c) => c.name === name);
function one(el: Xml, name: string): Xml {
  const found = all(el, name);
  assert.is(found.length, 1, `exactly one <${name}> in <${el.name}>`);
  return found[0];
}
const textOf = (el: Xml, name: string) => one(el, name).text;
/** The file-name day of a blog URL (`/blog/2026-01-01-hello/` → `2026-01-01`). */
const dayOfUrl = (url: string) => /\/blog\/(\d{4}-\d{2}-\d{2})-/.exec(url)?.[1] ?? "";
/** The output path of an absolute page URL. */
const outOf = (loc: string) => `${new URL(loc).pathname.slice(1)}index.html`;

let basic: BuildResult;
const builds = new Map<string, Promise<BuildResult>>();
/** Builds a fixture case's site in memory, once per test run. */
const buildCase = (root: string) =>
  builds.get(root) ?? builds.set(root, build({ root, write: false, cache: false, history: false, logger: createMemoryLogger() })).get(root)!;

/** The posts the blog index lists, from its hydration data: URL and date of each, in order. */
function blogIndexPosts(site: BuildResult): string[] {
  const match = /<script type="application\/json" id="__DOCS_DATA__">([\s\S]*?)<\/script>/.exec(fileText(site, "blog/index.html"));
  if (!match) throw new Error("the blog index has no hydration data");
  return (JSON.parse(match[1]) as PageData).posts.map((post) => `${post.url} ${post.date}`);
}

/** The posts of the RSS and of the Atom feed: URL and day of each, in order. */
function feedPosts(site: BuildResult): { rss: string[]; atom: string[] } {
  const day = (date: string) => new Date(date).toISOString().slice(0, 10);
  const path = (link: string) => new URL(link).pathname;
  const rss = all(one(parseXml(fileText(site, "blog/feed.xml")), "channel"), "item").map((i) => `${path(textOf(i, "link"))} ${day(textOf(i, "pubDate"))}`);
  const atom = all(parseXml(fileText(site, "blog/atom.xml")), "entry").map((e) => `${path(textOf(e, "id"))} ${day(textOf(e, "published"))}`);
  return { rss, atom };
}

fixtureLoop("emit-site-files", async (_caseDir, input) => {
  const site = await buildCase(input);
  const names = {
    "sitemap.xml": "sitemap.xml",
    "robots.txt": "robots.txt",
    "manifest.webmanifest": "manifest.webmanifest",
    "feed.xml": "blog/feed.xml",
    "atom.xml": "blog/atom.xml",
  };
  const listed = blogIndexPosts(site);
  assert.ok(listed.length > 0, "the blog index lists posts");
  assert.equal(feedPosts(site), { rss: listed, atom: listed }, "the blog index and both feeds list the same posts in the same order");
  return {
    ...Object.fromEntries(Object.entries(names).map(([name, file]) => [name, fileText(site, file)])),
    "blog-index.txt": `${listed.join("\n")}\n`,
    "warnings.txt": site.diagnostics.map((d) => `${formatDiagnostic(d)}\n`).join(""),
  };
});

test.before(async () => void (basic = await buildFixtureSite("basic")));

test("the build emits the site files beside the pages, and the client bundle leaves them untouched", () => {
  const paths = basic.files.map((f) => f.path);
  for (const file of [
    "sitemap.xml",
    "robots.txt",
    "manifest.webmanifest",
    "favicon.svg",
    "icons/icon.svg",
    "icons/icon-maskable.svg",
    "blog/feed.xml",
    "blog/atom.xml",
  ]) {
    assert.ok(paths.includes(file), `missing ${file}`);
    assert.not.match(fileText(basic, file), "<script", `${file} got client tags`);
  }
});

test("the sitemap lists every indexable page by absolute URL, with the blog post's day as lastmod", () => {
  const urlset = parseXml(fileText(basic, "sitemap.xml"));
  assert.equal([urlset.name, urlset.uri], ["urlset", SITEMAP]);
  const [urls, base] = [all(urlset, "url"), "https://webpack.js.org"];
  const locs = urls.map((u) => textOf(u, "loc"));
  assert.equal(
    locs,
    ["/", "/blog/", "/blog/2026-01-01-hello/", "/comparison/", "/guides/", "/guides/first/", "/guides/second/", "/vote/"].map((u) => base + u),
  );
  for (const loc of locs) {
    assert.ok(loc.startsWith(`${base}/`) && loc.endsWith("/"), `${loc} is absolute with a trailing slash`);
    assert.not.match(loc, /printable|app-shell|404/);
    assert.ok(
      basic.files.some((f) => f.path === outOf(loc)),
      `${loc} is a page of the output`,
    );
  }
  const lastmods = urls.map((u) =>
    all(u, "lastmod")
      .map((l) => l.text)
      .join(),
  );
  assert.equal(lastmods, ["", "", "2026-01-01", "", "", "", "", ""]);
});

test("robots.txt allows everything and points at the sitemap", () => {
  const lines = fileText(basic, "robots.txt").split("\n");
  assert.ok(lines.includes("User-agent: *") && lines.includes("Allow: /"));
  assert.equal(
    lines.filter((l) => l.startsWith("Sitemap: ")),
    ["Sitemap: https://webpack.js.org/sitemap.xml"],
  );
  assert.ok(
    basic.files.some((f) => f.path === "sitemap.xml"),
    "the sitemap it names exists",
  );
});

test("the manifest names the site and its icons, and every icon is an SVG file of the output", () => {
  const manifest = JSON.parse(fileText(basic, "manifest.webmanifest")) as Record<string, unknown>;
  const { name, short_name, start_url, display, theme_color } = manifest;
  assert.equal(
    { name, short_name, start_url, display, theme_color },
    { name: "webpack", short_name: "webpack", start_url: "/", display: "standalone", theme_color: "#2b3a42" },
  );
  assert.match(String(manifest.description), "module bundler");
  assert.match(String(manifest.background_color), /^#[0-9a-f]{6}$/);
  const icons = manifest.icons as Array<{ src: string; sizes: string; type: string; purpose: string }>;
  const expected = [
    ["/icons/icon.svg", "any", "image/svg+xml", "any"],
    ["/icons/icon-maskable.svg", "any", "image/svg+xml", "maskable"],
  ];
  assert.equal(
    icons.map((i) => [i.src, i.sizes, i.type, i.purpose]),
    expected,
  );
  for (const file of [...icons.map((i) => i.src.slice(1)), "favicon.svg"]) {
    const svg = parseXml(fileText(basic, file));
    assert.equal([svg.name, svg.uri], ["svg", SVG], `${file} is an SVG document`);
  }
});

test("the RSS feed: channel, self link, and items with permalink guids and RFC 822 dates", () => {
  const rss = parseXml(fileText(basic, "blog/feed.xml"));
  assert.equal([rss.name, rss.attrs.version, rss.attrs["xmlns:atom"]], ["rss", "2.0", ATOM]);
  const channel = one(rss, "channel");
  assert.equal(
    ["title", "link", "language"].map((n) => textOf(channel, n)),
    ["webpack blog", "https://webpack.js.org/blog/", "en"],
  );
  assert.ok(textOf(channel, "description").length > 10);
  const self = one(channel, "atom:link");
  assert.equal([self.uri, self.attrs.rel, self.attrs.href, self.attrs.type], [ATOM, "self", "https://webpack.js.org/blog/feed.xml", "application/rss+xml"]);
  const items = all(channel, "item");
  assert.equal(
    items.map((i) => textOf(i, "title")),
    ["Hello"],
  );
  for (const item of items) {
    const link = textOf(item, "link");
    assert.equal([textOf(item, "guid"), one(item, "guid").attrs.isPermaLink], [link, "true"]);
    assert.ok(
      basic.files.some((f) => f.path === outOf(link)),
      `${link} is a page of the output`,
    );
    const pubDate = textOf(item, "pubDate");
    assert.match(pubDate, RFC_822);
    assert.is(new Date(pubDate).toISOString().slice(0, 10), dayOfUrl(link));
    assert.is(textOf(item, "description"), "First post.");
  }
  assert.is(textOf(channel, "lastBuildDate"), textOf(items[0], "pubDate"));
});

test("the Atom feed: namespace, id, title, updated, self and alternate links, author and entries", () => {
  const feed = parseXml(fileText(basic, "blog/atom.xml"));
  assert.equal([feed.name, feed.uri, textOf(feed, "id"), textOf(feed, "title")], ["feed", ATOM, "https://webpack.js.org/blog/", "webpack blog"]);
  assert.match(textOf(feed, "updated"), ISO_8601);
  const links = Object.fromEntries(all(feed, "link").map((l) => [l.attrs.rel, l.attrs.href]));
  assert.equal(links, { self: "https://webpack.js.org/blog/atom.xml", alternate: "https://webpack.js.org/blog/" });
  assert.is(textOf(one(feed, "author"), "name"), "webpack contributors");
  const entry = one(feed, "entry");
  const post = "https://webpack.js.org/blog/2026-01-01-hello/";
  assert.equal([textOf(entry, "id"), one(entry, "link").attrs.href, textOf(entry, "title")], [post, post, "Hello"]);
  const updated = textOf(entry, "updated");
  assert.match(updated, ISO_8601);
  assert.equal([new Date(updated).toISOString().slice(0, 10), textOf(feed, "updated")], ["2026-01-01", updated]);
  assert.is(textOf(entry, "summary"), "First post.");
});

test("a site with several posts: feeds newest first with escaped titles; undated and printable pages stay out", async () => {
  const site = await buildCase(path.join(FIXTURES, "emit-site-files/blog-posts-and-printable/input"));
  const items = all(one(parseXml(fileText(site, "blog/feed.xml")), "channel"), "item");
  assert.equal(
    items.map((i) => textOf(i, "title")),
    ['Tips & <Tricks> "quoted"', "Older post"],
  );
  const days = items.map((i) => new Date(textOf(i, "pubDate")).toISOString().slice(0, 10));
  assert.equal(
    days,
    items.map((i) => dayOfUrl(textOf(i, "link"))),
  );
  assert.equal(days, ["2026-03-15", "2025-06-01"]);
  assert.equal(
    all(parseXml(fileText(site, "blog/atom.xml")), "entry").map((e) => textOf(e, "id")),
    items.map((i) => textOf(i, "link")),
    "Atom has RSS's posts in its order",
  );
  const locs = all(parseXml(fileText(site, "sitemap.xml")), "url").map((u) => textOf(u, "loc"));
  assert.ok(locs.includes("https://webpack.js.org/blog/notes/"), "an undated blog page is still a page");
  assert.not.ok(
    items.some((i) => textOf(i, "link").endsWith("/blog/notes/")),
    "but not a post",
  );
  assert.not.ok(
    locs.some((l) => l.endsWith("/guides/all-on-one-page/")),
    "a page titled Printable is not indexed",
  );
});

const SETTINGS = {
  name: "webpack",
  baseUrl: "https://webpack.js.org",
  texts: DEFAULT_SETTINGS.texts,
  defaultLanguage: "en",
  languages: DEFAULT_SETTINGS.languages,
};

/** A summarized page for the pure builders, as the index stage keeps it. */
function page(url: string, name: string, title: string, bodyHtml = "<p>Body.</p>"): PageSummary {
  const entry = {
    path: `content${url}${name}`,
    name,
    size: 1,
    type: "file" as const,
    extension: ".md",
    url,
    title,
    sort: 0,
    group: "",
    description: "",
    source: "",
    edit: "",
    repo: "",
    thirdParty: false,
    anchors: [],
    contributors: [],
    related: [],
  };
  return summarize({ entry, links: [], headingIds: [], bodyHtml, bodyHash: "", stackBlitz: "", sections: [], markdown: "", diagnostics: [] }, "");
}

test("sitemapFiles: escapes and encodes URLs, drops printable, not-found and app-shell pages, dates only real blog days", () => {
  const pages = [
    ["/", "index.md", "Home"],
    ["/guides/a&b/", "a&b.md", "A & B"],
    ["/guides/über/", "über.md", "Über"],
    ["/guides/all/", "all.md", "Guides Printable"],
    ["/guides/printable/", "printable.md", "printable"],
    ["/blog/2024-12-31-eve/", "2024-12-31-eve.md", "Eve"],
    ["/blog/2026-02-30-bad/", "2026-02-30-bad.md", "Bad"],
    ["/news/2024-01-01-x/", "2024-01-01-x.md", "X"],
  ].map(([url, name, title]) => page(url, name, title).entry);
  const [file, ...others] = sitemapFiles({
    baseUrl: "https://docs.example.org",
    pages,
    routes: ["/", "/guides/", "/api/printable/", "/app-shell/", "/404/", "/guides/all/"],
  });
  assert.is(others.length, 0, "one sitemap");
  const xml = String(file.contents);
  assert.match(xml, "/guides/a&amp;b/");
  const urls = all(parseXml(xml), "url");
  assert.equal(
    urls.map((u) => textOf(u, "loc").slice("https://docs.example.org".length)),
    ["/", "/blog/2024-12-31-eve/", "/blog/2026-02-30-bad/", "/guides/", "/guides/%C3%BCber/", "/guides/a&b/", "/news/2024-01-01-x/"],
  );
  assert.equal(
    urls.map((u) =>
      all(u, "lastmod")
        .map((l) => l.text)
        .join(),
    ),
    ["", "2024-12-31", "", "", "", "", ""],
  );
});

test("sitemapFiles: past the protocol's 50,000 URLs, sitemap.xml is an index of sitemaps that each hold at most 50,000, every URL once and in order", () => {
  const count = SITEMAP_LIMITS.urls + 2;
  const routes = Array.from({ length: count }, (_, i) => `/p/${String(i).padStart(6, "0")}/`);
  const files = sitemapFiles({ baseUrl: "https://docs.example.org", pages: [], routes });
  assert.equal(
    files.map((f) => f.path),
    ["sitemap.xml", "sitemap-1.xml", "sitemap-2.xml"],
  );
  const index = parseXml(String(files[0].contents));
  assert.equal(
    all(index, "sitemap").map((s) => textOf(s, "loc")),
    ["https://docs.example.org/sitemap-1.xml", "https://docs.example.org/sitemap-2.xml"],
  );
  assert.is(all(index, "url").length, 0, "the index lists sitemaps, not pages");
  const locs = files.slice(1).map((f) => all(parseXml(String(f.contents)), "url").map((u) => textOf(u, "loc")));
  assert.equal(
    locs.map((l) => l.length),
    [SITEMAP_LIMITS.urls, 2],
  );
  assert.equal(
    locs.flat(),
    routes.map((r) => `https://docs.example.org${r}`),
  );
  // Within the URL limit, one file still; past a byte limit, a cut by size.
  assert.is(sitemapFiles({ baseUrl: "https://docs.example.org", pages: [], routes: routes.slice(0, SITEMAP_LIMITS.urls) }).length, 1);
  const bySize = sitemapFiles({ baseUrl: "https://docs.example.org", pages: [], routes: routes.slice(0, 10) }, { urls: 100, bytes: 400 });
  assert.ok(bySize.length > 2, `${bySize.length} files`);
  for (const file of bySize.slice(1)) assert.ok(Buffer.byteLength(String(file.contents)) <= 400, `${file.path} is over the byte limit`);
});

test("robotsTxt and webManifest follow the settings", () => {
  assert.is(robotsTxt("https://docs.example.org"), "User-agent: *\nAllow: /\n\nSitemap: https://docs.example.org/sitemap.xml\n");
  const manifest = JSON.parse(webManifest({ name: "Docs", description: 'Say "hi" & <go>' })) as Record<string, string>;
  assert.equal([manifest.name, manifest.short_name, manifest.description], ["Docs", "Docs", 'Say "hi" & <go>']);
});

test("teaserOf strips tags (keeping link text), drops heading anchors and aside labels, and decodes entities", () => {
  assert.is(teaserOf("<p>Hello <strong>world</strong>.</p>"), "Hello world.");
  assert.is(teaserOf('<p>Read <a href="/guides/">the guides</a> and <code>npm&nbsp;i</code>.</p>'), "Read the guides and npm i.");
  assert.is(teaserOf("<p>a &amp; b &lt;c&gt; &quot;d&quot; &#x27;e&#x27; &#39;f&#39; &amp;lt; &#128512;</p>"), `a & b <c> "d" 'e' 'f' &lt; 😀`);
  assert.is(
    teaserOf(
      '<h2 id="why">Why<a class="heading-anchor" href="#why" aria-label="Link to this section: Why">#</a></h2><div class="aside aside-tip" role="note"><p class="aside-label">Tip</p><p>Keep it small.</p></div><ul><li>one</li><li>two</li></ul>',
    ),
    "Why Keep it small. one two",
  );
  assert.is(teaserOf('<p>x<!-- hidden --></p><script>alert("<p>")</script><style>p{}</style><p><a title="a > b" href="/y/">y</a></p>'), "x y");
});

test("teaserOf cuts at a word boundary and adds an ellipsis only when it cuts", () => {
  assert.is(teaserOf("<p>alpha beta gamma delta</p>", 12), "alpha beta…");
  assert.is(teaserOf("<p>alpha beta gamma</p>", 10), "alpha beta…", "a word ending exactly at the limit is kept");
  assert.is(teaserOf("<p>one, two</p>", 5), "one…", "no punctuation before the ellipsis");
  assert.is(teaserOf("<p>supercalifragilistic</p>", 5), "super…", "a single long word is cut hard");
  assert.is(teaserOf("<p>alpha beta</p>", 10), "alpha beta");
  const text = Array.from({ length: 60 }, (_, i) => `word${i}`).join(" ");
  const teaser = teaserOf(`<p>${text}</p>`);
  assert.ok(teaser.length <= 201 && teaser.endsWith("…"), teaser);
  assert.ok(text.startsWith(teaser.slice(0, -1)) && text[teaser.length - 1] === " ", "ends on a whole word within 200 characters");
});

test("blogPosts keeps dated posts under /blog/, newest first; the feeds order posts themselves and escape titles", () => {
  const pages = [
    page("/blog/", "index.md", "Blog"),
    page("/blog/2024-05-01-b/", "2024-05-01-b.md", "B"),
    page("/blog/notes/", "notes.md", "Notes"),
    page("/blog/2025-01-01-c/", "2025-01-01-c.md", "C"),
    page("/blog/2024-05-01-a/", "2024-05-01-a.md", "A"),
    page("/blog/2026-01-01-p/", "2026-01-01-p.md", "Blog Printable"),
    page("/news/2030-01-01-n/", "2030-01-01-n.md", "N"),
  ];
  const posts = blogPosts(pages);
  assert.equal(
    posts.map((p) => p.url),
    ["/blog/2025-01-01-c/", "/blog/2024-05-01-a/", "/blog/2024-05-01-b/"],
  );
  assert.is(posts[0].teaser, "Body.");
  const tricky: BlogPost = { url: "/blog/2023-07-04-t/", title: `Tips & <Tricks> "quoted" 'single'`, date: "2023-07-04", teaser: "a < b & c > d" };
  const shuffled = [posts[2], tricky, posts[0], posts[1]];
  const rss = rssFeed({ settings: SETTINGS, posts: shuffled });
  assert.not.match(rss, "<Tricks>");
  const items = all(one(parseXml(rss), "channel"), "item");
  assert.equal(
    items.map((i) => textOf(i, "title")),
    ["C", "A", "B", tricky.title],
  );
  assert.is(textOf(items[3], "description"), tricky.teaser);
  const dates = items.map((i) => new Date(textOf(i, "pubDate")).getTime());
  assert.equal(
    dates,
    [...dates].sort((a, b) => b - a),
  );
  const entries = all(parseXml(atomFeed({ settings: SETTINGS, posts: shuffled })), "entry");
  assert.equal(
    entries.map((e) => textOf(e, "title")),
    ["C", "A", "B", tricky.title],
  );
  assert.equal(
    entries.map((e) => textOf(e, "updated")),
    ["2025-01-01T00:00:00Z", "2024-05-01T00:00:00Z", "2024-05-01T00:00:00Z", "2023-07-04T00:00:00Z"],
  );
});

test("undatedBlogPages warns, at line 1 of the file, about blog pages that are not posts only for want of a real day", () => {
  const entries = [
    page("/blog/", "index.md", "Blog"),
    page("/blog/2024-05-01-b/", "2024-05-01-b.md", "B"),
    page("/blog/notes/", "notes.md", "Notes"),
    page("/blog/2026-02-30-bad/", "2026-02-30-bad.md", "Bad"),
    page("/blog/2026-01-01-p/", "2026-01-01-p.md", "Blog Printable"),
    page("/blog/undated/", "undated.md", "printable"),
    page("/news/notes/", "notes.md", "N"),
    page("/blog/2023/2023-07-04-deep/", "2023-07-04-deep.md", "Deep"),
  ].map((p) => p.entry);
  const warnings = undatedBlogPages(entries);
  assert.equal(
    warnings.map((d) => [d.file, d.line, d.fatal, d.ruleId]),
    [
      ["content/blog/notes/notes.md", 1, false, "blog-post-date"],
      ["content/blog/2026-02-30-bad/2026-02-30-bad.md", 1, false, "blog-post-date"],
    ],
  );
  assert.match(warnings[0].message, "Blog page /blog/notes/ is not a post: its file name starts with no date");
  assert.match(warnings[1].message, "2026-02-30 in its file name is not a calendar day");
  assert.match(warnings[0].hint, "YYYY-MM-DD-slug.md");
  assert.equal(
    blogPosts(entries.map((entry) => ({ entry, teaser: "" }))).map((p) => p.url),
    ["/blog/2024-05-01-b/", "/blog/2023/2023-07-04-deep/"],
    "every other page under /blog/ is a post, or the blog index, or printable",
  );
});

test("feeds without posts are still valid: no items, no lastBuildDate, and an Atom updated date", () => {
  const channel = one(parseXml(rssFeed({ settings: SETTINGS, posts: [] })), "channel");
  assert.equal([all(channel, "item").length, all(channel, "lastBuildDate").length], [0, 0]);
  const feed = parseXml(atomFeed({ settings: SETTINGS, posts: [] }));
  assert.equal([all(feed, "entry").length, textOf(feed, "updated")], [0, "1970-01-01T00:00:00Z"]);
});

test("the icons draw the built-in logo; the maskable one is full-bleed with the logo inside the 80% safe zone", () => {
  const icons = Object.fromEntries(siteIcons().map((f) => [f.path, parseXml(String(f.contents))]));
  assert.equal(Object.keys(icons), ["favicon.svg", "icons/icon.svg", "icons/icon-maskable.svg"]);
  for (const name of ["favicon.svg", "icons/icon.svg"])
    assert.equal(
      all(icons[name], "path").map((p) => [p.attrs.d, p.attrs.fill]),
      LOGO_PATHS.map((p) => [p.d, p.fill]),
    );
  const maskable = icons["icons/icon-maskable.svg"];
  const [, , size] = maskable.attrs.viewBox.split(" ").map(Number);
  const rect = one(maskable, "rect");
  assert.equal(
    [rect.attrs.x ?? "0", rect.attrs.y ?? "0", Number(rect.attrs.width), Number(rect.attrs.height), rect.attrs.fill],
    ["0", "0", size, size, THEME_COLOR],
  );
  const group = one(maskable, "g");
  assert.equal(
    all(group, "path").map((p) => p.attrs.d),
    LOGO_PATHS.map((p) => p.d),
  );
  const [tx, ty, scale] = (/^translate\(([\d.]+) ([\d.]+)\) scale\(([\d.]+)\)$/.exec(group.attrs.transform) ?? []).slice(1).map(Number);
  for (const [x, y] of [
    [12, 1],
    [22, 6.5],
    [22, 17.5],
    [12, 23],
    [2, 17.5],
    [2, 6.5],
  ])
    assert.ok(Math.hypot(tx + x * scale - size / 2, ty + y * scale - size / 2) <= 0.4 * size, `(${x}, ${y}) is inside the safe zone`);
  assert.ok(scale * 20 >= 0.5 * size, "the logo is not drawn tiny");
});

test.run();
