import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { runCli } from "./helpers/cli.ts";
import { listFiles, tempSite, TOOL_DIR, type TempSite } from "./helpers/temp-site.ts";

/**
 * End-to-end tests of the real `docs-build` binary: exit codes, what it
 * prints, and what it writes. Every run works on a temporary copy of a
 * fixture under fixtures/cli/.
 *
 * Runs use the temp copy as the working directory, as a user would (the
 * binary must find its own templates and tsconfig from anywhere).
 */

const VERSION = (JSON.parse(fs.readFileSync(path.join(TOOL_DIR, "package.json"), "utf8")) as { version: string }).version;

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the binary in `cwd` (default the checkout), or another copy of it (`bin`). */
async function cli(args: string[], cwd: string = TOOL_DIR, bin?: string): Promise<Run> {
  const { code, stdout, stderr } = await runCli(args, { cwd, bin });
  return { status: code, stdout, stderr };
}

/**
 * Runs that need no files start together on first use (each run spends about
 * two seconds starting up), and each test awaits its own.
 */
const ARG_ONLY = {
  nope: ["build", "--nope"],
  maybe: ["build", "--links", "maybe"],
  portAbc: ["serve", "--port", "abc"],
  port70000: ["serve", "--port", "70000"],
  portFraction: ["serve", "--port", "1.5"],
  unknownCommand: ["nope"],
  help: ["--help"],
  buildHelp: ["build", "--help"],
  indexHelp: ["index", "--help"],
  serveHelp: ["serve", "--help"],
  version: ["--version"],
  v: ["-v"],
} satisfies Record<string, string[]>;
let argOnlyRuns: Record<keyof typeof ARG_ONLY, Promise<Run>> | undefined;
function argOnly(name: keyof typeof ARG_ONLY): Promise<Run> {
  argOnlyRuns ??= Object.fromEntries(Object.entries(ARG_ONLY).map(([key, args]) => [key, cli(args)])) as Record<keyof typeof ARG_ONLY, Promise<Run>>;
  return argOnlyRuns[name];
}

/** Asserts the exit code, showing the output when it is wrong. */
function expectStatus(run: Run, status: number): void {
  assert.is(run.status, status, `exit code ${run.status}, expected ${status}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`);
}

/** Runs `work` with a temp copy of `fixture`, always removing the copy. */
async function withSite(fixture: string | undefined, work: (site: TempSite) => void | Promise<void>): Promise<void> {
  const site = tempSite(fixture);
  try {
    await work(site);
  } finally {
    site.remove();
  }
}

/** Lines of a diagnostic report: `path:line:column  error|warning  message (ruleId)`. */
const DIAGNOSTIC_LINE = /^(\S+):(\d+):(\d+) {2}(error|warning) {2}(.+) \(([\w-]+)\)$/;

// ---------------------------------------------------------------- build

test("build: a valid site exits 0 and writes every page, the shell, 404, assets and the service worker", () =>
  withSite("cli/valid", async (site) => {
    const out = site.path("dist");
    const run = await cli(["build", "--content", "content", "--out", "dist", "--no-cache"], site.dir);
    expectStatus(run, 0);

    const files = listFiles(out);
    for (const file of ["index.html", "404.html", "app-shell/index.html", "sw.js", "guides/index.html", "guides/first/index.html"])
      assert.ok(files.includes(file), `dist is missing ${file}; it has ${files.join(", ")}`);
    const entries = files.filter((f) => /^assets\/index-[A-Z0-9]{8}\.js$/.test(f));
    assert.is(entries.length, 1, `expected one hashed assets/index-XXXXXXXX.js, got ${files.join(", ")}`);

    // Each page carries its own title and loads the hashed entry that exists on disk.
    const first = fs.readFileSync(path.join(out, "guides/first/index.html"), "utf8");
    assert.match(first, "<title>First Fixture Guide | webpack</title>");
    assert.match(fs.readFileSync(path.join(out, "guides/index.html"), "utf8"), "<title>Fixture Guides | webpack</title>");
    assert.match(fs.readFileSync(path.join(out, "index.html"), "utf8"), "Fixture Home");
    assert.match(first, `<script type="module" src="/${entries[0]}">`);
    assert.match(fs.readFileSync(path.join(out, "404.html"), "utf8"), "Page Not Found");
    assert.ok(fs.statSync(path.join(out, "sw.js")).size > 1000, "sw.js is (nearly) empty");

    // Progress lines per stage, then one summary that matches what was written.
    for (const stage of ["index content", "resolve contributors", "render pages", "bundle client", "generate service worker", "write output"])
      assert.match(run.stdout, new RegExp(`^✓ ${stage}\\s+\\d`, "m"), `no "✓ ${stage}" line in\n${run.stdout}`);
    const summary = /^Built (\d+) pages, (\d+) files, [\d.]+ (?:B|kB|MB) in [\d.]+ (?:ms|s)\b.*$/m.exec(run.stdout);
    assert.ok(summary, `no summary line in\n${run.stdout}`);
    assert.is(Number(summary[1]), 4, "page count in the summary (the fixture's three pages and the guides' printable page)");
    assert.is(Number(summary[2]), files.length, "file count in the summary");
    assert.is(run.stdout.match(/^Built /gm)?.length, 1, "exactly one summary line");
    assert.not.match(run.stderr, /error/i);

    // dist links to the one versioned folder beside it; the write leaves no staging folder, previous version or lock.
    assert.match(fs.readlinkSync(out), /^\.dist-v-\d+-[0-9a-f]{8}$/);
    assert.equal(fs.readdirSync(site.dir).sort(), [fs.readlinkSync(out), "content", "dist"].sort());
  }));

