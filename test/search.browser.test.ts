import fs from "node:fs";
import path from "node:path";
import MiniSearch from "minisearch";
import remarkParse from "remark-parse";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { unified } from "unified";
import { build, type BuildResult } from "../src/build.ts";
import type { PageEntry } from "../src/shared/content-types.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import { remarkHeadingIds } from "../src/markdown/remark-heading-ids.ts";
import {
  loadedByFastPath,
  MINISEARCH_OPTIONS,
  packIndex,
  PostingsPacker,
  radixTree,
  SEARCH_OPTIONS,
  treeTerms,
  unpackIndex,
  unpackIndexDocumented,
  unpackIndexFast,
  type SearchIndexFile,
} from "../src/shared/search/index-format.ts";
import { groupResults, highlight, snippetWindow } from "../src/shared/search/results.ts";
import { Searcher } from "../src/shared/search/searcher.ts";
import { SEARCH_INDEX_PATH, type SearchRoot } from "../src/shared/search/split-format.ts";
import { SplitSearcher } from "../src/shared/search/split-searcher.ts";
import { buildSearchIndex } from "../src/stages/search-index/core.ts";
import { projectSections } from "./helpers/project-sections.ts";
import { writeSplit } from "./helpers/split-index.ts";
import { precacheEntries } from "../src/stages/generate-service-worker/core.ts";
import { searchSections } from "../src/markdown/search-sections.ts";
import { fromDocSearch, markedPieces, relativeUrl } from "../site-client/search/search-backend.ts";
import { FIXTURES } from "./helpers/fixture-loop.ts";
import { projectBuild } from "./helpers/project-site.ts";
import { fileText } from "./helpers/site.ts";
import { TOOL_DIR } from "./helpers/temp-site.ts";

/** The project's own site, built once for every suite of the run. */
async function ownSite(): Promise<BuildResult> {
  return (await projectBuild()).result;
}

/** A split-index searcher over a built site's files, recording the paths it loads. */
function splitSearcher(site: BuildResult, loaded: string[] = []): SplitSearcher {
  const root = JSON.parse(fileText(site, SEARCH_INDEX_PATH)) as SearchRoot;
  return new SplitSearcher(root, async (part) => {
    loaded.push(part);
    return JSON.parse(fileText(site, part));
  });
}

/** The project's whole index, as the build makes it before cutting it into parts. */
async function ownIndex(): Promise<SearchIndexFile> {
  return buildSearchIndex(await projectSections());
}

const units = suite("search: sections, packing, snippets");

units("a page splits into sections at its headings, with heading paths and anchors; code is left out", () => {
  const tree = unified()
    .use(remarkParse)
    .parse(
      "Intro text.\n\n## Install\n\nRun it.\n\n```sh\nnpm install secret-word\n```\n\n### On Windows\n\nUse `cmd`.\n\n## Options\n\n<div>Raw <b>HTML</b> text</div>\n",
    );
  const file = { data: {} } as never;
  remarkHeadingIds()(tree, file);
  assert.equal(searchSections(tree), [
    { anchor: "", headings: [], text: "Intro text." },
    { anchor: "install", headings: ["Install"], text: "Run it." },
    { anchor: "on-windows", headings: ["Install", "On Windows"], text: "Use cmd ." },
    { anchor: "options", headings: ["Options"], text: "Raw HTML text" },
  ]);
});

units("a packed index answers exactly like the engine it was packed from", () => {
  const docs = [
    { id: 0, title: "Entry Points", heading: "", text: "An entry point is where webpack starts." },
    { id: 1, title: "", heading: "Named entries", text: "Give each entry a name; entries entries entries." },
    { id: 2, title: "Configuration", heading: "", text: "A configuration file exports options for the compiler." },
    { id: 3, title: "", heading: "Dynamic entries", text: "A function can return entry points." },
  ];
  const original = new MiniSearch(MINISEARCH_OPTIONS);
  original.addAll(docs);
  const file: SearchIndexFile = {
    version: 1,
    pages: [["/a/", "A", "General"]],
    sections: docs.map((d) => [0, "", d.heading, -1, d.text]),
    ...packIndex(original.toJSON()),
  };
  assert.is(treeTerms(file.tree).length, file.termCount);
  assert.is(file.termCount, original.termCount);
  const unpacked = unpackIndex(JSON.parse(JSON.stringify(file)) as SearchIndexFile);
  const run = (engine: MiniSearch, query: string) => engine.search(query, SEARCH_OPTIONS).map((r) => [r.id, r.score.toFixed(9), r.terms]);
  for (const query of ["entry", "entries", "configuraton", "conf", "named entries", "compiler options"]) {
    assert.equal(run(unpacked, query), run(original, query), query);
  }
  // The postings put straight into the term map serialize like the documented form (term order aside).
  const normal = (engine: MiniSearch) => {
    const js = engine.toJSON();
    return { ...js, index: [...js.index].sort(([a], [b]) => a.localeCompare(b)) };
  };
  assert.equal(normal(unpacked), normal(original));
  // Packing engines that each hold a run of the documents, as the build does, gives the same file as packing one engine's plain form.
  for (const run of [1, 2, 3, 4]) {
    const packer = new PostingsPacker();
    for (let at = 0; at < docs.length; at += run) {
      const engine = new MiniSearch(MINISEARCH_OPTIONS);
      engine.addAll(docs.slice(at, at + run).map((doc, i) => ({ ...doc, id: i })));
      packer.absorb(engine);
    }
    assert.equal(packer.finish(), packIndex(original.toJSON()), `runs of ${run}`);
  }
});

