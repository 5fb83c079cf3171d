import { test } from "uvu";
import * as assert from "uvu/assert";
import { DEFAULT_SETTINGS } from "../src/context/config.ts";
import { parsePage } from "../src/stages/index-content/parse-page.ts";

/** Parses a page with this front matter and returns its entry and its messages as `line:column message (rule)`. */
function page(frontMatter: string) {
  const text = `---\n${frontMatter}\n---\n\nText.\n`;
  const file = parsePage({ relative: "guides/page.md", display: "content/guides/page.md", text, size: text.length }, DEFAULT_SETTINGS);
  return { entry: file.data.entry!, messages: file.messages.map((m) => `${m.line}:${m.column} ${m.reason} (${m.ruleId})`) };
}

test("valid front matter: numbers as text, empty values as their defaults, unknown keys left alone", () => {
  const { entry, messages } = page(
    "title: 2024\nsort: 3\ngroup:\ncontributors:\nrelated:\n  - title: Caching\n    url: /guides/caching/\n    note: kept out\nlayout: wide",
  );
  assert.equal(messages, []);
  assert.is(entry.title, "2024");
  assert.is(entry.sort, 3);
  assert.is(entry.group, "");
  assert.equal(entry.contributors, []);
  assert.equal(entry.related, [{ title: "Caching", url: "/guides/caching/" }]);
});

test("a bad item of a list is placed at the item; the page keeps its other fields", () => {
  const { entry, messages } = page("title: Lists\ndescription: Kept.\ncontributors:\n  - alice\n  - 42\n  - bob");
  assert.equal(messages, ['6:5 Front matter "contributors" must be a list of code-host handles (frontmatter-field)']);
  assert.equal(entry.contributors, [], "the bad list is left out");
  assert.is(entry.description, "Kept.");
});

test("a related item missing its url is one problem, at the item", () => {
  const { messages } = page("title: Related\nrelated:\n  - title: Caching\n  - url: /x/\n    title: 7");
  assert.equal(messages, [
    '4:5 Front matter "related" must be a list of { title, url } items (frontmatter-field)',
    '6:12 Front matter "related" must be a list of { title, url } items (frontmatter-field)',
  ]);
});

test("a title that is not text is reported once, without a second 'no title'; thirdParty and sort are checked", () => {
  const { entry, messages } = page("title: [a, b]\nthirdParty: yes please\nsort: .inf");
  assert.equal(messages, [
    '2:8 Front matter "title" must be text (frontmatter-field)',
    '4:7 Front matter "sort" must be a number, got Infinity (frontmatter-sort)',
    '3:13 Front matter "thirdParty" must be true or false (frontmatter-field)',
  ]);
  assert.is(entry.thirdParty, false);
  assert.is(entry.sort, 0);
});

test("translates: a commit's name is kept quietly; other text, and digits YAML reads as a number, are placed at the value", () => {
  assert.equal(page("title: Kept\ntranslates: 3f2a9c1d").messages, []);
  assert.equal(page("title: Word\ntranslates: latest").messages, [
    '3:13 Front matter "translates" must be a commit (7 to 40 hexadecimal digits) (frontmatter-field)',
  ]);
  assert.equal(page("title: Digits\ntranslates: 1234567").messages, [
    '3:13 Front matter "translates" must be a commit (7 to 40 hexadecimal digits) (frontmatter-field)',
  ]);
  assert.equal(page('title: Quoted\ntranslates: "1234567"').messages, []);
});

test.run();
