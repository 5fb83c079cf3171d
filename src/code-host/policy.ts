/**
 * How code-host failures are named and when one is given up (pure). The
 * retrying itself is done by `@octokit/plugin-retry` (server errors, network
 * errors, timeouts) and `@octokit/plugin-throttling` (rate limits), set up in
 * `client.ts`; nothing here touches the network or the clock.
 */

/** How hard the client tries before it gives up on a request. */
export interface RetryPolicy {
  /** Tries after the first one, for server errors, network errors, timeouts and rate limits. */
  retries: number;
  /** First backoff delay for server errors, network errors and timeouts; the n-th waits n² times as long (plugin-retry's schedule). */
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
  | { kind: "server"; status: number }
  | { kind: "rate-limit"; status: number; waitMs: number; resetAt?: number }
  | { kind: "http"; status: number; message: string }
  | { kind: "malformed"; message: string };

/** Response headers as Octokit reports them (lower-case names). */
export type Headers = Record<string, string | number | undefined>;

/** The wait the host's own fallback stands for when a secondary limit names none (plugin-throttling's default). */
const SECONDARY_FALLBACK_MS = 60_000;

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
 * Classifies an HTTP failure the way the throttling plugin tells rate limits
 * apart: a 403 or 429 is a primary rate limit when no requests remain
 * (`x-ratelimit-remaining: 0`; the wait runs to `x-ratelimit-reset`, epoch
 * seconds, plus one), and a secondary one when its message says "secondary
 * rate" (the wait is the `retry-after`, else a minute). Other 403s and 429s
 * are plain refusals.
 */
export function classifyStatus(status: number, headers: Headers, message: string, now: number): Failure {
  if (status === 403 || status === 429) {
    if (/\bsecondary rate\b/i.test(message)) {
      const waitMs = retryAfterMs(headers, now) ?? SECONDARY_FALLBACK_MS;
      return { kind: "rate-limit", status, waitMs, resetAt: now + waitMs };
    }
    if (header(headers, "x-ratelimit-remaining") === "0") {
      const reset = Number(header(headers, "x-ratelimit-reset"));
      const resetAt = Number.isFinite(reset) && reset > 0 ? reset * 1000 : undefined;
      // One extra second covers the reset's rounding to whole seconds.
      const waitMs = resetAt !== undefined ? Math.max(0, Math.ceil((resetAt - now) / 1000) + 1) * 1000 : SECONDARY_FALLBACK_MS;
      return { kind: "rate-limit", status, waitMs, resetAt };
    }
  }
  if (status >= 500) return { kind: "server", status };
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

/** True when waiting out this rate limit is within the policy's bound. */
export function withinWaitBound(waitMs: number, policy: RetryPolicy): boolean {
  return waitMs <= policy.maxWaitMs;
}

/**
 * Why a request was given up after `attempts` tries, in one line: refusals
 * and malformed responses say only what happened; a rate limit too far off
 * says so with the bound; anything else says how often it was tried.
 */
export function giveUpReason(failure: Failure, attempts: number, policy: RetryPolicy): string {
  const reason = describeFailure(failure, policy);
  if (failure.kind === "http" || failure.kind === "malformed") return reason;
  if (failure.kind === "rate-limit" && !withinWaitBound(failure.waitMs, policy)) {
    return `${reason}; waiting ${seconds(failure.waitMs)} is beyond the ${seconds(policy.maxWaitMs)} bound (a GITHUB_TOKEN raises the limit)`;
  }
  return `${reason}, ${attempts} attempt${attempts === 1 ? "" : "s"}`;
}
