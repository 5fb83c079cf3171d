import fs from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { lockOutput, lockPath } from "../src/output/lock.ts";
import { runCli } from "./helpers/cli.ts";
import { tempSite } from "./helpers/temp-site.ts";

test("--lock-wait 0 gives up at once when another build holds the output, exit 1, writing nothing", async () => {
  const site = tempSite("serve/site");
  try {
    const out = site.path("dist");
    const held = await lockOutput(out);
    try {
      const run = await runCli(["build", "--no-cache", "--links", "warn", "-q", "--lock-wait", "0"], { cwd: site.dir });
      assert.is(run.code, 1, run.stderr);
      assert.match(
        run.stderr,
        /^docs-build: Another docs-build \(pid \d+, started [^)]+\) is still writing .*dist; this build waited 0\.0 s for it and wrote nothing\./m,
      );
      assert.match(run.stderr, `delete ${lockPath(out)}`);
      assert.not.ok(fs.existsSync(out), "nothing written");
    } finally {
      await held.release();
    }
  } finally {
    site.remove();
  }
});

test("--lock-wait and --page-timeout take seconds, 0 or more", async () => {
  for (const [option, value] of [
    ["--lock-wait", "-1"],
    ["--page-timeout", "soon"],
  ]) {
    const run = await runCli(["build", option, value]);
    assert.is(run.code, 2, option);
    assert.match(run.stderr, "must be a number of seconds, 0 or more.");
  }
});

test.run();
