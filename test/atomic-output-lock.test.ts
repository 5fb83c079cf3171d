import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build } from "../src/build.ts";
import { exitCodeFor, OutputLockedError } from "../src/report/errors.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import type { OutputFile } from "../src/output/files.ts";
import { lockOutput, lockPath } from "../src/output/lock.ts";
import { writeChanged } from "../src/output/staging.ts";
import { writeOutput } from "./helpers/publish.ts";
import { startBuild, stopBuilds } from "./helpers/build-child.ts";
import { besideOutput, sameSite, snapshot, snapshotOf, twoVersionSite, withOutput } from "./helpers/output-tree.ts";

/** A site of `count` small pages labelled `label`: enough files that two writes overlap for a while. */
const site = (label: string, count = 300): OutputFile[] => Array.from({ length: count }, (_, i) => ({ path: `p${i}/index.html`, contents: `${label} ${i}` }));

/** Writes a lock file as another process would have left it. */
function fakeLock(out: string, holder: { pid: number; ticks?: string }): void {
  const text = JSON.stringify({ pid: holder.pid, host: os.hostname(), started: "2026-01-01T00:00:00.000Z", ticks: holder.ticks, token: "0123456789abcdef" });
  fs.writeFileSync(lockPath(out), text);
}

test("two writes into one output at once: the second waits for the first, and one complete site is left", async () =>
  withOutput(async (out) => {
    const notes: string[] = [];
    const notify = (line: string) => notes.push(line);
    // Holding the lock until both writes wait for it makes them start together every time, not by luck (a loaded
    // machine could finish the first before the second starts).
    const held = await lockOutput(out);
    const writes = [writeOutput(out, site("one"), { notify }), writeOutput(out, site("two"), { notify })];
    for (let waited = 0; notes.length < 2 && waited < 10_000; waited += 10) await new Promise((r) => setTimeout(r, 10));
    await held.release();
    const results = await Promise.allSettled(writes);
    for (const r of results) assert.is(r.status, "fulfilled", r.status === "rejected" ? `a write failed: ${(r.reason as Error).message}` : "");
    const now = snapshot(out);
    assert.ok(sameSite(now, snapshotOf(site("one"))) || sameSite(now, snapshotOf(site("two"))), "the output is one of the two sites, whole");
    // Both start together, so one waits for the other's lock at least once (to tidy or to swap).
    assert.ok(
      notes.filter((n) => n.startsWith(`Waiting for another docs-build to finish writing dist (pid ${process.pid}, started `)).length >= 1,
      notes.join("\n"),
    );
    assert.equal(besideOutput(out), [], "no staging folder, previous version or lock is left");
  }));

test("two real builds into one output at once both wait for the lock's holder, both succeed, and the output is one whole site", async () => {
  const root = twoVersionSite();
  try {
    const out = path.join(root, "dist");
    // Expected sites, from in-memory builds (which touch nothing on disk).
    const expected = await Promise.all(
      ["content-a", "content-b"].map(async (content) =>
        snapshotOf((await build({ root, content, cache: false, write: false, logger: createMemoryLogger() })).files),
      ),
    );
    assert.not.ok(fs.existsSync(out), "build({ write: false }) wrote nothing");
    // Holding the lock until both builds wait for it makes their writes start together every time, not by luck.
    const held = await lockOutput(out);
    const builds = [startBuild(root, { content: "content-a", out: "dist" }), startBuild(root, { content: "content-b", out: "dist" })];
    const waitingFor = (pid: number) => `Waiting for another docs-build to finish writing dist (pid ${pid}, started `;
    await Promise.race([Promise.all(builds.map((b) => b.line(/^Waiting for /))), Promise.all(builds.map((b) => b.exited))]).catch(() => undefined);
    await held.release();
    const codes = await Promise.all(builds.map((b) => b.exited));
    for (const [i, b] of builds.entries()) {
      assert.not.match(b.output(), "ENOTEMPTY", b.output());
      assert.is(codes[i], 0, `build ${i} failed:\n${b.output()}`);
      assert.match(b.output(), waitingFor(process.pid), "each build waited for the live holder");
    }
    const now = snapshot(out);
    const last = expected.findIndex((site) => sameSite(now, site));
    assert.ok(last >= 0, "the output is one of the two sites, whole");
    // Which one wrote last is not asserted: a build that finds the other's lock file still being filled waits without a
    // line (src/output/lock.ts), so the lines do not tell every wait, and on a loaded machine the build that printed
    // one could still swap first.
    assert.equal(besideOutput(out), []);
  } finally {
    await stopBuilds();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("a build that waits longer than its bound gives up with OutputLockedError (exit code 1), naming the holder, and writes nothing", async () =>
  withOutput(async (out) => {
    await writeOutput(out, site("before", 3));
    const held = await lockOutput(out);
    try {
      const notes: string[] = [];
      const error = await writeOutput(out, site("after", 3), { waitMs: 300, notify: (line) => notes.push(line) }).then(
        () => assert.unreachable("the write should give up"),
        (e: unknown) => e,
      );
      assert.instance(error, OutputLockedError);
      assert.is(exitCodeFor(error), 1);
      const message = (error as Error).message;
      assert.match(
        message,
        new RegExp(
          `^Another docs-build \\(pid ${process.pid}, started \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\) is still writing ${out}; this build waited 0\\.\\d s for it and wrote nothing\\. `,
        ),
      );
      assert.match(message, `Build again once that one has finished. If no such process is running, delete ${lockPath(out)}.`);
      assert.is(notes.length, 1, "one line says whom it waits for");
      // writeChanged, the dev server's write, takes the same lock.
      const changed = await writeChanged(out, site("changed", 3), undefined, { waitMs: 200 }).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.instance(changed, OutputLockedError);
      assert.ok(sameSite(snapshot(out), snapshotOf(site("before", 3))));
    } finally {
      await held.release();
    }
    assert.not.ok(fs.existsSync(lockPath(out)), "release removes the lock file");
  }));

test("a lock left by a process that has exited is removed with a note, and the write goes ahead", async () =>
  withOutput(async (out) => {
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    fakeLock(out, { pid: Number(gone.stdout) });
    const notes: string[] = [];
    await writeOutput(out, site("new", 3), { waitMs: 2000, notify: (line) => notes.push(line) });
    assert.ok(sameSite(snapshot(out), snapshotOf(site("new", 3))));
    assert.equal(notes, [`Removed the lock on dist left by a docs-build that is no longer running (pid ${gone.stdout}, started 2026-01-01T00:00:00.000Z).`]);
    assert.equal(besideOutput(out), []);
  }));

test("a lock whose pid now belongs to another process (another start time) or that was left empty is stale too", async () =>
  withOutput(async (out) => {
    if (fs.existsSync("/proc/self/stat")) {
      // This process is alive, but did not start at clock tick 1: the pid was reused.
      fakeLock(out, { pid: process.pid, ticks: "1" });
      await writeOutput(out, site("reused", 3), { waitMs: 2000 });
      assert.ok(sameSite(snapshot(out), snapshotOf(site("reused", 3))));
    }
    // A process killed between creating the lock file and filling it leaves it empty.
    fs.writeFileSync(lockPath(out), "");
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lockPath(out), old, old);
    await writeOutput(out, site("empty", 3), { waitMs: 2000 });
    assert.ok(sameSite(snapshot(out), snapshotOf(site("empty", 3))));
    assert.equal(besideOutput(out), []);
  }));

test.run();
