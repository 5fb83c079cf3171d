import { gzipSync } from "node:zlib";
import fc from "fast-check";
import type MiniSearch from "minisearch";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SEARCH_OPTIONS, type SearchIndexFile } from "../src/shared/search/index-format.ts";
import { Searcher } from "../src/shared/search/searcher.ts";
import { documentedEngine, partsEngine } from "../src/shared/search/split-engine.ts";
import {
  keyHash,
  keyPartOf,
  PART_SIZES,
  queryKeys,
  SEARCH_INDEX_VERSION,
  termKeys,
  withinOneEdit,
  partAddress,
  partFile,
  type DocumentPart,
  type KeyPart,
  type PostingsPart,
  type SearchRoot,
} from "../src/shared/search/split-format.ts";
import { SearchIndexVersionError, SplitSearcher } from "../src/shared/search/split-searcher.ts";
import type { PageEntry, SearchSection } from "../src/shared/content-types.ts";
import { buildSearchIndex } from "../src/stages/search-index/core.ts";
import { textOf, writeSplit, type WrittenSplit } from "./helpers/split-index.ts";
import { sectionNamer } from "../src/shared/content-rules.ts";
import { SplitIndexWriter, type SearchRun } from "../src/stages/search-index/writer.ts";
import { titlesFile, TITLES_RAW_PER_GZIPPED, type TitledPage } from "../src/stages/search-index/titles.ts";

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

const WORDS = ["entry", "output", "module", "loader", "plugin", "chunk", "cache", "resolve", "target", "devtool", "optimization", "performance"];

/** Pages of generated sections: enough terms for several postings parts, enough sections for several document parts. */
function samplePages(count = 85): { entry: PageEntry; sections: SearchSection[] }[] {
  return Array.from({ length: count }, (_, p) => ({
    entry: { url: `/${p % 2 ? "guides" : "api"}/p${p}/`, title: `${WORDS[p % WORDS.length]} page ${p}` } as PageEntry,
    sections: Array.from({ length: 1 + (p % 4) }, (_, k) => {
      const id = p * 4 + k;
      return {
        anchor: k ? `a${id}` : "",
        headings: k ? [`${WORDS[(id * 5) % WORDS.length]} ${WORDS[(id * 3) % WORDS.length]} part${id}`] : [],
        text: `${WORDS.slice(0, 1 + (id % WORDS.length)).join(" ")} ${WORDS[id % 5]} term${id} ${"webpack ".repeat(1 + (id % 3))}`,
      };
    }),
  }));
}

/** A searcher over split files held in memory, recording the parts it loads. */
function memorySearcher(split: WrittenSplit, loaded: string[] = []): SplitSearcher {
  const byPath = new Map([split.root, ...split.parts].map((f) => [f.path, f.contents]));
  const root = JSON.parse(split.root.contents) as SearchRoot;
  return new SplitSearcher(root, async (part) => {
    loaded.push(part);
    const text = byPath.get(part);
    if (text === undefined) throw new Error(`no part ${part}`);
    return JSON.parse(text);
  });
}

test("the split index answers as the whole index does, loading only the parts a query needs", async () => {
  const pages = samplePages();
  const split = await writeSplit(pages, { runPages: 13, buckets: 5 });
  const root = JSON.parse(split.root.contents) as SearchRoot;
  assert.ok(root.documentParts >= 4 && root.keyParts >= 1 && root.postingsParts >= 2, JSON.stringify(root));
  assert.ok(split.parts.every((p) => p.path.startsWith(root.dir)));
  const reference = new Searcher(buildSearchIndex(pages));
  const loaded: string[] = [];
  const searcher = memorySearcher(split, loaded);
  for (const query of ["entry", "webpak", "optimisation", "res", "chunk cache", "term17", "xutput", "performance plugin", "part9", ""]) {
    const expected = reference.search(query, 12);
    assert.equal(await searcher.search(query, 12), expected, query);
  }
  assert.is(new Set(loaded).size, loaded.length, "no part was loaded twice");
  const one: string[] = [];
  await memorySearcher(split, one).search("term17", 3);
  assert.ok(one.length > 0 && one.length < split.parts.length / 2, `one query loads a few parts, not all: ${one.length} of ${split.parts.length}`);
});

