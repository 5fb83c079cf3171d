import fs from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build } from "../src/build.ts";
import { languageThreads, revived, sentError } from "../src/language-workers.ts";
import { diagnostic } from "../src/report/diagnostics.ts";
import { ContentError, UsageError } from "../src/report/errors.ts";
import { createMemoryLogger, recordingLogger, replayStep, type Logger } from "../src/report/logger.ts";
import { buildFixtureSite, fileText } from "./helpers/site.ts";
import { listFiles, tempSite } from "./helpers/temp-site.ts";

// A whole site's languages under prefixes are made by worker threads beside
// this thread (`languageBuilds` in build.ts): the site they make is the one
// this thread alone makes, their problems fail the build as this thread's
// would, and what they print comes out whole, in order, once each ends.

test("languageThreads: one per core but one, no more than the languages, none when --threads asks for none", () => {
  assert.is(languageThreads(2, undefined, 2), 1);
  assert.is(languageThreads(2, undefined, 8), 2, "as many as the languages at most");
  assert.is(languageThreads(1, undefined, 1), 0, "a single core has none");
  assert.is(languageThreads(3, 0, 8), 0);
  assert.is(languageThreads(3, 2, 2), 2, "--threads is taken as asked");
  assert.is(languageThreads(0, undefined, 4), 0);
});

test("an error crosses threads as the build handles it: a content error with its problems, a usage error, a disk error's code and path", () => {
  const problem = diagnostic("frontmatter-title", {}, { file: "i18n/zh/guides/start.md", line: 1, column: 1 });
  const content = revived(sentError(new ContentError([problem])));
  assert.instance(content, ContentError);
  assert.equal((content as ContentError).diagnostics, [problem]);
  assert.instance(revived(sentError(new UsageError("--locale fr: not a language"))), UsageError);
  const full = Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", path: "/out/.dist-v-1/zh/index.html", syscall: "write" });
  const disk = revived(sentError(full)) as NodeJS.ErrnoException;
  assert.equal([disk.code, disk.path, disk.syscall, disk.message], ["ENOSPC", "/out/.dist-v-1/zh/index.html", "write", full.message]);
  assert.is(revived(sentError("thrown text")).message, "thrown text");
});

test("a step made elsewhere is told to the logger whole and in order: its steps, lines and problems, then its own line", () => {
  const told: string[] = [];
  const logger: Logger = {
    info: (m) => told.push(`info ${m}`),
    summary: (m) => told.push(`summary ${m}`),
    warn: (m) => told.push(`warn ${m}`),
    error: (m) => told.push(`error ${m}`),
    begin: (step) => told.push(`begin ${step}`),
    end: (step, ms, ok) => told.push(`end ${step} ${ms} ${ok}`),
    problem: (d) => told.push(`problem ${d.file}`),
  };
  const recording = recordingLogger(logger);
  recording.begin?.("index content");
  recording.warn("a warning");
  recording.progress?.("index content", 1, 2, "pages");
  recording.end?.("index content", 12, true);
  recording.problem?.(diagnostic("frontmatter-title", {}, { file: "i18n/zh/a.md" }));
  replayStep(logger, { name: "language zh under /zh/", ms: 1500, ok: false }, recording.events);
  assert.equal(told, [
    "begin language zh under /zh/",
    "begin index content",
    "warn a warning",
    "end index content 12 true",
    "problem i18n/zh/a.md",
    "info ✗ language zh under /zh/     1.50 s",
    "end language zh under /zh/ 1500 false",
  ]);
  assert.is(recordingLogger({}).problem, undefined, "problems come whole only to a logger that takes them so");
});

test("a language made by a worker thread is the one this thread makes, in memory and written", async () => {
  const inWorker = await buildFixtureSite("locales", { threads: 1 });
  const here = await buildFixtureSite("locales", { threads: 0 });
  const contents = (result: typeof here) => result.files.map((f) => [f.path, fileText(result, f.path)]).sort((a, b) => a[0].localeCompare(b[0]));
  assert.ok(inWorker.files.some((f) => f.path === "zh/guides/start/index.html"));
  assert.equal(contents(inWorker), contents(here));
  assert.is(inWorker.pages, here.pages);
  const site = tempSite("sites/locales");
  try {
    const written = (threads: number, out: string) =>
      build({ root: site.dir, out: site.path(out), cache: false, history: false, threads, logger: createMemoryLogger() });
    const [one, none] = [await written(1, "one"), await written(0, "none")];
    assert.equal([one.pages, one.bytes], [none.pages, none.bytes], "the worker's files are counted with the site's");
    const files = listFiles(site.path("one"));
    assert.equal(files, listFiles(site.path("none")));
    for (const file of files) assert.ok(fs.readFileSync(site.path("one", file)).equals(fs.readFileSync(site.path("none", file))), file);
  } finally {
    site.remove();
  }
});

test("a worker's language with a content error fails the build with its problems, the previous site untouched; what it printed comes out", async () => {
  const site = tempSite("sites/locales");
  try {
    const out = site.path("out");
    await build({ root: site.dir, out, cache: false, history: false, threads: 1, logger: createMemoryLogger() });
    const before = listFiles(out).map((file) => [file, fs.readFileSync(path.join(out, file), "utf8")]);
    fs.writeFileSync(site.path("i18n/zh/guides/start.md"), "No front matter, so no title.\n");
    const logger = createMemoryLogger();
    const error = await build({ root: site.dir, out, cache: false, history: false, threads: 1, logger }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.instance(error, ContentError);
    assert.ok(
      (error as ContentError).diagnostics.some((d) => d.fatal && d.file === "i18n/zh/guides/start.md"),
      "the translated page's problem is the failure's",
    );
    assert.ok(
      logger.lines.some((line) => /^✗ language zh under \/zh\//.test(line)),
      "the language's step is printed, failed",
    );
    assert.equal(
      listFiles(out).map((file) => [file, fs.readFileSync(path.join(out, file), "utf8")]),
      before,
    );
    // The output may be a link to the folder of the site in place; no other folder beside it is left.
    const inPlace = path.basename(fs.realpathSync(out));
    assert.equal(
      fs.readdirSync(site.dir).filter((name) => name.startsWith(".out-") && name !== inPlace),
      [],
      "no staging folder is left",
    );
  } finally {
    site.remove();
  }
});

test.run();
