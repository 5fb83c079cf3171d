import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { diagnostic, sortDiagnostics } from "../src/report/diagnostics.ts";
import { problemLog } from "../src/report/problem-log.ts";

/** A broken link at a made-up place; `n` tells equal places apart in the message. */
const problem = (file: string, line: number, n: number, fatal = false) => diagnostic("broken-link", { url: `/missing-${n}/` }, { file, line, fatal });

/** The spill folders of this process under the system's temporary folder. */
const spillFolders = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`docs-build-bodies-${process.pid}-`));

test("past the problems it holds, the log writes sorted runs to disk and reads every problem back in the order one sort of all of them gives", async () => {
  const before = spillFolders();
  const log = problemLog(7);
  const reported = [];
  // Files out of order, several problems at one place (kept in report order), an error among them.
  for (let n = 0; n < 50; n++) {
    const d = problem(`content/${"edcba"[n % 5]}.md`, (n * 7) % 4, n, n === 33);
    reported.push(d);
    log.report(d);
  }
  assert.is(log.count, 50);
  assert.is(log.errors, 1);
  assert.equal(await log.all(), sortDiagnostics(reported));
  const made = spillFolders().filter((name) => !before.includes(name));
  assert.is(made.length, 1, "one folder holds the runs");
  assert.is(fs.readdirSync(path.join(os.tmpdir(), made[0])).filter((f) => f.startsWith("problems-")).length, 7, "7 runs of 7; the last 1 stays in memory");
  // Read twice: the runs stay until the log is closed.
  assert.equal(await log.all(), sortDiagnostics(reported));
  await log.close();
  assert.not.ok(fs.existsSync(path.join(os.tmpdir(), made[0])), "closing removes the runs");
  assert.is(log.count, 0);
});

test("a log that never fills its batch writes nothing to disk", async () => {
  const before = spillFolders();
  const log = problemLog(7);
  for (let n = 0; n < 6; n++) log.report(problem("content/a.md", 6 - n, n));
  assert.equal(
    (await log.all()).map((d) => d.line),
    [1, 2, 3, 4, 5, 6],
  );
  assert.equal(spillFolders(), before);
  await log.close();
});

test.run();