test("build: content errors exit 1, list every problem, and end with one failure line", () =>
  withSite("cli/content-errors", async (site) => {
    const run = await cli(["build", "--no-cache"], site.dir);
    expectStatus(run, 1);

    const lines = run.stderr.split("\n").filter((line) => line.trim() !== "");
    const diagnostics = lines.filter((line) => DIAGNOSTIC_LINE.test(line));
    // The temporary site is in no git repository, so its pages have no "Last updated" day: one warning says so.
    assert.is(diagnostics.length, 3, `expected 3 diagnostic lines in\n${run.stderr}`);
    assert.ok(
      diagnostics.some((line) => /^content:1:1 {2}warning {2}No page has a git history\b.*\(no-page-history\)$/.test(line)),
      `no-page-history warning not listed in\n${run.stderr}`,
    );
    assert.ok(
      diagnostics.some((line) => /^content\/guides\/index\.md:\d+:\d+ {2}error {2}Page has no title \(frontmatter-title\)$/.test(line)),
      `missing-title error not listed in\n${run.stderr}`,
    );
    assert.ok(
      diagnostics.includes("content/guides/broken.md:7:16  error  Link to /does-not-exist/ has no page (broken-link)"),
      `broken-link error not listed in\n${run.stderr}`,
    );
    assert.match(lines[lines.length - 1], /^Build failed with 2 content errors\b/);
    assert.is(run.stderr.match(/Build failed/g)?.length, 1, "one failure line");
    assert.not.ok(fs.existsSync(site.path("dist")), "a failed build must not write dist");
  }));

test("build: --links warn turns broken links into warnings and the build succeeds", () =>
  withSite("cli/broken-link", async (site) => {
    const out = site.path("dist");
    const [strict, run] = await Promise.all([
      // Without the flag the same site fails on the link (and writes nothing, so both can run at once).
      cli(["build", "--no-cache"], site.dir),
      cli(["build", "--content", "content", "--out", "dist", "--no-cache", "--links", "warn"], site.dir),
    ]);
    expectStatus(strict, 1);
    assert.match(strict.stderr, "content/index.md:7:16  error  Link to /missing-page/ has no page (broken-link)");

    expectStatus(run, 0);
    const warning = run.stderr.split("\n").find((line) => line.includes("Link to /missing-page/"));
    assert.ok(warning, `no broken-link warning in\n${run.stderr}`);
    assert.match(warning, /content\/index\.md:7:16 {2}warning {2}Link to \/missing-page\/ has no page \(broken-link\)$/);
    assert.not.match(run.stderr, "Build failed");
    assert.ok(fs.existsSync(path.join(out, "index.html")), "the site was written");
  }));

// ---------------------------------------------------------------- usage errors

test("usage: an unknown option exits 2 and names it", async () => {
  const run = await argOnly("nope");
  expectStatus(run, 2);
  assert.match(run.stderr, "unknown option '--nope'");
});

test("usage: an invalid --links value exits 2 and lists the choices", async () => {
  const run = await argOnly("maybe");
  expectStatus(run, 2);
  assert.match(run.stderr, /'maybe' is invalid/);
  assert.match(run.stderr, /error, warn/);
});