/**
 * What a split index says with its ids replaced by each section's place in
 * site order: every term's postings (ids, frequencies, lengths, count per
 * field) and every section's row with its page, so indexes whose runs put
 * their sections at other ids compare equal when they say the same.
 */
function byPlace(split: WrittenSplit): { postings: Record<string, unknown>; sections: unknown[] } {
  const parts = split.parts.map((p) => ({ path: p.path, value: JSON.parse(p.contents) as unknown }));
  const documents = parts.filter((p) => /\/d\d+\.json$/.test(p.path)).map((p) => p.value as DocumentPart);
  documents.sort((a, b) => a.first - b.first);
  const ids = documents.flatMap((part) => part.sections.map((_, k) => part.first + k));
  const place = new Map(ids.map((id, at) => [id, at]));
  const sections = documents.flatMap((part) =>
    part.sections.map(([page, anchor, heading, parent, snippet]) => [part.pages[page], anchor, heading, parent < 0 ? -1 : place.get(parent), snippet]),
  );
  const postings: Record<string, unknown> = {};
  for (const part of parts.filter((p) => /\/p\d+\.json$/.test(p.path)))
    for (const [term, text] of Object.entries(part.value as PostingsPart))
      postings[term] = text.split(";").map((row) => {
        const [field, deltas, frequencies, lengths, count] = row.split(":");
        let id = 0;
        return [field, deltas.split(",").map((delta) => place.get((id += Number(delta)))), frequencies, lengths, count];
      });
  return { postings, sections };
}

test("a stamped root's parts are asked for at their stamped addresses, every one of them", async () => {
  const split = await writeSplit(samplePages(), { runPages: 13, buckets: 5 });
  const root = JSON.parse(split.root.contents) as SearchRoot;
  const byAddress = new Map(split.parts.map((f) => [`${f.path}?s1`, f.contents]));
  const asked: string[] = [];
  const searcher = new SplitSearcher({ ...root, stamp: "s1" }, async (address) => {
    asked.push(address);
    const text = byAddress.get(address);
    if (text === undefined) throw new Error(`no part at ${address}`);
    return JSON.parse(text);
  });
  assert.ok((await searcher.search("webpak entry", 12)).length > 0);
  assert.ok(asked.length > 2 && asked.every((address) => address.endsWith("?s1")), asked.join(" "));
  assert.is(partAddress(root, partFile.key(0)), `${root.dir}k0.json`, "no stamp, no query");
});

test("runs of a few pages, whose postings are joined term by term, write what one run holding every page writes, common terms cut as they are joined included; each run's ids start at a slot", async () => {
  const pages = samplePages();
  for (const [runPages, buckets, commonAt, runStride] of [
    [1, 3, PART_SIZES.commonAt, 32],
    [7, 256, PART_SIZES.commonAt, PART_SIZES.runStride],
    [50, 2, PART_SIZES.commonAt, 64],
    // A common term's join is cut each time it holds 10: after every other run of one page.
    [1, 3, 5, 32],
    [7, 4, 5, 32],
  ]) {
    const sizes = { ...PART_SIZES, commonAt, runStride };
    const one = await writeSplit(pages, { buckets: 1, sizes });
    const many = await writeSplit(pages, { runPages, buckets, sizes });
    assert.equal(byPlace(many), byPlace(one), `runs of ${runPages} pages, ${buckets} buckets, cut at ${commonAt}`);
    const roots = [many, one].map((split) => JSON.parse(split.root.contents) as SearchRoot);
    const said = ({ averages, documentCount, termCount }: SearchRoot) => ({ averages, documentCount, termCount });
    assert.equal(said(roots[0]), said(roots[1]));
    // Run n's first section has the id of its first slot: run 0 at 0, each later one where the one before's slots end.
    const firsts = new Set(many.parts.filter((p) => /\/d\d+\.json$/.test(p.path)).map((p) => (JSON.parse(p.contents) as DocumentPart).first));
    assert.ok(firsts.has(0) && [...firsts].every((first) => first % sizes.documentsPerPart === 0), [...firsts].join(" "));
    if (runPages === 1) assert.ok(firsts.has(runStride), "the second page's sections start at the second slot");
    assert.ok(roots[0].idSpan >= roots[0].documentCount && roots[1].idSpan === roots[1].documentCount);
  }
});

