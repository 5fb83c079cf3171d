import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { lockPath } from "../src/output/lock.ts";
import { startBuild, stopBuilds, type BuildChild } from "./helpers/build-child.ts";
import { besideOutput, sameSite, snapshot, twoVersionSite, type Snapshot } from "./helpers/output-tree.ts";

const VERSIONS = ["content-a", "content-b"] as const;
/** Kills per way of timing them: at a random moment of the whole run, at a random moment of the measured write, and the instant the output changes. */
const KILLS = { anywhere: 5, "in the write": 10, "at the swap": 12 };
/** Generated pages added to the fixture, so writing takes tens of milliseconds and kills can land inside it. */
const BULK_PAGES = 4;
const GENERATED = /^✓ generate service worker/;

/** A small seeded generator (mulberry32), so a failing run can be repeated with KILL_SEED. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What the output path is right now: its inode, which a swap of either kind changes, or `missing`. */
function identity(out: string): string {
  return String(fs.lstatSync(out, { throwIfNoEntry: false })?.ino ?? "missing");
}

/** Waits, busy, until `check` holds or `ms` pass: timers are too coarse to catch the moment of a swap. */
function spinUntil(check: () => boolean, ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end && !check());
}

/** Whether the build with `pid` has a staging folder beside the output (its new version, not yet linked). */
const stagingOf = (out: string, pid: number) => () =>
  besideOutput(out).some((name) => name.startsWith(`.dist-v-${pid}-`) || name.startsWith(`.dist-new-${pid}-`));

/** Whether the lock file names `pid`: a lock left by an earlier kill names another. */
function lockedBy(out: string, pid: number): boolean {
  try {
    return fs.readFileSync(lockPath(out), "utf8").includes(`"pid": ${pid},`);
  } catch {
    return false;
  }
}

/** Whether the build with `pid` has begun writing: its lock is taken, or (without a lock) its staging folder made. */
const writeStarted = (out: string, pid: number) => () => lockedBy(out, pid) || stagingOf(out, pid)();

/** Where the killed build was, read from what it left on disk. */
function phaseOf(out: string, pid: number, before: string): string {
  const locked = lockedBy(out, pid);
  if (identity(out) === "missing") return "between two renames, with no output";
  if (identity(out) !== before) return locked ? "after the swap (removing the old site)" : "finished";
  if (stagingOf(out, pid)()) return "writing the new site";
  return locked ? "lock taken (tidying), before writing" : "before the lock (start-up, build)";
}

/** Which of the known sites the output is, whole and byte for byte; fails with what is wrong otherwise. */
function whichSite(out: string, sites: readonly Snapshot[], context: string): number {
  let now: Snapshot;
  try {
    now = snapshot(out);
  } catch (error) {
    assert.unreachable(`${context}: dist cannot be read (${(error as Error).message})`);
    throw error;
  }
  const index = sites.findIndex((site) => sameSite(now, site));
  if (index < 0) {
    const closest = sites.map((site) => Object.keys({ ...site, ...now }).filter((k) => site[k] !== now[k]));
    const differing = closest.sort((a, b) => a.length - b.length)[0];
    assert.unreachable(
      `${context}: dist is neither complete site (${differing.length} files differ from the nearer one, e.g. ${differing.slice(0, 3).join(", ")})`,
    );
  }
  return index;
}

async function completeBuild(root: string, content: string): Promise<BuildChild> {
  const build = startBuild(root, { content, out: "dist" });
  const code = await build.exited;
  assert.is(code, 0, `a build that should succeed failed:\n${build.output()}`);
  return build;
}

