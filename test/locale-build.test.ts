import { test } from "uvu";
import * as assert from "uvu/assert";
import { UsageError } from "../src/report/errors.ts";
import fs from "node:fs";
import path from "node:path";
import { loadSettings, resolveSettings } from "../src/context/config.ts";
import { processPage } from "../src/stages/index-content/process-page.ts";
import { createContext } from "../src/context/context.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import { build } from "../src/build.ts";
import { outdatedPages } from "../src/stages/translation-status/index.ts";
import { formatDay, formatMessage } from "../src/shared/messages/format.ts";
import { ZH } from "../src/shared/messages/zh.ts";
import { git } from "./helpers/git.ts";
import { buildFixtureSite, copyFixtureSite, fileText } from "./helpers/site.ts";

// One language built alone for its own host (`build --locale zh`) on the
// locales fixture: its own pages from i18n/zh, the default language's where
// it has none (fallback pages that say so in the reader's language, carry
// lang="en" and point search engines at the English page), the document in
// the language, and the language menu marking it.

const zh = buildFixtureSite("locales", { locale: "zh" });
/** "English" as a Chinese reader reads it, as the notices name the default language. */
const ENGLISH_IN_CHINESE = new Intl.DisplayNames(["zh"], { type: "language" }).of("en")!;
const en = buildFixtureSite("locales", { locale: "en" });
/** The whole site: English at the root, Chinese under /zh/. */
const all = buildFixtureSite("locales");

/** The parts of a page these tests look at. */
function facts(html: string) {
  return {
    html: /<html[^>]*>/.exec(html)?.[0],
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
    article: /<article[^>]*>/.exec(html)?.[0],
    notice: /<p class="fallback-notice" role="note" lang="([^"]*)">([^<]*)<\/p>/.exec(html)?.slice(1),
    title: /<h1>([^<]*)<\/h1>/.exec(html)?.[1],
  };
}

test("a translated page is the language's own, at the language's address", async () => {
  const page = facts(fileText(await zh, "guides/start/index.html"));
  assert.equal(page, {
    html: '<html lang="zh" data-theme="light">',
    canonical: "https://zh.docs.example.test/guides/start/",
    article: '<article class="doc-page">',
    notice: undefined,
    title: "快速开始",
  });
});

test("a page the language lacks falls back to the default language's, says so in the reader's language, and is marked English", async () => {
  const page = facts(fileText(await zh, "guides/more/index.html"));
  assert.equal(page, {
    html: '<html lang="zh" data-theme="light">',
    canonical: "https://docs.example.test/guides/more/",
    article: '<article class="doc-page" lang="en">',
    notice: ["zh", formatMessage(ZH["page.notTranslated"], { language: ENGLISH_IN_CHINESE })],
    title: "Going Further",
  });
  const menu = fileText(await zh, "guides/more/index.html");
  assert.match(menu, /aria-current="true">中文</, "the language menu marks the language built");
  assert.match(menu, 'href="https://docs.example.test/guides/more/" hrefLang="en"', "and offers the same page in the other languages");
});

test("a translated page's headings answer to its original's ids too, so links written for the original land", async () => {
  const html = fileText(await zh, "guides/start/index.html");
  assert.match(html, '<h2 id="安装"><span id="install"></span>安装', "the translated heading carries the original's id");
  // The fallback page links to /guides/start/#install; the strict link check of the build above passed with it.
  assert.match(fileText(await zh, "guides/more/index.html"), 'href="/guides/start/#install"');
  assert.not.ok(fileText(await en, "guides/start/index.html").includes("<span id="), "the default language's page has no aliases");
});

test("in the whole site, a translation takes its original's heading ids from the default language's processing of it, and they are the ids its text gives", async () => {
  assert.match(fileText(await all, "zh/guides/start/index.html"), '<h2 id="安装"><span id="install"></span>安装');
  // Given ids, the original's text is not parsed for them: ids that differ from the text's are the ones used.
  const settings = resolveSettings({});
  const source = { relative: "start.md", display: "i18n/zh/start.md", text: "# 开始\n\n## 安装\n", size: 30, original: "# Start\n\n## Install\n" };
  const ids = (page: ReturnType<typeof processPage>) => /<h2 id="安装"><span id="([^"]*)"><\/span>/.exec(page.bodyHtml)?.[1];
  assert.is(ids(processPage(source, settings)), "install");
  assert.is(ids(processPage({ ...source, originalIds: ["start", "setup"] }, settings)), "setup");
});