test("a bucket larger than the join budget, joined a run of terms at a time, makes the same parts as one joined whole, reading its text once more per run", async () => {
  const pages = samplePages();
  const sizes = { ...PART_SIZES, commonAt: 5, runStride: 32 };
  const written = async (joinBudget?: number) => {
    let reads = 0;
    const split = await writeSplit(pages, { runPages: 3, buckets: 2, sizes, joinBudget, onRead: () => reads++ });
    return { split, reads };
  };
  const whole = await written();
  assert.is(whole.reads, 2, "within the budget, each bucket is read once");
  for (const joinBudget of [1, 200, 5_000]) {
    const cut = await written(joinBudget);
    assert.equal(cut.split.parts, whole.split.parts, `joined ${joinBudget} characters at a time`);
    assert.equal(cut.split.root, whole.split.root);
    if (joinBudget === 1) assert.ok(cut.reads > 100, `a term at a time: read once for its terms, then once a term (${cut.reads} reads)`);
  }
});

test("the writer keeps several part writes under way, never more than 16, and finishes once all are written; a failed write fails it", async () => {
  const pages = samplePages(170);
  const sizes = { ...PART_SIZES, postingsBytes: 2_000, documentsPerPart: 16 };
  const whole = await writeSplit(pages, { runPages: 20, sizes });
  let writing = 0;
  let most = 0;
  const slow = await writeSplit(pages, {
    runPages: 20,
    sizes,
    write: async () => {
      most = Math.max(most, ++writing);
      await new Promise((resolve) => setTimeout(resolve, 2));
      writing--;
    },
  });
  assert.ok(whole.parts.length > 40, `${whole.parts.length} parts`);
  assert.ok(most > 1 && most <= 16, `${most} writes under way at most`);
  assert.is(writing, 0, "every write had ended when the writer finished");
  assert.equal(slow.parts.map((part) => part.path).sort(), whole.parts.map((part) => part.path).sort());
  assert.equal(slow.root, whole.root);
  let written = 0;
  const failing = writeSplit(pages, {
    runPages: 20,
    sizes,
    write: async (file) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (++written === 30) throw new Error(`disk full writing ${file.path}`);
    },
  });
  await failing.then(
    () => assert.unreachable("a failed write fails the index"),
    (error: Error) => assert.match(error.message, "disk full writing"),
  );
});

/** Every postings part of a split index, merged: term → postings. */
const postingsOf = (split: WrittenSplit): PostingsPart =>
  Object.assign({}, ...split.parts.filter((p) => /\/p\d+\.json$/.test(p.path)).map((p) => JSON.parse(p.contents) as PostingsPart));

/** The number of sections each field's row of a term's postings lists, and the count a common term's row carries. */
const rowsOf = (postings: string) =>
  postings.split(";").map((row) => {
    const [field, ids, , , count] = row.split(":");
    return { field: Number(field), listed: ids.split(",").length, count: count === undefined ? undefined : Number(count) };
  });

test("a term in more sections than commonAt lists only that many, the ones it scores highest in, with the count it is in; no term grows with the site", async () => {
  const sizes = { ...PART_SIZES, commonAt: 20 };
  for (const count of [85, 340]) {
    const pages = samplePages(count);
    const postings = postingsOf(await writeSplit(pages, { sizes }));
    for (const [term, text] of Object.entries(postings)) for (const row of rowsOf(text)) assert.ok(row.listed <= 20, `${term}: ${row.listed} sections`);
    const sections = pages.flatMap((p) => p.sections);
    const [webpack] = rowsOf(postings.webpack);
    assert.equal(webpack, { field: 2, listed: 20, count: sections.length }, "webpack is in every section's text");
    // A rare term is untouched: no count.
    assert.equal(rowsOf(postings.term13), [{ field: 2, listed: 1, count: undefined }]);
  }
});

test("a common word alone finds the sections the whole index ranks first, with the same scores", async () => {
  const pages = samplePages();
  const searcher = memorySearcher(await writeSplit(pages, { sizes: { ...PART_SIZES, commonAt: 20 } }));
  const reference = new Searcher(buildSearchIndex(pages));
  assert.equal(await searcher.search("webpack", 12), reference.search("webpack", 12));
});

