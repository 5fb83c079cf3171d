import fc from "fast-check";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { PageEntry, SearchSection } from "../src/shared/content-types.ts";
import { SEARCH_OPTIONS } from "../src/shared/search/index-format.ts";
import { highlight } from "../src/shared/search/results.ts";
import { Searcher } from "../src/shared/search/searcher.ts";
import { queryKeys, termKeys, termStart, type SearchRoot } from "../src/shared/search/split-format.ts";
import { SplitSearcher } from "../src/shared/search/split-searcher.ts";
import { isCjkTerm, makeTokenizer, segmenterLocale } from "../src/shared/search/tokenize.ts";
import { buildSearchIndex } from "../src/stages/search-index/core.ts";
import { writeSplit, type WrittenSplit } from "./helpers/split-index.ts";

/** The tokenizer as it was before CJK text was segmented: what alphabetic text must still give, token for token. */
function latinTokenizer(text: string): string[] {
  const words: string[] = [];
  for (const word of text.split(/[^\p{L}\p{N}_$]+/u)) {
    words.push(word);
    if (!/^[a-z]/.test(word)) continue;
    const parts = word.split(/(?<=[a-z\d])(?=[A-Z])/);
    if (parts.length > 1) words.push(...parts);
  }
  return words;
}

const zh = makeTokenizer("zh");

test("text without CJK characters is split exactly as before, camelCase parts and empty tokens included", () => {
  const tokenize = makeTokenizer();
  for (const text of ["optimization.splitChunks", "watchOptions and TypeScript", "  a--b  ", "", "résumé 42 $x_y", "Ünïcode wörter"]) {
    assert.equal(tokenize(text), latinTokenizer(text), text);
    assert.equal(zh(text), latinTokenizer(text), text);
  }
  const alphabetic = fc.string({ unit: fc.constantFrom(..."aZ9_$ .-éßжΩ"), maxLength: 40 });
  fc.assert(fc.property(alphabetic, (text) => JSON.stringify(zh(text)) === JSON.stringify(latinTokenizer(text))));
});

test("Chinese is split into words, and a Latin word joined to it stands apart with its camelCase parts", () => {
  assert.equal(zh("webpack配置"), ["webpack", "配置"]);
  assert.equal(zh("watchOptions配置文件"), ["watchOptions", "watch", "Options", "配置", "文件"]);
  // The empty token after the last separator is kept, as for any text (see makeTokenizer).
  assert.equal(zh("入口起点，代码分割。"), ["入口", "起点", "代码", "分割", ""]);
});

test("runs of single characters the dictionary does not join are indexed by pairs, so 缓存 is a word in any context", () => {
  assert.equal(zh("缓存"), ["缓存"]);
  assert.equal(zh("构建缓存"), ["构建", "建缓", "缓存"]);
  assert.ok(zh("使用缓存可以加快速度").includes("缓存"));
  assert.ok(zh("持久化缓存").includes("缓存"));
  // A lone single character between words is kept alone (and not indexed: see processTerm).
  assert.ok(zh("配置的文件").includes("的"));
});

test("Japanese and Korean are segmented too", () => {
  const ja = makeTokenizer("ja");
  assert.equal(
    ja("設定ファイルのキャッシュ").filter((t) => t.length > 1),
    ["設定", "ファイル", "キャッシュ"],
  );
  assert.equal(makeTokenizer("ko")("웹팩 설정 파일의 캐시"), ["웹팩", "설정", "파일의", "캐시"]);
  // Without a locale, each run's is told by its script.
  assert.equal(makeTokenizer()("キャッシュ와 webpack配置"), ["キャッシュ", "와", "webpack", "配置"]);
});

test("only Chinese, Japanese and Korean set the segmenter's locale", () => {
  assert.is(segmenterLocale("zh"), "zh");
  assert.is(segmenterLocale("zh-Hant"), "zh-Hant");
  assert.is(segmenterLocale("ko"), "ko");
  assert.is(segmenterLocale("en"), undefined);
  assert.is(segmenterLocale("pt-BR"), undefined);
  assert.is(segmenterLocale(undefined), undefined);
});

test("a CJK term matches as a prefix from two characters and never with a typo; alphabetic terms as before", () => {
  const prefix = SEARCH_OPTIONS.prefix as (term: string) => boolean;
  const fuzzy = SEARCH_OPTIONS.fuzzy as (term: string) => number | false;
  assert.ok(isCjkTerm("配置") && isCjkTerm("파일") && isCjkTerm("キャッシュ") && !isCjkTerm("webpack"));
  assert.ok(prefix("配置") && prefix("파일"));
  assert.is(fuzzy("持久化缓存设置"), false);
  assert.is(fuzzy("キャッシュ設定"), false);
  assert.ok(!prefix("js") && prefix("web"));
  assert.is(fuzzy("cache"), 1);
  assert.is(fuzzy("chunk"), 1);
  assert.is(fuzzy("node"), false);
});

