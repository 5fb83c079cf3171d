import fs from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import * as v from "valibot";
import { translations } from "../src/commands/translations/index.ts";
import { ContentError, PartialFailure } from "../src/report/errors.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import { reportSchema } from "../src/report/report-format.ts";
import { countWords, fails, GitLogRevisions, translationStatus } from "../src/stages/translation-status/core.ts";
import { runCli } from "./helpers/cli.ts";
import { tempSite, type TempSite } from "./helpers/temp-site.ts";
import { git } from "./helpers/git.ts";

const LINKS = {
  repository: "acme/docs",
  branch: "main",
  compareUrl: "https://github.com/{repository}/compare/{from}...{to}",
  historyUrl: "https://github.com/{repository}/commits/{branch}/{path}",
};

/** A log as `git log` prints it for translationLogArgs, newest first: each commit's name and date, then its files. */
const commit = (sha: string, date: string, ...files: string[]) => `\0${sha} ${date}\n\n${files.join("\n")}\n`;
const SHA = (digit: string) => digit.repeat(40);
const LOG = [
  commit(SHA("c"), "2026-02-01T09:00:00+08:00", "content/a.md", "content/b.md"),
  commit(SHA("b"), "2026-01-20T12:00:00+00:00", "i18n/zh/a.md", "i18n/zh/b.md", "i18n/zh/image.png"),
  commit(SHA("a"), "2026-01-10T12:00:00+00:00", "content/a.md", "content/b.md", "content/c.md"),
].join("");

function readLog(text: string, step = text.length) {
  const reader = new GitLogRevisions();
  for (let at = 0; at < text.length; at += step) reader.push(text.slice(at, at + step));
  return reader.end();
}

test("GitLogRevisions: each markdown file's commits, newest first, the same when the log comes in chunks cut anywhere", () => {
  for (const step of [LOG.length, 5, 1]) {
    const revisions = readLog(LOG, step);
    assert.equal(Array.from(revisions.commits("content/a.md")), [0, 2], `step ${step}`);
    assert.equal(Array.from(revisions.commits("i18n/zh/b.md")), [1]);
    assert.equal(Array.from(revisions.commits("i18n/zh/image.png")), [], "only markdown files are kept");
    assert.is(revisions.size, 5);
  }
  const revisions = readLog(LOG);
  assert.is(revisions.sha(1), SHA("b"));
  assert.is(revisions.date(0), "2026-02-01T09:00:00+08:00");
  assert.is(revisions.find("AAAAAAA"), 2, "a short name in capitals");
  assert.is(revisions.find(SHA("c")), 0);
  assert.is(revisions.find("abcdef0"), undefined);
  assert.is(readLog("").size, 0);
});

test("translationStatus: translated, outdated by git, outdated by translates, missing, and a translates the log does not have", () => {
  const revisions = readLog(LOG);
  const translated = new Map([
    ["a.md", { relative: "a.md" }],
    ["b.md", { relative: "b.md", translates: "ccccccc" }],
    ["c.md", { relative: "c.md", translates: "aaaaaaa" }],
    ["d.md", { relative: "d.md", translates: "0123456" }],
    ["only-zh.md", { relative: "only-zh.md" }],
  ]);
  const { pages, unknown } = translationStatus({
    source: "content",
    folder: "i18n/zh",
    sourcePages: ["a.md", "b.md", "c.md", "d.md", "e.md"],
    translated,
    revisions,
    links: LINKS,
  });
  assert.equal(pages, [
    {
      path: "a.md",
      status: "outdated",
      revision: SHA("a"),
      revisionFrom: "git",
      sourceCommits: 1,
      sourceCommit: SHA("c"),
      sourceChanged: "2026-02-01T09:00:00+08:00",
      compareUrl: `https://github.com/acme/docs/compare/${SHA("a")}...${SHA("c")}`,
      historyUrl: "https://github.com/acme/docs/commits/main/content/a.md",
    },
    { path: "b.md", status: "translated" },
    { path: "c.md", status: "translated" },
    { path: "d.md", status: "translated" },
    { path: "e.md", status: "missing", historyUrl: "https://github.com/acme/docs/commits/main/content/e.md" },
  ]);
  assert.equal(unknown, [{ path: "d.md", translation: "d.md", revision: "0123456" }]);
});

