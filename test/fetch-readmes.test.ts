import fs from "node:fs";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { build } from "../src/build.ts";
import type { RetryEvent } from "../src/code-host/client.ts";
import type { RetryPolicy } from "../src/code-host/policy.ts";
import { ContentError, PartialFailure, UsageError } from "../src/report/errors.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import { fetchReadmes, type FetchReadmesOptions, type FetchReadmesResult } from "../src/commands/fetch-readmes/index.ts";
import { corpusRepos, ownRepos, startCodeHost, type FakeCodeHost, type FakeRepo } from "./helpers/code-host-server.ts";
import { runCli } from "./helpers/cli.ts";
import { fileText } from "./helpers/site.ts";
import { tempSite, type TempSite } from "./helpers/temp-site.ts";

/** Fast retries for tests; the timeout stays generous unless a case is about it. */
const FAST: Partial<RetryPolicy> = { baseDelayMs: 10, retries: 3, timeoutMs: 5000, maxWaitMs: 5000 };
/** Waits the host asks for (rate-limit resets, retry-after) last a thousandth as long in tests. */
const WAIT_SCALE = 0.001;

interface Run {
  result?: FetchReadmesResult;
  failure?: PartialFailure<FetchReadmesResult>;
  lines: string[];
}

/** Runs fetch-readmes in `site` against `host`, returning the result whether or not some repositories failed. */
async function fetchIn(
  site: TempSite,
  host: FakeCodeHost,
  options: Partial<FetchReadmesOptions> & { policy?: Partial<RetryPolicy>; onRetry?: (event: RetryEvent) => void } = {},
): Promise<Run> {
  const logger = createMemoryLogger();
  const { policy, onRetry, ...rest } = options;
  try {
    const result = await fetchReadmes({
      root: site.dir,
      logger,
      codeHost: { baseUrl: host.url, token: "", policy: { ...FAST, ...policy }, waitScale: WAIT_SCALE, onRetry },
      ...rest,
    });
    return { result, lines: logger.lines };
  } catch (error) {
    if (error instanceof PartialFailure) return { failure: error as PartialFailure<FetchReadmesResult>, lines: logger.lines };
    throw error;
  }
}

const resultsOf = (run: Run) => (run.result ?? run.failure!.result).results;
const statusOf = (run: Run, fullName: string) => resultsOf(run).find((r) => r.fullName === fullName);

const own = suite("fetch-readmes against the local code host");
let host: FakeCodeHost;
let site: TempSite;

own.before.each(async () => {
  host = await startCodeHost({ repos: ownRepos() });
  site = tempSite("code-host/site");
});
own.after.each(async () => {
  await host.close();
  site.remove();
});

own("writes every listed README as a page with front matter, then builds it sanitized", async () => {
  const run = await fetchIn(site, host);
  assert.is(run.failure, undefined);
  assert.equal(
    resultsOf(run).map((r) => r.status),
    ["fetched", "fetched", "fetched"],
  );
  const tiny = fs.readFileSync(site.path("content/loaders/_tiny-loader.md"), "utf8");
  assert.match(tiny, /^---\ntitle: tiny-loader\nsource: https:\/\/raw\.githubusercontent\.com\/example-org\/tiny-loader\/main\/README\.md\n/);
  assert.match(tiny, "edit: https://github.com/example-org/tiny-loader/edit/main/README.md");
  assert.match(tiny, /\nfetched: \d{4}-\d{2}-\d{2}\nthirdParty: true\n/, "the page records the day it was fetched");
  assert.not.match(tiny, "# tiny-loader", "the README's title heading is dropped");
  assert.match(tiny, "[asset modules guide](/guides/asset-modules/#resource-assets)");
  assert.match(tiny, "(https://github.com/example-org/tiny-loader/blob/main/CHANGELOG.md)");
  assert.match(tiny, 'https://raw.githubusercontent.com/example-org/tiny-loader/main/media/logo.svg" />');
  assert.not.match(tiny, "Badges are kept out");
  assert.match(tiny, "<!-- this comment is code and stays -->");
  const banner = fs.readFileSync(site.path("content/plugins/_banner-webpack-plugin.md"), "utf8");
  assert.match(banner, "title: BannerWebpackPlugin\ngroup: Community\ncontributors:\n  - banner-maintainer\n");
  assert.match(banner, "https://github.com/example-org/banner-webpack-plugin/blob/trunk/LICENSE", "links use the default branch");
  assert.match(run.lines.join("\n"), /\[3\/3\] ✓/);
  assert.match(run.lines.at(-1)!, "Fetched 3, unchanged 0, failed 0 of 3 repositories");

  const built = await build({ root: site.dir, write: false, cache: false, links: "warn", logger: createMemoryLogger() });
  const page = fileText(built, "loaders/markdown-loader/index.html");
  assert.match(page, /<p class="last-updated">Last updated <time dateTime="\d{4}-\d{2}-\d{2}">/, "a fetched page shows its fetch day");
  assert.match(page, '<div class="aside aside-warning" role="note"');
  assert.not.match(page, "<script>alert", "third-party HTML is sanitized");
  assert.not.match(page, "onclick");
  assert.ok(built.files.some((f) => f.path === "plugins/banner-webpack-plugin/index.html"));
});

