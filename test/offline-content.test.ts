import { createRequire, syncBuiltinESMExports } from "node:module";
import { gzipSync } from "node:zlib";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DEFAULT_SETTINGS, resolveSettings } from "../src/context/config.ts";
import { planSection, sectionOf, type FetchedTable } from "../src/shared/offline-content.ts";
import { folderTablePath, folderTableUrl, type Routes } from "../src/shared/routes.ts";
import { injectOfflineContent, offlineContent } from "../src/stages/generate-service-worker/core.ts";
import { gzippedSize, MEASURED_AT_ONCE, offlineList } from "../src/stages/render-pages/offline-list.ts";

// What is saved for offline reading, given the budget and the sizes: the
// build's list of the whole site when it fits, and otherwise the section
// being read, table by table, up to the first file that does not fit.

/** A route table of `pages` (URL → chunk size), each chunk named after its page; `folders` are nested folders with a table of their own. */
function table(pages: Record<string, number>, folders: string[] = []): Routes {
  return Object.fromEntries(
    Object.entries(pages).map(([url, size], id) => [
      url,
      { id, file: `/assets/pages${url}c.json`, size, ...(folders.includes(url) ? { folder: true as const } : {}) },
    ]),
  );
}

const fetched = (routes: Routes, size = 10): FetchedTable => ({ routes, size });

const TABLES = new Map<string, FetchedTable>([
  ["/page-routes/guides/_.json", fetched(table({ "/guides/": 100, "/guides/a/": 200, "/guides/part/": 50 }, ["/guides/part/"]))],
  ["/page-routes/guides/part/_.json", fetched(table({ "/guides/part/x/": 300, "/guides/part/y/": 400 }))],
  ["/page-routes/_.json", fetched(table({ "/": 70 }))],
]);

test("sectionOf: a page's top-level section", () => {
  assert.is(sectionOf("/guides/part/x/"), "/guides/");
  assert.is(sectionOf("/guides/"), "/guides/");
  assert.is(sectionOf("/"), "/");
  assert.is(sectionOf("/comparison/"), "/comparison/");
});

test("folderTableUrl: the table of a folder's own pages; a top-level section's is its own table", () => {
  assert.is(folderTableUrl("/guides/part/"), "/page-routes/guides/part/_.json");
  assert.is(folderTableUrl("/guides/part"), "/page-routes/guides/part/_.json");
  assert.is(folderTablePath("/guides/"), "page-routes/guides/_.json");
  assert.is(folderTableUrl("/_drafts/x/"), "/page-routes/__drafts/x/_.json");
});

test("planSection: with room for all, the page's folder first, then the section with its nested folder, then the home page", () => {
  const plan = planSection("/guides/part/x/", TABLES, 1_000_000);
  assert.equal(plan.files, [
    "/page-routes/guides/part/_.json",
    "/assets/pages/guides/part/x/c.json",
    "/assets/pages/guides/part/y/c.json",
    "/page-routes/guides/_.json",
    "/assets/pages/guides/c.json",
    "/assets/pages/guides/a/c.json",
    "/assets/pages/guides/part/c.json",
    "/page-routes/_.json",
    "/assets/pages/c.json",
  ]);
  assert.is(plan.bytes, 10 + 300 + 400 + 10 + 100 + 200 + 50 + 10 + 70);
  assert.is(plan.next, undefined);
});

test("planSection: a nested folder's table is fetched before the home page's, and only what fits the budget is taken", () => {
  const section = ["/page-routes/guides/_.json", "/assets/pages/guides/c.json", "/assets/pages/guides/a/c.json", "/assets/pages/guides/part/c.json"];
  const fromSection = planSection("/guides/a/", TABLES, 1_000_000);
  assert.equal(fromSection.files.slice(0, 5), [...section, "/page-routes/guides/part/_.json"]);
  assert.equal(fromSection.files.slice(-2), ["/page-routes/_.json", "/assets/pages/c.json"]);
  // 10 + 100 + 200 + 50 + 10 = 370 fits; the next chunk (300) does not: the plan stops there.
  const cut = planSection("/guides/a/", TABLES, 600);
  assert.equal(cut.files, [...section, "/page-routes/guides/part/_.json"]);
  assert.is(cut.bytes, 370);
  assert.is(cut.next, undefined, "no table is asked for past the budget");
  assert.equal(planSection("/guides/a/", TABLES, 5), { files: [], bytes: 0 }, "not even the table fits");
  assert.equal(planSection("/guides/a/", TABLES, 0).files, [], "a budget of 0 saves nothing");
});

test("planSection: asks for the first table it lacks, and goes on once it has it", () => {
  const empty = new Map<string, FetchedTable>();
  assert.equal(planSection("/guides/part/x/", empty, 1000), { files: [], bytes: 0, next: "/page-routes/guides/part/_.json" });
  const some = new Map([...TABLES].filter(([url]) => url !== "/page-routes/guides/_.json"));
  const plan = planSection("/guides/part/x/", some, 1_000_000);
  assert.is(plan.next, "/page-routes/guides/_.json");
  assert.equal(plan.files, ["/page-routes/guides/part/_.json", "/assets/pages/guides/part/x/c.json", "/assets/pages/guides/part/y/c.json"]);
  // A table that was not there (404) is empty and not saved, and the plan goes on to the next one.
  const missing = new Map([...TABLES, ["/page-routes/guides/part/_.json", fetched({}, 0)]]);
  assert.equal(planSection("/guides/part/x/", missing, 1_000_000).files.slice(0, 2), ["/page-routes/guides/_.json", "/assets/pages/guides/c.json"]);
});

