import fs from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import * as v from "valibot";
import { main } from "../src/cli.ts";
import { diagnostic } from "../src/report/diagnostics.ts";
import { reportSchema } from "../src/report/report-format.ts";
import { REPORT_SCHEMA_FILE, reportJsonSchema } from "../scripts/report-schema.ts";
import { annotation, defaultReporter, problemLines } from "../src/report/reporters.ts";
import { runCli } from "./helpers/cli.ts";
import { ownRepos, startCodeHost } from "./helpers/code-host-server.ts";
import { tempSite } from "./helpers/temp-site.ts";

/** A GitHub Actions workflow command as the runner parses it: `::name key=value,…::data`, values and data unescaped. */
const ANNOTATION = /^::(error|warning) ((?:[a-z]+=[^,:]*)(?:,[a-z]+=[^,:]*)*)::(.*)$/;
const unescapeCommand = (text: string) =>
  text.replaceAll("%0A", "\n").replaceAll("%0D", "\r").replaceAll("%3A", ":").replaceAll("%2C", ",").replaceAll("%25", "%");
function parseAnnotation(line: string) {
  const match = ANNOTATION.exec(line);
  if (!match) return undefined;
  const properties = Object.fromEntries(match[2].split(",").map((pair) => pair.split("=").map(unescapeCommand)));
  return { kind: match[1], ...properties, message: unescapeCommand(match[3]) } as Record<string, string>;
}

test("a problem becomes an annotation with its file, line, column and rule, and its hint under the message, escaped as the runner reads it", () => {
  const d = diagnostic("broken-link", { url: "/a,b:c%/" }, { file: "content/guides/x, y.md", line: 7, column: 3 });
  const line = annotation(d);
  assert.not.match(line, "\n");
  assert.equal(parseAnnotation(line), {
    kind: "error",
    file: "content/guides/x, y.md",
    line: "7",
    col: "3",
    title: "broken-link",
    message: `${d.message}\n${d.hint}`,
  });
  assert.is(parseAnnotation(annotation({ ...d, fatal: false }))?.kind, "warning");
  assert.is(defaultReporter({ GITHUB_ACTIONS: "true" }), "github");
  assert.is(defaultReporter({}), "pretty");
});

test("each rule's first ten problems are shown, the rest counted in one line", () => {
  const list = Array.from({ length: 25 }, (_, n) => diagnostic("broken-link", { url: `/missing-${n}/` }, { file: `content/p${n}.md`, fatal: false }));
  list.push(diagnostic("code-language", { language: "fantasy" }, { file: "content/q.md" }));
  const lines = problemLines(list, "pretty");
  assert.is(lines.filter((line) => line.includes("(broken-link)")).length, 10);
  assert.is(lines.filter((line) => line.includes("(code-language)")).length, 1);
  assert.is(lines.at(-1), "… and 15 more broken-link warnings (10 shown above)");
});

/** A site of 14 pages, each with a link to a page that does not exist. */
function brokenSite() {
  const site = tempSite();
  fs.mkdirSync(site.path("content", "guides"), { recursive: true });
  fs.writeFileSync(site.path("content", "index.md"), "---\ntitle: Home\n---\n\nHome.\n");
  for (let n = 0; n < 14; n++) fs.writeFileSync(site.path("content", "guides", `p${n}.md`), `---\ntitle: Page ${n}\n---\n\nSee [this](/missing-${n}/).\n`);
  return site;
}

test("--reporter github: annotations for the first ten problems of a rule and a count of the rest, and each stage folded in a group", async () => {
  const site = brokenSite();
  try {
    for (const [args, env] of [
      [["--reporter", "github"], {}],
      [[], { GITHUB_ACTIONS: "true" }],
    ] as const) {
      const run = await runCli(["build", "--no-cache", ...args], { cwd: site.dir, env });
      assert.is(run.code, 1, run.stderr);
      const annotations = run.stderr.split("\n").flatMap((line): Record<string, string>[] => {
        const parsed = parseAnnotation(line);
        return parsed ? [parsed] : [];
      });
      const links = annotations.filter((a) => a.title === "broken-link");
      assert.is(links.length, 10);
      assert.ok(links.every((a) => a.kind === "error" && /^content\/guides\/p\d+\.md$/.test(a.file) && a.line === "5" && a.col === "5"));
      assert.match(links[0].message, /^Link to \/missing-\d+\/ has no page\nPoint the link/);
      assert.match(run.stderr, "… and 4 more broken-link problems (10 shown above)");
      assert.match(run.stdout, /^::group::index content\n✓ index content +\d/m);
      assert.is(run.stdout.split("::group::").length, run.stdout.split("::endgroup::").length, "every group is closed");
    }
  } finally {
    site.remove();
  }
});