test("usage: serve --port with a non-number (or out of range) exits 2 without serving", async () => {
  for (const [port, name] of [
    ["abc", "portAbc"],
    ["70000", "port70000"],
    ["1.5", "portFraction"],
  ] as const) {
    const run = await argOnly(name);
    expectStatus(run, 2);
    assert.match(run.stderr, `'${port}' is invalid`);
    assert.not.match(run.stdout, "Serving");
  }
});

test("usage: a missing content folder exits 2 and names the folder", () =>
  withSite(undefined, async (site) => {
    const run = await cli(["build", "--content", "does-not-exist"], site.dir);
    expectStatus(run, 2);
    assert.match(run.stderr, /Content folder does-not-exist does not exist/);
    assert.equal(fs.readdirSync(site.dir), [], "nothing is written");
  }));

test("usage: an unknown key in docs-build.config.json exits 2 and names the key and its line and column", () =>
  withSite("cli/bad-config", async (site) => {
    for (const command of ["build", "index"]) {
      const run = await cli([command], site.dir);
      expectStatus(run, 2);
      assert.match(run.stderr, 'docs-build.config.json:3:3: "colour" is not a known setting');
    }
  }));

test("usage: serve on a port already in use exits 2 and says what to do", () =>
  withSite("cli/valid", async (site) => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const run = await cli(["serve", "--port", String(port), "--out", "dist"], site.dir);
      expectStatus(run, 2);
      assert.match(run.stderr, `Port ${port} on 127.0.0.1 is in use`);
      assert.match(run.stderr, "--port 0");
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  }));

test("usage: an unknown command exits 2", async () => {
  const run = await argOnly("unknownCommand");
  expectStatus(run, 2);
  assert.match(run.stderr, "unknown command 'nope'");
});

// ---------------------------------------------------------------- internal errors

/**
 * A copy of the package as an install lays it out (the files package.json
 * ships, and this checkout's node_modules), whose service worker source does
 * not compile: every build of it fails in its last stage, after the pages,
 * with an internal error that has a cause (esbuild's failure).
 */
function brokenInstall(broken = path.join("site-client", "service-worker.ts")): TempSite {
  const install = tempSite();
  const { files } = JSON.parse(fs.readFileSync(path.join(TOOL_DIR, "package.json"), "utf8")) as { files: string[] };
  for (const entry of [...files, "package.json"]) fs.cpSync(path.join(TOOL_DIR, entry), install.path(entry), { recursive: true });
  fs.symlinkSync(path.join(TOOL_DIR, "node_modules"), install.path("node_modules"), "dir");
  fs.appendFileSync(install.path(broken), "\nexport const broken = ;\n");
  return install;
}

/** Lines of a stack trace. */
const STACK_LINE = /^\s+at \S/m;

test("internal error: the message, its cause where the message does not quote it, and how to see more; --debug before or after the command shows the stacks; exit 1 either way", async () => {
  const copy = brokenInstall();
  const sites = [tempSite("cli/valid"), tempSite("cli/valid"), tempSite("cli/valid")];
  try {
    const bin = copy.path("bin", "docs-build.js");
    const [plain, after, before] = await Promise.all([
      cli(["build", "--no-cache", "--quiet"], sites[0].dir, bin),
      cli(["build", "--no-cache", "--quiet", "--debug"], sites[1].dir, bin),
      cli(["--debug", "build", "--no-cache", "--quiet"], sites[2].dir, bin),
    ]);
    const first = "docs-build: StageError: generate service worker: could not build the service worker: Build failed with 1 error:\n";
    const where = /^site-client\/service-worker\.ts:\d+:22: ERROR: Unexpected ";"$/m;

    expectStatus(plain, 1);
    assert.ok(plain.stderr.startsWith(first), `first line of\n${plain.stderr}`);
    assert.match(plain.stderr, where);
    assert.match(plain.stderr, /^Run again with --debug to see the stack trace\.$/m);
    assert.not.match(plain.stderr, STACK_LINE);
    // esbuild's own message is the cause, and the message above already quotes it.
    assert.not.match(plain.stderr, "caused by");

    for (const run of [after, before]) {
      expectStatus(run, 1);
      assert.ok(run.stderr.startsWith(first), `first line of\n${run.stderr}`);
      const [own, cause] = run.stderr.split(/^caused by: /m);
      assert.ok(cause, `no "caused by:" in\n${run.stderr}`);
      assert.match(own, /^\s+at .*\brunGenerateServiceWorker\b/m, "the error's own stack names the stage");
      assert.ok(cause.startsWith("Error: Build failed with 1 error:\n"), `cause in\n${run.stderr}`);
      assert.match(cause, /^\s+at .*esbuild/m, "the cause's stack is esbuild's");
      assert.not.match(run.stderr, "Run again with --debug");
    }
    for (const site of sites) assert.not.ok(fs.existsSync(site.path("dist")), "a failed build writes nothing");
  } finally {
    copy.remove();
    for (const site of sites) site.remove();
  }
});