own("a second run sends only conditional requests, transfers no README body and rewrites nothing", async () => {
  await fetchIn(site, host);
  const file = site.path("content/loaders/_tiny-loader.md");
  const before = fs.statSync(file).mtimeMs;
  const bodies = host.readmeBodies();
  const seen = host.requests.length;
  const run = await fetchIn(site, host);
  assert.equal(
    resultsOf(run).map((r) => [r.status, r.notModified]),
    [
      ["unchanged", true],
      ["unchanged", true],
      ["unchanged", true],
    ],
  );
  assert.is(host.readmeBodies(), bodies, "no README body sent");
  const second = host.requests.slice(seen);
  assert.is(second.length, 6);
  assert.ok(
    second.every((r) => r.status === 304 && r.ifNoneMatch && r.bytes === 0),
    "every request was conditional and answered 304",
  );
  assert.is(fs.statSync(file).mtimeMs, before, "the page was not rewritten");
});

own("a README that changed upstream is fetched again and rewritten", async () => {
  await fetchIn(site, host);
  await host.close();
  const repos = ownRepos().map((r): FakeRepo => (r.fullName.endsWith("/tiny-loader") ? { ...r, readme: `${r.readme}\nA new closing line.\n` } : r));
  host = await startCodeHost({ repos });
  const run = await fetchIn(site, host);
  assert.is(statusOf(run, "example-org/tiny-loader")!.status, "fetched");
  assert.is(statusOf(run, "example-org/markdown-loader")!.status, "unchanged");
  assert.match(fs.readFileSync(site.path("content/loaders/_tiny-loader.md"), "utf8"), "A new closing line.");
});

own("a server error is retried with backoff and then succeeds", async () => {
  host.fault("/repos/example-org/tiny-loader/readme", { status: 500 }, { status: 502 });
  const run = await fetchIn(site, host);
  assert.is(run.failure, undefined);
  assert.is(statusOf(run, "example-org/tiny-loader")!.status, "fetched");
  const attempts = host.requests.filter((r) => r.path.startsWith("/repos/example-org/tiny-loader/readme"));
  assert.equal(
    attempts.map((r) => r.status),
    [500, 502, 200],
  );
  assert.match(run.lines.join("\n"), /↻ GET \/repos\/example-org\/tiny-loader\/readme: server error \(HTTP 500\); trying again in 10 ms \(attempt 2\)/);
  assert.match(
    run.lines.join("\n"),
    /server error \(HTTP 502\); trying again in 40 ms \(attempt 3\)/,
    "the delay grows with the square of the retry (plugin-retry's schedule)",
  );
});

