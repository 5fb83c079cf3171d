import { gzipSync } from "node:zlib";
import fc from "fast-check";
import MiniSearch from "minisearch";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { MINISEARCH_OPTIONS, packIndex, SEARCH_OPTIONS, WHOLE_INDEX_VERSION, type SearchIndexFile } from "../src/shared/search/index-format.ts";
import { Searcher } from "../src/shared/search/searcher.ts";
import { documentedEngine, partsEngine } from "../src/shared/search/split-engine.ts";
import {
  PART_SIZES,
  keyHash,
  keyPartOf,
  queryKeys,
  SEARCH_INDEX_PATH,
  termKeys,
  withinOneEdit,
  type KeyPart,
  type PostingsPart,
  type SearchRoot,
} from "../src/shared/search/split-format.ts";
import { SearchIndexVersionError, SplitSearcher } from "../src/shared/search/split-searcher.ts";
import { fitsPrecacheBudget, splitIndex, withTitles } from "../src/stages/search-index/split.ts";

/** Levenshtein distance, the slow way: the reference `withinOneEdit` must agree with. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

const word = fc.stringMatching(/^[a-e]{1,9}$/);

test("withinOneEdit agrees with the edit distance", () => {
  fc.assert(fc.property(word, word, (a, b) => withinOneEdit(a, b) === distance(a, b) <= 1));
});

test("a word and any term one edit away share a key, wherever the edit is", () => {
  const edited = fc
    .tuple(fc.stringMatching(/^[a-z]{5,12}$/), fc.nat(), fc.constantFrom("insert", "delete", "change"), fc.constantFrom(..."abcxyz"))
    .map(([q, at, kind, letter]) => {
      const i = at % q.length;
      const t =
        kind === "insert" ? q.slice(0, i) + letter + q.slice(i) : kind === "delete" ? q.slice(0, i) + q.slice(i + 1) : q.slice(0, i) + letter + q.slice(i + 1);
      return [q, t] as const;
    });
  fc.assert(
    fc.property(edited, ([q, t]) => {
      const keys = new Set(termKeys(t));
      return queryKeys(q, true).some((key) => keys.has(key));
    }),
  );
  // A prefix query looks in one part: the one of its first three letters, which every longer term starting so is filed under.
  assert.equal(queryKeys("configuration", false), ["con"]);
  assert.ok(termKeys("configurations").includes("con"));
  assert.equal(termKeys("js"), ["js"]);
  assert.equal(termKeys("ebpack").sort(), ["bpa", "eba", "ebp", "epa"]);
});

test("key hashes are FNV-1a, the same everywhere", () => {
  assert.is(keyHash(""), 0x811c9dc5);
  assert.is(keyHash("a"), 0xe40c292c);
  assert.is(keyHash("foobar"), 0xbf9cf968);
  assert.ok(keyPartOf("web", 7) >= 0 && keyPartOf("web", 7) < 7);
});

/** A whole index over generated sections: enough terms for several postings parts, enough sections for several document parts. */
function sampleIndex(): SearchIndexFile {
  const words = ["entry", "output", "module", "loader", "plugin", "chunk", "cache", "resolve", "target", "devtool", "optimization", "performance"];
  const docs = Array.from({ length: 10 * PART_SIZES.documentsPerPart + 5 }, (_, id) => ({
    id,
    title: id % 7 === 0 ? `${words[id % words.length]} page` : "",
    heading: `${words[(id * 5) % words.length]} ${words[(id * 3) % words.length]} part${id}`,
    text: `${words.slice(0, 1 + (id % words.length)).join(" ")} ${words[id % 5]} term${id} ${"webpack ".repeat(1 + (id % 3))}`,
  }));
  const engine = new MiniSearch(MINISEARCH_OPTIONS);
  engine.addAll(docs);
  const pages = Array.from({ length: Math.ceil(docs.length / 4) }, (_, p): [string, string, string] => [`/p${p}/`, `Page ${p}`, p % 2 ? "Guides" : "API"]);
  return {
    version: WHOLE_INDEX_VERSION,
    pages,
    sections: docs.map((d, id) => [Math.floor(id / 4), id % 4 ? `a${id}` : "", d.heading, id % 4 ? id - (id % 4) : -1, d.text]),
    ...packIndex(engine.toJSON()),
  };
}

/** A searcher over split files held in memory, recording the parts it loads. */
function memorySearcher(files: { path: string; contents: string }[], loaded: string[] = []): SplitSearcher {
  const byPath = new Map(files.map((f) => [f.path, f.contents]));
  const root = JSON.parse(byPath.get(SEARCH_INDEX_PATH) ?? "null") as SearchRoot;
  return new SplitSearcher(root, async (part) => {
    loaded.push(part);
    const text = byPath.get(part);
    if (text === undefined) throw new Error(`no part ${part}`);
    return JSON.parse(text);
  });
}

test("the split index answers as the whole index does, loading only the parts a query needs", async () => {
  const whole = sampleIndex();
  const split = splitIndex(whole);
  const root = JSON.parse(split.root.contents) as SearchRoot;
  assert.ok(root.documentParts >= 4 && root.keyParts >= 1 && root.postingsParts >= 1);
  assert.ok(split.parts.every((p) => p.path.startsWith(root.dir)));
  assert.match(root.dir, /^search\/[0-9a-f]{12}\/$/);
  const reference = new Searcher(whole);
  const loaded: string[] = [];
  const searcher = memorySearcher([split.root, ...split.parts], loaded);
  for (const query of ["entry", "webpak", "optimisation", "res", "chunk cache", "term17", "xutput", "performance plugin", ""]) {
    const expected = reference.search(query, 12);
    assert.equal(await searcher.search(query, 12), expected, query);
  }
  assert.is(new Set(loaded).size, loaded.length, "no part was loaded twice");
  const one: string[] = [];
  await memorySearcher([split.root, ...split.parts], one).search("term17", 3);
  assert.ok(one.length > 0 && one.length < split.parts.length / 2, `one query loads a few parts, not all: ${one.length} of ${split.parts.length}`);
});

