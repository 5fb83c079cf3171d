import fs from "node:fs";
import path from "node:path";
import type { Element } from "hast";
import { toHtml } from "hast-util-to-html";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build } from "../src/build.ts";
import { DEFAULT_SETTINGS } from "../src/context/config.ts";
import { ContentError } from "../src/report/errors.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import { buildFixtureSite, copyFixtureSite, fileText } from "./helpers/site.ts";
import { messageFileSchema, resolveMessages, siteLocale } from "../src/context/site-chrome.ts";
import { checkJsonText, repositoryDataKind } from "../src/data-files/check-json.ts";
import { CATALOGUES, EN, formatMessage, shippedCatalogue } from "../src/shared/messages/index.ts";
import { formatCount, formatDay } from "../src/shared/messages/format.ts";
import { codeBlock } from "../src/markdown/code-block.ts";
import { markdownLabels } from "../src/markdown/markdown-labels.ts";
import { createTableLabels, wrapTable } from "../src/markdown/table-scroll.ts";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test("every shipped catalogue has every English key, and no other, each a non-empty string with the same placeholders", () => {
  const keys = Object.keys(EN).sort();
  for (const [lang, messages] of Object.entries(CATALOGUES)) {
    const own = Object.keys(messages).sort();
    assert.equal(
      keys.filter((key) => !own.includes(key)),
      [],
      `${lang} lacks keys`,
    );
    assert.equal(
      own.filter((key) => !keys.includes(key)),
      [],
      `${lang} has keys English lacks`,
    );
    for (const [key, text] of Object.entries(messages)) {
      assert.ok(typeof text === "string" && text.trim() !== "", `${lang} ${key} is empty`);
      assert.equal(placeholders(text), placeholders(EN[key as keyof typeof EN]), `${lang} ${key} placeholders`);
    }
  }
  assert.ok(Object.keys(CATALOGUES).includes("zh") && Object.keys(CATALOGUES).includes("ko"));
});

test("the notices the translated builds show take their placeholders", () => {
  assert.is(formatMessage(EN["page.notTranslated"], { language: "English" }), "This page has not been translated yet. It is shown in English.");
  assert.is(
    formatMessage(EN["page.outdated"], { language: "English", date: "May 2, 2026", count: 3 }),
    "The English page has changed since this translation: May 2, 2026, 3 commits ago.",
  );
  assert.is(formatMessage("{a} {b}", { a: 1 }), "1 {b}");
});

test("a language's catalogue: its own, its base language's, or English", () => {
  assert.is(shippedCatalogue("zh")["page.edit"], "编辑此页");
  assert.is(shippedCatalogue("zh-CN")["page.edit"], "编辑此页");
  assert.is(shippedCatalogue("ko")["page.edit"], "이 페이지 편집");
  assert.is(shippedCatalogue("ar")["page.edit"], "Edit this page");
});

test("the config's texts override the default language's strings only; a message file overrides its own language", () => {
  const settings = { ...DEFAULT_SETTINGS, name: "Acme", texts: { searchPlaceholder: "Find in {name}" } };
  const en = resolveMessages(settings, { locale: siteLocale(settings) });
  assert.is(en["search.placeholder"], "Find in Acme");
  assert.is(en["codeHost.label"], "Acme on GitHub");
  const zh = resolveMessages(settings, { locale: siteLocale(settings, "zh"), overrides: { "page.edit": "改进此页" } });
  assert.is(zh["search.placeholder"], "搜索 Acme 文档");
  assert.is(zh["page.edit"], "改进此页");
});

test("a locale's direction comes from its language entry", () => {
  const settings = {
    ...DEFAULT_SETTINGS,
    defaultLanguage: "ar",
    languages: [{ title: "العربية", lang: "ar", url: "https://example.org", dir: "rtl" as const }],
  };
  assert.equal(siteLocale(settings), { lang: "ar", dir: "rtl" });
  assert.equal(siteLocale(DEFAULT_SETTINGS), { lang: "en", dir: "ltr" });
});

test("a message file's unknown key and wrong value are reported at their line", () => {
  const kind = repositoryDataKind("messages/ar.json", messageFileSchema);
  const text = '{\n  "page.edit": "x",\n  "page.edti": "y",\n  "page.next": 3\n}\n';
  const checked = checkJsonText(text, "messages/ar.json", kind);
  const problems = checked.problems.map((p) => `${p.line}: ${p.message}`);
  assert.equal(problems.length, 2, problems.join("\n"));
  assert.ok(
    problems.some((p) => p.startsWith("3: ") && p.includes("page.edti")),
    problems.join("\n"),
  );
  assert.ok(
    problems.some((p) => p.startsWith("4: ") && p.includes("must be")),
    problems.join("\n"),
  );
  assert.is(checkJsonText('{ "page.edit": "x" }', "m.json", kind).problems.length, 0);
});

