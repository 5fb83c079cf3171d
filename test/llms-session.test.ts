import fs from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build } from "../src/build.ts";
import { Session } from "../src/serve/session.ts";
import { SPOOL_PAST } from "../src/output/publisher.ts";
import { createMemoryCache } from "../src/cache/cache.ts";
import { resolveSettings } from "../src/context/config.ts";
import { createContext } from "../src/context/context.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import type { OutputFile, StreamedFile } from "../src/output/files.ts";
import type { PageSummary } from "../src/shared/content-types.ts";
import { runIndexContent } from "../src/stages/index-content/index.ts";
import type { LlmsBefore, LlmsWritten } from "../src/stages/llms-files/full-text.ts";
import { runLlmsFiles } from "../src/stages/llms-files/index.ts";
import { listFiles, tempSite, type TempSite } from "./helpers/temp-site.ts";

// How the dev server's rebuilds make the llms files: from what its last build wrote for the
// site parts unchanged since, reading the bodies of the others, into the same bytes as a
// build from nothing.

/** What one run of the stage made: every file (kept ones as the last run wrote them), its record, and the pages whose bodies it read. */
interface Run {
  files: Map<string, string>;
  keys: Map<string, string>;
  written: LlmsWritten | undefined;
  read: string[];
  kept: string[];
}

/** A streamed file's text: its parts' bytes joined, then read, as the output writes them. */
async function joined(parts: AsyncIterable<string | Uint8Array>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const part of parts) chunks.push(typeof part === "string" ? Buffer.from(part) : Buffer.from(part));
  return Buffer.concat(chunks).toString("utf8");
}

/** The stage's view of the files a last run made, as the build gives it from the output folder. */
function beforeOf(last: Run, kept: string[]): LlmsBefore | undefined {
  if (!last.written) return undefined;
  const bytes = (file: string) => Buffer.from(last.files.get(file) ?? "");
  return {
    written: last.written,
    size: async (file) => (last.files.has(file) ? bytes(file).length : undefined),
    // Cut in parts of a few bytes, as a stream cuts a file, splitting characters.
    read: async function* (file, start, length) {
      for (let at = start; at < start + length; at += 5) yield bytes(file).subarray(at, Math.min(at + 5, start + length));
    },
    keep(paths) {
      if (!paths.every((file) => last.files.has(file))) return false;
      kept.push(...paths);
      return true;
    },
  };
}

/**
 * Indexes the site's content and runs the stage with a cache, as the dev
 * server's builder does, after `last` when given; a file whose key is as the
 * last run's is kept unread, as the build's output keeps it.
 */
async function runStage(site: TempSite, options: { last?: Run; fullLimit?: number; cache?: boolean } = {}): Promise<Run> {
  const ctx = createContext({
    root: site.dir,
    settings: resolveSettings({ name: "f", description: "F.", baseUrl: "https://x.org" }),
    logger: createMemoryLogger(),
    cache: options.cache ?? true,
    links: "warn",
    memory: createMemoryCache(),
  });
  const index = await runIndexContent(ctx);
  const run: Run = { files: new Map(), keys: new Map(), written: undefined, read: [], kept: [] };
  const bodies = {
    ...index.bodies,
    markdown: (page: PageSummary) => {
      run.read.push(page.entry.url);
      return index.bodies.markdown(page);
    },
  };
  const emit = async (file: OutputFile | StreamedFile) => {
    if ("key" in file && file.key !== undefined) run.keys.set(file.path, file.key);
    if ("parts" in file && file.key !== undefined && options.last?.keys.get(file.path) === file.key) {
      run.kept.push(file.path);
      run.files.set(file.path, options.last.files.get(file.path)!);
      return;
    }
    run.files.set(file.path, "parts" in file ? await joined(file.parts) : String(file.contents));
  };
  const before = options.last && beforeOf(options.last, run.kept);
  try {
    run.written = await runLlmsFiles(ctx, { site: index.site, bodies, fullLimit: options.fullLimit, before, emit: emit });
  } finally {
    await index.close();
  }
  for (const file of run.kept) if (!run.files.has(file)) run.files.set(file, options.last!.files.get(file)!);
  return run;
}

/** The small site of the llms fixtures, with a few guides more, in a temporary folder whose content folder is `content`. */
function smallSite(): TempSite {
  const site = tempSite();
  fs.cpSync(path.join(import.meta.dirname, "../fixtures/llms-files/small-site/input"), site.path("content"), { recursive: true });
  for (const n of [1, 2, 3])
    fs.writeFileSync(site.path(`content/guides/more-${n}.md`), `---\ntitle: More ${n}\n---\n\nGuide ${n}: «déjà vu» ✓ ${"é".repeat(n)}.\n`);
  return site;
}

/** Asserts that a rebuild's files are byte for byte those of a run from nothing over the same content. */
async function assertAsFromNothing(site: TempSite, rebuilt: Run, fullLimit?: number): Promise<void> {
  const cold = await runStage(site, { fullLimit, cache: false });
  assert.equal([...rebuilt.files.keys()].sort(), [...cold.files.keys()].sort());
  for (const [file, text] of cold.files) assert.is(rebuilt.files.get(file), text, file);
}

const edit = (site: TempSite, file: string) => fs.appendFileSync(site.path("content", file), "\nA paragraph added while serving.\n");