own("server errors past the retries fail that repository only, and the command reports it", async () => {
  host.fault("/repos/example-org/tiny-loader/readme", { status: 503 }, { status: 503 });
  const run = await fetchIn(site, host, { policy: { retries: 1 } });
  assert.ok(run.failure, "the command fails");
  assert.match(run.failure!.message, "1 of 3 repositories failed");
  const tiny = statusOf(run, "example-org/tiny-loader")!;
  assert.is(tiny.status, "failed");
  assert.match(tiny.reason!, "server error (HTTP 503), 2 attempts");
  assert.is(statusOf(run, "example-org/markdown-loader")!.status, "fetched");
  assert.not.ok(fs.existsSync(site.path("content/loaders/_tiny-loader.md")));
  assert.match(
    run.lines.join("\n"),
    "✗ example-org/tiny-loader: GET /repos/example-org/tiny-loader/readme: server error (HTTP 503), 2 attempts (no page written)",
  );
});

own("a rate limit waits for the reset, then goes on", async () => {
  const reset = Math.ceil(Date.now() / 1000) + 30;
  host.setRateLimit(0, reset);
  // The host's window resets while the command waits (a thousandth of the 31 s it asks for).
  const run = await fetchIn(site, host, { concurrency: 1, policy: { maxWaitMs: 60_000 }, onRetry: () => host.setRateLimit(60, reset) });
  assert.is(run.failure, undefined);
  assert.equal(
    host.requests.filter((r) => r.status === 403).map((r) => r.path),
    ["/repos/example-org/tiny-loader"],
    "one request was limited, and tried again",
  );
  assert.match(
    run.lines.join("\n"),
    `↻ GET /repos/example-org/tiny-loader: rate limited (HTTP 403), the limit resets at ${new Date(reset * 1000).toISOString()}; trying again in 3`,
  );
  assert.equal(
    resultsOf(run).map((r) => r.status),
    ["fetched", "fetched", "fetched"],
  );
});

own("a rate limit that resets beyond the bound gives up at once and keeps the old page", async () => {
  await fetchIn(site, host);
  const file = site.path("content/loaders/_tiny-loader.md");
  const bytes = fs.readFileSync(file);
  host.setRateLimit(0, Math.ceil(Date.now() / 1000) + 3600);
  const seen = host.requests.length;
  const run = await fetchIn(site, host, { policy: { maxWaitMs: 2000 } });
  assert.is(host.requests.length - seen, 3, "one request per repository, none tried again");
  assert.match(
    statusOf(run, "example-org/tiny-loader")!.reason!,
    /rate limited \(HTTP 403\), the limit resets at .*beyond the 2\.0 s bound \(a GITHUB_TOKEN raises the limit\)/,
  );
  assert.ok(fs.readFileSync(file).equals(bytes));
  assert.match(run.lines.join("\n"), "(kept content/loaders/_tiny-loader.md as it was)");
});

