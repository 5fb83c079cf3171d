import fs from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createMemoryCache, type MemoryCache } from "../src/cache/cache.ts";
import { resolveSettings } from "../src/context/config.ts";
import { createContext } from "../src/context/context.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import type { OutputFile } from "../src/output/files.ts";
import type { PageSummary } from "../src/shared/content-types.ts";
import { runIndexContent } from "../src/stages/index-content/index.ts";
import { RUN_PAGES, runSearchIndex } from "../src/stages/search-index/index.ts";
import { tempSite } from "./helpers/temp-site.ts";
import { textOf } from "./helpers/split-index.ts";
import { SEARCH_INDEX_PATH, SERVED_PARTS_DIR, type SearchRoot } from "../src/shared/search/split-format.ts";

/** A small site: the serve fixture and a dozen more guides (or `guides`), each with a few sections. */
function site(guides = 12) {
  const made = tempSite("serve/site");
  for (let n = 1; n <= guides; n++)
    fs.writeFileSync(
      made.path(`content/guides/part-${n}.md`),
      `---\ntitle: Part ${n}\n---\n\nIntro ${n} of the loader.\n\n## Setup ${n}\n\nInstall plugin${n}.\n\n## Usage\n\nRun module${n}.\n`,
    );
  return made;
}

/** Indexes the site and builds its search index with a cache, counting the pages whose sections were read and collecting what was emitted. */
async function searchIndex(dir: string, budget: number, options: { partsGone?: boolean; cache?: boolean; memory?: MemoryCache; spillAbove?: number } = {}) {
  const ctx = createContext({
    root: dir,
    settings: resolveSettings({ search: { precacheBudget: budget } }),
    logger: createMemoryLogger(),
    cache: options.cache ?? true,
    links: "warn",
    memory: options.memory,
    spillAbove: options.spillAbove,
  });
  if (options.partsGone) ctx.cache.getParts = async () => undefined;
  let wholeIndexes = 0;
  const setParts = ctx.cache.setParts.bind(ctx.cache);
  ctx.cache.setParts = (key, parts) => {
    wholeIndexes++;
    return setParts(key, parts);
  };
  const index = await runIndexContent(ctx);
  let read = 0;
  const bodies = {
    sections: (page: PageSummary) => {
      read++;
      return index.bodies.sections(page);
    },
  };
  const emitted: OutputFile[] = [];
  try {
    const result = await runSearchIndex(ctx, {
      site: index.site,
      bodies,
      emit: async (file) => void emitted.push("parts" in file ? await textOf(file) : file),
    });
    return { result, emitted, read, wholeIndexes };
  } finally {
    await index.close();
  }
}

const paths = (files: readonly OutputFile[]) => files.map((file) => file.path).sort();

for (const budget of [1_000_000, 600]) {
  test(`a build with no page's text changed emits the cached index as the build before wrote it, reading no sections (precache budget ${budget})`, async () => {
    const made = site();
    try {
      const first = await searchIndex(made.dir, budget);
      assert.ok(first.read > 10, `${first.read} pages read`);
      assert.ok(first.emitted.length > 3, `${first.emitted.length} parts`);
      const second = await searchIndex(made.dir, budget);
      assert.is(second.read, 0, "no page's sections are read");
      assert.equal(second.emitted, first.emitted);
      assert.equal(second.result, first.result);
      // Past the budget, only the titles index is precached.
      if (budget < 1000)
        assert.equal(
          paths(second.result.precached),
          paths(first.emitted).filter((p) => p.endsWith("/titles.json")),
        );
    } finally {
      made.remove();
    }
  });
}

test("the dev server (a memory layer) caches the runs but not each new index whole; a build does", async () => {
  const made = site();
  try {
    const memory = createMemoryCache();
    const first = await searchIndex(made.dir, 1_000_000, { memory });
    assert.ok(first.read > 10, `${first.read} pages read`);
    assert.is(first.wholeIndexes, 0, "the session wrote no whole index");
    const second = await searchIndex(made.dir, 1_000_000, { memory });
    assert.is(second.read, 0, "the runs came from the cache");
    assert.is(second.wholeIndexes, 0);
    assert.equal(second.emitted, first.emitted);
    const build = await searchIndex(made.dir, 1_000_000);
    assert.is(build.wholeIndexes, 1, "a build caches the index whole, to replay it");
    // The session keeps its parts in one folder, and its root names it and stamps each address; the parts are the build's.
    const root = (made: typeof first) => JSON.parse(String(made.result.files.find((f) => f.path === SEARCH_INDEX_PATH)?.contents)) as SearchRoot;
    const [served, built] = [root(first), root(build)];
    assert.is(served.dir, SERVED_PARTS_DIR);
    assert.is(served.stamp, built.dir.split("/")[1]);
    assert.equal({ ...served, dir: built.dir, stamp: undefined }, { ...built, stamp: undefined });
    assert.equal(
      first.emitted.map((f) => ({ ...f, path: f.path.replace(SERVED_PARTS_DIR, built.dir) })),
      build.emitted,
    );
  } finally {
    made.remove();
  }
});

test("a cached root without its parts builds the index again from the cached runs, emitting each part once", async () => {
  const made = site();
  try {
    const first = await searchIndex(made.dir, 1_000_000);
    const again = await searchIndex(made.dir, 1_000_000, { partsGone: true });
    assert.is(again.read, 0, "every run was cached");
    assert.equal(paths(again.emitted), [...new Set(paths(again.emitted))], "no part is emitted twice");
    assert.equal(again.emitted, first.emitted);
  } finally {
    made.remove();
  }
});

test("parts kept on disk as they are written, writes under way at once, are replayed whole and in order", async () => {
  const made = site(40);
  try {
    // Nothing kept in memory: every run's postings and every part kept for the cache go through the store's files.
    const first = await searchIndex(made.dir, 1_000_000, { spillAbove: 0 });
    const again = await searchIndex(made.dir, 1_000_000, { spillAbove: 0 });
    assert.is(again.read, 0, "the index was replayed from the cache");
    assert.equal(again.emitted, first.emitted);
  } finally {
    made.remove();
  }
});

test("after one page's text changes, only the pages of its run are read again, and the index is the one a build without a cache makes", async () => {
  const made = site(RUN_PAGES + 30);
  try {
    const first = await searchIndex(made.dir, 1_000_000);
    assert.ok(first.read > RUN_PAGES, `${first.read} pages read`);
    // Pages are in title order ("Part 1", "Part 10", …, "Part 99"): the last guide is in the second run.
    const last = made.path("content/guides/part-99.md");
    fs.appendFileSync(last, "\n## Added\n\nA new section.\n");
    const again = await searchIndex(made.dir, 1_000_000);
    assert.is(again.read, first.read - RUN_PAGES, "the first run came from the cache");
    const fresh = await searchIndex(made.dir, 1_000_000, { cache: false });
    assert.equal(again.emitted, fresh.emitted);
    assert.equal(again.result, fresh.result);
  } finally {
    made.remove();
  }
});

test.run();