test("SIGKILL at any moment of a build leaves the output one complete site, old or new", async () => {
  const seed = Number(process.env.KILL_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const random = seeded(seed);
  const root = twoVersionSite(BULK_PAGES);
  const out = path.join(root, "dist");
  const started = performance.now();
  try {
    // Two complete builds give the two known sites and the timing: until the write starts, and how long
    // it holds the output (lock taken or staging folder made, until the output changed and the lock is gone).
    const sites: Snapshot[] = [];
    let untilWrite = 0;
    let writing = 0;
    for (const content of VERSIONS) {
      const before = identity(out);
      const build = startBuild(root, { content, out: "dist" });
      await build.line(GENERATED);
      spinUntil(writeStarted(out, build.pid), 5000);
      const start = performance.now();
      spinUntil(() => identity(out) !== before && !lockedBy(out, build.pid), 5000);
      // The second build replaces a site, as every build in the loop does; the first only creates one.
      writing = performance.now() - start;
      untilWrite = Math.max(untilWrite, start - build.startedAt);
      assert.is(await build.exited, 0, build.output());
      sites.push(snapshot(out));
    }
    assert.not.ok(sameSite(sites[0], sites[1]), "the two versions must differ");
    const modes = Object.entries(KILLS).flatMap(([mode, n]) => Array<string>(n).fill(mode));
    for (let i = modes.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [modes[i], modes[j]] = [modes[j], modes[i]];
    }
    const phases: Record<string, Record<string, number>> = {};
    let current = 1;
    for (const [i, mode] of modes.entries()) {
      const before = identity(out);
      const build = startBuild(root, { content: VERSIONS[1 - current], out: "dist" });
      if (mode === "anywhere") await sleep(random() * (untilWrite + writing));
      else {
        await build.line(GENERATED);
        if (mode === "in the write") {
          // Busy waits: a timer would land a millisecond or more late, a good part of a write this short.
          spinUntil(writeStarted(out, build.pid), 5000);
          spinUntil(() => false, random() * writing);
        } else spinUntil(() => identity(out) !== before, 5000);
      }
      build.child.kill("SIGKILL");
      await build.exited;
      const phase = phaseOf(out, build.pid, before);
      phases[phase] ??= {};
      phases[phase][mode] = (phases[phase][mode] ?? 0) + 1;
      current = whichSite(out, sites, `after kill ${i + 1} of ${modes.length} (${mode}, ${phase}; KILL_SEED=${seed})`);
    }
    // Whatever the kills left, the next build that runs to the end leaves one site and nothing beside it.
    await completeBuild(root, VERSIONS[1 - current]);
    assert.is(whichSite(out, sites, "after the last build"), 1 - current);
    assert.equal(besideOutput(out), []);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const count = (phase: string) => Object.values(phases[phase] ?? {}).reduce((a, b) => a + b, 0);
    console.log(
      `  ${modes.length} kills in ${seconds} s (KILL_SEED=${seed}; a build holds the output for ≈ ${Math.round(writing)} ms after ${Math.round(untilWrite)} ms). Where they landed, by timing:`,
    );
    for (const [phase, byMode] of Object.entries(phases)) console.log(`    ${phase}: ${count(phase)} ${JSON.stringify(byMode)}`);
    const inWrite = modes.length - count("before the lock (start-up, build)") - count("finished");
    assert.ok(inWrite >= modes.length / 3, `only ${inWrite} of ${modes.length} kills landed while the output was being written`);
  } finally {
    await stopBuilds();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("a build killed while writing leaves its staging folder behind (and its lock, if killed while committing), and the next build removes them, with a note", async () => {
  const root = twoVersionSite();
  const out = path.join(root, "dist");
  try {
    await completeBuild(root, "content-a");
    const previous = snapshot(out);
    // A loaded machine can deliver the stage line after the write is over; then the kill misses, and it is tried again.
    let killed: BuildChild | undefined;
    for (let attempt = 0; attempt < 3 && !killed; attempt++) {
      const build = startBuild(root, { content: "content-b", out: "dist" });
      await build.line(GENERATED);
      spinUntil(stagingOf(out, build.pid), 2000);
      build.child.kill("SIGKILL");
      await build.exited;
      if (stagingOf(out, build.pid)()) killed = build;
      else await completeBuild(root, "content-a");
    }
    assert.ok(killed, "no kill landed while the build was writing");
    // Files are staged without the lock, which is taken only to tidy and to swap.
    const lockLeft = fs.existsSync(lockPath(out));
    assert.equal(snapshot(out), previous, "the output is still the previous site");

    const next = await completeBuild(root, "content-a");
    assert.equal(besideOutput(out), []);
    assert.equal(snapshot(out), previous);
    if (lockLeft)
      assert.match(next.output(), new RegExp(`^Removed the lock on dist left by a docs-build that is no longer running \\(pid ${killed.pid}, started `, "m"));
    assert.match(next.output(), /^Removed 1 leftover of stopped builds beside dist: \.dist-v-\d+-[0-9a-f]{8}\.$/m);
  } finally {
    await stopBuilds();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test.run();
