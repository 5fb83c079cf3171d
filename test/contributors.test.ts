import fs from "node:fs";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { build } from "../src/build.ts";
import type { RetryPolicy } from "../src/code-host/policy.ts";
import { PartialFailure } from "../src/report/errors.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import { contributors as runContributors, type CheckContributorsResult, type ContributorsOptions } from "../src/commands/contributors/index.ts";
import { authorsOf } from "../src/commands/contributors/core.ts";
import type { ContributorData } from "../src/data-files/contributors.ts";
import { runCli } from "./helpers/cli.ts";
import { startCodeHost, type FakeCodeHost, type FakeCommit } from "./helpers/code-host-server.ts";
import { fileText } from "./helpers/site.ts";
import { tempSite, type TempSite } from "./helpers/temp-site.ts";

const FAST: Partial<RetryPolicy> = { baseDelayMs: 10, retries: 2, timeoutMs: 5000, maxWaitMs: 5000 };
const NOW = new Date("2026-11-22T12:00:00.000Z");
const DATA = "content/_data/contributors.json";

/** 120 commits to the start page (more than one page of 100), by three accounts and one unknown e-mail. */
function history(): FakeCommit[] {
  return Array.from({ length: 120 }, (_, i): FakeCommit => {
    const login = i === 0 ? "carol-c" : i === 110 ? "late-larry" : i % 10 === 5 ? null : i % 7 === 3 ? "renovate[bot]" : "alice-dev";
    return { sha: `c${i}`, paths: ["content/guides/start.md"], login, name: login ?? "Someone Unmapped" };
  });
}

let host: FakeCodeHost;
let site: TempSite;

async function check(
  options: Partial<ContributorsOptions> = {},
): Promise<{ result?: CheckContributorsResult; failure?: PartialFailure<CheckContributorsResult>; lines: string[] }> {
  const logger = createMemoryLogger();
  try {
    const result = await runContributors({ root: site.dir, logger, now: NOW, codeHost: { baseUrl: host.url, token: "", policy: FAST }, ...options });
    return { result, lines: logger.lines };
  } catch (error) {
    if (error instanceof PartialFailure) return { failure: error as PartialFailure<CheckContributorsResult>, lines: logger.lines };
    throw error;
  }
}

const readData = () => JSON.parse(fs.readFileSync(site.path(DATA), "utf8")) as ContributorData;

const contributors = suite("docs-build contributors against the local code host");
contributors.before.each(async () => {
  host = await startCodeHost({
    users: { "alice-dev": { name: "Alice Developer" }, "carol-c": { name: "Carol C" }, "late-larry": {} },
    commits: { "example-org/docs-site": history() },
  });
  site = tempSite("code-host/contributors-site");
});
contributors.after.each(async () => {
  await host.close();
  site.remove();
});

contributors("records which handles exist; 404s are listed and left out of the rendered pages", async () => {
  const run = await check();
  assert.is(run.failure, undefined);
  assert.equal(readData(), {
    handles: {
      "alice-dev": { exists: true, name: "Alice Developer", checked: NOW.toISOString() },
      "ghost-writer": { exists: false, checked: NOW.toISOString() },
    },
    history: {},
  });
  assert.equal(host.requests.map((r) => r.path).sort(), ["/users/alice-dev", "/users/ghost-writer"], "excluded bots are not checked");
  const text = run.lines.join("\n");
  assert.match(text, "Checked 2 handles");
  assert.match(text, "1 exist, 1 not found, 0 failed; wrote content/_data/contributors.json");
  assert.match(text, "Not on the code host, so left out of every page's contributors:\n  ghost-writer (content/guides/start.md)");

  const seen = host.requests.length;
  const built = await build({ root: site.dir, write: false, cache: false, logger: createMemoryLogger() });
  const page = fileText(built, "guides/start/index.html");
  assert.match(page, "https://github.com/alice-dev.png?size=90");
  assert.match(page, 'alt="Alice Developer"');
  assert.not.match(page, "ghost-writer", "a handle with no account is left out");
  assert.not.match(page, "dependabot");
  assert.is(host.requests.length, seen, "the build asks the code host nothing");
});

contributors("a second run within the age limit sends no request and leaves the file alone; --max-age 0 checks again", async () => {
  await check();
  const mtime = fs.statSync(site.path(DATA)).mtimeMs;
  const seen = host.requests.length;
  const again = await check();
  assert.is(host.requests.length, seen);
  assert.is(again.result!.written, false);
  assert.is(fs.statSync(site.path(DATA)).mtimeMs, mtime);
  const all = await check({ maxAgeDays: 0, now: new Date(NOW.getTime() + 1000) });
  assert.is(all.result!.checked.length, 2);
  assert.is(readData().handles["alice-dev"].checked, new Date(NOW.getTime() + 1000).toISOString());
});