test("translationStatus: a translation pairs with its source across .md and .mdx, each file's history read under its own name", () => {
  const log = [
    commit(SHA("c"), "2026-02-01T09:00:00+08:00", "content/a.mdx"),
    commit(SHA("b"), "2026-01-20T12:00:00+00:00", "i18n/zh/a.md", "i18n/zh/b.mdx"),
    commit(SHA("a"), "2026-01-10T12:00:00+00:00", "content/a.mdx", "content/b.md"),
  ].join("");
  const translated = new Map([
    ["a.md", { relative: "a.md" }],
    ["b.mdx", { relative: "b.mdx", translates: "0123456" }],
  ]);
  const { pages, unknown } = translationStatus({
    source: "content",
    folder: "i18n/zh",
    sourcePages: ["a.mdx", "b.md"],
    translated,
    revisions: readLog(log),
    links: LINKS,
  });
  assert.equal(
    pages.map((page) => [page.path, page.status, page.status === "outdated" ? page.revision : null]),
    [
      ["a.mdx", "outdated", SHA("a")],
      ["b.md", "translated", null],
    ],
  );
  assert.equal(unknown, [{ path: "b.md", translation: "b.mdx", revision: "0123456" }]);
});

test("translationStatus: a translates outside the log of the folders stands where its date puts it", () => {
  const revisions = readLog(LOG);
  assert.is(revisions.placeOf("2026-01-25T00:00:00Z"), 1);
  assert.is(revisions.placeOf("2026-02-01T02:00:00+01:00"), 0, "offsets are compared as instants");
  assert.is(revisions.placeOf("2020-01-01T00:00:00Z"), 3);
  const { pages, unknown } = translationStatus({
    source: "content",
    folder: "i18n/zh",
    sourcePages: ["a.md", "b.md"],
    translated: new Map([
      ["a.md", { relative: "a.md", translates: "EEEEEEE" }],
      ["b.md", { relative: "b.md", translates: "fffffff" }],
    ]),
    revisions,
    outside: new Map([
      ["eeeeeee", { sha: SHA("e"), date: "2026-01-25T00:00:00Z" }],
      ["fffffff", { sha: SHA("f"), date: "2026-03-01T00:00:00Z" }],
    ]),
    links: LINKS,
  });
  assert.equal(unknown, []);
  const [a, b] = pages;
  assert.equal(a.status === "outdated" && [a.revision, a.revisionFrom, a.sourceCommits, a.compareUrl], [
    SHA("e"),
    "front-matter",
    1,
    `https://github.com/acme/docs/compare/${SHA("e")}...${SHA("c")}`,
  ]);
  assert.equal(b, { path: "b.md", status: "translated" });
});

test("fails: missing fails on missing pages only; outdated on outdated or missing ones", () => {
  assert.is(fails({ outdated: 1, missing: 0 }, "missing"), false);
  assert.is(fails({ outdated: 0, missing: 1 }, "missing"), true);
  assert.is(fails({ outdated: 1, missing: 0 }, "outdated"), true);
  assert.is(fails({ outdated: 0, missing: 1 }, "outdated"), true);
  assert.is(fails({ outdated: 0, missing: 0 }, "outdated"), false);
  assert.is(fails({ outdated: 3, missing: 3 }, undefined), false);
});

test("countWords: words in Latin and Chinese text, not punctuation", () => {
  assert.is(countWords("Cache the build, then ship it."), 6);
  assert.ok(countWords("缓存构建结果") >= 2);
  assert.is(countWords(" -- ! "), 0);
});

function write(site: TempSite, file: string, text: string): void {
  fs.mkdirSync(path.dirname(site.path(file)), { recursive: true });
  fs.writeFileSync(site.path(file), text);
}

const page = (title: string, body: string, extra = "") => `---\ntitle: ${title}\n${extra}---\n\n${body}\n`;

const CONFIG = {
  repository: "acme/docs",
  languages: [
    { title: "English", lang: "en", url: "https://docs.example.org" },
    { title: "中文", lang: "zh", url: "https://zh.docs.example.org", content: "i18n/zh" },
    { title: "한국어", lang: "ko", url: "https://ko.docs.example.org" },
  ],
};

/**
 * A repository whose Chinese pages stand in every state: caching translated,
 * alpha outdated (its source changed after the translation), index outdated
 * by its translates (committed later, but naming the first commit), new
 * missing; a fetched loader page is not for translators. Returns the first commit.
 */
