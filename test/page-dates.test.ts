import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build, type BuildResult } from "../src/build.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import type { PageData } from "../src/shared/page-data.ts";
import { frontMatterFor, keptPage, renderFrontMatter } from "../src/commands/fetch-readmes/core.ts";
import { sitemapFiles } from "../src/stages/emit-site-files/core.ts";
import { GitLogDays, pageDates } from "../src/stages/page-dates/core.ts";
import { tempSite, TOOL_DIR, type TempSite } from "./helpers/temp-site.ts";

/** The days of a whole log read at once. */
function parseGitLog(text: string) {
  const reader = new GitLogDays();
  reader.push(text);
  return reader.end();
}

const LOG = fs.readFileSync(path.join(TOOL_DIR, "fixtures/page-dates/git-log.txt"), "utf8");

/** The fixture log's files and the day each must get. */
const LOG_DAYS = [
  ["guides/caching.md", "2026-11-20"],
  ["api/index.md", "2026-11-20"],
  ["guides/über-uns.md", "2025-01-31"],
  ["index.md", "2025-01-31"],
] as const;

test("GitLogDays: each file takes the day of the newest commit naming it, the committer's own day", () => {
  const days = parseGitLog(LOG);
  assert.equal(
    LOG_DAYS.map(([file]) => [file, days.get(file)]),
    LOG_DAYS.map(([file, day]) => [file, day]),
  );
  assert.is(days.size, 4);
  assert.is(days.get("guides/other.md"), undefined, "a file the log does not name");
});

test("GitLogDays: empty output, and commits without a date, give no days", () => {
  assert.is(parseGitLog("").size, 0);
  assert.is(parseGitLog("\0not a date\n\nindex.md\n").size, 0);
});

test("GitLogDays: the log read in chunks cut anywhere gives the days the whole log gives, and keeps markdown files only", () => {
  const reader = new GitLogDays();
  const log = `${LOG}\0${"1969-07-20T20:17:00+00:00"}\n\nassets/logo.svg\nguides/old.mdx\n`;
  for (let at = 0; at < log.length; at += 3) reader.push(log.slice(at, at + 3));
  const days = reader.end();
  for (const [file, day] of LOG_DAYS) assert.is(days.get(file), day, file);
  assert.is(days.get("guides/old.mdx"), "1969-07-20", "a day before 1970 comes back as it was");
  assert.is(days.get("assets/logo.svg"), undefined, "an image is never a page");
  assert.is(days.size, 5);
});

test("GitLogDays: a site's worth of files each keep their own day", () => {
  const reader = new GitLogDays();
  const files = Array.from({ length: 20_000 }, (_, n) => `section-${n % 400}/page-${n}.md`);
  // Newest first: file n was last changed on day n of 2020, counted back from the last.
  const day = (n: number) => new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
  for (let n = files.length - 1; n >= 0; n--) reader.push(`\0${day(n % 3000)}T12:00:00+00:00\n\n${files[n]}\n`);
  const days = reader.end();
  assert.is(days.size, files.length);
  const wrong = files.filter((file, n) => days.get(file) !== day(n % 3000));
  assert.equal(wrong, []);
});

const own = (url: string, relative: string) => ({ url, relative, entry: { title: url, thirdParty: false } });

test("pageDates: own pages from the history, fetched pages from their front matter, printable pages never", () => {
  const history = new Map([
    ["index.md", "2026-01-02"],
    ["loaders/_css-loader.md", "2020-01-01"],
    ["guides/printable.md", "2026-01-03"],
  ]);
  const { days, noHistory } = pageDates(
    [
      own("/", "index.md"),
      own("/guides/new/", "guides/new.md"),
      { url: "/guides/printable/", relative: "guides/printable.md", entry: { title: "Printable", thirdParty: false } },
      { url: "/loaders/css-loader/", relative: "loaders/_css-loader.md", entry: { title: "css-loader", thirdParty: true, fetched: "2026-11-25" } },
      { url: "/loaders/bad/", relative: "loaders/_bad.md", entry: { title: "bad", thirdParty: true, fetched: "2026-02-30" } },
    ],
    history,
  );
  assert.equal(
    [...days],
    [
      ["/", "2026-01-02"],
      ["/loaders/css-loader/", "2026-11-25"],
    ],
  );
  assert.is(noHistory, false);
});