contributors("--from-history records each page's commit authors across paginated results and checks them too", async () => {
  const run = await check({ fromHistory: true });
  assert.is(run.failure, undefined);
  const data = readData();
  assert.equal(
    data.history,
    { "content/guides/start.md": ["carol-c", "alice-dev", "late-larry"] },
    "first-seen order, bots excluded, pages with no commits left out",
  );
  const pages = host.requests.filter((r) => r.path.startsWith("/repos/example-org/docs-site/commits"));
  assert.ok(
    pages.some((r) => /[?&]page=2\b/.test(r.path)),
    "the Link header's next page was followed",
  );
  assert.ok(pages.some((r) => r.path.includes("path=content%2Fguides%2Fstart.md") || r.path.includes("path=content/guides/start.md")));
  assert.is(data.handles["carol-c"].name, "Carol C");
  assert.is(data.handles["late-larry"].exists, true);
  assert.match(run.lines.join("\n"), "12 commits have no code-host account for their author and were left out");
  const built = await build({ root: site.dir, write: false, cache: false, logger: createMemoryLogger() });
  const page = fileText(built, "guides/start/index.html");
  for (const handle of ["alice-dev", "carol-c", "late-larry"]) assert.match(page, `https://github.com/${handle}.png`);
  assert.is(page.match(/alice-dev\.png/g)!.length, 1, "a handle in front matter and history shows once");
});

contributors("a handle whose check keeps failing keeps its earlier record, and the command exits with a failure", async () => {
  fs.mkdirSync(site.path("content/_data"), { recursive: true });
  fs.writeFileSync(site.path(DATA), JSON.stringify({ handles: { "ghost-writer": { exists: true, name: "Once Real" } }, history: {} }));
  host.fault("/users/ghost-writer", { status: 502 }, { status: 502 }, { status: 502 });
  const run = await check();
  assert.ok(run.failure);
  assert.equal(run.failure!.result.failures, ["ghost-writer: server error (HTTP 502), 3 attempts"]);
  const data = readData();
  assert.equal(data.handles["ghost-writer"], { exists: true, name: "Once Real" }, "the earlier record is kept");
  assert.is(data.handles["alice-dev"].exists, true, "the other handles were still checked and written");
});

contributors("a broken data file fails the build at the line and column of the bad value", async () => {
  fs.mkdirSync(site.path("content/_data"), { recursive: true });
  fs.writeFileSync(site.path(DATA), '{\n  "handles": {\n    "alice-dev": { "exists": "yes" }\n  }\n}\n');
  const error = await build({ root: site.dir, write: false, cache: false, logger: createMemoryLogger() }).catch((e: unknown) => e);
  assert.match(
    (error as { report(): string }).report(),
    'content/_data/contributors.json:3:30  error  Contributor data "handles.alice-dev.exists" must be true or false (contributor-data)',
  );
});

contributors("the command line checks handles and reports the missing one", async () => {
  const result = await runCli(["contributors"], { cwd: site.dir, env: { GITHUB_API_URL: host.url, GITHUB_TOKEN: "" } });
  assert.is(result.code, 0, result.stderr);
  assert.match(result.stdout, "✗ ghost-writer: no such account");
  assert.match(result.stdout, "ghost-writer (content/guides/start.md)");
  assert.is(readData().handles["ghost-writer"].exists, false);
});

contributors.run();

const unit = suite("check-contributors core");
unit("authorsOf: first-seen order, each once, exclusions and unmapped commits", () => {
  const commits = [
    { author: { login: "b" } },
    { author: null },
    { author: { login: "A" } },
    { author: { login: "B" } },
    { author: { login: "dependabot[bot]" } },
    { author: { login: null } },
  ];
  assert.equal(authorsOf(commits, ["dependabot[bot]"]), { handles: ["b", "A"], unmapped: 2 });
});
unit("the contributors check indexes no content: that is the command entry's job", () => {
  const source = fs.readFileSync(new URL("../src/commands/contributors/check.ts", import.meta.url), "utf8");
  const imports = [...source.matchAll(/from "(\.\.\/[^"]+)"/g)].map((m) => m[1]);
  assert.ok(imports.length > 0);
  assert.equal(
    imports.filter((spec) => /index-content/.test(spec)),
    [],
  );
});
unit.run();