function writeRepository(site: TempSite): string {
  write(site, "docs-build.config.json", JSON.stringify(CONFIG));
  write(site, "content/index.md", page("Home", "Welcome home."));
  write(site, "content/guides/caching.md", page("Caching", "Cache the build."));
  write(site, "content/guides/alpha.md", page("Alpha", "Alpha words."));
  write(site, "content/loaders/_css-loader.md", page("css-loader", "Fetched words.", "thirdParty: true\n"));
  git(site.dir, ["init", "-q"]);
  git(site.dir, ["add", "."]);
  git(site.dir, ["commit", "-qm", "Pages"], "2026-01-10");
  const first = git(site.dir, ["rev-parse", "HEAD"]);
  write(site, "i18n/zh/guides/caching.md", page("缓存", "缓存构建。"));
  write(site, "i18n/zh/guides/alpha.md", page("阿尔法", "阿尔法。"));
  git(site.dir, ["add", "."]);
  git(site.dir, ["commit", "-qm", "Chinese pages"], "2026-01-20");
  write(site, "content/guides/alpha.md", page("Alpha", "Alpha words, revised."));
  write(site, "content/index.md", page("Home", "Welcome home, reader."));
  write(site, "content/guides/new.md", page("New", "A brand new page about nothing.\n\n```js\nconst skipped = true;\n```"));
  git(site.dir, ["add", "."]);
  git(site.dir, ["commit", "-qm", "Revise"], "2026-02-01");
  write(site, "i18n/zh/index.md", page("首页", "欢迎。", `translates: ${first.slice(0, 10)}\n`));
  git(site.dir, ["add", "."]);
  git(site.dir, ["commit", "-qm", "Chinese home"], "2026-02-10");
  return first;
}

test("translations in a git repository: each page's state, its source's commits since, and the words to translate", async () => {
  const site = tempSite();
  try {
    const first = writeRepository(site);
    const revise = git(site.dir, ["rev-list", "-1", "HEAD~1"]);
    const { languages, summary } = await translations({ root: site.dir, logger: createMemoryLogger() });
    assert.equal(
      languages.map((l) => l.lang),
      ["zh"],
      "ko has no folder of its own; en is the default",
    );
    const [zh] = languages;
    assert.equal(
      zh.pages.map((p) => [p.path, p.status]),
      [
        ["guides/alpha.md", "outdated"],
        ["guides/caching.md", "translated"],
        ["guides/new.md", "missing"],
        ["index.md", "outdated"],
      ],
      "the fetched loader page is left out",
    );
    const alpha = zh.pages[0];
    const home = zh.pages[3];
    if (alpha.status !== "outdated" || home.status !== "outdated") throw new Error("alpha and index are outdated");
    assert.equal(
      [alpha.revision, alpha.revisionFrom, alpha.sourceCommits, alpha.sourceCommit, alpha.sourceChanged],
      [first, "git", 1, revise, "2026-02-01T12:00:00+00:00"],
    );
    assert.is(alpha.compareUrl, `https://github.com/acme/docs/compare/${first}...${revise}`);
    assert.is(alpha.historyUrl, "https://github.com/acme/docs/commits/main/content/guides/alpha.md");
    assert.equal([home.revision, home.revisionFrom, home.sourceCommits], [first, "front-matter", 1], "the later commit of the translation does not hide it");
    assert.equal(
      zh.pages.map((p) => (p.status === "translated" ? null : p.words)),
      [3, null, 6, 3],
      "prose words of the source, code left out",
    );
    assert.equal(zh.totals, { pages: 4, translated: 1, outdated: 2, missing: 1, words: 12 });
    assert.equal(summary, { text: summary.text, locales: 1, pages: 4, translated: 1, outdated: 2, missing: 1, words: 12 });
    await translations({ root: site.dir, logger: createMemoryLogger(), failOn: "missing" }).then(
      () => assert.unreachable("a missing page fails --fail-on missing"),
      (error) => assert.instance(error, PartialFailure),
    );
  } finally {
    site.remove();
  }
});

