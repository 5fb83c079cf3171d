import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { TOOL_DIR } from "./helpers/temp-site.ts";

// What `npm pack` ships, and that the packed package, unpacked outside this
// repository, builds a docs folder of its own with no config. The bundle in
// lib/ is made by `npm test` before the tests run (and by `npm install`).

const version = (JSON.parse(fs.readFileSync(path.join(TOOL_DIR, "package.json"), "utf8")) as { version: string }).version;
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

test("the package ships the bundle, the declarations, the templates and the client's sources, and none of the project's own content, fixtures or tests", () => {
  const [report] = JSON.parse(execFileSync(npm, ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: TOOL_DIR, encoding: "utf8" })) as Array<{
    files: Array<{ path: string }>;
  }>;
  const files = report.files.map((f) => f.path);
  for (const expected of [
    "package.json",
    "README.md",
    "bin/docs-build.js",
    "lib/cli.js",
    "lib/index.js",
    "lib/builder.js",
    "lib/page-worker.js",
    "lib/types/src/index.d.ts",
    "templates/App.tsx",
    "site-client/index.tsx",
    "src/shared/constants.ts",
    "docs-build.config.schema.json",
    "docs-build.report.schema.json",
  ])
    assert.ok(files.includes(expected), `${expected} is not shipped`);
  for (const left of ["content/", "fixtures/", "test/", "scripts/", "src/stages/", "src/serve/", "repositories/", ".ci/"])
    assert.not.ok(
      files.some((f) => f.startsWith(left)),
      `${left} is shipped: ${files
        .filter((f) => f.startsWith(left))
        .slice(0, 3)
        .join(", ")}`,
    );
});

test("the packed package, unpacked outside the repository, prints its version and builds a docs folder with no config", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-build-package-"));
  try {
    execFileSync(npm, ["pack", "--ignore-scripts", "--pack-destination", dir], { cwd: TOOL_DIR, stdio: "ignore" });
    const tarball = fs.readdirSync(dir).find((f) => f.endsWith(".tgz"))!;
    execFileSync("tar", ["-xzf", path.join(dir, tarball), "-C", dir]);
    const installed = path.join(dir, "package");
    // The dependencies an install would bring, without a network: this checkout's.
    fs.symlinkSync(path.join(TOOL_DIR, "node_modules"), path.join(installed, "node_modules"), "dir");
    const bin = path.join(installed, "bin", "docs-build.js");
    const env = { ...process.env, DOCS_BUILD_FROM_SOURCE: "" };
    assert.is(execFileSync(process.execPath, [bin, "--version"], { env, encoding: "utf8" }).trim(), version);

    const user = path.join(dir, "my-docs");
    fs.mkdirSync(path.join(user, "content", "guides"), { recursive: true });
    fs.writeFileSync(path.join(user, "content", "index.md"), "---\ntitle: My Tool\n---\n\nRead the [first guide](/guides/first/).\n");
    fs.writeFileSync(path.join(user, "content", "guides", "first.md"), "---\ntitle: A First Guide\n---\n\n## Install\n\n```bash\nnpm install my-tool\n```\n");
    const run = spawnSync(process.execPath, [bin, "build"], { cwd: user, env, encoding: "utf8" });
    assert.is(run.status, 0, `${run.stdout}\n${run.stderr}`);
    const page = fs.readFileSync(path.join(user, "dist", "guides", "first", "index.html"), "utf8");
    assert.match(page, "<title>A First Guide | webpack</title>");
    assert.match(page, '<span class="t-');
    assert.ok(
      fs.readdirSync(path.join(user, "dist", "assets")).some((f) => /^index-[A-Z0-9]+\.js$/.test(f)),
      "the client bundle is built from the shipped sources",
    );
    assert.ok(fs.existsSync(path.join(user, ".cache", "docs-build")), "the cache is the user's");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