test("the pretty reporter shows the same ten and the count, for a build that only warns", async () => {
  const site = brokenSite();
  try {
    const run = await runCli(["build", "--no-cache", "--links", "warn", "--reporter", "pretty"], { cwd: site.dir });
    assert.is(run.code, 0, run.stderr);
    assert.is(run.stderr.split("\n").filter((line) => line.endsWith("(broken-link)")).length, 10);
    assert.match(run.stderr, "… and 4 more broken-link warnings (10 shown above)");
    assert.not.match(run.stdout, "::group::");
  } finally {
    site.remove();
  }
});

test("--reporter json: one JSON document on stdout, valid against the shipped schema, for a build that succeeds and one that fails", async () => {
  assert.fixture(fs.readFileSync(REPORT_SCHEMA_FILE, "utf8"), reportJsonSchema(), "run `npm run config-schema` and commit docs-build.report.schema.json");
  const site = brokenSite();
  try {
    const warned = await runCli(["build", "--no-cache", "--links", "warn", "--reporter", "json"], { cwd: site.dir });
    assert.is(warned.code, 0, warned.stderr);
    const ok = v.parse(reportSchema, JSON.parse(warned.stdout));
    assert.is(warned.stdout.trim().split("\n").length, 1, "stdout holds the document alone");
    assert.ok(ok.ok);
    assert.match(ok.summary?.text ?? "", /^Built \d+ pages, \d+ files/);
    assert.equal(ok.stages.map((s) => s.name).slice(0, 2), ["index content", "resolve contributors"]);
    // Every problem, not ten a rule.
    assert.is(ok.diagnostics.filter((d) => d.ruleId === "broken-link").length, 14);
    const failed = await runCli(["build", "--no-cache", "--reporter", "json"], { cwd: site.dir });
    assert.is(failed.code, 1);
    const report = v.parse(reportSchema, JSON.parse(failed.stdout));
    assert.not.ok(report.ok);
    assert.is(report.summary, null);
    assert.is(report.error, null, "it failed on its problems");
    assert.equal(report.problems, { count: report.diagnostics.length, errors: 14 });
    assert.ok(report.stages.some((s) => s.name === "index content" && s.ok));
  } finally {
    site.remove();
  }
});

/** The one JSON document a run printed on stdout, checked against the report's schema. */
function reportOf(run: { stdout: string; stderr: string }) {
  assert.is(run.stdout.trim().split("\n").length, 1, `stdout holds the document alone:\n${run.stdout}\n--- stderr\n${run.stderr}`);
  return v.parse(reportSchema, JSON.parse(run.stdout));
}

test("index --reporter json: the tree in the report's result, every problem, its stage; a failure and a usage error end in the document too", async () => {
  const site = brokenSite();
  try {
    const warned = await runCli(["index", "--reporter", "json"], { cwd: site.dir });
    assert.is(warned.code, 0, warned.stderr);
    const ok = reportOf(warned);
    assert.ok(ok.command === "index" && ok.ok);
    assert.equal(ok.summary, { text: "Indexed 15 pages", pages: 15 });
    assert.is(ok.result?.type, "directory");
    assert.equal(ok.result?.type === "directory" && ok.result.children.map((child) => child.name).sort(), ["guides", "index.md"]);
    assert.is(ok.diagnostics.filter((d) => d.ruleId === "broken-link" && !d.fatal).length, 14);
    assert.equal(
      ok.stages.map((stage) => [stage.name, stage.ok]),
      [["index content", true]],
    );
    assert.is(warned.stderr, "", "nothing beside the document");

    const failed = await runCli(["index", "--links", "error", "--reporter", "json"], { cwd: site.dir });
    assert.is(failed.code, 1);
    const report = reportOf(failed);
    assert.ok(report.command === "index" && !report.ok);
    assert.is(report.result, null);
    assert.is(report.summary, null);
    assert.equal(report.problems, { count: 14, errors: 14 });

    const usage = await runCli(["index", "--content", "nope", "--reporter", "json"], { cwd: site.dir });
    assert.is(usage.code, 2);
    const said = reportOf(usage);
    assert.not.ok(said.ok);
    assert.match(said.error ?? "", "Content folder nope does not exist");
  } finally {
    site.remove();
  }
});

