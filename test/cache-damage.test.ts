import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createCache } from "../src/cache/cache.ts";
import { runCli } from "./helpers/cli.ts";
import { listFiles, tempSite } from "./helpers/temp-site.ts";

/** Every file of a built site with its bytes, for comparing two builds. */
const siteBytes = (dir: string) => listFiles(dir).map((file) => [file, fs.readFileSync(path.join(dir, file)).toString("base64")]);

/** The ways an entry is damaged: cut short, changed in place, emptied, deleted, or replaced by something of another kind. */
const DAMAGES = ["truncate", "flip", "empty", "delete", "json", "folder"] as const;
type Damage = { entry: number; kind: (typeof DAMAGES)[number]; at: number };

function damage(file: string, { kind, at }: Damage): void {
  const bytes = fs.readFileSync(file);
  if (kind === "truncate") fs.writeFileSync(file, bytes.subarray(0, at % Math.max(1, bytes.length)));
  else if (kind === "flip") {
    const i = at % Math.max(1, bytes.length);
    bytes[i] ^= 0x5a;
    fs.writeFileSync(file, bytes);
  } else if (kind === "empty") fs.writeFileSync(file, "");
  else if (kind === "delete") fs.rmSync(file);
  else if (kind === "json") fs.writeFileSync(file, JSON.stringify({ version: at, entries: [] }));
  else {
    fs.rmSync(file);
    fs.mkdirSync(file);
  }
}

test("an entry cut short, changed, emptied, or of another kind is a miss: it is counted, removed and made again", async () => {
  const site = tempSite();
  try {
    const cache = createCache({ dir: site.path("cache"), enabled: true });
    await cache.set("aa1", "some text");
    await cache.setJson("aa2", { a: [1, 2] });
    await cache.setParts(
      "aa3",
      (async function* () {
        yield "part one, ";
        yield "part two";
      })(),
    );
    const fresh = createCache({ dir: site.path("cache"), enabled: true });
    assert.is((await fresh.get("aa1"))?.toString(), "some text");
    assert.equal(await fresh.getJson("aa2"), { a: [1, 2] });
    let text = "";
    for await (const part of (await fresh.getParts("aa3")) ?? []) text += part;
    assert.is(text, "part one, part two");
    assert.is(fresh.damaged, 0);
    const file = (key: string) => site.path("cache", key.slice(0, 2), key);
    damage(file("aa1"), { entry: 0, kind: "flip", at: 3 });
    damage(file("aa2"), { entry: 0, kind: "truncate", at: 5 });
    damage(file("aa3"), { entry: 0, kind: "folder", at: 0 });
    assert.is(await fresh.get("aa1"), undefined);
    assert.is(await fresh.getJson("aa2"), undefined);
    assert.is(await fresh.getParts("aa3"), undefined);
    assert.is(fresh.damaged, 3);
    assert.not.ok(fs.existsSync(file("aa1")) || fs.existsSync(file("aa2")) || fs.existsSync(file("aa3")), "damaged entries are removed");
  } finally {
    site.remove();
  }
});

test("whatever damage is done to whichever cache entries, the next build is byte-identical to a clean one, and says how many it found", async () => {
  const site = tempSite("serve/site");
  try {
    const build = (out: string) => runCli(["build", "--links", "warn", "-q", "--out", out], { cwd: site.dir });
    const clean = await build("clean");
    assert.is(clean.code, 0, clean.stderr);
    const reference = siteBytes(site.path("clean"));
    const cacheDir = site.path(".cache", "docs-build");
    const pristine = site.path("pristine-cache");
    fs.cpSync(cacheDir, pristine, { recursive: true });
    const entries = listFiles(pristine);
    assert.ok(entries.length > 20, `${entries.length} cache entries`);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ entry: fc.nat(), kind: fc.constantFrom(...DAMAGES), at: fc.nat(1_000_000) }), { minLength: 1, maxLength: 20 }),
        async (damages: Damage[]) => {
          fs.rmSync(cacheDir, { recursive: true, force: true });
          fs.cpSync(pristine, cacheDir, { recursive: true });
          const hit = new Set<string>();
          for (const d of damages) {
            const entry = entries[d.entry % entries.length];
            if (hit.has(entry)) continue;
            hit.add(entry);
            damage(path.join(cacheDir, entry), d);
          }
          const out = `out-${run++}`;
          const result = await build(out);
          assert.is(result.code, 0, result.stderr);
          assert.equal(siteBytes(site.path(out)), reference);
          const damaged = Number(/(\d+) damaged cache entr/.exec(result.stderr)?.[1] ?? 0);
          const kinds = damages.filter((d, i) => damages.findIndex((e) => entries[e.entry % entries.length] === entries[d.entry % entries.length]) === i);
          // Deleting is a plain miss; every other damage to an entry the build reads is found.
          assert.ok(damaged <= kinds.filter((d) => d.kind !== "delete").length, result.stderr);
          fs.rmSync(site.path(out), { recursive: true, force: true });
        },
      ),
      { numRuns: 10, seed: 20261127 },
    );
  } finally {
    site.remove();
  }
});

test("a cache reads its layers where it lacks an entry, writes only its own folder, and takes a damaged layer entry for a miss, left in place", async () => {
  const site = tempSite();
  try {
    const layer = createCache({ dir: site.path("layer"), enabled: true });
    await layer.set("bb1", "from the layer");
    await layer.setJson("bb2", { n: 2 });
    await layer.setParts(
      "bb3",
      (async function* () {
        yield "part one, ";
        yield "part two";
      })(),
    );
    await layer.set("bb4", "damaged");
    const damagedFile = site.path("layer", "bb", "bb4");
    const bytes = fs.readFileSync(damagedFile);
    bytes[0] ^= 0x5a;
    fs.writeFileSync(damagedFile, bytes);
    const before = listFiles(site.path("layer"));
    const cache = createCache({ dir: site.path("own"), enabled: true, layers: [site.path("missing"), site.path("layer")] });
    assert.is((await cache.get("bb1"))?.toString(), "from the layer");
    assert.equal(await cache.getJson("bb2"), { n: 2 });
    let parts = "";
    for await (const part of (await cache.getParts("bb3"))!) parts += part;
    assert.is(parts, "part one, part two");
    assert.is(await cache.get("bb4"), undefined, "a damaged layer entry is a miss");
    await cache.set("bb1", "its own");
    assert.is((await cache.get("bb1"))?.toString(), "its own", "its own folder comes first");
    assert.equal(listFiles(site.path("layer")), before, "the layer is never written or tidied");
    assert.equal(listFiles(site.path("own")), ["bb/bb1"]);
    assert.is(cache.damaged, 0, "a layer's damage is not the cache's own");
  } finally {
    site.remove();
  }
});

test.run();
