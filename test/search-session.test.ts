import fs from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build } from "../src/build.ts";
import { Session } from "../src/serve/session.ts";
import { createMemoryCache } from "../src/cache/cache.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import { SEARCH_INDEX_PATH, SERVED_PARTS_DIR, type SearchRoot } from "../src/shared/search/split-format.ts";
import { tempSite } from "./helpers/temp-site.ts";

// The dev server's search index: one folder across its rebuilds, each part
// written only when its bytes change, and the same parts a build makes.

const WORDS = ["entry", "output", "module", "loader", "plugin", "chunk", "cache", "resolve", "target", "devtool", "split", "hash"];

/** A page of three sections whose words vary with `n`. */
function page(n: number): string {
  const words = (k: number) => Array.from({ length: 30 }, (_, i) => WORDS[(n * 7 + k * 3 + i * i) % WORDS.length]).join(" ");
  return `---\ntitle: Page ${n}\n---\n\nAbout term${n} and ${words(0)}.\n\n## Using ${WORDS[n % WORDS.length]}\n\n${words(1)} word${n}x.\n\n## More on ${WORDS[(n + 5) % WORDS.length]}\n\n${words(2)}.\n`;
}

/** The files under `dir`, by path relative to it. */
function filesUnder(dir: string): Map<string, string> {
  const files = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return new Map(files.map((e) => [path.relative(dir, path.join(e.parentPath, e.name)), fs.readFileSync(path.join(e.parentPath, e.name), "utf8")]));
}

test("after a one-page edit the dev server writes only the search parts whose bytes changed, in the same folder, and they are the parts a build makes", async () => {
  const site = tempSite();
  try {
    fs.mkdirSync(site.path("content/guides"), { recursive: true });
    fs.writeFileSync(site.path("content/index.md"), "---\ntitle: Home\n---\n\nThe home page.\n");
    for (let n = 0; n < 200; n++) fs.writeFileSync(site.path(`content/guides/p${n}.md`), page(n));
    // A budget this small precaches only the titles index, as a large site does.
    fs.writeFileSync(site.path("docs-build.config.json"), JSON.stringify({ search: { precacheBudget: 2000 } }));
    const session = new Session(createMemoryCache());
    const options = { root: site.dir, out: "out", logger: createMemoryLogger(), links: "warn" as const };
    await session.build(options);
    const served = site.path("out", SERVED_PARTS_DIR);
    const before = filesUnder(served);
    const rootBefore = JSON.parse(fs.readFileSync(site.path("out", SEARCH_INDEX_PATH), "utf8")) as SearchRoot;
    fs.appendFileSync(site.path("content/guides/p7.md"), "\nA closing paragraph on caching and splitting.\n");
    const result = await session.build(options);
    const written = (result.changed ?? []).filter((p) => p.startsWith(SERVED_PARTS_DIR));
    const after = filesUnder(served);
    assert.ok(written.length > 0 && written.length < after.size / 3, `${written.length} of ${after.size} parts written`);
    assert.equal(
      written.sort(),
      [...after.keys()]
        .filter((p) => before.get(p) !== after.get(p))
        .map((p) => `${SERVED_PARTS_DIR}${p}`)
        .sort(),
      "exactly the parts whose bytes changed are written",
    );
    const root = JSON.parse(fs.readFileSync(site.path("out", SEARCH_INDEX_PATH), "utf8")) as SearchRoot;
    assert.is(root.dir, SERVED_PARTS_DIR);
    assert.ok(root.stamp && root.stamp !== rootBefore.stamp, "a new index has a new stamp");
    // A build of the same content, without the session, makes the same parts in a folder named by their hash.
    await build({ root: site.dir, out: "cold", logger: createMemoryLogger(), links: "warn" });
    const cold = JSON.parse(fs.readFileSync(site.path("cold", SEARCH_INDEX_PATH), "utf8")) as SearchRoot;
    assert.is(cold.dir, `search/${root.stamp}/`);
    assert.equal({ ...root, dir: cold.dir, stamp: undefined }, { ...cold, stamp: undefined });
    assert.equal(after, filesUnder(site.path("cold", cold.dir)));
  } finally {
    site.remove();
  }
});

test.run();