units("the fast path is taken with the pinned MiniSearch and loads exactly what the documented loader loads", () => {
  const docs = [
    { id: 0, title: "Entry Points", heading: "", text: "An entry point is where webpack starts." },
    { id: 1, title: "", heading: "Named entries", text: "Give each entry a name; entries entries entries." },
    { id: 2, title: "Configuration", heading: "", text: "A configuration file exports options for the compiler." },
    { id: 3, title: "Caching", heading: "Content hash", text: "Use contenthash in output filenames so browsers cache them." },
  ];
  const engine = new MiniSearch(MINISEARCH_OPTIONS);
  engine.addAll(docs);
  const file: SearchIndexFile = {
    version: 1,
    pages: [["/a/", "A", "General"]],
    sections: docs.map((d) => [0, "", d.heading, -1, d.text]),
    ...packIndex(engine.toJSON()),
  };
  const fast = unpackIndexFast(file);
  // Fails as soon as MiniSearch's term map is no longer the Map tree the fast path fills (an upgrade past 7.2.0).
  assert.ok(fast, "unpackIndexFast declined: MiniSearch's internal term map has changed shape");
  assert.ok(loadedByFastPath(fast));
  assert.ok(loadedByFastPath(unpackIndex(file)), "unpackIndex takes the fast path");
  const documented = unpackIndexDocumented(file);
  assert.not.ok(loadedByFastPath(documented));
  // Same engine state, serialized term by term (reading every lazily decoded posting), and the same answers.
  const normal = (e: MiniSearch) => {
    const js = e.toJSON();
    return { ...js, index: [...js.index].sort(([a], [b]) => a.localeCompare(b)) };
  };
  assert.equal(normal(fast), normal(documented));
  assert.is(fast.termCount, documented.termCount);
  const run = (e: MiniSearch, query: string) => e.search(query, SEARCH_OPTIONS).map((r) => [r.id, r.score.toFixed(9), r.terms]);
  for (const query of ["entry", "entr", "configuraton", "contenthash", "cache browsers", "named entries"]) {
    assert.equal(run(unpackIndexFast(file)!, query), run(documented, query), query);
    assert.ok(run(documented, query).length > 0, `${query} finds something`);
  }
});

units("when MiniSearch's internals are not the expected shape, the documented loader is used", () => {
  const engine = new MiniSearch(MINISEARCH_OPTIONS);
  engine.addAll([{ id: 0, title: "Entry", heading: "", text: "entry points" }]);
  const file: SearchIndexFile = { version: 1, pages: [["/a/", "A", "General"]], sections: [[0, "", "", -1, "entry points"]], ...packIndex(engine.toJSON()) };
  const loadJS = MiniSearch.loadJS;
  // An engine whose term map keeps its tree elsewhere, as a future MiniSearch might.
  MiniSearch.loadJS = ((js: Parameters<typeof loadJS>[0], options: Parameters<typeof loadJS>[1]) => {
    const loaded = loadJS.call(MiniSearch, js, options) as unknown as { _index: Record<string, unknown> };
    loaded._index = Object.assign(Object.create(Object.getPrototypeOf(loaded._index)), { ...loaded._index, _tree: undefined, _root: loaded._index._tree });
    return loaded as unknown as MiniSearch;
  }) as typeof loadJS;
  try {
    assert.is(unpackIndexFast(file), undefined);
    assert.not.ok(loadedByFastPath(unpackIndex(file)));
  } finally {
    MiniSearch.loadJS = loadJS;
  }
  assert.equal(
    unpackIndex(file)
      .search("entry", SEARCH_OPTIONS)
      .map((r) => r.id),
    [0],
  );
});