/** The search runs (see `SearchRun`) a cache folder holds, each entry's body read past its seal. */
function cachedRuns(dir: string): number {
  let runs = 0;
  for (const file of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!file.isFile()) continue;
    const text = fs.readFileSync(path.join(file.parentPath, file.name), "utf8");
    const body = text.slice(0, text.lastIndexOf("\ndocs-build-cache "));
    if (!body.startsWith('{"pages":')) continue;
    const value = JSON.parse(body) as Record<string, unknown>;
    if ("rowPages" in value && "buckets" in value) runs++;
  }
  return runs;
}

test("a language indexes for search only the folders it translates: the others' runs are the default language's, read from the cache", async () => {
  const dir = copyFixtureSite("locales");
  try {
    await build({ root: dir, out: "dist", cache: true, history: false, logger: createMemoryLogger() });
    // English: the root's pages and guides/, a run each; zh translates guides/ (a run of its own) and falls back at the root.
    assert.is(cachedRuns(path.join(dir, ".cache", "docs-build")), 3);
    const zhRoot = JSON.parse(fs.readFileSync(path.join(dir, "dist", "zh", "search-index.json"), "utf8")) as { documentCount: number };
    const enRoot = JSON.parse(fs.readFileSync(path.join(dir, "dist", "search-index.json"), "utf8")) as { documentCount: number };
    assert.ok(zhRoot.documentCount > 0 && enRoot.documentCount > 0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the default language's build is unchanged: no notice, English document", async () => {
  for (const path of ["guides/start/index.html", "guides/more/index.html"]) {
    const page = facts(fileText(await en, path));
    assert.is(page.html, '<html lang="en" data-theme="light">');
    assert.is(page.notice, undefined);
    assert.is(page.canonical, `https://docs.example.test/${path.replace("index.html", "")}`);
  }
  assert.is(facts(fileText(await en, "guides/start/index.html")).title, "Getting Started");
});

/**
 * Makes a copy of the fixture a repository of two commits: the pages and
 * their translations, then one more step on the English start page, with
 * what `alongside` changes given the first commit's name. Returns both names.
 */
function changeStartPage(root: string, alongside: (first: string) => void = () => {}): { translated: string; changed: string } {
  git(root, ["init", "-q", "-b", "main"]);
  git(root, ["add", "."], "2026-03-02");
  git(root, ["commit", "-q", "-m", "pages and their translations"], "2026-03-02");
  const translated = git(root, ["rev-parse", "HEAD"]);
  fs.appendFileSync(path.join(root, "content/guides/start.md"), "\nRun it again after each change.\n");
  alongside(translated);
  git(root, ["commit", "-q", "-am", "start: one more step"], "2026-04-10");
  return { translated, changed: git(root, ["rev-parse", "HEAD"]) };
}

test("a translation whose source changed since says when, how many commits since, and links to the change, in its language", async () => {
  const root = copyFixtureSite("locales");
  try {
    const { translated, changed } = changeStartPage(root);
    const result = await buildFixtureSite("locales", { root, locale: "zh", history: true });
    const html = fileText(result, "guides/start/index.html");
    const notice = /<p class="outdated-notice" role="note">([^<]*)(?:<!-- -->)? (?:<!-- -->)?<a href="([^"]*)"[^>]*>([^<]*)<\/a><\/p>/.exec(html);
    assert.ok(notice, "the translated page has the notice");
    assert.is(notice![1].trim(), formatMessage(ZH["page.outdated"], { language: ENGLISH_IN_CHINESE, date: formatDay("2026-04-10", "zh"), count: "1" }));
    assert.is(notice![2], `https://github.com/webpack/webpack.js.org/compare/${translated}...${changed}`);
    assert.is(notice![3], ZH["page.outdatedLink"]);
    assert.not.ok(fileText(result, "guides/index.html").includes("outdated-notice"), "a translation whose source did not change has none");
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

/** The `hreflang` alternates in a page's head, as [language, address] pairs. */
function alternates(html: string): string[][] {
  return [...html.matchAll(/<link rel="alternate" hrefLang="([^"]*)" href="([^"]*)"\/>/g)].map((m) => [m[1], m[2]]);
}

test("a page another language has names each language's address in its head (hreflang, x-default the original); others name none", async () => {
  assert.equal(alternates(fileText(await en, "guides/start/index.html")), [
    ["en", "https://docs.example.test/guides/start/"],
    ["zh", "https://zh.docs.example.test/guides/start/"],
    ["x-default", "https://docs.example.test/guides/start/"],
  ]);
  assert.equal(alternates(fileText(await zh, "guides/start/index.html")), [
    ["zh", "https://zh.docs.example.test/guides/start/"],
    ["en", "https://docs.example.test/guides/start/"],
    ["x-default", "https://docs.example.test/guides/start/"],
  ]);
  assert.equal(alternates(fileText(await en, "guides/more/index.html")), [], "no other language has the page");
  assert.equal(alternates(fileText(await zh, "guides/more/index.html")), [], "a fallback page's canonical link is the original");
  assert.equal(alternates(fileText(await zh, "guides/community/index.html")), [], "a page only its language has");
});

test("the sitemap names each page's translations, and a language's sitemap leaves out its fallback pages", async () => {
  const enMap = fileText(await en, "sitemap.xml");
  assert.match(enMap, 'xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  assert.match(
    enMap,
    "<loc>https://docs.example.test/guides/start/</loc>\n" +
      '    <xhtml:link rel="alternate" hreflang="en" href="https://docs.example.test/guides/start/"/>\n' +
      '    <xhtml:link rel="alternate" hreflang="zh" href="https://zh.docs.example.test/guides/start/"/>\n' +
      '    <xhtml:link rel="alternate" hreflang="x-default" href="https://docs.example.test/guides/start/"/>\n  </url>',
  );
  assert.match(enMap, "<loc>https://docs.example.test/guides/more/</loc>\n  </url>", "a page no other language has names none");
  const zhMap = fileText(await zh, "sitemap.xml");
  assert.match(zhMap, '<loc>https://zh.docs.example.test/guides/start/</loc>\n    <xhtml:link rel="alternate" hreflang="zh"');
  assert.match(zhMap, "<loc>https://zh.docs.example.test/guides/community/</loc>");
  assert.not.match(zhMap, "/guides/more/", "the fallback page is the original's to list");
});

test("the language menu leads a language that lacks the page to its home page", async () => {
  const html = fileText(await zh, "guides/community/index.html");
  assert.match(html, 'href="https://docs.example.test/" hrefLang="en"', "the default language has no such page");
  assert.match(html, 'href="https://ko.docs.example.test/guides/community/" hrefLang="ko"', "a site only linked to keeps the path");
  assert.match(fileText(await zh, "guides/start/index.html"), 'href="https://docs.example.test/guides/start/" hrefLang="en"');
});

test("the whole site puts each language with a folder under its prefix, every address and file under it", async () => {
  const site = await all;
  const paths = site.files.map((f) => f.path);
  for (const file of [
    "index.html",
    "guides/start/index.html",
    "zh/index.html",
    "zh/guides/start/index.html",
    "zh/guides/more/index.html",
    "zh/guides/community/index.html",
    "zh/404.html",
    "zh/sw.js",
    "zh/sitemap.xml",
    "zh/search-index.json",
  ])
    assert.ok(paths.includes(file), `${file} is built`);
  assert.not.ok(paths.includes("zh/robots.txt"), "crawlers read robots.txt at the host's root only");
  assert.is(
    fileText(site, "robots.txt"),
    "User-agent: *\nAllow: /\n\nSitemap: https://docs.example.test/sitemap.xml\nSitemap: https://docs.example.test/zh/sitemap.xml\n",
  );
  const start = fileText(site, "zh/guides/start/index.html");
  assert.is(facts(start).canonical, "https://docs.example.test/zh/guides/start/");
  // Every address of the language's pages leaves for the browser under its prefix: links, assets, data files, the worker.
  const rooted = [...start.matchAll(/(?:href|src)="(\/[^"]*)"/g)].map((m) => m[1]).filter((url) => !url.startsWith("/zh/"));
  assert.equal(rooted, [], "no address of the Chinese page leaves its prefix");
  assert.match(start, '"indexUrl":"/zh/search-index.json"');
  assert.match(fileText(site, "zh/sw.js"), '"base":"/zh/"');
  // The fallback page shows the English body, its links under the language's prefix, and points search engines at the English page.
  const more = fileText(site, "zh/guides/more/index.html");
  assert.is(facts(more).canonical, "https://docs.example.test/guides/more/");
  assert.match(more, 'href="/zh/guides/start/#install"');
  assert.equal(alternates(fileText(site, "guides/start/index.html")), [
    ["en", "https://docs.example.test/guides/start/"],
    ["zh", "https://docs.example.test/zh/guides/start/"],
    ["x-default", "https://docs.example.test/guides/start/"],
  ]);
  assert.match(
    fileText(site, "guides/start/index.html"),
    'href="https://docs.example.test/zh/guides/start/" hrefLang="zh"',
    "the language menu leads to the prefix",
  );
  assert.match(
    fileText(site, "zh/guides/start/index.html"),
    'href="https://ko.docs.example.test/guides/start/" hrefLang="ko"',
    "a site only linked to keeps its address",
  );
  assert.not.ok(fileText(site, "guides/start/index.html").includes('href="/zh/'), "the default language's own pages stay at the root");
});

test("a translation's translates decides its freshness over its own later commits; one that is not a commit is reported at its line", async () => {
  const root = copyFixtureSite("locales");
  /** Adds a front matter line to a page of the project, after its opening fence. */
  const withFrontMatter = (page: string, line: string) =>
    fs.writeFileSync(path.join(root, page), fs.readFileSync(path.join(root, page), "utf8").replace(/^---\n/, `---\n${line}\n`));
  try {
    // The translation is committed again with its source's change, but says it still follows the first commit.
    const { translated, changed } = changeStartPage(root, (first) => {
      withFrontMatter("i18n/zh/guides/start.md", `translates: ${first}`);
      withFrontMatter("i18n/zh/guides/index.md", "translates: latest");
    });
    const ctx = createContext({ root, settings: await loadSettings(root), logger: createMemoryLogger(), cache: false, locale: "zh" });
    try {
      const outdated = await outdatedPages(ctx);
      assert.equal([...outdated.keys()], ["guides/start.md"]);
      assert.is(outdated.get("guides/start.md")?.compareUrl, `https://github.com/webpack/webpack.js.org/compare/${translated}...${changed}`);
      assert.equal(
        (await ctx.problems.all()).map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId}`),
        ["i18n/zh/guides/index.md:2:13 frontmatter-field"],
      );
    } finally {
      await ctx.problems.close();
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("a translated page's body labels are in its language, the project's own strings first; a fallback page's are the original's", async () => {
  assert.match(fileText(await zh, "guides/start/index.html"), `aria-label="${ZH["code.copyLabel"]}"`);
  assert.match(fileText(await zh, "guides/start/index.html"), `<p class="aside-label">${ZH["aside.tip"]}</p>`, "an aside is labelled in the page's language");
  const root = copyFixtureSite("locales");
  try {
    fs.mkdirSync(path.join(root, "messages"));
    fs.writeFileSync(path.join(root, "messages/zh.json"), JSON.stringify({ "code.copyLabel": "复制这段代码" }));
    fs.writeFileSync(path.join(root, "messages/en.json"), JSON.stringify({ "code.copyLabel": "Copy this code" }));
    fs.appendFileSync(path.join(root, "content/guides/more.md"), "\n```bash\nnpx docs-build serve\n```\n");
    const site = await buildFixtureSite("locales", { root });
    assert.match(fileText(site, "zh/guides/start/index.html"), 'aria-label="复制这段代码"');
    assert.match(fileText(site, "guides/more/index.html"), 'aria-label="Copy this code"', "the default language's own strings reach its bodies");
    assert.match(fileText(site, "zh/guides/more/index.html"), 'aria-label="Copy this code"', "a fallback page's body is the original's");
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("the generated pages' titles are in the language: the not-found page's", async () => {
  assert.match(fileText(await zh, "404.html"), `<title>${ZH["notFound.title"]}`);
  assert.match(fileText(await all, "zh/404.html"), `<title>${ZH["notFound.title"]}`);
});

test("--locale names a language the config can build, or the build stops at once with which can", async () => {
  for (const [locale, said] of [
    ["ko", "the language ko has no folder of its own pages"],
    ["fr", "fr is not one of the config's languages"],
  ]) {
    const error = await buildFixtureSite("locales", { locale }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.instance(error, UsageError);
    assert.match((error as Error).message, said);
    assert.match((error as Error).message, "Languages that can be built: en, zh.");
  }
});

test.run();
