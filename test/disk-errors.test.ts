import fs from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { diskErrorOf, siteSize } from "../src/report/disk-errors.ts";
import { DiskError } from "../src/report/errors.ts";
import { formatBytes } from "../src/report/logger.ts";
import { openStaging } from "../src/output/staging.ts";
import { runCli } from "./helpers/cli.ts";
import { smallFileSystem } from "./helpers/refusing-folder.ts";
import { listFiles, tempSite } from "./helpers/temp-site.ts";

/** An error as Node's fs raises it. */
const fsError = (code: string, file: string) => Object.assign(new Error(`${code}: failed, open '${file}'`), { code, path: file });

test("each disk and system failure is one sentence naming the folder and what to do; other errors are not disk errors", () => {
  const root = "/site";
  const folders = { out: "/site/dist", cache: "/site/.cache/docs-build", temp: "/tmp" };
  const said = (code: string, file: string, progress = {}) => diskErrorOf(fsError(code, file), folders, root, progress)?.message;
  assert.is(
    said("ENOSPC", "/site/.dist-v-42-ab/guides/index.html", { written: 3 * 1024 * 1024 }),
    "The disk is full: no space left to write in the output folder dist (writing .dist-v-42-ab/guides/index.html) after 3.00 MB of output. Free some space, or build to a disk with room (--out, or TMPDIR for the temporary folder), and build again. The previous site is untouched.",
  );
  assert.is(
    said("ENOSPC", "/site/.dist-v-42-ab/guides/index.html", { written: 12.3 * 1024 * 1024, previous: 17.6 * 1024 * 1024 }),
    "The disk is full: no space left to write in the output folder dist (writing .dist-v-42-ab/guides/index.html) after 12.30 MB of output; the previous site takes 17.60 MB on disk, so the new one needs about as much free space. Free some space, or build to a disk with room (--out, or TMPDIR for the temporary folder), and build again. The previous site is untouched.",
  );
  assert.match(said("ENOSPC", "/tmp/docs-build-bodies-1-x/a.html") ?? "", "in the temporary folder /tmp (TMPDIR)");
  assert.match(said("EACCES", "/site/.cache/docs-build/ab/cd") ?? "", /^Permission denied in the build cache \.cache\/docs-build\. Make it writable/);
  assert.match(said("EROFS", "/site/.dist-v-1-a/x") ?? "", /^The file system is read-only/);
  assert.match(said("EMFILE", "/site/.dist-v-1-a/x") ?? "", /Raise the limit \(ulimit -n\)/);
  assert.match(
    said("ENOSPC", "/site/.dist-v-1-a/x", { leftover: { folder: "/site/.dist-v-1-a", code: "ENOTEMPTY" } }) ?? "",
    "The unfinished folder .dist-v-1-a could not be removed (ENOTEMPTY); remove it by hand. The previous site is untouched.",
  );
  assert.instance(diskErrorOf(fsError("ENOSPC", "/x"), folders, root), DiskError);
  assert.is(diskErrorOf(fsError("ENOENT", "/site/x"), folders, root), undefined);
  assert.is(diskErrorOf(new TypeError("a bug"), folders, root), undefined);
});

test("the previous site's size is what its files take on disk, its link followed; nothing for no site", async () => {
  const site = tempSite();
  try {
    const version = site.path(".dist-v-1-ab");
    fs.mkdirSync(path.join(version, "guides"), { recursive: true });
    fs.writeFileSync(path.join(version, "index.html"), "x".repeat(10_000));
    fs.writeFileSync(path.join(version, "guides", "index.html"), "y".repeat(50_000));
    fs.symlinkSync(".dist-v-1-ab", site.path("dist"));
    const onDisk = [path.join(version, "index.html"), path.join(version, "guides", "index.html")]
      .map((file) => fs.statSync(file))
      .reduce((sum, stat) => sum + (stat.blocks > 0 ? stat.blocks * 512 : stat.size), 0);
    assert.ok(onDisk >= 60_000);
    assert.is(await siteSize(site.path("dist")), onDisk);
    assert.is(await siteSize(site.path("nothing-here")), undefined);
  } finally {
    site.remove();
  }
});

test("a staged write that fails leaves no staging folder once aborted, though other writes were still running", async () => {
  const site = tempSite();
  try {
    let calls = 0;
    const staging = await openStaging(site.path("dist"), {
      writeFile: async (target, contents) => {
        calls++;
        if (calls === 3) throw fsError("ENOSPC", target);
        // The others are slower than the failure, as writes of large files are.
        await new Promise((resolve) => setTimeout(resolve, 50));
        await fs.promises.writeFile(target, contents as string);
      },
    });
    const writes = Array.from({ length: 8 }, (_, n) => staging.write({ path: `d${n % 3}/f${n}.html`, contents: `page ${n}` }));
    const results = await Promise.allSettled(writes);
    assert.is(results.filter((r) => r.status === "rejected").length, 1);
    await staging.abort();
    assert.equal(
      fs.readdirSync(site.dir).filter((name) => name.startsWith(".dist")),
      [],
      "the staging folder is gone",
    );
  } finally {
    site.remove();
  }
});

test("on a full disk, the build says so in one sentence naming the output folder, leaves no staging folder and keeps the previous site", async () => {
  const small = smallFileSystem("1500k");
  if (!small) {
    console.log("  (skipped: this process may not mount a tmpfs; the injected failing writer above covers the clean-up)");
    return;
  }
  const site = tempSite("serve/site");
  try {
    const out = path.join(small.dir, "dist");
    const first = await runCli(["build", "--no-cache", "--links", "warn", "-q", "--out", out], { cwd: site.dir });
    assert.is(first.code, 0, first.stderr);
    const before = listFiles(out).map((file) => [file, fs.readFileSync(path.join(out, file), "utf8")]);
    const previous = await siteSize(out);
    // Pages of incompressible text, enough to fill the disk once written two ways (page and content chunk).
    for (let n = 0; n < 12; n++)
      fs.writeFileSync(site.path("content", "guides", `big-${n}.md`), `---\ntitle: Big ${n}\n---\n\n${crypto.randomUUID().repeat(2000)}\n`);
    const full = await runCli(["build", "--no-cache", "--links", "warn", "-q", "--out", out], { cwd: site.dir });
    assert.is(full.code, 1, full.stderr);
    assert.match(
      full.stderr,
      /^docs-build: The disk is full: no space left to write in the output folder .*dist \(writing .*\) after [\d.]+ [kM]B of output; the previous site takes [\d.]+ [kM]B on disk, so the new one needs about as much free space\. Free some space/m,
    );
    assert.match(full.stderr, `the previous site takes ${formatBytes(previous ?? 0)} on disk`);
    assert.match(full.stderr, "The previous site is untouched.");
    assert.not.match(full.stderr, "ENOTEMPTY");
    // The output is a link to the folder of its version; nothing else may be left beside them.
    const current = path.basename(fs.realpathSync(out));
    assert.equal(
      fs.readdirSync(small.dir).filter((name) => name !== "dist" && name !== current && !name.startsWith(".dist-lock")),
      [],
      "no staging folder left on the full disk",
    );
    assert.equal(
      listFiles(out).map((file) => [file, fs.readFileSync(path.join(out, file), "utf8")]),
      before,
      "the previous site, byte for byte",
    );
  } finally {
    site.remove();
    small.remove();
  }
});

test.run();