test("fetch-readmes --reporter json against a local code host: the summary's figures, the stage, and a failed repository ending the document with ok false", async () => {
  const host = await startCodeHost({ repos: ownRepos() });
  const site = tempSite("code-host/site");
  const env = { GITHUB_API_URL: host.url, GITHUB_TOKEN: "" };
  try {
    const fetched = await runCli(["fetch-readmes", "--reporter", "json"], { cwd: site.dir, env });
    assert.is(fetched.code, 0, fetched.stderr);
    const ok = reportOf(fetched);
    assert.ok(ok.command === "fetch-readmes" && ok.ok);
    assert.match(ok.summary?.text ?? "", /^Fetched 3, unchanged 0, failed 0 of 3 repositories in /);
    assert.equal({ ...ok.summary, text: "", seconds: 0 }, { text: "", repositories: 3, fetched: 3, unchanged: 0, failed: 0, orphans: 0, seconds: 0 });
    assert.equal(
      ok.stages.map((stage) => stage.name),
      ["fetch READMEs"],
    );
    assert.ok(ok.messages.some((line) => /✓ example-org\/tiny-loader → content\/loaders\/_tiny-loader\.md/.test(line)));

    fs.writeFileSync(site.path("repositories/loaders.json"), '["example-org/tiny-loader", "example-org/gone-loader"]\n');
    const partial = await runCli(["fetch-readmes", "--retries", "0", "--reporter", "json"], { cwd: site.dir, env });
    assert.is(partial.code, 1, partial.stderr);
    const report = reportOf(partial);
    assert.ok(report.command === "fetch-readmes" && !report.ok);
    assert.equal([report.summary?.fetched, report.summary?.unchanged, report.summary?.failed, report.summary?.orphans], [0, 2, 1, 1]);
    assert.match(report.error ?? "", "1 of 3 repositories failed");
    assert.ok(report.messages.some((line) => line.includes("✗ example-org/gone-loader: GET /repos/example-org/gone-loader: not found (HTTP 404)")));
  } finally {
    await host.close();
    site.remove();
  }
});

test("contributors --reporter json against a local code host: the summary's figures and each stage", async () => {
  const host = await startCodeHost({ users: { "alice-dev": { name: "Alice Developer" } } });
  const site = tempSite("code-host/contributors-site");
  try {
    const run = await runCli(["contributors", "--reporter", "json"], { cwd: site.dir, env: { GITHUB_API_URL: host.url, GITHUB_TOKEN: "" } });
    assert.is(run.code, 0, run.stderr);
    const report = reportOf(run);
    assert.ok(report.command === "contributors" && report.ok);
    assert.equal({ ...report.summary, text: "" }, { text: "", handles: 2, exist: 1, notFound: 1, failed: 0, written: true });
    assert.match(report.summary?.text ?? "", /^Checked 2 handles in .*: 1 exist, 1 not found, 0 failed; wrote content\/_data\/contributors\.json$/);
    assert.equal(
      report.stages.map((stage) => stage.name),
      ["index content", "check handles"],
    );
    assert.ok(report.messages.includes("  ghost-writer (content/guides/start.md)"), "the lines under the summary are messages");
  } finally {
    await host.close();
    site.remove();
  }
});

/** Runs `main` in this process, keeping what it writes to stdout and stderr instead of printing it. */
async function inProcess(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const kept = { stdout: "", stderr: "" };
  const writes = { stdout: process.stdout.write, stderr: process.stderr.write };
  const { GITHUB_ACTIONS: actions } = process.env;
  delete process.env.GITHUB_ACTIONS;
  for (const name of ["stdout", "stderr"] as const) {
    process[name].write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      kept[name] += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
      (rest.find((arg) => typeof arg === "function") as (() => void) | undefined)?.();
      return true;
    }) as typeof process.stdout.write;
  }
  try {
    const code = await main(["node", "docs-build", ...argv]);
    return { code, ...kept };
  } finally {
    process.stdout.write = writes.stdout;
    process.stderr.write = writes.stderr;
    if (actions !== undefined) process.env.GITHUB_ACTIONS = actions;
  }
}

test("two runs of main in one process share no reporter: after a json build, an index without --reporter prints its problems as pretty lines", async () => {
  const site = brokenSite();
  try {
    const json = await inProcess(["build", "--no-cache", "--content", site.path("content"), "--out", site.path("dist"), "--reporter", "json"]);
    assert.is(json.code, 1, json.stderr);
    assert.is(v.parse(reportSchema, JSON.parse(json.stdout)).ok, false);
    const pretty = await inProcess(["index", "--content", site.path("content"), "--links", "error"]);
    assert.is(pretty.code, 1, pretty.stderr);
    assert.is(pretty.stdout, "", "no JSON document");
    assert.match(pretty.stderr, /p0\.md:5:5 {2}error {2}Link to \/missing-0\/ has no page \(broken-link\)$/m);
    assert.match(pretty.stderr, "Build failed with 14 content errors.");
  } finally {
    site.remove();
  }
});

test.run();
