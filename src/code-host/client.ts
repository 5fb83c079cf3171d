import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import { Octokit } from "@octokit/rest";
import { formatDuration } from "../report/logger.ts";
import { classifyStatus, DEFAULT_POLICY, describeFailure, giveUpReason, withinWaitBound, type Failure, type RetryPolicy } from "./policy.ts";

/** How to reach the code host. */
export interface CodeHostOptions {
  /** API root; default `GITHUB_API_URL`, else the public API. */
  baseUrl?: string;
  /** Token; default `GITHUB_TOKEN`. Without one the host's low anonymous rate limit applies. */
  token?: string;
  policy?: Partial<RetryPolicy>;
  /** Told about every wait before a retry, for progress output. */
  onRetry?: (event: RetryEvent) => void;
  /**
   * Multiplies the waits the host asks for (rate-limit resets, `retry-after`)
   * without changing how they are judged against `maxWaitMs`; tests pass a
   * small fraction so a reset a second away is waited out in milliseconds.
   * Default 1.
   */
  waitScale?: number;
}

/** A failed attempt that will be tried again. */
export interface RetryEvent {
  /** `GET /repos/webpack/css-loader`. */
  request: string;
  failure: Failure;
  /** The failure in one line, worded for the policy in force. */
  reason: string;
  /** The attempt that failed, from 1. */
  attempt: number;
  waitMs: number;
}

/** A request the client gave up on; `reason` says why in one line. */
export class CodeHostError extends Error {
  override name = "CodeHostError";
  constructor(
    readonly request: string,
    readonly reason: string,
    readonly failure: Failure,
    options?: { cause?: unknown },
  ) {
    super(`${request}: ${reason}`, options);
  }

  /** The HTTP status, when the host answered. */
  get status(): number | undefined {
    return "status" in this.failure ? this.failure.status : undefined;
  }
}

/** Thrown by the timed fetch when the whole response did not arrive in time. */
class RequestTimeout extends Error {
  override name = "RequestTimeout";
}

/** Statuses whose responses carry no body (`new Response` refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * A fetch that reads the whole body under one deadline, so a server that
 * stalls halfway through a body times out like one that never answers.
 */
function timedFetch(timeoutMs: number): typeof fetch {
  return async (input, init) => {
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    try {
      const response = await fetch(input, { ...init, signal });
      const body = NULL_BODY.has(response.status) ? null : await response.arrayBuffer();
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    } catch (error) {
      if (deadline.aborted) throw new RequestTimeout(`no complete response within ${timeoutMs} ms`);
      throw error;
    }
  };
}

interface OctokitError {
  status?: number;
  message?: string;
  cause?: unknown;
  response?: { headers?: Record<string, string | number | undefined> };
}

/** Turns whatever a request threw into a `Failure`. */
function toFailure(error: unknown, now: number): Failure {
  const e = error as OctokitError;
  if (e.cause instanceof RequestTimeout || error instanceof RequestTimeout) return { kind: "timeout" };
  if (!e.response) return { kind: "network", message: e.message ?? String(error) };
  return classifyStatus(e.status ?? 0, e.response.headers ?? {}, e.message ?? "", now);
}

/**
 * Statuses plugin-retry leaves alone: client errors are the caller's to fix,
 * and rate limits (403, 429) are plugin-throttling's. What it retries is then
 * exactly the 5xx answers, network errors and timeouts (Octokit reports the
 * last two as status 500).
 */
const NOT_RETRIED = Array.from({ length: 100 }, (_, i) => 400 + i);

/** What the client saw of one request's failed attempts (keyed by the request's options object). */
interface Attempts {
  failed: number;
  last?: unknown;
}

/** `GET /repos/webpack/css-loader`: the request's route with its parameters filled in. */
function requestLabel(endpoint: { method?: string; url?: string }): string {
  return `${endpoint.method} ${String(endpoint.url).replace(/\{(\w+)\}/g, (_m, key: string) => String((endpoint as Record<string, unknown>)[key] ?? `{${key}}`))}`;
}