own("a secondary rate limit's retry-after is honoured", async () => {
  const body = JSON.stringify({ message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again." });
  host.fault("/repos/example-org/markdown-loader", { status: 429, headers: { "retry-after": "4" }, body });
  const run = await fetchIn(site, host);
  assert.is(statusOf(run, "example-org/markdown-loader")!.status, "fetched");
  assert.match(
    run.lines.join("\n"),
    /↻ GET \/repos\/example-org\/markdown-loader: rate limited \(HTTP 429\), the limit resets at \S+; trying again in 4 ms \(attempt 2\)/,
    "waited the 4 s it was asked to, scaled",
  );
});

own("a repository that does not exist fails with a hint to fix the list; the others are written", async () => {
  fs.writeFileSync(site.path("repositories/loaders.json"), '["example-org/tiny-loader", "example-org/missing-loader"]\n');
  const run = await fetchIn(site, host);
  const missing = statusOf(run, "example-org/missing-loader")!;
  assert.is(missing.status, "failed");
  assert.is(missing.reason, "GET /repos/example-org/missing-loader: not found (HTTP 404); check the name in repositories/loaders.json");
  assert.is(host.requests.filter((r) => r.path === "/repos/example-org/missing-loader").length, 1, "a 404 is not retried");
  assert.is(statusOf(run, "example-org/tiny-loader")!.status, "fetched");
  assert.not.ok(fs.existsSync(site.path("content/loaders/_missing-loader.md")));
});

own("malformed JSON fails that repository without retrying", async () => {
  host.fault("/repos/example-org/tiny-loader", { status: 200, body: '{"full_name": "example-org/tiny-lo' });
  const run = await fetchIn(site, host);
  const tiny = statusOf(run, "example-org/tiny-loader")!;
  assert.is(tiny.status, "failed");
  assert.is(tiny.reason, "GET /repos/example-org/tiny-loader: malformed response: the body is not JSON");
  assert.is(host.requests.filter((r) => r.path === "/repos/example-org/tiny-loader").length, 1);
  assert.is(statusOf(run, "example-org/markdown-loader")!.status, "fetched");
});

own("a response slower than the timeout is abandoned, retried, and the repository fails", async () => {
  host.fault("/repos/example-org/tiny-loader/readme", { delayMs: 1500 }, { delayMs: 1500 });
  const run = await fetchIn(site, host, { policy: { timeoutMs: 200, retries: 1 } });
  const tiny = statusOf(run, "example-org/tiny-loader")!;
  assert.is(tiny.status, "failed");
  assert.is(tiny.reason, "GET /repos/example-org/tiny-loader/readme: no complete response within 0.2 s, 2 attempts");
  assert.is(statusOf(run, "example-org/markdown-loader")!.status, "fetched");
});

own("a repository that fails keeps its previously fetched page byte for byte, while the others update", async () => {
  await fetchIn(site, host);
  const file = site.path("content/loaders/_tiny-loader.md");
  const bytes = fs.readFileSync(file);
  const mtime = fs.statSync(file).mtimeMs;
  await host.close();
  const repos = ownRepos().map((r): FakeRepo => ({ ...r, readme: `${r.readme}\nChanged upstream.\n` }));
  host = await startCodeHost({ repos });
  host.fault("/repos/example-org/tiny-loader/readme", { status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
  const run = await fetchIn(site, host);
  assert.is(statusOf(run, "example-org/tiny-loader")!.status, "failed");
  assert.ok(fs.readFileSync(file).equals(bytes), "old page kept byte for byte");
  assert.is(fs.statSync(file).mtimeMs, mtime);
  assert.match(fs.readFileSync(site.path("content/loaders/_markdown-loader.md"), "utf8"), "Changed upstream.");
  // The failed repository is fetched in full once the host recovers.
  const next = await fetchIn(site, host);
  assert.is(statusOf(next, "example-org/tiny-loader")!.status, "fetched");
  assert.match(fs.readFileSync(file, "utf8"), "Changed upstream.");
});

own("sends the token and reports pages no list names, deleting them with prune", async () => {
  fs.writeFileSync(site.path("content/loaders/_old-loader.md"), "---\ntitle: old-loader\n---\n\nOld.\n");
  const logger = createMemoryLogger();
  await fetchReadmes({ root: site.dir, logger, codeHost: { baseUrl: host.url, token: "t0ken", policy: FAST } });
  assert.ok(
    host.requests.every((r) => /t0ken/.test(r.authorization ?? "")),
    "every request carries the token",
  );
  assert.ok(logger.lines.some((l) => l === "content/loaders/_old-loader.md belongs to no listed repository; delete it, or run with --prune"));
  assert.ok(fs.existsSync(site.path("content/loaders/_old-loader.md")));
  const run = await fetchIn(site, host, { prune: true });
  assert.equal(run.result!.orphans, ["loaders/_old-loader.md"]);
  assert.not.ok(fs.existsSync(site.path("content/loaders/_old-loader.md")));
});

own("a broken list is reported at its line and nothing is fetched", async () => {
  fs.writeFileSync(site.path("repositories/loaders.json"), '[\n  "example-org/tiny-loader",\n  "not a name"\n]\n');
  const error = await fetchReadmes({ root: site.dir, logger: createMemoryLogger(), codeHost: { baseUrl: host.url, policy: FAST } }).catch((e: unknown) => e);
  assert.instance(error, ContentError);
  assert.match((error as ContentError).report(), 'repositories/loaders.json:3:3  error  Item 2: "not a name" is not "owner/name".');
  assert.is(host.requests.length, 0);
});

own("no lists at all is a usage error that says what to create", async () => {
  fs.rmSync(site.path("repositories"), { recursive: true });
  const error = await fetchReadmes({ root: site.dir, logger: createMemoryLogger(), codeHost: { baseUrl: host.url } }).catch((e: unknown) => e);
  assert.instance(error, UsageError);
  assert.match((error as Error).message, "create repositories/loaders.json");
});

own("the command line: progress, summary, exit 1 naming the failure, GITHUB_API_URL honoured", async () => {
  fs.writeFileSync(site.path("repositories/loaders.json"), '["example-org/tiny-loader", "example-org/gone-loader"]\n');
  const result = await runCli(["fetch-readmes", "--concurrency", "2", "--retries", "0"], {
    cwd: site.dir,
    env: { GITHUB_API_URL: host.url, GITHUB_TOKEN: "" },
  });
  assert.is(result.code, 1);
  assert.match(result.stdout, `Fetching 3 READMEs from ${host.url}, 2 at a time (no GITHUB_TOKEN`);
  assert.match(result.stdout, "✓ example-org/tiny-loader → content/loaders/_tiny-loader.md (written,");
  assert.match(result.stdout, "Fetched 2, unchanged 0, failed 1 of 3 repositories");
  assert.match(
    result.stdout,
    "✗ example-org/gone-loader: GET /repos/example-org/gone-loader: not found (HTTP 404); check the name in repositories/loaders.json",
  );
  assert.match(result.stderr, "docs-build: 1 of 3 repositories failed");
  const again = await runCli(["fetch-readmes", "--retries", "0"], { cwd: site.dir, env: { GITHUB_API_URL: host.url, GITHUB_TOKEN: "" } });
  assert.match(again.stdout, "Fetched 0, unchanged 2, failed 1 of 3 repositories");
});

own.run();

const corpus = corpusRepos();
if (!corpus) {
  console.log("fetch-readmes corpus sync: skipped, ../shared/corpus/readmes is absent");
} else {
  const sync = suite("fetch-readmes: the eleven corpus repositories");
  sync("a full sync writes every page, the site builds, and a second run transfers no README", async () => {
    const server = await startCodeHost({ repos: corpus });
    const dir = tempSite("code-host/site");
    try {
      const names = corpus.map((r) => r.fullName);
      fs.writeFileSync(dir.path("repositories/loaders.json"), JSON.stringify(names.filter((n) => n.endsWith("-loader"))));
      fs.writeFileSync(dir.path("repositories/plugins.json"), JSON.stringify(names.filter((n) => n.endsWith("-plugin"))));
      const first = await fetchIn(dir, server);
      assert.is(first.failure, undefined);
      assert.is(resultsOf(first).length, 11);
      assert.ok(resultsOf(first).every((r) => r.status === "fetched"));
      const built = await build({ root: dir.dir, write: false, cache: false, links: "warn", logger: createMemoryLogger() });
      for (const name of names) {
        const [, repo] = name.split("/");
        const kind = repo.endsWith("-loader") ? "loaders" : "plugins";
        const html = fileText(built, `${kind}/${repo}/index.html`);
        assert.not.match(html, /<script(?![^>]*(type="module"|application\/ld\+json|id="__DOCS_DATA__"))[^>]*>[^<]*alert/i);
        assert.match(html, `https://github.com/${name}`, "links to the repository");
      }
      const bodies = server.readmeBodies();
      const second = await fetchIn(dir, server);
      assert.ok(resultsOf(second).every((r) => r.status === "unchanged" && r.notModified));
      assert.is(server.readmeBodies(), bodies, "zero README bodies transferred");
    } finally {
      await server.close();
      dir.remove();
    }
  });
  sync.run();
}