test("a build reports a message file's unknown key at its line, and builds the locale's strings from the rest", async () => {
  const root = copyFixtureSite("rtl");
  try {
    fs.writeFileSync(path.join(root, "messages", "ar.json"), '{\n  "page.edit": "عدّل",\n  "page.edti": "x"\n}\n');
    const failure = await build({ root, write: false, cache: false, history: false, logger: createMemoryLogger() }).then(
      () => undefined,
      (error: unknown) => error,
    );
    assert.instance(failure, ContentError, "the unknown key fails the build");
    const found = (failure as ContentError).diagnostics.find((d) => d.file === "messages/ar.json");
    assert.ok(found, "a diagnostic for messages/ar.json");
    assert.is(found.line, 3);
    assert.match(found.message, "page.edti");
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("the right-to-left fixture builds in its locale: lang and dir on every page, its own strings over the shipped ones", async () => {
  const result = await buildFixtureSite("rtl");
  assert.equal(result.diagnostics, []);
  const html = fileText(result, "guides/first/index.html");
  assert.match(html, '<html lang="ar" dir="rtl"');
  assert.match(html, ">عدّل هذه الصفحة</a>");
  assert.match(html, ">Print this page</a>");
  assert.match(fileText(result, "index.html"), '<html lang="ar" dir="rtl"');
});

test("a body's code-block and table labels are in the build's language", () => {
  const words = markdownLabels(shippedCatalogue("zh"));
  const pre: Element = { type: "element", tagName: "pre", properties: {}, children: [] };
  const block = toHtml(codeBlock(pre, { language: "js", invalid: true, labels: words }));
  assert.match(block, '<span class="code-invalid">无效配置</span>');
  assert.match(block, 'aria-label="复制代码"');
  const labels = createTableLabels(words);
  const table = (): Element => ({ type: "element", tagName: "table", properties: {}, children: [] });
  assert.is(wrapTable(table(), labels).properties.ariaLabel, "表格");
  labels.heading = "选项";
  const first = wrapTable(table(), labels);
  assert.is(first.properties.ariaLabel, "表格：选项");
  assert.is(wrapTable(table(), labels).properties.ariaLabel, "表格 2：选项");
  assert.is(first.properties.ariaLabel, "表格 1：选项");
  assert.match(toHtml(codeBlock(pre, { language: "js", invalid: true })), "Invalid configuration");
});

test("a build in Chinese: the chrome in Chinese, and the client bundle carries its strings and no other language's", async () => {
  const result = await buildFixtureSite("basic", { settings: { ...DEFAULT_SETTINGS, defaultLanguage: "zh" } });
  const html = fileText(result, "guides/first/index.html");
  assert.match(html, '<html lang="zh" data-theme="light">');
  assert.match(html, ">编辑此页</a>");
  // The stylesheet says "Copy"; the head words the copy button in the page's language.
  assert.match(html, '.code-copy::before{content:"复制"}');
  assert.match(html, 's.textContent="已复制"');
  const scripts = result.files.filter((file) => /^assets\/.*\.js$/.test(file.path)).map((file) => Buffer.from(file.contents).toString("utf8"));
  // esbuild writes the bundle in ASCII: other characters as \u escapes, read back here.
  const client = scripts.join("\n").replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  assert.ok(client.includes("编辑此页"), "the Chinese strings are in the bundle");
  for (const other of [EN["page.edit"], EN["offline.text"], shippedCatalogue("ko")["page.edit"]])
    assert.not.ok(client.includes(other), `the bundle holds "${other}"`);
  // Only what the pages show: the feeds' description stays on the server.
  assert.not.ok(client.includes(shippedCatalogue("zh")["blog.description"].replace("{name}", "webpack")));
});

test("days and counts are written for the language", () => {
  assert.is(formatDay("2024-01-05", "en"), "January 5, 2024");
  assert.is(formatDay("2024-01-05", "zh"), "2024年1月5日");
  assert.is(formatDay("2024-01-05", "ko"), "2024년 1월 5일");
  assert.is(formatCount(12345, "en"), "12,345");
});

test.run();
