import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { baselineArgs } from "./bench/bench-harness.ts";
import { tempSite, TOOL_DIR } from "./helpers/temp-site.ts";

/** Runs the benchmarks' baseline command on two small pages, with `nodeArgs` before it and `NODE_OPTIONS` set as given. */
function runBaseline(nodeArgs: string[] = [], nodeOptions = "") {
  const site = tempSite();
  try {
    fs.mkdirSync(site.path("content", "guides"), { recursive: true });
    fs.writeFileSync(site.path("content", "index.md"), "---\ntitle: Home\n---\n\n# Home\n\nA *page*.\n");
    fs.writeFileSync(site.path("content", "guides", "start.md"), "# Start\n\n| a | b |\n| - | - |\n| 1 | 2 |\n");
    const run = spawnSync(process.execPath, [...nodeArgs, ...baselineArgs(site.path("content"), site.path("out"))], {
      cwd: TOOL_DIR,
      encoding: "utf8",
      env: { ...process.env, NODE_OPTIONS: nodeOptions },
    });
    const page = site.path("out", "guides", "start", "index.html");
    return { ...run, page: fs.existsSync(page) ? fs.readFileSync(page, "utf8") : undefined };
  } finally {
    site.remove();
  }
}

test("the benchmarks' baseline runs as plain JavaScript under plain node, one HTML file per page", () => {
  const run = runBaseline();
  assert.is(run.status, 0, run.stderr);
  assert.is(run.stdout.trim(), "2 pages");
  assert.match(run.page ?? "", /<table>/);
});

test("the baseline refuses to run through a TypeScript loader, on the command line or in NODE_OPTIONS, so no benchmark can slow it down with one", () => {
  for (const [args, options] of [
    [["--import", "tsx"], ""],
    [[], "--import=tsx"],
  ] as const) {
    const run = runBaseline([...args], options);
    assert.is(run.status, 2, `${args.join(" ")} ${options}: ${run.stderr}`);
    assert.match(run.stderr, /module loader/);
    assert.is(run.page, undefined, "nothing written");
  }
});

test.run();