test("pageDates: no history is reported only when some own page exists and none has a commit", () => {
  assert.is(pageDates([own("/", "index.md")], new Map()).noHistory, true);
  assert.is(pageDates([], new Map()).noHistory, false);
  const fetchedOnly = pageDates([{ url: "/x/", relative: "_x.md", entry: { title: "x", thirdParty: true, fetched: "2026-11-25" } }], new Map());
  assert.is(fetchedOnly.noHistory, false);
});

const repo = { name: "css-loader", fullName: "webpack/css-loader", branch: "main", htmlUrl: "https://github.com/webpack/css-loader" };

test("fetch-readmes: the fetch day goes into the front matter; a page that differs only in its day keeps its old day", () => {
  const page = (fetched: string, body: string) => renderFrontMatter(frontMatterFor("loaders", repo, { fetched })) + body;
  assert.match(page("2026-11-25", "Body.\n"), /\nfetched: 2026-11-25\nthirdParty: true\n---\n/);
  const before = page("2026-11-01", "Body.\n");
  assert.is(keptPage(page("2026-11-25", "Body.\n"), before), before);
  assert.is(keptPage(page("2026-11-25", "New body.\n"), before), page("2026-11-25", "New body.\n"));
  assert.is(keptPage(page("2026-11-25", "Body.\n"), undefined), page("2026-11-25", "Body.\n"));
  // A page written before pages carried their day gets one.
  const undated = `${renderFrontMatter(frontMatterFor("loaders", repo))}Body.\n`;
  assert.is(keptPage(page("2026-11-25", "Body.\n"), undated), page("2026-11-25", "Body.\n"));
});

test("sitemapFiles: pages take their day from the dates, blog posts keep the day of their file name", () => {
  const [{ contents }] = sitemapFiles({
    baseUrl: "https://example.org",
    pages: [
      { url: "/guides/", title: "Guides", name: "index.md" },
      { url: "/blog/2026-03-15-release/", title: "Release", name: "2026-03-15-release.md" },
      { url: "/api/", title: "API", name: "index.md" },
    ],
    routes: [],
    dates: new Map([
      ["/guides/", "2026-11-02"],
      ["/blog/2026-03-15-release/", "2026-11-03"],
    ]),
  });
  const xml = String(contents);
  assert.match(xml, "<loc>https://example.org/guides/</loc>\n    <lastmod>2026-11-02</lastmod>");
  assert.match(xml, "<loc>https://example.org/blog/2026-03-15-release/</loc>\n    <lastmod>2026-03-15</lastmod>");
  assert.match(xml, "<loc>https://example.org/api/</loc>\n  </url>");
});

/** Runs git in `dir` with a fixed identity and commit day, and no user or system configuration. */
function git(dir: string, args: string[], day = "2026-01-15"): void {
  const when = `${day}T12:00:00+00:00`;
  execFileSync("git", ["-c", "user.name=Docs", "-c", "user.email=docs@example.com", "-c", "commit.gpgsign=false", ...args], {
    cwd: dir,
    stdio: "ignore",
    env: { ...process.env, GIT_AUTHOR_DATE: when, GIT_COMMITTER_DATE: when, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" },
  });
}

function writePage(site: TempSite, relative: string, text: string): void {
  fs.mkdirSync(path.dirname(site.path("content", relative)), { recursive: true });
  fs.writeFileSync(site.path("content", relative), text);
}

/** A site of a landing page, two guides and a fetched loader page. */
function writeSite(site: TempSite): void {
  writePage(site, "index.md", "---\ntitle: Home\n---\n\nWelcome.\n");
  writePage(site, "guides/index.md", "---\ntitle: Guides\n---\n\nAll guides.\n");
  writePage(site, "guides/alpha.md", "---\ntitle: Alpha\n---\n\nAlpha.\n");
  writePage(site, "guides/beta.md", "---\ntitle: Beta\n---\n\nBeta.\n");
  const loader = renderFrontMatter(frontMatterFor("loaders", repo, { fetched: "2026-11-25" }));
  writePage(site, "loaders/_css-loader.md", `${loader}\nCSS.\n`);
}

function pageData(result: BuildResult, url: string): PageData {
  const file = result.files.find((f) => f.path === `${url.slice(1)}index.html`);
  if (!file) throw new Error(`no page ${url}`);
  const match = /<script type="application\/json" id="__DOCS_DATA__">([\s\S]*?)<\/script>/.exec(String(file.contents));
  return JSON.parse(match![1]) as PageData;
}

function html(result: BuildResult, url: string): string {
  return String(result.files.find((f) => f.path === `${url.slice(1)}index.html`)!.contents);
}

/** `<lastmod>` by `<loc>` path, from the sitemap. */
function lastmods(result: BuildResult): Record<string, string> {
  const xml = String(result.files.find((f) => f.path === "sitemap.xml")!.contents);
  return Object.fromEntries([...xml.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>\n {4}<lastmod>([^<]+)<\/lastmod>/g)].map((m) => [m[1], m[2]]));
}