test("a CJK term is bucketed and filed under its first character, astral ones whole; alphabetic terms as before", () => {
  assert.is(termStart("配置文件"), "配");
  assert.is(termStart("𠀀𠀁"), "𠀀");
  assert.is(termStart("webpack"), "web");
  assert.equal(termKeys("配置文件"), ["配"]);
  assert.equal(queryKeys("配置", false), ["配"]);
  assert.equal(queryKeys("配置文件", true), ["配"]);
  assert.equal(termKeys("ebpack").sort(), ["bpa", "eba", "ebp", "epa"]);
});

test("a matched CJK word is highlighted where it stands in running text, and no further", () => {
  assert.equal(highlight("在项目里新建配置文件", ["配置"]), [
    { text: "在项目里新建", match: false },
    { text: "配置", match: true },
    { text: "文件", match: false },
  ]);
});

/** Pages of a Chinese site, with an English word among them. */
function chinesePages(): { entry: PageEntry; sections: SearchSection[] }[] {
  const page = (url: string, title: string, sections: [anchor: string, heading: string, text: string][]) => ({
    entry: { url, title } as PageEntry,
    sections: sections.map(([anchor, heading, text]) => ({ anchor, headings: heading ? [heading] : [], text })),
  });
  return [
    page("/guides/build/", "构建项目", [
      ["", "", "示例工具把源文件打包成可以发布的文件。"],
      ["配置", "配置", "在项目根目录新建一个配置文件，写明入口和输出目录。"],
      ["缓存", "缓存", "第二次构建时跳过没有改动的文件，所以构建缓存能让速度快很多。"],
      ["转换", "转换", "每一种文件由一个 loader 处理。"],
    ]),
    page("/guides/deploy/", "发布网站", [
      ["", "", "把输出目录上传到任何静态主机即可。"],
      ["压缩", "压缩", "发布之前压缩脚本和样式表，减小下载的体积。"],
    ]),
  ];
}

/** A searcher over split files held in memory, recording the parts it loads. */
function memorySearcher(split: WrittenSplit, loaded: string[]): SplitSearcher {
  const byPath = new Map([split.root, ...split.parts].map((f) => [f.path, f.contents]));
  return new SplitSearcher(JSON.parse(split.root.contents) as SearchRoot, async (path) => {
    loaded.push(path);
    return JSON.parse(byPath.get(path) ?? "null");
  });
}

test("a Chinese site's split index finds a two-character word's section, nothing for a word with one character changed, and English typos still", async () => {
  const pages = chinesePages();
  const split = await writeSplit(pages, {
    locale: "zh",
    buckets: 8,
    sizes: { documentsPerPart: 2, postingsBytes: 200, keyBytes: 100, commonAt: 2000, runStride: 64 },
  });
  const root = JSON.parse(split.root.contents) as SearchRoot;
  assert.is(root.locale, "zh");
  assert.ok(split.root.contents.length < 400, `the root stays small: ${split.root.contents}`);
  const loaded: string[] = [];
  const searcher = memorySearcher(split, loaded);
  const reference = new Searcher(buildSearchIndex(pages, { locale: "zh" }));
  const urls = async (query: string) => (await searcher.search(query)).map((r) => r.url);
  assert.is((await urls("配置"))[0], "/guides/build/#配置");
  assert.is((await urls("缓存"))[0], "/guides/build/#缓存");
  assert.is((await urls("压缩"))[0], "/guides/deploy/#压缩");
  assert.is((await urls("构建缓存"))[0], "/guides/build/#缓存");
  // Two characters are a prefix of a longer word: 第二 finds 第二次 (the second time).
  assert.equal(await urls("第二"), ["/guides/build/#缓存"]);
  assert.equal(await urls("配值"), [], "one character changed: another word, not a typo");
  assert.equal(await urls("缓冲"), [], "缓冲 (buffer) is not 缓存 (cache)");
  assert.is((await urls("loder"))[0], "/guides/build/#转换", "an English typo still finds its page");
  for (const query of ["配置", "缓存", "构建缓存", "配值", "loder", "发布 压缩"])
    assert.equal(await searcher.search(query), reference.search(query), `the split index answers as the whole index: ${query}`);
  // A CJK query word looks in the key part of its first character only.
  const before = loaded.length;
  await memorySearcher(split, loaded).search("压缩");
  const keyLoads = loaded.slice(before).filter((path) => /\/k\d+\.json$/.test(path));
  assert.is(keyLoads.length, 1, `one key part: ${keyLoads.join(", ")}`);
});

test("the titles index of a Chinese site is segmented in its locale", async () => {
  const split = await writeSplit(chinesePages(), { locale: "zh", precacheBudget: 1000 });
  const root = JSON.parse(split.root.contents) as SearchRoot;
  assert.is(root.titles?.pages, 1, split.root.contents);
  const searcher = memorySearcher(split, []);
  assert.is((await searcher.searchTitles("项目"))?.[0]?.url, "/guides/build/", "a word of the title");
  assert.is((await searcher.searchTitles("缓存"))?.[0]?.url, "/guides/build/", "a heading, which the dictionary splits into single characters");
  assert.equal(await searcher.searchTitles("缓冲"), []);
});

test.run();