units("the radix tree holds every term once, sibling edges never share a first letter", () => {
  const entries: [string, string][] = [
    ["cache", "a"],
    ["cached", "b"],
    ["caching", "c"],
    ["chunk", "d"],
    ["entry", "e"],
    ["zz", "f"],
  ];
  const tree = radixTree(entries);
  assert.equal(treeTerms(tree), entries);
  assert.equal(tree, ["c", ["ach", ["e", ["", "a", "d", ["", "b"]], "ing", ["", "c"]], "hunk", ["", "d"]], "entry", ["", "e"], "zz", ["", "f"]]);
});

units("highlight marks words that start with a matched term, case-insensitively", () => {
  assert.equal(highlight("Use splitChunks, not SplitChunksPlugin.", ["splitchunks"]), [
    { text: "Use ", match: false },
    { text: "splitChunks", match: true },
    { text: ", not ", match: false },
    { text: "SplitChunksPlugin", match: true },
    { text: ".", match: false },
  ]);
  assert.equal(highlight("a(b) [c]", ["(b"]), [{ text: "a(b) [c]", match: false }], "regex characters in terms are literal");
});

units("snippetWindow centres on the first match and cuts at word boundaries", () => {
  const text = `${"lorem ".repeat(60)}target word here ${"ipsum ".repeat(60)}`;
  const window = snippetWindow(text, ["target"], 80);
  assert.match(window, /^… /);
  assert.match(window, / …$/);
  assert.match(window, "target word here");
  assert.ok(window.length <= 86);
});

units("results group by site section in order of each group's best result", () => {
  const r = (url: string, section: string) => ({ url, title: url, headings: [], snippet: [], section, score: 1 });
  assert.equal(
    groupResults([r("/a", "Guides"), r("/b", "API"), r("/c", "Guides")]).map((g) => [g.section, g.results.map((x) => x.url)]),
    [
      ["Guides", ["/a", "/c"]],
      ["API", ["/b"]],
    ],
  );
});

units("the service worker precaches the search index's root (by revision), the parts it is given and the search chunks the bundle names", () => {
  const entries = precacheEntries(
    [
      { path: "search-index.json", contents: "{}" },
      { path: "search/0123456789ab/k0.json", contents: "{}" },
      { path: "assets/chunks/search-backend-ABC123.js", contents: "x" },
      { path: "assets/chunks/VoteApp-XYZ.js", contents: "y" },
    ],
    { css: [], preload: [], afterLoad: [], search: ["/assets/chunks/search-backend-ABC123.js"], entry: "/assets/index-A.js", voteCss: "" },
  );
  assert.equal(
    entries.map((e) => [e.url, e.revision === null]),
    [
      ["/assets/chunks/search-backend-ABC123.js", true],
      ["/assets/index-A.js", true],
      ["/search-index.json", false],
      ["/search/0123456789ab/k0.json", true],
    ],
  );
});

units("DocSearch hits become results with site-relative URLs and text-only highlights", () => {
  const results = fromDocSearch([
    {
      url: "https://webpack.js.org/configuration/output/#outputfilename",
      hierarchy: { lvl0: "Configuration", lvl1: "Output", lvl2: "output.filename", lvl3: null },
      _snippetResult: { content: { value: "Sets the <mark>filename</mark> &lt;script&gt; of each bundle" } },
    },
  ]);
  assert.equal(results[0].url, "/configuration/output/#outputfilename");
  assert.is(results[0].title, "Output");
  assert.equal(results[0].headings, ["output.filename"]);
  assert.is(results[0].section, "Configuration");
  assert.equal(results[0].snippet, [
    { text: "Sets the ", match: false },
    { text: "filename", match: true },
    { text: " <script> of each bundle", match: false },
  ]);
  assert.is(relativeUrl("http://localhost:3000/guides/?x=1#y"), "/guides/?x=1#y");
  assert.equal(markedPieces("plain"), [{ text: "plain", match: false }]);
});

units(
  "the project's index built by engines of 97 sections at a time equals the index of one engine holding every section, and the build ships its parts",
  async () => {
    const pages = await projectSections();
    const batched = buildSearchIndex(pages, { engineSections: 97 });
    assert.ok(batched.sections.length > 10 * 97, "enough sections for many engines");
    assert.equal(batched, buildSearchIndex(pages, { engineSections: Number.POSITIVE_INFINITY }));
    // The build writes the parts the writer makes from the same pages, in a folder named by its inputs.
    const site = await ownSite();
    const root = JSON.parse(fileText(site, SEARCH_INDEX_PATH)) as SearchRoot;
    // The project has languages, so its runs end where top-level folders end (the root's pages run together).
    const topFolder = (entry: PageEntry) => entry.path.split("/").slice(1, -1)[0] ?? "";
    const split = await writeSplit(
      pages.filter((page) => page.sections.length > 0),
      { dir: root.dir, runOf: topFolder },
    );
    assert.is(fileText(site, SEARCH_INDEX_PATH), split.root.contents, "the build ships the same root");
    for (const part of split.parts) assert.is(fileText(site, part.path), part.contents, part.path);
    assert.is(site.files.filter((f) => f.path.startsWith(root.dir)).length, split.parts.length, "and no other part");
  },
);