test("a common word does not narrow a query with a rarer one: every section the rarer words match is found, as with every posting kept", async () => {
  const pages = samplePages();
  const capped = memorySearcher(await writeSplit(pages, { sizes: { ...PART_SIZES, commonAt: 20 } }));
  const whole = memorySearcher(await writeSplit(pages));
  const urls = (results: { url: string }[]) => results.map((r) => r.url).sort();
  for (const query of ["term13 webpack", "webpack part9", "webpak term229", "term40 term41 webpack", "entry term42 webpack"]) {
    const expected = await whole.search(query, 50);
    assert.ok(expected.length > 0, query);
    assert.equal(urls(await capped.search(query, 50)), urls(expected), query);
  }
  // Common words alone: sections any of them matches, those matching both first.
  const both = await capped.search("webpack entry", 50);
  assert.ok(both.length > 20, `${both.length} results`);
  assert.match(both[0].snippet.map((p) => p.text).join(""), /entry/);
});

test("runs kept from an earlier build and added again, at other places, write the same parts as indexing every page", async () => {
  const pages = samplePages();
  const kept = new Map<string, SearchRun>();
  /** Writes the index in runs of 10 pages, adding each run kept from before (through JSON, as the cache keeps it) and keeping the new ones. */
  const write = async (site: typeof pages, fresh: boolean) => {
    const parts: { path: string; contents: string }[] = [];
    const buckets = new Map<number, string>();
    const writer = new SplitIndexWriter({
      dir: "search/x/",
      emit: async (file) => void parts.push(await textOf(file)),
      store: {
        append: async (n, text) => void buckets.set(n, (buckets.get(n) ?? "") + text),
        read: async function* (n) {
          yield buckets.get(n) ?? "";
        },
      },
      sectionOf: sectionNamer(site),
      precacheBudget: Number.MAX_SAFE_INTEGER,
    });
    let reused = 0;
    for (let at = 0; at < site.length; at += 10) {
      const run = site.slice(at, at + 10);
      const key = JSON.stringify(run);
      const before = kept.get(key);
      if (before && !fresh) {
        reused++;
        await writer.addRun(JSON.parse(JSON.stringify(before)) as SearchRun);
        continue;
      }
      for (const page of run) await writer.add(page.entry, page.sections);
      kept.set(key, await writer.endRun());
    }
    const { root } = await writer.finish();
    return { files: [root, ...parts].map((f) => [f.path, f.contents]), reused };
  };
  await write(pages, true);
  // Page 3 gains a section: every later section's id moves up by one, and its run alone is indexed again.
  const edited = pages.map((page, i) =>
    i === 3 ? { ...page, sections: [...page.sections, { anchor: "new", headings: ["Added"], text: "entry added" }] } : page,
  );
  const again = await write(edited, false);
  assert.is(again.reused, Math.ceil(pages.length / 10) - 1);
  kept.clear();
  assert.equal(again.files, (await write(edited, true)).files);
});

test("with a memo, an index of runs it has seen emits its parts keyed, and each one made on demand is the part made before; an edited run changes only the parts it reaches", async () => {
  const pages = samplePages(170);
  const memo = new Map<string, unknown>();
  const write = async (site: typeof pages) => {
    const parts = new Map<string, { key?: string; contents: string }>();
    const buckets = new Map<number, string>();
    const writer = new SplitIndexWriter({
      dir: "search/served/",
      emit: async (file) => void parts.set(file.path, { key: "key" in file ? file.key : undefined, contents: (await textOf(file)).contents }),
      store: {
        append: async (n, text) => void buckets.set(n, (buckets.get(n) ?? "") + text),
        read: async function* (n) {
          yield buckets.get(n) ?? "";
        },
      },
      sectionOf: sectionNamer(site),
      precacheBudget: 1,
      memo: { get: (k) => memo.get(k), has: (k) => memo.has(k), set: (k, v) => memo.set(k, v) },
    });
    for (let at = 0; at < site.length; at += 10) {
      for (const page of site.slice(at, at + 10)) await writer.add(page.entry, page.sections);
      await writer.endRun(JSON.stringify(site.slice(at, at + 10)));
    }
    await writer.finish();
    return parts;
  };
  const first = await write(pages);
  const again = await write(pages);
  assert.equal(again, first, "the same parts, keys and bytes");
  const keyed = [...again.values()].filter((p) => p.key !== undefined).length;
  assert.ok(keyed > again.size / 2, `${keyed} of ${again.size} parts keyed`);
  const edited = pages.map((page, i) =>
    i === 42 ? { ...page, sections: [{ ...page.sections[0], text: `${page.sections[0].text} entry splitting` }, ...page.sections.slice(1)] } : page,
  );
  const after = await write(edited);
  const changed = [...after].filter(([path, part]) => first.get(path)?.contents !== part.contents).map(([path]) => path);
  const rekeyed = [...after].filter(([path, part]) => part.key !== undefined && first.get(path)?.key !== part.key).map(([path]) => path);
  assert.ok(changed.length > 0 && changed.every((path) => rekeyed.includes(path) || !after.get(path)?.key), "every changed keyed part has a new key");
  assert.ok(rekeyed.length < keyed / 3, `${rekeyed.length} of ${keyed} keyed parts have new keys`);
});

