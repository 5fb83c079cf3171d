import { suite, test } from "uvu";
import * as assert from "uvu/assert";
import { CodeHostError, createCodeHost, isNotModified, type RetryEvent } from "../src/code-host/client.ts";
import { classifyStatus, DEFAULT_POLICY, giveUpReason, type RetryPolicy } from "../src/code-host/policy.ts";
import { parseRepositoryList } from "../src/data-files/repository-lists.ts";
import { ownRepos, startCodeHost, type FakeCodeHost } from "./helpers/code-host-server.ts";

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const policy: RetryPolicy = { ...DEFAULT_POLICY, baseDelayMs: 100, retries: 3, maxWaitMs: 10_000 };

test("5xx is a server error", () => {
  assert.equal(classifyStatus(502, {}, "Bad Gateway", NOW), { kind: "server", status: 502 });
});

test("403 with no requests remaining is a rate limit until the reset, plus a second", () => {
  const reset = NOW / 1000 + 30;
  assert.equal(classifyStatus(403, { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(reset) }, "", NOW), {
    kind: "rate-limit",
    status: 403,
    waitMs: 31_000,
    resetAt: reset * 1000,
  });
});

test("a secondary rate limit waits its retry-after, in seconds or as a date, else a minute", () => {
  const message = "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.";
  assert.equal(classifyStatus(429, { "retry-after": "7" }, message, NOW), { kind: "rate-limit", status: 429, waitMs: 7000, resetAt: NOW + 7000 });
  const date = new Date(NOW + 5000).toUTCString();
  assert.is((classifyStatus(403, { "retry-after": date }, message, NOW) as { waitMs: number }).waitMs, 5000);
  assert.is((classifyStatus(403, {}, message, NOW) as { waitMs: number }).waitMs, 60_000);
});

test("a plain 403 or 429 and a 404 are refusals", () => {
  assert.equal(classifyStatus(403, { "x-ratelimit-remaining": "12" }, "Resource not accessible", NOW), {
    kind: "http",
    status: 403,
    message: "Resource not accessible",
  });
  assert.equal(classifyStatus(429, { "retry-after": "7" }, "Too Many Requests", NOW), { kind: "http", status: 429, message: "Too Many Requests" });
  assert.is(giveUpReason(classifyStatus(404, {}, "Not Found", NOW), 1, policy), "not found (HTTP 404)");
});

test("give-up reasons: attempts for what was retried, the bound for a far reset, nothing more for refusals", () => {
  assert.is(giveUpReason({ kind: "server", status: 500 }, 4, policy), "server error (HTTP 500), 4 attempts");
  assert.is(giveUpReason({ kind: "timeout" }, 4, { ...policy, timeoutMs: 30_000 }), "no complete response within 30 s, 4 attempts");
  assert.is(giveUpReason({ kind: "network", message: "ECONNRESET" }, 1, policy), "network error: ECONNRESET, 1 attempt");
  assert.is(giveUpReason({ kind: "rate-limit", status: 403, waitMs: 9000 }, 4, policy), "rate limited (HTTP 403), 4 attempts");
  assert.is(
    giveUpReason({ kind: "rate-limit", status: 403, waitMs: 600_000, resetAt: NOW + 600_000 }, 1, policy),
    "rate limited (HTTP 403), the limit resets at 2026-11-22T12:10:00.000Z; waiting 600 s is beyond the 10 s bound (a GITHUB_TOKEN raises the limit)",
  );
  assert.is(giveUpReason({ kind: "malformed", message: "the body is not JSON" }, 1, policy), "malformed response: the body is not JSON");
});

