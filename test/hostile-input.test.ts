import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build } from "../src/build.ts";
import { formatDiagnostic } from "../src/report/diagnostics.ts";
import { ContentError } from "../src/report/errors.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import { runCli } from "./helpers/cli.ts";
import { FIXTURES } from "./helpers/fixture-loop.ts";
import { copyFixtureSite } from "./helpers/site.ts";

// Broken and hostile content never takes the build down: each problem is one
// diagnostic on its file, and files outside the content folder are never read.

/** Builds `root` in memory and returns the content error it must fail with, as printed lines. */
async function failingBuild(root: string): Promise<string[]> {
  const error = await build({ root, write: false, cache: false, logger: createMemoryLogger() }).then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.instance(error, ContentError, `the build should fail with content errors, got ${String(error)}`);
  return (error as ContentError).diagnostics.map(formatDiagnostic);
}

test("symbolic links that leave the content folder are refused, naming link and target; links inside it are followed", async () => {
  const root = copyFixtureSite("basic");
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), "docs-build-outside-"));
  try {
    fs.writeFileSync(path.join(outside, "secret.md"), "---\ntitle: Secret\n---\n\nPRIVATE-TEXT from outside the content folder.\n");
    fs.mkdirSync(path.join(outside, "folder"));
    fs.writeFileSync(path.join(outside, "folder", "page.md"), "---\ntitle: Also secret\n---\n\nPRIVATE-TEXT in a linked folder.\n");
    const content = path.join(root, "content");
    fs.symlinkSync(path.join(outside, "secret.md"), path.join(content, "guides", "secret.md"));
    fs.symlinkSync("/etc/passwd", path.join(content, "guides", "passwd.md"));
    fs.symlinkSync(path.join(outside, "folder"), path.join(content, "linked"));
    fs.symlinkSync("first.md", path.join(content, "guides", "first-again.md"));

    const lines = await failingBuild(root);
    const symlinkLines = lines.filter((line) => line.includes("(symlink)"));
    assert.equal(symlinkLines.length, 3, `three links lead outside:\n${lines.join("\n")}`);
    const realOutside = fs.realpathSync(outside);
    assert.ok(
      symlinkLines.some((l) => l.startsWith("content/guides/secret.md:1:1  error") && l.includes(`→ ${path.join(realOutside, "secret.md")}`)),
      symlinkLines.join("\n"),
    );
    assert.ok(
      symlinkLines.some((l) => l.startsWith("content/guides/passwd.md:1:1  error") && l.includes("→ /etc/passwd")),
      symlinkLines.join("\n"),
    );
    assert.ok(
      symlinkLines.some((l) => l.startsWith("content/linked/page.md:1:1  error") && l.includes(path.join(realOutside, "folder", "page.md"))),
      symlinkLines.join("\n"),
    );
    assert.not.ok(
      lines.some((l) => l.includes("first-again")),
      "a link inside the folder is an ordinary page",
    );

    // Without the outside links, the inside link builds into a page and nothing from outside is published.
    for (const name of ["guides/secret.md", "guides/passwd.md", "linked"]) fs.unlinkSync(path.join(content, name));
    const result = await build({ root, write: false, cache: false, logger: createMemoryLogger() });
    const paths = result.files.map((f) => f.path);
    assert.ok(paths.includes("guides/first-again/index.html"), "the link inside the content folder is built");
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  }
});

test("build: pages that overflow the stack, nest too deep or hold an alias bomb are one error each; every other problem is still listed; exit 1", async () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "docs-build-failures-out-"));
  try {
    const content = path.join(FIXTURES, "index-content", "page-failures-isolated", "input");
    const run = await runCli(["build", "--content", content, "--out", path.join(out, "dist"), "--no-cache"], { cwd: out });
    const printed = `${run.stdout}${run.stderr}`;
    assert.is(run.code, 1, printed);
    for (const expected of [
      /guides\/deep-quotes\.md:7:257 {2}error {2}The page nests deeper than 256 levels; it cannot be rendered \(nesting-depth\)/,
      /guides\/deep-emphasis\.md:5:\d+ {2}error .*\(nesting-depth\)/,
      /guides\/deep-html\.md:7:1 {2}error {2}The page nests too deeply to be rendered .*\(nesting-depth\)/,
      /guides\/alias-bomb\.md:4:8 {2}error {2}Front matter expands YAML aliases more than 100 times \(frontmatter-yaml\)/,
      /guides\/no-title\.md:5:40 {2}error {2}Link to \/nowhere\/ has no page \(broken-link\)/,
      /index\.md:6:36 {2}error {2}Link to \/guides\/missing\/ has no page \(broken-link\)/,
      /Build failed with 7 content errors\./,
    ])
      assert.match(printed, expected);
    assert.not.match(printed, /RangeError|ReferenceError|Maximum call stack/, "no raw exception is printed");
    assert.is(fs.existsSync(path.join(out, "dist")), false, "nothing is written");
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});

test.run();