test("a small index's postings parts each hold several buckets' terms, cut near postingsBytes, not one small part a bucket", async () => {
  const split = await writeSplit(samplePages(), { buckets: 256 });
  const postings = split.parts.filter((p) => /\/p\d+\.json$/.test(p.path));
  const terms = postings.flatMap((p) => Object.keys(JSON.parse(p.contents) as PostingsPart));
  const buckets = new Set(terms.map((term) => keyHash(term.slice(0, 3)) % 256));
  assert.ok(postings.length * 4 <= buckets.size, `${postings.length} parts for ${buckets.size} buckets`);
  const size = postings.reduce((sum, p) => sum + p.contents.length, 0);
  assert.ok(postings.length <= 2 * Math.ceil(size / PART_SIZES.postingsBytes) + 1, `${postings.length} parts of ${size} characters`);
});

test("every term is filed under each of its keys, in the part that holds its postings", async () => {
  const split = await writeSplit(samplePages(), { buckets: 3 });
  const root = JSON.parse(split.root.contents) as SearchRoot;
  const part = (name: string) => JSON.parse(split.parts.find((p) => p.path === `${root.dir}${name}`)?.contents ?? "null");
  const numbers = split.parts.map((p) => /\/p(\d+)\.json$/.exec(p.path)?.[1]).filter((n) => n !== undefined);
  assert.is(numbers.length, root.postingsParts);
  for (const n of numbers) {
    for (const term of Object.keys(part(`p${n}.json`) as PostingsPart)) {
      for (const key of termKeys(term))
        assert.ok((part(`k${keyPartOf(key, root.keyParts)}.json`) as KeyPart)[n]?.split(" ").includes(term), `${term} under ${key}`);
    }
  }
});

test("the fast engine and the documented loader agree on every query", async () => {
  const split = await writeSplit(samplePages());
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
    (error: unknown) =>
      error instanceof SearchIndexVersionError && new RegExp(`version 1.*version ${SEARCH_INDEX_VERSION}.*Reload the page`).test((error as Error).message),
  );
});

