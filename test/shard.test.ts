import fs from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build } from "../src/build.ts";
import { ContentError, UsageError } from "../src/report/errors.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import { parseShard, refusal, SHARD_MANIFEST, shardsOf, type BuildInputs, type ShardManifest } from "../src/shard/core.ts";
import { buildShard, mergeShards } from "../src/shard/index.ts";
import { runCli } from "./helpers/cli.ts";
import { listFiles, tempSite, type TempSite } from "./helpers/temp-site.ts";

// A site split over a CI matrix: shards process their pages into parts, and
// the merge builds the site from the parts, byte for byte the site one build
// makes, after refusing any set of parts that does not make that site.

/** Every file of a written output folder (a symlink to its versioned folder), by path, as bytes. */
function outputOf(dir: string): Map<string, Buffer> {
  const real = fs.realpathSync(dir);
  return new Map(listFiles(real).map((file) => [file, fs.readFileSync(path.join(real, file))]));
}

/** Builds the site's `count` shards into `part-<i>` folders; returns the folders. */
async function shards(site: TempSite, count: number): Promise<string[]> {
  const parts: string[] = [];
  for (let index = 1; index <= count; index++) {
    await buildShard({ root: site.dir, shard: { index, count }, out: `part-${index}`, logger: createMemoryLogger() });
    parts.push(`part-${index}`);
  }
  return parts;
}

/** Merges the parts into `out`, as a CI's merge job would. */
const merge = (site: TempSite, parts: readonly string[], out = "merged") =>
  mergeShards({ root: site.dir, parts, out, cache: false, history: false, logger: createMemoryLogger() });

for (const fixture of ["locales", "acme"]) {
  test(`a merged site is byte for byte the site one build makes (${fixture})`, async () => {
    const site = tempSite(`sites/${fixture}`);
    try {
      await build({ root: site.dir, out: "single", cache: false, history: false, logger: createMemoryLogger() });
      const parts = await shards(site, 3);
      const manifests = parts.map((part) => JSON.parse(fs.readFileSync(site.path(part, SHARD_MANIFEST), "utf8")) as ShardManifest);
      assert.ok(
        manifests.every((m) => m.pages.length > 0),
        "every shard has pages",
      );
      await merge(site, parts);
      const single = outputOf(site.path("single"));
      const merged = outputOf(site.path("merged"));
      assert.equal([...merged.keys()].sort(), [...single.keys()].sort());
      const differ = [...single].filter(([file, bytes]) => !bytes.equals(merged.get(file)!)).map(([file]) => file);
      assert.equal(differ, [], "files whose bytes differ");
      assert.ok(single.size > 20, `${single.size} files compared`);
    } finally {
      site.remove();
    }
  });
}

test("shardsOf deals pages by size, largest first, to the lightest shard, the same way every time", () => {
  const files = [
    { relative: "a.md", size: 10 },
    { relative: "b.md", size: 70 },
    { relative: "c.md", size: 30 },
    { relative: "d.md", size: 30 },
    { relative: "e.md", size: 20 },
  ];
  // b (70) to shard 1; c and d (30 each) to shard 2, then 60 < 70 keeps e (20) there too; a (10) to shard 1: 80 bytes each.
  assert.equal(shardsOf(files, 2), [1, 1, 2, 2, 2]);
  assert.equal(shardsOf([...files].reverse(), 2), [2, 2, 2, 1, 1], "the split follows the pages, not their order");
  assert.equal(shardsOf(files, 1), [1, 1, 1, 1, 1]);
  assert.equal(parseShard("2/4"), { index: 2, count: 4 });
  for (const bad of ["0/4", "5/4", "2", "a/b", "2/0"]) assert.throws(() => parseShard(bad), /give the shard as <i>\/<n>/);
});

/** The inputs of a site and a manifest of one of its shards, for the refusal checks. */
const HERE: BuildInputs = { tool: { version: "1.0.0", code: "c0de" }, config: "5e77", content: { pages: 3, hash: "f11e" } };
const part = (dir: string, index: number, pages: string[], count = 2, changes: Partial<BuildInputs> = {}) => ({
  dir,
  manifest: { format: 1 as const, ...HERE, ...changes, shard: { index, count }, pages },
});