// The client itself, plugins and all, against the local code host. Waits are scaled down
// (base delay 10 ms, host-given waits a thousandth), never measured.
const client = suite("code-host client against the local code host");
const FAST: Partial<RetryPolicy> = { baseDelayMs: 10, retries: 2, timeoutMs: 5000, maxWaitMs: 60_000 };
const REPO = "/repos/example-org/tiny-loader";
const SECONDARY = JSON.stringify({ message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again." });
let host: FakeCodeHost;

/** A client on the local host that records its retry events; `onRetry` runs after each is recorded. */
function clientFor(options: { policy?: Partial<RetryPolicy>; onRetry?: (event: RetryEvent) => void } = {}) {
  const events: RetryEvent[] = [];
  const octokit = createCodeHost({
    baseUrl: host.url,
    token: "",
    policy: { ...FAST, ...options.policy },
    waitScale: 0.001,
    onRetry: (event) => {
      events.push(event);
      options.onRetry?.(event);
    },
  });
  const get = () => octokit.request("GET /repos/{owner}/{repo}", { owner: "example-org", repo: "tiny-loader" });
  return { octokit, events, get };
}

const failureOf = (promise: Promise<unknown>): Promise<CodeHostError> =>
  promise.then(
    () => {
      throw new assert.Assertion({ message: "the request succeeded", operator: "failureOf", expects: "a failure", actual: "success" });
    },
    (error: unknown) => error as CodeHostError,
  );
const statuses = () => host.requests.filter((r) => r.path === REPO).map((r) => r.status);

client.before.each(async () => {
  host = await startCodeHost({ repos: ownRepos() });
});
client.after.each(() => host.close());

client("server errors are retried on plugin-retry's schedule, each retry told with its reason, then the request succeeds", async () => {
  host.fault(REPO, { status: 500 }, { status: 502 });
  const { events, get } = clientFor();
  const response = await get();
  assert.is(response.data.full_name, "example-org/tiny-loader");
  assert.equal(statuses(), [500, 502, 200]);
  assert.equal(
    events.map((e) => [e.request, e.reason, e.attempt, e.waitMs]),
    [
      [`GET ${REPO}`, "server error (HTTP 500)", 1, 10],
      [`GET ${REPO}`, "server error (HTTP 502)", 2, 40],
    ],
  );
});

client("server errors past the retries give up with the count of attempts", async () => {
  host.fault(REPO, { status: 503 }, { status: 503 }, { status: 503 });
  const { events, get } = clientFor();
  const error = await failureOf(get());
  assert.instance(error, CodeHostError);
  assert.is(error.message, `GET ${REPO}: server error (HTTP 503), 3 attempts`);
  assert.is(error.status, 503);
  assert.equal(statuses(), [503, 503, 503]);
  assert.is(events.length, 2);
});

client("404 and a plain 403 are not retried", async () => {
  host.fault(REPO, { status: 404, body: '{"message":"Not Found"}' }, { status: 403, body: '{"message":"Resource not accessible"}' });
  const { events, get } = clientFor();
  assert.is((await failureOf(get())).reason, "not found (HTTP 404)");
  assert.is((await failureOf(get())).reason, "HTTP 403: Resource not accessible");
  assert.equal(statuses(), [404, 403]);
  assert.equal(events, []);
});

client("a primary rate limit is waited out until the reset, then the request goes on", async () => {
  const reset = Math.ceil(Date.now() / 1000) + 30;
  host.setRateLimit(0, reset);
  // The host's window resets while the client waits.
  const { events, get } = clientFor({ onRetry: () => host.setRateLimit(60, reset) });
  await get();
  assert.equal(statuses(), [403, 200]);
  assert.is(events.length, 1);
  assert.is(events[0].reason, `rate limited (HTTP 403), the limit resets at ${new Date(reset * 1000).toISOString()}`);
  assert.ok(events[0].waitMs >= 30 && events[0].waitMs <= 32, "the wait runs to the reset and a second more, scaled");
});

client("a rate limit that resets beyond the bound gives up at once, however small the scaled wait would be", async () => {
  host.setRateLimit(0, Math.ceil(Date.now() / 1000) + 3600);
  const { events, get } = clientFor({ policy: { maxWaitMs: 2000 } });
  const error = await failureOf(get());
  assert.match(
    error.reason,
    /^rate limited \(HTTP 403\), the limit resets at \S+; waiting 36\d\d s is beyond the 2\.0 s bound \(a GITHUB_TOKEN raises the limit\)$/,
  );
  assert.equal(statuses(), [403]);
  assert.equal(events, []);
});

client("a rate limit that outlasts the retries gives up with the count of attempts", async () => {
  host.setRateLimit(0, Math.ceil(Date.now() / 1000) + 30);
  const { events, get } = clientFor({ policy: { retries: 1 } });
  const error = await failureOf(get());
  assert.match(error.reason, /^rate limited \(HTTP 403\), the limit resets at \S+, 2 attempts$/);
  assert.equal(statuses(), [403, 403]);
  assert.is(events.length, 1);
});

client("a secondary rate limit waits its retry-after; without one it waits a minute, beyond a shorter bound", async () => {
  host.fault(REPO, { status: 429, headers: { "retry-after": "3" }, body: SECONDARY });
  const { events, get } = clientFor({ policy: { maxWaitMs: 30_000 } });
  await get();
  assert.equal(
    events.map((e) => [e.reason.replace(/at \S+/, "at …"), e.waitMs]),
    [["rate limited (HTTP 429), the limit resets at …", 3]],
  );
  host.fault(REPO, { status: 403, body: SECONDARY });
  const error = await failureOf(get());
  assert.match(error.reason, "waiting 60 s is beyond the 30 s bound");
  assert.equal(statuses(), [429, 200, 403]);
});

client("a network error is retried, then given up with the cause", async () => {
  const { url } = host;
  await host.close();
  const events: RetryEvent[] = [];
  const octokit = createCodeHost({ baseUrl: url, token: "", policy: { ...FAST, retries: 1 }, onRetry: (event) => events.push(event) });
  const error = await failureOf(octokit.request("GET /users/{username}", { username: "someone" }));
  assert.match(error.reason, /^network error: .+, 2 attempts$/);
  assert.is(error.failure.kind, "network");
  assert.equal(
    events.map((e) => [e.attempt, e.waitMs]),
    [[1, 10]],
  );
  host = await startCodeHost();
});

client("a 304 passes through as not modified, untried again", async () => {
  const { octokit, events, get } = clientFor();
  const first = await get();
  const error = await octokit
    .request("GET /repos/{owner}/{repo}", { owner: "example-org", repo: "tiny-loader", headers: { "if-none-match": first.headers.etag } })
    .catch((e: unknown) => e);
  assert.ok(isNotModified(error));
  assert.not.instance(error, CodeHostError);
  assert.equal(statuses(), [200, 304]);
  assert.equal(events, []);
});

test("repository lists: strings and objects, with group and contributors", () => {
  const { entries, problems } = parseRepositoryList(
    '["a/b-loader", {"repository": "c/d-plugin", "group": "Community", "contributors": ["x-y"]}]',
    "plugins.json",
    "plugins",
  );
  assert.equal(problems, []);
  assert.equal(entries, [
    { kind: "plugins", fullName: "a/b-loader" },
    { kind: "plugins", fullName: "c/d-plugin", group: "Community", contributors: ["x-y"] },
  ]);
});

test("repository lists: each problem at the line and column of its value (or unknown key), repeats included", () => {
  const text = '[\n  "a/b",\n  "a/b",\n  {"repository": "c/d", "owner": "x"},\n  {"repository": "e/f", "contributors": "me"},\n  42\n]';
  const { entries, problems } = parseRepositoryList(text, "repositories/loaders.json", "loaders");
  assert.equal(
    entries.map((e) => e.fullName),
    ["a/b"],
  );
  assert.equal(
    problems.map((p) => `${p.line}:${p.column} ${p.message}`),
    [
      '4:25 Item 3: unknown key "owner" (known: repository, group, contributors).',
      '5:41 Item 4: "contributors" must be a list of code-host handles.',
      '6:3 Item 5: needs a repository as "owner/name".',
      '3:3 Item 2: "a/b" is listed twice.',
    ],
  );
});

test("repository lists: a JSON syntax error points at its position", () => {
  const { problems } = parseRepositoryList('[\n  "a/b"\n  "c/d"\n]', "loaders.json", "loaders");
  assert.is(problems.length, 1);
  assert.equal([problems[0].line, problems[0].column], [3, 3]);
  assert.match(problems[0].message, "Not valid JSON: comma expected at line 3, column 3");
});

test.run();
client.run();
