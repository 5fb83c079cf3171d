import { test } from "uvu";
import * as assert from "uvu/assert";
import { classifyStatus, decide, DEFAULT_POLICY, type RetryPolicy } from "../src/code-host/policy.ts";
import { parseRepositoryList } from "../src/data-files/repository-lists.ts";

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const policy: RetryPolicy = { ...DEFAULT_POLICY, baseDelayMs: 100, retries: 3, maxWaitMs: 10_000 };

test("5xx is a server error; retry-after on it is kept", () => {
  assert.equal(classifyStatus(502, {}, "Bad Gateway", NOW), { kind: "server", status: 502 });
  assert.equal(classifyStatus(503, { "retry-after": "4" }, "", NOW), { kind: "server", status: 503, retryAfterMs: 4000 });
});

test("403 with no requests remaining is a rate limit until the reset, plus a second", () => {
  const reset = NOW / 1000 + 30;
  assert.equal(classifyStatus(403, { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(reset) }, "", NOW), { kind: "rate-limit", status: 403, waitMs: 31_000, resetAt: reset * 1000 });
});

test("403 or 429 with retry-after is a rate limit of that length, in seconds or as a date", () => {
  assert.equal(classifyStatus(429, { "retry-after": "7" }, "", NOW), { kind: "rate-limit", status: 429, waitMs: 7000, resetAt: NOW + 7000 });
  const date = new Date(NOW + 5000).toUTCString();
  assert.is((classifyStatus(403, { "retry-after": date }, "", NOW) as { waitMs: number }).waitMs, 5000);
});

test("a plain 403 and a 404 are refusals, not retried", () => {
  const forbidden = classifyStatus(403, { "x-ratelimit-remaining": "12" }, "Resource not accessible", NOW);
  assert.equal(forbidden, { kind: "http", status: 403, message: "Resource not accessible" });
  assert.equal(decide(forbidden, 0, policy), { giveUp: "HTTP 403: Resource not accessible" });
  assert.equal(decide(classifyStatus(404, {}, "Not Found", NOW), 0, policy), { giveUp: "not found (HTTP 404)" });
});

test("server errors, network errors and timeouts back off exponentially, then give up", () => {
  assert.equal(decide({ kind: "server", status: 500 }, 0, policy), { retryInMs: 100 });
  assert.equal(decide({ kind: "network", message: "ECONNRESET" }, 1, policy), { retryInMs: 200 });
  assert.equal(decide({ kind: "timeout" }, 2, policy), { retryInMs: 400 });
  assert.equal(decide({ kind: "server", status: 500 }, 3, policy), { giveUp: "server error (HTTP 500), 4 attempts" });
  assert.equal(decide({ kind: "timeout" }, 3, { ...policy, timeoutMs: 30_000 }), { giveUp: "no complete response within 30 s, 4 attempts" });
});

test("a server's longer retry-after wins over the backoff, within the bound", () => {
  assert.equal(decide({ kind: "server", status: 503, retryAfterMs: 3000 }, 0, policy), { retryInMs: 3000 });
  assert.match((decide({ kind: "server", status: 503, retryAfterMs: 60_000 }, 0, policy) as { giveUp: string }).giveUp, "beyond the 10 s bound");
});

test("a rate limit waits when the reset is within the bound and gives up when it is not", () => {
  assert.equal(decide({ kind: "rate-limit", status: 403, waitMs: 9000 }, 0, policy), { retryInMs: 9000 });
  const far = decide({ kind: "rate-limit", status: 403, waitMs: 600_000, resetAt: NOW + 600_000 }, 0, policy);
  assert.equal(far, { giveUp: "rate limited (HTTP 403), the limit resets at 2026-11-22T12:10:00.000Z; waiting 600 s is beyond the 10 s bound (a GITHUB_TOKEN raises the limit)" });
});

test("malformed responses are not retried", () => {
  assert.equal(decide({ kind: "malformed", message: "the body is not JSON" }, 0, policy), { giveUp: "malformed response: the body is not JSON" });
});

test("repository lists: strings and objects, with group and contributors", () => {
  const { entries, problems } = parseRepositoryList('["a/b-loader", {"repository": "c/d-plugin", "group": "Community", "contributors": ["x-y"]}]', "plugins.json", "plugins");
  assert.equal(problems, []);
  assert.equal(entries, [
    { kind: "plugins", fullName: "a/b-loader" },
    { kind: "plugins", fullName: "c/d-plugin", group: "Community", contributors: ["x-y"] },
  ]);
});

test("repository lists: each problem at the line and column of its value (or unknown key), repeats included", () => {
  const text = '[\n  "a/b",\n  "a/b",\n  {"repository": "c/d", "owner": "x"},\n  {"repository": "e/f", "contributors": "me"},\n  42\n]';
  const { entries, problems } = parseRepositoryList(text, "repositories/loaders.json", "loaders");
  assert.equal(entries.map((e) => e.fullName), ["a/b"]);
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