test("refusal names the first mismatch in one sentence, and accepts a complete, disjoint set", () => {
  const one = part("part-1", 1, ["a.md", "b.md"]);
  const two = part("part-2", 2, ["c.md"]);
  assert.is(refusal([one, two], HERE), undefined);
  assert.match(refusal([one], HERE)!, "Shard 2/2 is missing");
  assert.match(refusal([one, one], HERE)!, "part-1 and part-1 are both shard 1/2");
  assert.match(refusal([one, part("part-2", 2, ["b.md", "c.md"])], HERE)!, "part-1 and part-2 both hold b.md");
  assert.match(refusal([one, part("part-2", 2, ["c.md"], 3)], HERE)!, "the shards of one build share their count");
  assert.match(refusal([one, part("part-2", 2, ["c.md"], 2, { tool: { version: "0.9.0", code: "c0de" } })], HERE)!, "part-2 was built by docs-build 0.9.0");
  assert.match(refusal([one, part("part-2", 2, ["c.md"], 2, { config: "0ther" })], HERE)!, "part-2 was built with other settings");
  assert.match(refusal([part("part-1", 1, ["a.md"], 2, { content: { pages: 3, hash: "0ld" } }), two], HERE)!, "part-1 was built from other content");
  const files = (...pages: Array<[string, string]>) => ({ pages: pages.length, hash: pages.join(), files: pages });
  const here = { ...HERE, content: files(["a.md", "1"], ["b.md", "2"], ["c.md", "3"]) };
  const withContent = (content: BuildInputs["content"]) => [part("part-1", 1, ["a.md", "b.md"], 2, { content }), part("part-2", 2, ["c.md"], 2, here)];
  assert.match(refusal(withContent(files(["a.md", "1"], ["b.md", "9"], ["c.md", "3"])), here)!, ": b.md differs;");
  assert.match(refusal(withContent(files(["a.md", "1"], ["b.md", "2"], ["c.md", "3"], ["d.md", "4"])), here)!, ": d.md is not in this checkout;");
  assert.match(refusal(withContent(files(["a.md", "1"], ["b.md", "2"])), here)!, ": c.md is not in the part;");
  assert.match(refusal([part("part-1", 1, ["a.md"]), two], HERE)!, "The parts hold 2 pages and the content has 3");
});

/** Expects a merge to be refused with `said`, and the previous site to stay byte for byte. */
async function refused(site: TempSite, parts: readonly string[], said: string): Promise<void> {
  const before = outputOf(site.path("merged"));
  const error = await merge(site, parts).then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.instance(error, UsageError, `refused: ${said}`);
  assert.match((error as Error).message, said);
  assert.equal(outputOf(site.path("merged")), before, "the previous site stays");
}