test("planSection: the home page reads its own table once", () => {
  assert.equal(planSection("/", TABLES, 1000).files, ["/page-routes/_.json", "/assets/pages/c.json"]);
});

test("offlineList: keeps URLs while their sizes fit the budget, and only the byte count past it", () => {
  const list = offlineList(100);
  list.add("/a", 60);
  list.add("/b", 40);
  assert.equal(list.result(), { bytes: 100, files: ["/a", "/b"] });
  list.add("/c", 1);
  assert.equal(list.result(), { bytes: 101, files: undefined });
  list.add("/d", 0);
  assert.equal(list.result(), { bytes: 101, files: undefined }, "once over, the list stays gone");
});

test("offlineContent: a content-hashed list when the files and the list itself fit the budget; none otherwise", () => {
  const files = ["/assets/pages/b-2.json", "/page-routes/_.json", "/assets/pages/a-1.json"];
  const contents = JSON.stringify([...files].sort());
  const listSize = gzipSync(contents).byteLength;
  const fits = offlineContent({ bytes: 1000, files }, 1000 + listSize);
  assert.is(fits.file?.contents, contents, "sorted, so the same site gives the same list");
  assert.match(fits.file?.path ?? "", /^assets\/offline-[0-9a-f]{10}\.json$/);
  assert.equal(fits.offline, { list: `/${fits.file?.path}`, budget: 1000 + listSize });
  assert.equal(offlineContent({ bytes: 1000, files }, 1000 + listSize - 1), { offline: { list: "", budget: 1000 + listSize - 1 } }, "the list counts too");
  assert.equal(offlineContent({ bytes: 5000, files: undefined }, 1000), { offline: { list: "", budget: 1000 } });
});

test("injectOfflineContent replaces its one placeholder with the settings as JSON", () => {
  assert.is(
    injectOfflineContent("const o = self.__OFFLINE_CONTENT;", { list: "/assets/offline-1.json", budget: 9 }),
    'const o = {"list":"/assets/offline-1.json","budget":9};',
  );
  assert.throws(() => injectOfflineContent("const o = {};", { list: "", budget: 9 }), /self\.__OFFLINE_CONTENT exactly once.* uses it 0 times/);
});

test("offline.precacheBudget: 5,000,000 gzipped bytes by default; a whole, non-negative number", () => {
  assert.is(DEFAULT_SETTINGS.offline.precacheBudget, 5_000_000);
  assert.is(resolveSettings({ offline: { precacheBudget: 0 } }).offline.precacheBudget, 0);
  assert.throws(() => resolveSettings({ offline: { precacheBudget: -1 } }), /offline\.precacheBudget.*must not be negative/);
  assert.throws(() => resolveSettings({ offline: { precacheBudget: 1.5 } }), /whole number of bytes/);
  assert.throws(() => resolveSettings({ offline: { budget: 1 } }), /not a known setting\. Known keys here: precacheBudget/);
});

test("a file's gzipped size, measured many at once, is what gzip makes of it alone", async () => {
  // Text that compresses well and text that does not, empty, and past zlib's 16 KB output chunks; bytes as well as strings.
  const files = [
    "",
    "a",
    "<p>Chunk</p>".repeat(5_000),
    Array.from({ length: 4_000 }, (_, i) => (i * 2_654_435_761) % 4_294_967_296).join(","),
    new Uint8Array(Array.from({ length: 70_000 }, (_, i) => (i * 7_919) % 251)),
    "ünïcödé 🚀 ".repeat(900),
  ].map((contents, n) => ({ path: `f${n}`, contents }));
  const sizes = await Promise.all([...files, ...files].map((file) => gzippedSize(file)));
  assert.equal(
    sizes,
    [...files, ...files].map((file) => gzipSync(file.contents).byteLength),
  );
});

test("at most MEASURED_AT_ONCE files are measured at once, each on a compressor of its own that is closed after", async () => {
  // The builtin's own exports (its compressor makers are read-only, but may be redefined): a change reaches named imports once synced.
  const zlib = createRequire(import.meta.url)("node:zlib") as typeof import("node:zlib");
  const made = zlib.createDeflateRaw;
  let open = 0;
  let most = 0;
  let closed = 0;
  const replace = (make: typeof made) => Object.defineProperty(zlib, "createDeflateRaw", { value: make, configurable: true, enumerable: true });
  replace((options) => {
    const deflate = made(options);
    most = Math.max(most, ++open);
    deflate.once("close", () => {
      open--;
      closed++;
    });
    return deflate;
  });
  syncBuiltinESMExports();
  try {
    const files = Array.from({ length: MEASURED_AT_ONCE * 5 }, (_, n) => ({ path: `f${n}`, contents: `<p>page ${n}</p>`.repeat(2_000 + n) }));
    const sizes = await Promise.all(files.map((file) => gzippedSize(file)));
    assert.equal(
      sizes,
      files.map((file) => gzipSync(file.contents).byteLength),
    );
    await new Promise((resolve) => setImmediate(resolve));
    assert.is(closed, files.length, "every compressor is closed once its file is measured");
    assert.ok(most > 1, `files are measured side by side (${most} at most)`);
    assert.ok(most <= MEASURED_AT_ONCE, `${most} compressors were open at once; at most ${MEASURED_AT_ONCE} may be`);
  } finally {
    replace(made);
    syncBuiltinESMExports();
  }
});

test.run();