/**
 * Creates the Octokit client every code-host command uses, with
 * `@octokit/plugin-retry` (server errors, network errors and timeouts, backed
 * off on its schedule from `baseDelayMs`) and `@octokit/plugin-throttling`
 * (primary and secondary rate limits, waited out when the wait is within
 * `maxWaitMs`). Every retry is told to `onRetry`; a request given up on
 * throws `CodeHostError`. A 304 (conditional request, nothing changed)
 * passes straight through as Octokit's RequestError.
 */
export function createCodeHost(options: CodeHostOptions = {}): Octokit {
  const policy: RetryPolicy = { ...DEFAULT_POLICY, ...options.policy };
  const scale = options.waitScale ?? 1;
  const attempts = new WeakMap<object, Attempts>();
  const quiet = () => {};

  /** Innermost hook: counts each attempt's failure, and tells `onRetry` about the ones plugin-retry will try again. */
  const watchAttempts = (octokit: Pick<Octokit, "hook">) => {
    octokit.hook.error("request", (error, endpoint) => {
      const seen = attempts.get(endpoint) ?? { failed: 0 };
      attempts.set(endpoint, { failed: seen.failed + 1, last: error });
      const failure = toFailure(error, Date.now());
      // plugin-retry's own rule and schedule: the n-th retry (from 0) waits (n + 1)² base delays.
      const retried = endpoint.request.retryCount ?? 0;
      if ((failure.kind === "server" || failure.kind === "network" || failure.kind === "timeout") && "request" in error && retried < policy.retries) {
        report(endpoint, failure, seen.failed + 1, policy.baseDelayMs * (retried + 1) ** 2);
      }
      throw error;
    });
  };

  const report = (endpoint: object, failure: Failure, attempt: number, waitMs: number) =>
    options.onRetry?.({
      request: requestLabel(endpoint as { method?: string; url?: string }),
      failure,
      reason: describeFailure(failure, policy),
      attempt,
      waitMs,
    });

  /** plugin-throttling's verdict on a rate limit: wait when the reset is within the bound and retries remain. */
  const onLimit = (retryAfter: number, endpoint: object, _octokit: unknown, retryCount: number): boolean => {
    if (!withinWaitBound(retryAfter * 1000, policy) || retryCount >= policy.retries) return false;
    const seen = attempts.get(endpoint);
    report(endpoint, toFailure(seen?.last, Date.now()), seen?.failed ?? 1, retryAfter * 1000 * scale);
    return true;
  };

  const CodeHost = Octokit.plugin(watchAttempts, retry, throttling);
  const octokit = new CodeHost({
    baseUrl: (options.baseUrl ?? process.env.GITHUB_API_URL ?? "https://api.github.com").replace(/\/+$/, ""),
    auth: (options.token ?? process.env.GITHUB_TOKEN) || undefined,
    userAgent: "docs-build",
    request: { fetch: timedFetch(policy.timeoutMs) },
    log: { debug: quiet, info: quiet, warn: quiet, error: quiet },
    retry: { retries: policy.retries, retryAfterBaseValue: policy.baseDelayMs, doNotRetry: NOT_RETRIED },
    throttle: { onRateLimit: onLimit, onSecondaryRateLimit: onLimit, retryAfterBaseValue: 1000 * scale },
  });
  // Outermost hook: whatever the plugins gave up on becomes one CodeHostError with its reason.
  octokit.hook.wrap("request", async (request, endpoint) => {
    try {
      return await request(endpoint);
    } catch (error) {
      if (isNotModified(error)) throw error;
      const failure = toFailure(error, Date.now());
      throw new CodeHostError(requestLabel(endpoint), giveUpReason(failure, attempts.get(endpoint)?.failed ?? 1, policy), failure, { cause: error });
    }
  });
  return octokit;
}

/** The progress line every code-host command prints for a retry. */
export function retryLine(event: RetryEvent): string {
  return `        ↻ ${event.request}: ${event.reason}; trying again in ${formatDuration(event.waitMs)} (attempt ${event.attempt + 1})`;
}

/** True when a request failed only because nothing changed since the ETag sent. */
export function isNotModified(error: unknown): boolean {
  return (error as OctokitError | undefined)?.status === 304;
}