test("every term is filed under each of its keys, in the part that holds its postings", () => {
  const split = splitIndex(sampleIndex());
  const root = JSON.parse(split.root.contents) as SearchRoot;
  const part = (name: string) => JSON.parse(split.parts.find((p) => p.path === `${root.dir}${name}`)?.contents ?? "null");
  for (let n = 0; n < root.postingsParts; n++) {
    for (const term of Object.keys(part(`p${n}.json`) as PostingsPart)) {
      for (const key of termKeys(term))
        assert.ok((part(`k${keyPartOf(key, root.keyParts)}.json`) as KeyPart)[n]?.split(" ").includes(term), `${term} under ${key}`);
    }
  }
});

test("the fast engine and the documented loader agree on every query", () => {
  const split = splitIndex(sampleIndex());
  const root = JSON.parse(split.root.contents) as SearchRoot;
  const parts = split.parts.filter((p) => /\/p\d+\.json$/.test(p.path)).map((p) => JSON.parse(p.contents) as PostingsPart);
  const entries = parts.flatMap((p) => Object.entries(p)).sort(([a], [b]) => (a < b ? -1 : 1));
  const run = (engine: MiniSearch, query: string) => engine.search(query, SEARCH_OPTIONS).map((r) => [r.id, r.score.toFixed(9), r.terms]);
  for (const query of ["entry", "webpak", "chunk cache", "term3"]) {
    assert.equal(run(partsEngine(root, parts), query), run(documentedEngine(root, entries), query), query);
    assert.ok(run(partsEngine(root, parts), query).length > 0, query);
  }
});

test("a root of another version is refused with a message that says to reload", () => {
  assert.throws(
    () => new SplitSearcher({ version: 1 } as unknown as SearchRoot, async () => ({})),
    (error: unknown) => error instanceof SearchIndexVersionError && /version 1.*version 2.*Reload the page/.test((error as Error).message),
  );
});

test("a part that fails to load fails the search, and the next search fetches it again", async () => {
  const split = splitIndex(sampleIndex());
  const files = new Map([split.root, ...split.parts].map((f) => [f.path, f.contents]));
  let failing = true;
  const asked: string[] = [];
  const searcher = new SplitSearcher(JSON.parse(split.root.contents) as SearchRoot, async (part) => {
    asked.push(part);
    if (failing && /\/p\d+\.json$/.test(part)) throw new Error("offline");
    return JSON.parse(files.get(part) ?? "null");
  });
  try {
    await searcher.search("entry");
    assert.unreachable("the search should fail");
  } catch (error) {
    assert.is((error as Error).message, "offline");
  }
  failing = false;
  const results = await searcher.search("entry");
  assert.ok(results.length > 0);
  const postings = asked.filter((p) => /\/p\d+\.json$/.test(p));
  assert.ok(postings.length >= 2 && new Set(postings).size < postings.length, "the failed part was asked for again");
});

test("the titles index holds as many pages as fit its budget, in site order, and answers with pages marked partial", async () => {
  const whole = sampleIndex();
  const split = splitIndex(whole);
  const all = withTitles(split, whole, 1_000_000);
  const root = JSON.parse(all.root.contents) as SearchRoot;
  assert.equal(root.titles, { file: "titles.json", pages: whole.pages.length, of: whole.pages.length });
  assert.is(all.titles.path, `${root.dir}titles.json`);
  assert.equal(all.parts, [...split.parts, all.titles]);
  const small = withTitles(split, whole, 400);
  const covered = (JSON.parse(small.root.contents) as SearchRoot).titles?.pages ?? -1;
  assert.ok(covered > 0 && covered < whole.pages.length, `some pages, not all: ${covered}`);
  assert.ok(gzipSync(small.titles.contents).length <= 400);
  assert.equal((JSON.parse(small.titles.contents) as SearchIndexFile).pages, whole.pages.slice(0, covered));
  const searcher = memorySearcher([all.root, ...all.parts]);
  const results = (await searcher.searchTitles("page", 3)) ?? [];
  assert.is(results.length, 3, "the page titles match");
  assert.ok(results.every((r) => r.partial && r.headings.length === 0 && /^\/p\d+\/$/.test(r.url)));
  // A heading of the page's sections finds the page too.
  assert.ok(((await searcher.searchTitles("part5", 3)) ?? []).some((r) => r.url === "/p1/"));
  assert.is(await memorySearcher([split.root, ...split.parts]).searchTitles("page"), undefined, "no titles index, no answer");
});

test("the precache budget counts gzipped bytes and stops at the budget", () => {
  const parts = [{ path: "search/x/k0.json", contents: "a".repeat(10_000) }];
  assert.ok(fitsPrecacheBudget(parts, 1_000));
  assert.not.ok(fitsPrecacheBudget(parts, 10));
  assert.not.ok(fitsPrecacheBudget([...parts, ...parts], 0));
  assert.ok(fitsPrecacheBudget([], 0));
});

test.run();