for (const fullLimit of [undefined, 200]) {
  const split = fullLimit === undefined ? "one file" : "split by section";
  test(`a rebuild after an edit reads the bodies of the edited page's part alone, and writes what a build from nothing writes (${split})`, async () => {
    const site = smallSite();
    try {
      const first = await runStage(site, { fullLimit });
      assert.is(first.read.length, fullLimit ? 18 : 9, "a first run reads every body (twice past the limit)");
      edit(site, "guides/more-2.md");
      const again = await runStage(site, { fullLimit, last: first });
      assert.equal(
        [...again.read].sort(),
        ["/guides/", "/guides/getting-started/", "/guides/more-1/", "/guides/more-2/", "/guides/more-3/"].flatMap((url) => (fullLimit ? [url, url] : [url])),
      );
      assert.ok(again.kept.includes("concepts/entry-points.md") && !again.kept.includes("guides/more-2.md"));
      if (fullLimit) assert.ok(again.kept.includes("concepts/llms-full.txt") && again.kept.includes("llms-full-general.txt"), "unchanged sections are kept");
      assert.not.ok(again.kept.includes("guides/llms-full.txt"));
      await assertAsFromNothing(site, again, fullLimit);
      const unchanged = await runStage(site, { fullLimit, last: again });
      assert.equal(unchanged.read, [], "with nothing changed, no body is read");
      await assertAsFromNothing(site, unchanged, fullLimit);
    } finally {
      site.remove();
    }
  });

  test(`a section added, removed or renamed, and a page moved between sections, rebuild as from nothing (${split})`, async () => {
    const site = smallSite();
    try {
      let last = await runStage(site, { fullLimit });
      const changes: Array<[string, () => void, string[]]> = [
        ["added", () => fs.cpSync(site.path("content/concepts"), site.path("content/api"), { recursive: true }), ["/api/", "/api/entry-points/"]],
        ["renamed", () => fs.renameSync(site.path("content/api"), site.path("content/reference")), ["/reference/", "/reference/entry-points/"]],
        ["moved", () => fs.renameSync(site.path("content/guides/more-1.md"), site.path("content/concepts/more-1.md")), ["/concepts/"]],
        ["removed", () => fs.rmSync(site.path("content/reference"), { recursive: true }), []],
      ];
      for (const [change, make, reads] of changes) {
        make();
        const again = await runStage(site, { fullLimit, last });
        for (const url of reads) assert.ok(again.read.includes(url), `${change}: ${url} read`);
        assert.not.ok(again.read.includes("/comparison/"), `${change}: the General section is kept`);
        await assertAsFromNothing(site, again, fullLimit);
        last = again;
      }
    } finally {
      site.remove();
    }
  });
}

test("a last llms-full.txt of another size than recorded is not copied from: every body is read", async () => {
  const site = smallSite();
  try {
    const first = await runStage(site);
    first.files.set("llms-full.txt", `${first.files.get("llms-full.txt")}\n`);
    const again = await runStage(site, { last: first });
    assert.is(again.read.length, 9);
    await assertAsFromNothing(site, again);
  } finally {
    site.remove();
  }
});

test("without a cache no page has a key, nothing is recorded and the section files are keyed by what they hold", async () => {
  const site = smallSite();
  try {
    const first = await runStage(site, { fullLimit: 200, cache: false });
    assert.is(first.written, undefined);
    assert.equal([...first.keys.keys()].sort(), ["concepts/llms-full.txt", "guides/llms-full.txt", "llms-full-general.txt"]);
    const again = await runStage(site, { fullLimit: 200, cache: false });
    assert.equal(again.keys, first.keys);
    edit(site, "guides/more-2.md");
    const edited = await runStage(site, { fullLimit: 200, cache: false });
    assert.is.not(edited.keys.get("guides/llms-full.txt"), first.keys.get("guides/llms-full.txt"));
    assert.is(edited.keys.get("concepts/llms-full.txt"), first.keys.get("concepts/llms-full.txt"));
  } finally {
    site.remove();
  }
});

test("the dev server's rebuild after an edit leaves the llms files as a build from nothing makes them", async () => {
  const site = tempSite("serve/site");
  try {
    const session = new Session(createMemoryCache());
    // No time budget: the page the second edit makes is megabytes long, and a loaded machine can take longer than 10 s over it.
    const options = { root: site.dir, out: "out", logger: createMemoryLogger(), links: "warn" as const, pageTimeout: 0 };
    await session.build(options);
    assert.ok(session.left?.llms && session.left?.llms?.parts.size > 0);
    // The second edit makes llms-full.txt larger than a rebuild holds in memory: it is spooled beside the output and moved in.
    for (const text of ["One more paragraph.", "Many words. ".repeat(SPOOL_PAST / 10)]) {
      fs.appendFileSync(site.path("content/guides/first.md"), `\n${text}\n`);
      const rebuilt = await session.build(options);
      assert.ok(rebuilt.changed?.includes("llms-full.txt") && !rebuilt.changed.includes("index.md"), String(rebuilt.changed));
      assert.is(
        rebuilt.files.some((file) => file.path === "llms-full.txt"),
        text.length < SPOOL_PAST,
        "a large llms-full.txt is spooled, not held",
      );
      assert.equal(fs.readdirSync(site.dir).filter((name) => name.startsWith(".out-")).length, 1, "no spool folder is left");
    }
    const cold = await build({ root: site.dir, logger: createMemoryLogger(), links: "warn", write: false, cache: false, pageTimeout: 0 });
    const llms = cold.files.filter((file) => /\.md$|^llms/.test(file.path));
    assert.equal(
      listFiles(site.path("out")).filter((file) => /\.md$|^llms/.test(file)),
      llms.map((file) => file.path),
    );
    for (const file of llms) assert.is(fs.readFileSync(site.path("out", file.path), "utf8"), String(file.contents), file.path);
  } finally {
    site.remove();
  }
});

test.run();
