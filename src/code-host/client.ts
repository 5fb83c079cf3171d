import { Octokit } from "@octokit/rest";
import { formatDuration } from "../logger.ts";
import { classifyStatus, decide, DEFAULT_POLICY, describeFailure, type Failure, type RetryPolicy } from "./policy.ts";

/** How to reach the code host. */
export interface CodeHostOptions {
  /** API root; default `GITHUB_API_URL`, else the public API. */
  baseUrl?: string;
  /** Token; default `GITHUB_TOKEN`. Without one the host's low anonymous rate limit applies. */
  token?: string;
  policy?: Partial<RetryPolicy>;
  /** Told about every wait before a retry, for progress output. */
  onRetry?: (event: RetryEvent) => void;
  /** Waits; replaceable in tests. */
  sleep?: (ms: number) => Promise<void>;
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

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Creates the Octokit client every code-host command uses. Each request
 * (paginated ones included) runs under the retry policy: exponential backoff
 * on 5xx, network errors and timeouts, a bounded wait on rate limits. A 304
 * (conditional request, nothing changed) passes straight through as Octokit's
 * RequestError; a request given up on throws `CodeHostError`.
 */
export function createCodeHost(options: CodeHostOptions = {}): Octokit {
  const policy: RetryPolicy = { ...DEFAULT_POLICY, ...options.policy };
  const sleep = options.sleep ?? defaultSleep;
  const quiet = () => {};
  const octokit = new Octokit({
    baseUrl: (options.baseUrl ?? process.env.GITHUB_API_URL ?? "https://api.github.com").replace(/\/+$/, ""),
    auth: (options.token ?? process.env.GITHUB_TOKEN) || undefined,
    userAgent: "docs-build",
    request: { fetch: timedFetch(policy.timeoutMs) },
    log: { debug: quiet, info: quiet, warn: quiet, error: quiet },
  });
  octokit.hook.wrap("request", async (request, endpoint) => {
    const label = `${endpoint.method} ${String(endpoint.url).replace(/\{(\w+)\}/g, (_m, key: string) => String((endpoint as Record<string, unknown>)[key] ?? `{${key}}`))}`;
    for (let attempt = 0; ; attempt++) {
      try {
        return await request(endpoint);
      } catch (error) {
        if ((error as OctokitError).status === 304) throw error;
        const failure = toFailure(error, Date.now());
        const decision = decide(failure, attempt, policy);
        if ("giveUp" in decision) throw new CodeHostError(label, decision.giveUp, failure, { cause: error });
        options.onRetry?.({ request: label, failure, reason: describeFailure(failure, policy), attempt: attempt + 1, waitMs: decision.retryInMs });
        await sleep(decision.retryInMs);
      }
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

/** Reads a response header Octokit returned. */
export function responseHeader(headers: Record<string, string | number | undefined>, name: string): string | undefined {
  const value = headers[name];
  return value === undefined ? undefined : String(value);
}