test("internal error: client code that does not bundle ends the build as the bundle client stage's error, listing esbuild's errors, never as a content error", async () => {
  const copy = brokenInstall(path.join("site-client", "index.tsx"));
  const site = tempSite("cli/valid");
  try {
    const run = await cli(["build", "--no-cache", "--quiet"], site.dir, copy.path("bin", "docs-build.js"));
    expectStatus(run, 1);
    assert.ok(run.stderr.startsWith("docs-build: StageError: bundle client: esbuild could not bundle the client:\n"), `first line of\n${run.stderr}`);
    assert.match(run.stderr, /^site-client\/index\.tsx:\d+:23 {2}error {2}Unexpected ";" \(client-bundle\)$/m, run.stderr);
    assert.not.match(run.stderr, "content error");
    assert.not.ok(fs.existsSync(site.path("dist")), "a failed build writes nothing");
  } finally {
    copy.remove();
    site.remove();
  }
});

test("internal error: --debug leaves usage and content errors as they are, without a stack", () =>
  withSite("cli/content-errors", async (site) => {
    const [usage, content] = await Promise.all([
      cli(["--debug", "build", "--content", "does-not-exist"], site.dir),
      cli(["build", "--debug", "--no-cache"], site.dir),
    ]);
    expectStatus(usage, 2);
    assert.is(usage.stderr, "docs-build: Content folder does-not-exist does not exist. Pass --content <folder>.\n");
    expectStatus(content, 1);
    assert.match(content.stderr, /^Build failed with 2 content errors\b/m);
    for (const run of [usage, content]) {
      assert.not.match(run.stderr, STACK_LINE);
      assert.not.match(run.stderr, "--debug");
    }
  }));

// ---------------------------------------------------------------- help and version

/** Commander help's option entries: the flags, and the whole entry (wrapped lines joined, whitespace collapsed). */
function optionEntries(help: string): Array<{ flags: string; text: string }> {
  const entries: Array<{ flags: string; text: string }> = [];
  let inOptions = false;
  for (const line of help.split("\n")) {
    if (/^\S/.test(line)) inOptions = line.startsWith("Options:");
    else if (inOptions && /^ {2}-/.test(line)) entries.push({ flags: line.trim().split(/ {2,}/)[0], text: line.trim() });
    else if (inOptions && /^ {3,}\S/.test(line) && entries.length) entries[entries.length - 1].text += ` ${line.trim()}`;
  }
  return entries.map((e) => ({ flags: e.flags, text: e.text.replace(/\s+/g, " ") }));
}

/** Asserts each option is listed, and shows `shown` (its default) when given. */
function expectOptions(help: string, expected: Record<string, string | null>): void {
  const entries = optionEntries(help);
  assert.is(entries.length, Object.keys(expected).length + 1, `options (plus --help) in:\n${help}`);
  for (const [flags, shown] of Object.entries(expected)) {
    const entry = entries.find((e) => e.flags === flags || e.flags.endsWith(`, ${flags}`));
    assert.ok(entry, `option ${flags} not in help:\n${help}`);
    if (shown !== null) assert.ok(entry.text.includes(shown), `option ${flags} should show its default ${shown}: ${entry.text}`);
  }
}

test("help: the program lists its commands and exits 0", async () => {
  const run = await argOnly("help");
  expectStatus(run, 0);
  for (const command of ["build", "index", "serve"]) assert.match(run.stdout, new RegExp(`^ {2}${command} \\[options\\]`, "m"));
  expectOptions(run.stdout, { "--version": null, "--debug": "stack trace" });
});

test("help: build --help shows every option with its default", async () => {
  const run = await argOnly("buildHelp");
  expectStatus(run, 0);
  expectOptions(run.stdout, {
    "--content <dir>": 'default: "content"',
    "--out <dir>": 'default: "dist"',
    "--locale <lang>": "the default language's where",
    "--base-url <url>": "https://webpack.js.org",
    "--shard <i/n>": "docs-build merge",
    "--config <file>": "docs-build.config.json",
    "--links <mode>": 'default: "error"',
    "--no-cache": ".cache/docs-build",
    "--threads <n>": "one per core but one",
    "--page-timeout <seconds>": "pageTimeout, 10",
    "--lock-wait <seconds>": "default: 120",
    "--quiet": null,
    "--reporter <name>": "GITHUB_ACTIONS=true",
  });
  // The program's own options follow, --debug among them.
  assert.match(run.stdout.slice(run.stdout.indexOf("\nGlobal Options:\n")), /^ {2}--debug {2,}on an internal error/m);
});

