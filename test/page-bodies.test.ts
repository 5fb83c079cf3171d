import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { resolveSettings } from "../src/context/config.ts";
import { createContext } from "../src/context/context.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import { loadWholeSite } from "../src/pipeline/site-pages.ts";
import { spillBodyStore } from "../src/stages/index-content/body-store.ts";
import { createCache, keptEntries } from "../src/cache/cache.ts";
import { runIndexContent } from "../src/stages/index-content/index.ts";
import { tempSite, type TempSite } from "./helpers/temp-site.ts";

const context = (root: string, cache: boolean, spillAbove?: number) =>
  createContext({ root, settings: resolveSettings({}), logger: createMemoryLogger(), cache, spillAbove });

function writePage(root: string, relative: string, text: string): void {
  const file = path.join(root, "content", relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** Runs `work` on a fresh site whose `tmp/` is the system's temporary folder meanwhile (TMPDIR), then restores it and removes the site. */
async function withPrivateTmp(work: (site: TempSite) => Promise<void>): Promise<void> {
  const site = tempSite();
  const tmp = process.env.TMPDIR;
  try {
    fs.mkdirSync(site.path("tmp"));
    process.env.TMPDIR = site.path("tmp");
    await work(site);
  } finally {
    if (tmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmp;
    site.remove();
  }
}

const PAGE = "---\ntitle: Caching\n---\n\nKeep builds fast.\n\n## Long-term caching\n\nHash the file names.\n";

test("past what a build keeps in memory, bodies wait outside it and are read back one page at a time; without a cache, their folder goes when the build closes it", async () => {
  await withPrivateTmp(async (site) => {
    writePage(site.dir, "guides/caching.md", PAGE);
    writePage(site.dir, "guides/index.md", "---\ntitle: Guides\n---\n\nAll the guides.\n");
    const spilled = () => fs.readdirSync(site.path("tmp")).filter((name) => name.startsWith("docs-build-bodies-"));
    // The first page's texts (body, sections, markdown and headings) pass what is kept in memory; the second's, a few words, fit.
    const index = await runIndexContent(context(site.dir, false, 200));
    assert.is(spilled().length, 2, "the bodies and the pages' summaries each wait in a folder of their own");
    const written = spilled().flatMap((name) => fs.readdirSync(site.path("tmp", name)).filter((f) => f === "bodies"));
    assert.equal(written, ["bodies"], "the page that did not fit was written to the bodies' file");
    const { pages } = await loadWholeSite(index.site);
    const page = pages.find((p) => p.entry.url === "/guides/caching/")!;
    assert.not.ok("bodyHtml" in page, "the summary carries no body");
    assert.match(await index.bodies.body(page), /<h2 id="long-term-caching">/);
    assert.equal(
      (await index.bodies.sections(page)).map((s) => s.anchor),
      ["", "long-term-caching"],
    );
    const [guides] = (await loadWholeSite(index.site)).pages.filter((p) => p.entry.url === "/guides/");
    assert.match(await index.bodies.body(guides), /All the guides/, "the other body is read back too");
    await index.close();
    assert.equal(spilled(), []);
  });
});

test("pages stored at once in the spill file come back exactly, whatever their characters, and the file goes on close", async () => {
  await withPrivateTmp(async (site) => {
    const store = spillBodyStore({ inMemory: 0 });
    const page = (n: number) => ({
      bodyHtml: `<p>${"中文 ü 🚀 ".repeat(n + 1)}</p>`,
      sections: [{ anchor: `s${n}`, headings: ["Ünïcode"], text: "emoji 🚀".repeat(n) }],
      markdown: `# Page ${n} — ${"é".repeat(n * 7)}`,
      entry: { anchors: [{ id: `a${n}`, title: "Überschrift", level: 2 }] },
    });
    // Stored out of order and at once, as the index stage stores a group's pages.
    const stored = [2, 0, 1, 7];
    const keys = await Promise.all(stored.map((n) => store.put(String(n), page(n) as never)));
    // A spilled page is read back by a key naming its place in the file, so the store keeps nothing a page.
    assert.equal(new Set(keys).size, stored.length);
    for (const key of keys) assert.match(key, /^@\d+:\d+,\d+,\d+,\d+$/);
    for (const [i, n] of stored.entries()) {
      assert.is(await store.body(keys[i]), page(n).bodyHtml);
      assert.is(await store.markdown(keys[i]), page(n).markdown);
      assert.equal(await store.sections(keys[i]), page(n).sections);
      assert.equal(await store.anchors(keys[i]), page(n).entry.anchors);
    }
    assert.is(await store.body("3"), undefined, "a page never stored");
    assert.is(await store.body("2"), undefined, "a spilled page is not found by the key it was given");
    await store.close();
    assert.equal(
      fs.readdirSync(site.path("tmp")).filter((name) => name.startsWith("docs-build-bodies-")),
      [],
    );
  });
});

test("pages that fit the spill store's memory are read back by the key they were given, and later ones by their place", async () => {
  await withPrivateTmp(async () => {
    const page = (n: number) => ({ bodyHtml: `<p>${n}</p>`, sections: [], markdown: "m".repeat(10), entry: { anchors: [] } });
    // A page's texts are 22 characters ("<p>n</p>", "[]", ten m's, "[]"): two fit a bound of 45, the third does not.
    const store = spillBodyStore({ inMemory: 45 });
    const keys = [];
    for (const n of [0, 1, 2]) keys.push(await store.put(String(n), page(n) as never));
    assert.equal(keys.slice(0, 2), ["0", "1"]);
    assert.match(keys[2], /^@0:8,2,10,2$/, "the first page spilled lies at the file's start, its texts' lengths in its key");
    for (const n of [0, 1, 2]) assert.is(await store.body(keys[n]), page(n).bodyHtml);
    await store.close();
  });
});

test("a private cache holds its first entries in memory only, as written, shared by the builds given it; the rest, and entries read part by part, on disk", async () => {
  const site = tempSite();
  try {
    // Entries of 10 bytes: three fit a bound of 35.
    const kept = keptEntries(35);
    const [writer, reader] = [0, 1].map(() => createCache({ dir: site.path("cache"), enabled: true, lasting: false, kept }));
    for (const n of [0, 1, 2, 3]) await writer.set(`k${n}`, `entry ${n}...`);
    await writer.setJson("json", { n: 1 });
    await writer.setParts(
      "parts",
      (async function* () {
        yield "one part";
      })(),
    );
    for (const n of [0, 1, 2, 3]) assert.is((await reader.get(`k${n}`))?.toString(), `entry ${n}...`, "every entry is read by another build of the same run");
    const onDisk = fs.readdirSync(site.path("cache"), { recursive: true }).filter((name) => String(name).includes("/")).length;
    assert.is(
      onDisk,
      3,
      "on disk: the entry past the bound, the JSON entry and the one read part by part; the cache ends with its build, so held entries are never written",
    );
    // The cache's folder is removed: what came first is still read, from memory.
    fs.rmSync(site.path("cache"), { recursive: true });
    for (const n of [0, 1, 2]) assert.is((await reader.get(`k${n}`))?.toString(), `entry ${n}...`);
    assert.is(await reader.get("k3"), undefined, "past the bound, an entry is on disk only");
    assert.is(await reader.getJson("json"), undefined, "the JSON entry did not fit either");
    assert.is(await reader.getParts("parts"), undefined, "entries written part by part are never held");
    // An entry written again takes its own place whatever the bound.
    await writer.set("k0", "again 0...");
    assert.is((await reader.get("k0"))?.toString(), "again 0...");
  } finally {
    site.remove();
  }
});

test("a private cache's JSON entries held in memory are parsed afresh at each read", async () => {
  const site = tempSite();
  try {
    const cache = createCache({ dir: site.path("cache"), enabled: true, lasting: false, kept: keptEntries(1000) });
    await cache.setJson("sections", [{ anchor: "a", text: "one" }]);
    assert.not.ok(fs.existsSync(site.path("cache")), "held in memory, the entry was never written");
    const [first, again] = [await cache.getJson("sections"), await cache.getJson("sections")];
    assert.equal(first, [{ anchor: "a", text: "one" }]);
    assert.ok(first !== again, "each read parses afresh, so no reader shares another's objects");
  } finally {
    site.remove();
  }
});

test("a small site's bodies wait in memory: no folder is made for them", async () => {
  await withPrivateTmp(async (site) => {
    writePage(site.dir, "guides/caching.md", PAGE);
    const index = await runIndexContent(context(site.dir, false));
    const folders = fs.readdirSync(site.path("tmp")).filter((name) => name.startsWith("docs-build-bodies-"));
    assert.is(folders.length, 1, "the summaries' folder alone");
    assert.equal(
      fs.readdirSync(site.path("tmp", folders[0])).filter((f) => !f.startsWith(".")),
      ["summaries.jsonl"],
    );
    const [page] = (await loadWholeSite(index.site)).pages;
    assert.match(await index.bodies.body(page), /<h2 id="long-term-caching">/);
    await index.close();
  });
});

test("a build without a cache removes the body folders of killed builds whose process is gone, and no other", async () => {
  await withPrivateTmp(async (site) => {
    writePage(site.dir, "guides/caching.md", PAGE);
    // A pid that is certainly gone: a child that has exited and been reaped.
    const gone = spawnSync(process.execPath, ["-e", ""]).pid!;
    const alive = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    const names = [
      `docs-build-bodies-${gone}-AbCdEf`,
      `docs-build-bodies-${alive.pid}-GhIjKl`,
      "docs-build-something-else",
      `docs-build-bodies-${alive.pid}-MnOpQr`,
    ];
    try {
      for (const name of names) fs.mkdirSync(site.path("tmp", name, "inner"), { recursive: true });
      // The owner file, where there is one, names the process, whatever pid the folder's name carries.
      fs.writeFileSync(site.path("tmp", names[3], ".docs-build-owner"), JSON.stringify({ pid: gone, host: os.hostname(), started: "", token: "x" }));
      const index = await runIndexContent(context(site.dir, false, 0));
      const left = fs.readdirSync(site.path("tmp")).sort();
      assert.not.ok(left.includes(names[0]), "the killed build's folder is removed");
      assert.not.ok(left.includes(names[3]), "a folder whose owner file names a gone process is removed");
      assert.ok(left.includes(names[1]) && left.includes(names[2]), "a running build's folder and other folders stay");
      assert.is(left.filter((name) => name.startsWith(`docs-build-bodies-${process.pid}-`)).length, 2, "this build's own folders: bodies and summaries");
      await index.close();
    } finally {
      alive.kill();
    }
  });
});

test("a body whose cache entry has gone is made again from its page; a page edited since it was indexed fails with a sentence", async () => {
  const site = tempSite();
  try {
    writePage(site.dir, "guides/caching.md", PAGE);
    const index = await runIndexContent(context(site.dir, true));
    const [page] = (await loadWholeSite(index.site)).pages;
    const first = await index.bodies.body(page);
    fs.rmSync(path.join(site.dir, ".cache"), { recursive: true, force: true });
    assert.is(await index.bodies.body(page), first, "remade from the page's file");
    fs.rmSync(path.join(site.dir, ".cache"), { recursive: true, force: true });
    writePage(site.dir, "guides/caching.md", PAGE.replace("Hash the file names.", "Name files by their content hash."));
    try {
      await index.bodies.body(page);
      assert.unreachable("an edited page was read back as if unchanged");
    } catch (error) {
      assert.match(String(error), "content/guides/caching.md changed while the site was being built. Build again once edits are saved.");
    }
    await index.close();
  } finally {
    site.remove();
  }
});

test.run();