test("translations: a translates that is not a commit is an error at its line; one the history lacks a warning, with git's answer", async () => {
  const site = tempSite();
  try {
    writeRepository(site);
    write(site, "i18n/zh/guides/caching.md", page("缓存", "缓存构建。", "translates: abcdef0\n"));
    const logger = createMemoryLogger();
    const { languages } = await translations({ root: site.dir, logger });
    assert.is(languages[0].pages[1].status, "translated", "git's answer: uncommitted, so translated");
    assert.ok(
      logger.lines.some((line) => line.includes("i18n/zh/guides/caching.md:3") && line.includes("translation-revision")),
      logger.lines.join("\n"),
    );
    // A commit of other files: the log of the folders lacks it, git places it by its date.
    write(site, "notes.txt", "Notes.\n");
    git(site.dir, ["add", "notes.txt"]);
    git(site.dir, ["commit", "-qm", "Notes"], "2026-02-20");
    const notes = git(site.dir, ["rev-parse", "--short=9", "HEAD"]);
    write(site, "i18n/zh/guides/alpha.md", page("阿尔法", "阿尔法，修订。", `translates: ${notes}\n`));
    const later = await translations({ root: site.dir, logger: createMemoryLogger() });
    assert.equal(later.languages[0].pages[0], { path: "guides/alpha.md", status: "translated" }, "translated after its source's last change");

    write(site, "i18n/zh/guides/caching.md", page("缓存", "缓存构建。", "translates: latest\n"));
    const failed = await translations({ root: site.dir, logger: createMemoryLogger() }).then(
      () => assert.unreachable("a translates that is not a commit stops the command"),
      (error: unknown) => error,
    );
    assert.instance(failed, ContentError);
    assert.equal(
      (failed as ContentError).diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId}`),
      ["i18n/zh/guides/caching.md:3:13 frontmatter-field"],
    );
  } finally {
    site.remove();
  }
});

test("docs-build translations: the json report, --locale, and --fail-on's exit codes", async () => {
  const site = tempSite();
  try {
    writeRepository(site);
    const json = await runCli(["translations", "--reporter", "json"], { cwd: site.dir });
    assert.is(json.code, 0, json.stderr);
    const report = v.parse(reportSchema, JSON.parse(json.stdout));
    if (report.command !== "translations" || !report.result || !report.summary) throw new Error("a translations report with its result");
    assert.equal([report.command, report.ok, report.summary.outdated, report.summary.missing], ["translations", true, 2, 1]);
    assert.is(report.result[0].lang, "zh");
    const newPage = report.result[0].pages[2];
    assert.is(newPage.status === "missing" && newPage.words, 6);

    const missing = await runCli(["translations", "--fail-on", "missing", "--reporter", "json"], { cwd: site.dir });
    assert.is(missing.code, 1);
    const failedReport = v.parse(reportSchema, JSON.parse(missing.stdout));
    assert.equal([failedReport.ok, failedReport.summary?.text.includes("1 missing")], [false, true], "the report is still printed");

    write(site, "i18n/zh/guides/new.md", page("新", "新页面。"));
    const pretty = await runCli(["translations", "--fail-on", "missing"], { cwd: site.dir });
    assert.is(pretty.code, 0, pretty.stderr);
    assert.match(pretty.stdout, "zh (中文, i18n/zh): 2 translated, 2 outdated, 0 missing of 4 pages; 6 words to translate");
    assert.match(pretty.stdout, "outdated  guides/alpha.md: 1 source commit since ");
    const outdated = await runCli(["translations", "--fail-on", "outdated"], { cwd: site.dir });
    assert.is(outdated.code, 1);
    assert.match(outdated.stderr, "--fail-on outdated: zh has outdated or missing pages.");

    const unknown = await runCli(["translations", "--locale", "ko"], { cwd: site.dir });
    assert.is(unknown.code, 2);
    assert.match(unknown.stderr, "--locale ko: not a language built from a folder of its own");
  } finally {
    site.remove();
  }
});

test("docs-build translations without a language of its own folder says so and exits 0; --help explains the rule", async () => {
  const site = tempSite();
  try {
    write(site, "content/index.md", page("Home", "Welcome."));
    const run = await runCli(["translations"], { cwd: site.dir });
    assert.is(run.code, 0, run.stderr);
    assert.match(run.stdout, "No language of the config is built from a folder of its own");
    const help = await runCli(["translations", "--help"]);
    assert.is(help.code, 0);
    assert.match(help.stdout, "--fail-on <state>");
    assert.match(help.stdout, 'front matter\'s "translates"');
  } finally {
    site.remove();
  }
});

test.run();
