/**
 * When a code-host request is tried again, and when it is given up (pure).
 * The client in `client.ts` feeds every failure through `classifyFailure` and
 * `decide`; nothing here touches the network or the clock.
 */

/** How hard the client tries before it gives up on a request. */
export interface RetryPolicy {
  /** Tries after the first one, for server errors, network errors, timeouts and rate limits. */
  retries: number;
  /** First backoff delay; each later one doubles. */
  baseDelayMs: number;
  /** The longest single wait for a rate limit to reset (or a `retry-after`); longer means give up. */
  maxWaitMs: number;
  /** Time allowed for one request, response body included. */
  timeoutMs: number;
}

export const DEFAULT_POLICY: Readonly<RetryPolicy> = Object.freeze({ retries: 3, baseDelayMs: 1000, maxWaitMs: 60_000, timeoutMs: 30_000 });

/** Why one attempt failed. */
export type Failure =
  | { kind: "timeout" }
  | { kind: "network"; message: string }
  | { kind: "server"; status: number; retryAfterMs?: number }
  | { kind: "rate-limit"; status: number; waitMs: number; resetAt?: number }
  | { kind: "http"; status: number; message: string }
  | { kind: "malformed"; message: string };

/** What to do after a failed attempt. */
export type Decision = { retryInMs: number } | { giveUp: string };

/** Response headers as Octokit reports them (lower-case names). */
export type Headers = Record<string, string | number | undefined>;

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return value === undefined ? undefined : String(value);
}

/** Milliseconds from `retry-after` (seconds or an HTTP date), if present and valid. */
function retryAfterMs(headers: Headers, now: number): number | undefined {
  const value = header(headers, "retry-after");
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Classifies an HTTP failure. A 403 or 429 is a rate limit when it carries
 * `retry-after` or says no requests remain (`x-ratelimit-remaining: 0`); the
 * wait is the `retry-after`, else the time until `x-ratelimit-reset` (epoch
 * seconds). Other 403s are plain refusals.
 */
export function classifyStatus(status: number, headers: Headers, message: string, now: number): Failure {
  const after = retryAfterMs(headers, now);
  if (status === 403 || status === 429) {
    const remaining = header(headers, "x-ratelimit-remaining");
    const reset = Number(header(headers, "x-ratelimit-reset"));
    const resetAt = Number.isFinite(reset) && reset > 0 ? reset * 1000 : undefined;
    if (after !== undefined) return { kind: "rate-limit", status, waitMs: after, resetAt: resetAt ?? now + after };
    if (remaining === "0" || status === 429) {
      // One extra second covers the reset's rounding to whole seconds.
      const waitMs = resetAt !== undefined ? Math.max(0, resetAt - now) + 1000 : 60_000;
      return { kind: "rate-limit", status, waitMs, resetAt };
    }
  }
  if (status >= 500) return after === undefined ? { kind: "server", status } : { kind: "server", status, retryAfterMs: after };
  return { kind: "http", status, message };
}

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

/** One line saying what went wrong, for progress output and the summary. */
export function describeFailure(failure: Failure, policy: RetryPolicy): string {
  switch (failure.kind) {
    case "timeout":
      return `no complete response within ${seconds(policy.timeoutMs)}`;
    case "network":
      return `network error: ${failure.message}`;
    case "server":
      return `server error (HTTP ${failure.status})`;
    case "rate-limit":
      return `rate limited (HTTP ${failure.status})${failure.resetAt ? `, the limit resets at ${new Date(failure.resetAt).toISOString()}` : ""}`;
    case "http":
      return failure.status === 404 ? "not found (HTTP 404)" : `HTTP ${failure.status}${failure.message ? `: ${failure.message}` : ""}`;
    case "malformed":
      return `malformed response: ${failure.message}`;
  }
}

/**
 * Decides after attempt number `attempt` (0 for the first) failed: server
 * errors, network errors and timeouts back off exponentially (a server's
 * `retry-after` is honoured when longer); rate limits wait for the reset if
 * that is within `maxWaitMs`. Everything else, and running out of retries,
 * gives up with the reason.
 */
export function decide(failure: Failure, attempt: number, policy: RetryPolicy): Decision {
  const reason = describeFailure(failure, policy);
  const tries = attempt + 1;
  const exhausted = () => ({ giveUp: `${reason}, ${tries} attempt${tries === 1 ? "" : "s"}` });
  switch (failure.kind) {
    case "http":
    case "malformed":
      return { giveUp: reason };
    case "rate-limit":
      if (failure.waitMs > policy.maxWaitMs) {
        return { giveUp: `${reason}; waiting ${seconds(failure.waitMs)} is beyond the ${seconds(policy.maxWaitMs)} bound (a GITHUB_TOKEN raises the limit)` };
      }
      return attempt < policy.retries ? { retryInMs: failure.waitMs } : exhausted();
    case "server":
    case "network":
    case "timeout": {
      if (attempt >= policy.retries) return exhausted();
      const backoff = policy.baseDelayMs * 2 ** attempt;
      const wait = failure.kind === "server" && failure.retryAfterMs !== undefined ? Math.max(backoff, failure.retryAfterMs) : backoff;
      if (wait > policy.maxWaitMs) return { giveUp: `${reason}; the server asks to wait ${seconds(wait)}, beyond the ${seconds(policy.maxWaitMs)} bound` };
      return { retryInMs: wait };
    }
  }
}