test("merge refuses a missing shard, an overlap, other content, another docs-build and another config, and keeps the previous site", async () => {
  const site = tempSite("sites/acme");
  try {
    const parts = await shards(site, 3);
    await merge(site, parts);
    await refused(site, parts.slice(0, 2), "Shard 3/3 is missing");
    await refused(site, [parts[0], parts[0], parts[1], parts[2]], "part-1 and part-1 are both shard 1/3");
    fs.rmSync(site.path("part-2", SHARD_MANIFEST));
    await refused(site, parts, `part-2 holds no ${SHARD_MANIFEST}`);
    await buildShard({ root: site.dir, shard: { index: 2, count: 3 }, out: "part-2", logger: createMemoryLogger() });
    const manifest = site.path("part-3", SHARD_MANIFEST);
    const saved = fs.readFileSync(manifest, "utf8");
    fs.writeFileSync(manifest, saved.replace(/"version":"[^"]*"/, '"version":"0.0.1"'));
    await refused(site, parts, "part-3 was built by docs-build 0.0.1");
    fs.writeFileSync(manifest, saved);
    const config = site.path("docs-build.config.json");
    const settings = fs.readFileSync(config, "utf8");
    fs.writeFileSync(config, settings.replace(/"name": "[^"]*"/, '"name": "Renamed Docs"'));
    await refused(site, parts, "part-1 was built with other settings");
    fs.writeFileSync(config, settings);
    const page = listFiles(site.path("content")).find((file) => file.endsWith(".md"))!;
    fs.appendFileSync(site.path("content", page), "\nOne more line.\n");
    await refused(site, parts, `part-1 was built from other content (${listFiles(site.path("content")).filter((f) => f.endsWith(".md")).length} pages`);
    await refused(site, parts, `: ${page} differs; build every shard`);
  } finally {
    site.remove();
  }
});

test("a shard with a content error reports it at its file and line and leaves no manifest; a merge's broken link fails at its place and keeps the previous site", async () => {
  const site = tempSite("sites/acme");
  try {
    const parts = await shards(site, 2);
    await merge(site, parts);
    const before = outputOf(site.path("merged"));
    // A link to a page no shard has: the shards process their pages alone, and the merge's link check finds it.
    const [page] = listFiles(site.path("content")).filter((file) => file.endsWith(".md"));
    fs.appendFileSync(site.path("content", page), "\nSee [the missing page](/no/such/page/).\n");
    const again = await shards(site, 2);
    const failed = await merge(site, again).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.instance(failed, ContentError);
    const broken = (failed as ContentError).diagnostics.find((d) => d.ruleId === "broken-link");
    assert.ok(broken, "the merge reports the broken link");
    assert.is(broken!.file, `content/${page}`);
    assert.ok(broken!.line > 1 && broken!.column >= 1, `at ${broken!.line}:${broken!.column}`);
    assert.equal(outputOf(site.path("merged")), before, "the previous site stays");
    // Front matter that is not YAML: the shard holding the page fails like a build, and writes no manifest.
    fs.writeFileSync(site.path("content", page), "---\ntitle: [unclosed\n---\n\nText.\n");
    const errors: unknown[] = [];
    for (const index of [1, 2])
      await buildShard({ root: site.dir, shard: { index, count: 2 }, out: `part-${index}`, logger: createMemoryLogger() }).catch((e: unknown) =>
        errors.push(e),
      );
    assert.is(errors.length, 1, "one shard holds the page");
    assert.instance(errors[0], ContentError);
    const problem = (errors[0] as ContentError).diagnostics.find((d) => d.fatal);
    assert.is(problem?.file, `content/${page}`);
    assert.ok((problem?.line ?? 0) >= 1);
    const withoutManifest = [1, 2].filter((index) => !fs.existsSync(site.path(`part-${index}`, SHARD_MANIFEST)));
    assert.is(withoutManifest.length, 1, "the failed shard's part has no manifest");
    await refused(site, ["part-1", "part-2"], `part-${withoutManifest[0]} holds no ${SHARD_MANIFEST}`);
  } finally {
    site.remove();
  }
});

test("the command line: build --shard i/n --out part, and merge part… --out dir; a bad --shard is a usage error", async () => {
  const site = tempSite("sites/basic");
  try {
    for (const index of [1, 2]) {
      const run = await runCli(["build", "--shard", `${index}/2`, "--out", `part-${index}`], { cwd: site.dir });
      assert.is(run.code, 0, run.stderr);
      assert.match(run.stdout, `Built shard ${index}/2:`);
    }
    const merged = await runCli(["merge", "part-1", "part-2", "--no-cache", "--out", "site"], { cwd: site.dir });
    assert.is(merged.code, 0, merged.stderr);
    assert.match(merged.stdout, /Built \d+ pages/);
    assert.ok(fs.existsSync(site.path("site", "index.html")));
    const bad = await runCli(["build", "--shard", "3/2", "--out", "part-3"], { cwd: site.dir });
    assert.is(bad.code, 2);
    assert.match(bad.stderr, "give the shard as <i>/<n>");
    const missing = await runCli(["merge", "part-1", "--out", "site"], { cwd: site.dir });
    assert.is(missing.code, 2);
    assert.match(missing.stderr, "Shard 2/2 is missing");
  } finally {
    site.remove();
  }
});

test.run();