const buildSite = (site: TempSite) => build({ root: site.dir, write: false, cache: true, links: "warn", logger: createMemoryLogger() });

test("build in a git repository: each page shows its file's last commit day, in the page and the sitemap, cached renders follow", async () => {
  const site = tempSite();
  try {
    writeSite(site);
    git(site.dir, ["init", "-q"]);
    fs.writeFileSync(site.path(".gitignore"), ".cache/\ncontent/**/_*.md\n");
    git(site.dir, ["add", "."]);
    git(site.dir, ["commit", "-qm", "Pages"], "2026-01-15");
    const first = await buildSite(site);
    assert.is(pageData(first, "/guides/alpha/").page!.updated, "2026-01-15");
    assert.match(html(first, "/guides/alpha/"), '<p class="last-updated">Last updated <time dateTime="2026-01-15">January 15, 2026</time></p>');
    assert.is(first.diagnostics.filter((d) => d.ruleId === "no-page-history").length, 0);

    writePage(site, "guides/beta.md", "---\ntitle: Beta\n---\n\nBeta, revised.\n");
    git(site.dir, ["commit", "-qam", "Beta"], "2026-03-04");
    // Alpha's bytes stay the same; only its file mode changes, so only its day says its render is stale.
    git(site.dir, ["update-index", "--chmod=+x", "content/guides/alpha.md"]);
    git(site.dir, ["commit", "-qm", "Alpha mode"], "2026-04-05");
    // A page never committed has no day.
    writePage(site, "guides/gamma.md", "---\ntitle: Gamma\n---\n\nGamma.\n");
    const second = await buildSite(site);
    assert.is(pageData(second, "/guides/").page!.updated, "2026-01-15");
    assert.is(pageData(second, "/guides/alpha/").page!.updated, "2026-04-05");
    assert.match(html(second, "/guides/alpha/"), '<time dateTime="2026-04-05">April 5, 2026</time>');
    assert.is(pageData(second, "/guides/beta/").page!.updated, "2026-03-04");
    assert.is(pageData(second, "/guides/gamma/").page!.updated, "");
    assert.not.match(html(second, "/guides/gamma/"), "last-updated");
    assert.is(pageData(second, "/loaders/css-loader/").page!.updated, "2026-11-25");
    assert.equal(lastmods(second), {
      "/": "2026-01-15",
      "/guides/": "2026-01-15",
      "/guides/alpha/": "2026-04-05",
      "/guides/beta/": "2026-03-04",
      "/loaders/css-loader/": "2026-11-25",
    });
  } finally {
    site.remove();
  }
});

test("build outside any git repository: no page has a day, fetched pages keep theirs, and one warning says why", async () => {
  const site = tempSite();
  try {
    writeSite(site);
    const result = await build({ root: site.dir, write: false, cache: false, links: "warn", logger: createMemoryLogger() });
    assert.is(pageData(result, "/guides/alpha/").page!.updated, "");
    assert.not.match(html(result, "/guides/alpha/"), "last-updated");
    assert.equal(lastmods(result), { "/loaders/css-loader/": "2026-11-25" });
    const warnings = result.diagnostics.filter((d) => d.ruleId === "no-page-history");
    assert.is(warnings.length, 1);
    assert.is(warnings[0].fatal, false);
    assert.is(warnings[0].file, "content");
    assert.match(warnings[0].message, "not in a git repository");
  } finally {
    site.remove();
  }
});

test.run();