test("help: index --help shows every option with its default", async () => {
  const run = await argOnly("indexHelp");
  expectStatus(run, 0);
  expectOptions(run.stdout, {
    "--content <dir>": 'default: "content"',
    "--config <file>": "docs-build.config.json",
    "--links <mode>": 'default: "warn"',
    "--reporter <name>": "GITHUB_ACTIONS=true",
  });
  assert.not.match(run.stdout, "--out");
});

test("help: serve --help shows every option with its default", async () => {
  const run = await argOnly("serveHelp");
  expectStatus(run, 0);
  expectOptions(run.stdout, {
    "--port <port>": "default: 8080",
    "--host <address>": 'default: "127.0.0.1"',
    "--allowed-hosts <names>": "serve.allowedHosts",
    "--content <dir>": 'default: "content"',
    "--out <dir>": 'default: "dist"',
    "--config <file>": "docs-build.config.json",
    "--links <mode>": 'default: "warn"',
    "--page-timeout <seconds>": "pageTimeout, 10",
    "--service-worker": "off by default",
  });
});

test("version: --version and -v print the package.json version", async () => {
  assert.ok(/^\d+\.\d+\.\d+/.test(VERSION), `package.json version ${VERSION}`);
  for (const name of ["version", "v"] as const) {
    const run = await argOnly(name);
    expectStatus(run, 0);
    assert.is(run.stdout.trim(), VERSION);
  }
});

// ---------------------------------------------------------------- index

const PAGE_FIELDS = [
  "path",
  "name",
  "size",
  "type",
  "extension",
  "url",
  "title",
  "sort",
  "group",
  "description",
  "source",
  "edit",
  "repo",
  "thirdParty",
  "anchors",
  "contributors",
  "related",
].sort();

interface IndexNode {
  type: string;
  url: string;
  children?: IndexNode[];
  [field: string]: unknown;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`stdout is not JSON (${(error as Error).message}):\n${text}`);
  }
}

function pagesOf(node: IndexNode): IndexNode[] {
  return node.type === "directory" ? (node.children ?? []).flatMap(pagesOf) : [node];
}

test("index: prints the content tree as JSON on stdout", () =>
  withSite("cli/valid", async (site) => {
    const run = await cli(["index", "--content", "content"], site.dir);
    expectStatus(run, 0);
    const root = parseJson(run.stdout) as IndexNode;
    assert.is(root.type, "directory");
    assert.is(root.url, "/");
    assert.ok(Array.isArray(root.children) && root.children.length > 0, "root has children");

    const pages = pagesOf(root);
    assert.equal(pages.map((p) => p.url).sort(), ["/", "/guides/", "/guides/first/"]);
    for (const page of pages) {
      assert.is(page.type, "file");
      assert.equal(Object.keys(page).sort(), PAGE_FIELDS, `fields of ${page.url}`);
      assert.type(page.size, "number");
      assert.type(page.thirdParty, "boolean");
      for (const list of ["anchors", "contributors", "related"]) assert.ok(Array.isArray(page[list]), `${page.url} ${list} is a list`);
    }

    const first = pages.find((p) => p.url === "/guides/first/")!;
    assert.is(first.path, "content/guides/first.md");
    assert.is(first.name, "first.md");
    assert.is(first.extension, ".md");
    assert.is(first.title, "First Fixture Guide");
    assert.is(first.sort, 2);
    assert.is(first.size, fs.statSync(site.path("content/guides/first.md")).size);
    assert.is(first.edit, "https://github.com/webpack/webpack.js.org/edit/main/content/guides/first.md");
    assert.equal(first.contributors, ["someone"]);
    assert.equal(first.related, [{ title: "Home", url: "/" }]);
    assert.ok(
      (first.anchors as Array<{ id: string }>).some((a) => a.id === "getting-started"),
      "anchor getting-started",
    );
    const home = pages.find((p) => p.url === "/")!;
    assert.is(home.description, "Home page of the valid CLI fixture.");
    assert.not.ok(fs.existsSync(site.path("dist")), "index writes no output");
  }));

test.run();