units.run();

const relevance = suite("search relevance on the project's own content");
const QUERIES = JSON.parse(fs.readFileSync(path.join(FIXTURES, "search", "relevance.json"), "utf8")) as { query: string; expect: string; why?: string }[];

relevance(`each of the ${QUERIES.length} committed queries has its page (and anchor) in the top 3`, async () => {
  assert.ok(QUERIES.length >= 30, "at least 30 queries");
  const searcher = splitSearcher(await ownSite());
  const misses: string[] = [];
  for (const { query, expect, why } of QUERIES) {
    const top = (await searcher.search(query, 3)).map((r) => r.url);
    if (!top.includes(expect)) misses.push(`"${query}"${why ? ` (${why})` : ""}: expected ${expect} in the top 3, got ${top.join(", ") || "nothing"}`);
  }
  assert.equal(misses, [], misses.join("\n"));
});

relevance("the split index answers every committed query, typos in the first letters too, exactly as the whole index does", async () => {
  const whole = new Searcher(await ownIndex());
  const loaded: string[] = [];
  const split = splitSearcher(await ownSite(), loaded);
  const typos = ["xplitchunks", "ebpack configuration", "rntry points", "eentry", "optimisaton", "modle federation", "wbpack", "cnfiguration"];
  for (const query of [...QUERIES.map((q) => q.query), ...typos]) {
    const expected = whole.search(query, 12).map((r) => [r.url, r.score.toFixed(9), r.headings, r.snippet]);
    assert.ok(expected.length > 0, `"${query}" finds something in the whole index`);
    assert.equal(
      (await split.search(query, 12)).map((r) => [r.url, r.score.toFixed(9), r.headings, r.snippet]),
      expected,
      query,
    );
  }
  assert.ok(loaded.length > 0 && loaded.every((p) => p.startsWith("search/")));
});

relevance("title and heading matches rank above body matches", async () => {
  const searcher = splitSearcher(await ownSite());
  const [first] = await searcher.search("glossary", 5);
  assert.is(first.url, "/glossary/");
  const results = await searcher.search("loaders", 5);
  assert.is(results[0].url, "/loaders/", "the page titled Loaders comes before pages that only mention loaders");
});

relevance("printable pages are not indexed, and result URLs are site-relative", async () => {
  const file = await ownIndex();
  assert.equal(JSON.parse(fileText(await ownSite(), SEARCH_INDEX_PATH)).documentCount, file.sections.length);
  assert.not.ok(file.pages.some(([url, title]) => /\/printable\/$/.test(url) || /Printable/.test(title)));
  // A post about printable pages is an ordinary page: only the combined pages and pages titled "Printable" stay out.
  assert.ok(file.pages.some(([url]) => url === "/blog/2026-11-12-printable-sections/"));
  assert.ok(file.pages.every(([url]) => url.startsWith("/")));
});

relevance.run();

const CORPUS = path.resolve(TOOL_DIR, "..", "shared", "corpus", "webpack-docs");
if (!fs.existsSync(CORPUS)) {
  console.log(`search on the webpack docs: skipped, ${CORPUS} is absent`);
} else {
  const corpus = suite("search on the webpack docs corpus");
  corpus("prefixes and typos find the right pages", async () => {
    // The English site alone: the project's translations (i18n/) are not the corpus's.
    const built = await build({ root: TOOL_DIR, content: CORPUS, locale: "en", write: false, cache: false, links: "warn", logger: createMemoryLogger() });
    const searcher = splitSearcher(built);
    const expectations: [string, RegExp][] = [
      ["splitchunks", /^\/plugins\/split-chunks-plugin\//],
      ["optimisation", /^\/configuration\/optimization\//],
      ["modle federation", /^\/concepts\/module-federation\//],
      ["dev server proxy", /^\/configuration\/dev-server\/#devserverproxy/],
      ["resolve alias", /^\/configuration\/resolve\/#resolvealias/],
      ["watch options", /^\/configuration\/watch\//],
    ];
    for (const [query, expected] of expectations) {
      const top = (await searcher.search(query, 3)).map((r) => r.url);
      assert.ok(
        top.some((url) => expected.test(url)),
        `"${query}": got ${top.join(", ")}`,
      );
    }
    // A page-title match puts the page first, ahead of sections that only mention it.
    assert.is((await searcher.search("entry points", 1))[0].url, "/concepts/entry-points/");
    assert.is((await searcher.search("typescript", 1))[0].url, "/guides/typescript/");
  });
  corpus.run();
}