test("a part that fails to load fails the search, and the next search fetches it again", async () => {
  const split = await writeSplit(samplePages());
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

test("within the precache budget every part is precached; past it, a titles index of as many pages as fit a quarter of it", async () => {
  const pages = samplePages();
  const all = await writeSplit(pages);
  assert.equal(all.precached, all.parts);
  assert.is((JSON.parse(all.root.contents) as SearchRoot).titles, undefined);
  const total = all.parts.reduce((sum, p) => sum + gzipSync(p.contents).length, 0);
  assert.equal((await writeSplit(pages, { precacheBudget: total })).precached.length, all.parts.length, "a budget of exactly the parts' size fits");
  for (const budget of [total - 1, 2400, 0]) {
    const over = await writeSplit(pages, { precacheBudget: budget });
    const root = JSON.parse(over.root.contents) as SearchRoot;
    assert.is(over.precached.length, 1);
    assert.is(over.precached[0].path, `${root.dir}titles.json`);
    assert.is(root.titles?.of, pages.length);
    assert.ok(gzipSync(over.precached[0].contents).length <= Math.max(budget / 4, 200), `budget ${budget}`);
    if (budget === total - 1) assert.is(root.titles?.pages, pages.length, "a large budget has every page");
    if (budget === 2400) assert.ok((root.titles?.pages ?? 0) > 0 && (root.titles?.pages ?? 0) < pages.length, `some pages: ${root.titles?.pages}`);
    assert.equal(
      (JSON.parse(over.precached[0].contents) as SearchIndexFile).pages.map(([url]) => url),
      pages.slice(0, root.titles?.pages).map((p) => p.entry.url),
    );
  }
});

test("the titles index answers with pages marked partial, found by title and by heading", async () => {
  const pages = samplePages();
  const all = await writeSplit(pages);
  const total = all.parts.reduce((sum, p) => sum + gzipSync(p.contents).length, 0);
  const titled = memorySearcher(await writeSplit(pages, { precacheBudget: total - 1 }));
  const byTitle = (await titled.searchTitles("devtool", 5)) ?? [];
  assert.ok(byTitle.length > 0 && byTitle.every((r) => r.partial && r.headings.length === 0 && r.title.startsWith("devtool page")), JSON.stringify(byTitle));
  // Section 21's heading is on page 5, whose title does not hold it.
  assert.equal(
    ((await titled.searchTitles("part21", 1)) ?? []).map((r) => [r.url, r.section]),
    [["/guides/p5/", "Guides"]],
  );
  assert.is(await memorySearcher(all).searchTitles("page"), undefined, "no titles index, no answer");
});

test("the titles index is bounded in characters as well as gzipped bytes, and made near its size however many pages are offered", () => {
  // Pages alike but for their numbers: their index gzips far better than TITLES_RAW_PER_GZIPPED to one.
  const alike = (n: number): TitledPage[] =>
    Array.from({ length: n }, (_, i) => ({
      url: `/guides/p${i}/`,
      title: `Page ${i}`,
      section: "Guides",
      headings: Array.from({ length: 30 }, (_, w) => `step${w}`).join(" · "),
    }));
  const budget = 4_000;
  const pages = alike(3_000);
  const made = titlesFile(pages, budget);
  assert.ok(made.file.length <= budget * TITLES_RAW_PER_GZIPPED, `${made.file.length} characters`);
  assert.ok(gzipSync(made.file).length < budget * 0.75, "bounded by its characters, not its gzipped bytes");
  assert.ok(made.pages > 0 && made.pages < pages.length, `${made.pages} pages`);
  assert.equal(
    (JSON.parse(made.file) as SearchIndexFile).pages.map(([url]) => url),
    pages.slice(0, made.pages).map((p) => p.url),
  );
  // Offered ten times the pages, it keeps as many: the trial index sets where it starts, not the pages offered.
  assert.is(titlesFile(alike(30_000), budget).pages, made.pages);
  // A budget their index fits keeps every page.
  const few = alike(150);
  assert.is(titlesFile(few, budget).pages, few.length);
});

test("the writer keeps titles for twice the characters the titles index may take, each page counted 40 more, and hands them on as they came", async () => {
  // Short pages, as on a site of many small ones: what a page adds besides its text is most of what it takes.
  const pages = Array.from({ length: 400 }, (_, i) => ({
    entry: { url: `/guides/p${i}/`, title: `Page\t"${i}"` } as PageEntry,
    sections: [{ anchor: "", headings: [], text: `word${i}` }],
  }));
  let given: TitledPage[] = [];
  const precacheBudget = 400;
  await writeSplit(pages, {
    precacheBudget,
    runPages: 50,
    titles: async (kept, budget) => {
      given = [...kept];
      return titlesFile(kept, budget);
    },
  });
  const chars = (precacheBudget / 4) * TITLES_RAW_PER_GZIPPED * 2;
  const counted = given.reduce((sum, page) => sum + page.url.length + page.title.length + page.headings.length + 40, 0);
  const next = pages[given.length].entry;
  assert.ok(
    counted <= chars && counted + next.url.length + next.title.length + 40 > chars,
    `${given.length} pages kept, ${counted} characters counted of ${chars}`,
  );
  assert.equal(
    given,
    pages.slice(0, given.length).map(({ entry }) => ({ url: entry.url, title: entry.title, section: "Guides", headings: "" })),
  );
});

test.run();
