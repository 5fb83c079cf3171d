import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { TOOL_DIR } from "./temp-site.ts";

/**
 * A stand-in for the code host's REST API on 127.0.0.1: the endpoints docs-build
 * calls, with the headers the real host sends (ETag and conditional 304s,
 * rate-limit headers, pagination `Link`), and scripted faults for tests.
 */

/** One repository the server knows. */
export interface FakeRepo {
  fullName: string;
  defaultBranch: string;
  htmlUrl: string;
  readme: string;
}

/** One commit in a repository's history. */
export interface FakeCommit {
  sha: string;
  /** Repository-relative paths the commit touched. */
  paths: string[];
  /** The author's handle, or null for a commit by an unknown e-mail address. */
  login: string | null;
  name: string;
}

/** A response served instead of the normal one, once, for a matching request. */
interface Fault {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Wait this long before answering at all. */
  delayMs?: number;
}

/** What the server saw of one request. */
interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  /** Bytes of response body sent. */
  bytes: number;
  ifNoneMatch?: string;
  authorization?: string;
}

export interface FakeCodeHostOptions {
  repos?: FakeRepo[];
  /** Existing accounts by handle, with their display names. */
  users?: Record<string, { name?: string }>;
  /** Commit history by repository (`owner/name`), newest first. */
  commits?: Record<string, FakeCommit[]>;
  /** Requests allowed per window; default 60, like the anonymous limit. */
  rateLimit?: number;
}

export interface FakeCodeHost {
  /** The API root to pass as `GITHUB_API_URL`. */
  url: string;
  requests: LoggedRequest[];
  /** README bodies (raw or JSON) sent with status 200. */
  readmeBodies(): number;
  /** Queues `faults` for requests whose path (without query) matches, served in order. */
  fault(match: string | RegExp, ...faults: Fault[]): void;
  /** Sets how many requests remain in the window and when (epoch seconds) it resets. */
  setRateLimit(remaining: number, resetAt: number): void;
  close(): Promise<void>;
}

const JSON_TYPE = "application/json; charset=utf-8";

function etagOf(body: string): string {
  return `W/"${createHash("sha1").update(body).digest("hex")}"`;
}

/** Loads `<owner>/<repo>/{repo.json,README.md}` folders (the corpus layout) under `dir`. */
function loadRepos(dir: string): FakeRepo[] {
  const repos: FakeRepo[] = [];
  for (const owner of fs.readdirSync(dir).sort()) {
    const ownerDir = path.join(dir, owner);
    if (!fs.statSync(ownerDir).isDirectory()) continue;
    for (const name of fs.readdirSync(ownerDir).sort()) {
      const repoDir = path.join(ownerDir, name);
      const meta = JSON.parse(fs.readFileSync(path.join(repoDir, "repo.json"), "utf8")) as { full_name: string; default_branch: string; html_url: string };
      repos.push({
        fullName: meta.full_name,
        defaultBranch: meta.default_branch,
        htmlUrl: meta.html_url,
        readme: fs.readFileSync(path.join(repoDir, "README.md"), "utf8"),
      });
    }
  }
  return repos;
}

/** The project's own small code-host fixtures (`fixtures/code-host/repos`). */
export function ownRepos(): FakeRepo[] {
  return loadRepos(path.join(TOOL_DIR, "fixtures", "code-host", "repos"));
}

/** The corpus READMEs, or undefined when `../shared` is absent. */
export function corpusRepos(): FakeRepo[] | undefined {
  const dir = path.resolve(TOOL_DIR, "..", "shared", "corpus", "readmes");
  return fs.existsSync(dir) ? loadRepos(dir) : undefined;
}

/** Starts the fake code host on a random port of 127.0.0.1. */
export async function startCodeHost(options: FakeCodeHostOptions = {}): Promise<FakeCodeHost> {
  const repos = new Map((options.repos ?? []).map((repo) => [repo.fullName.toLowerCase(), repo]));
  const users = new Map(Object.entries(options.users ?? {}).map(([handle, info]) => [handle.toLowerCase(), { login: handle, ...info }]));
  const limit = options.rateLimit ?? 60;
  let remaining = limit;
  let resetAt = Math.ceil(Date.now() / 1000) + 3600;
  const faults: { match: string | RegExp; queue: Fault[] }[] = [];
  const requests: LoggedRequest[] = [];
  let readmeBodies = 0;
  let origin = "";

  function takeFault(pathname: string): Fault | undefined {
    for (const entry of faults) {
      const hit = typeof entry.match === "string" ? entry.match === pathname : entry.match.test(pathname);
      if (hit && entry.queue.length) return entry.queue.shift();
    }
    return undefined;
  }

  function rateHeaders(): Record<string, string> {
    return {
      "x-ratelimit-limit": String(limit),
      "x-ratelimit-remaining": String(remaining),
      "x-ratelimit-reset": String(resetAt),
      "x-ratelimit-used": String(limit - remaining),
      "x-ratelimit-resource": "core",
    };
  }

  const notFound = () => ({
    status: 404,
    type: JSON_TYPE,
    body: JSON.stringify({ message: "Not Found", documentation_url: "https://docs.github.com/rest", status: "404" }),
  });

  /** The normal answer to a request, before conditional and rate-limit handling. */
  function route(url: URL, accept: string): { status: number; type: string; body: string; headers?: Record<string, string> } {
    const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    if (parts[0] === "users" && parts.length === 2) {
      const user = users.get(parts[1].toLowerCase());
      if (!user) return notFound();
      return {
        status: 200,
        type: JSON_TYPE,
        body: JSON.stringify({
          login: user.login,
          id: 1000 + user.login.length,
          type: "User",
          name: user.name ?? null,
          avatar_url: `${origin}/avatars/${user.login}`,
          html_url: `https://github.com/${user.login}`,
        }),
      };
    }
    if (parts[0] !== "repos" || parts.length < 3) return notFound();
    const fullName = `${parts[1]}/${parts[2]}`;
    const repo = repos.get(fullName.toLowerCase());
    if (parts.length === 3) {
      if (!repo) return notFound();
      const [owner] = repo.fullName.split("/");
      return {
        status: 200,
        type: JSON_TYPE,
        body: JSON.stringify({
          id: repo.fullName.length,
          name: repo.fullName.split("/")[1],
          full_name: repo.fullName,
          owner: { login: owner },
          html_url: repo.htmlUrl,
          default_branch: repo.defaultBranch,
          private: false,
        }),
      };
    }
    if (parts.length === 4 && parts[3] === "readme") {
      if (!repo) return notFound();
      if (/\.raw\b|vnd\.github\.raw/.test(accept)) return { status: 200, type: "text/plain; charset=utf-8", body: repo.readme };
      return {
        status: 200,
        type: JSON_TYPE,
        body: JSON.stringify({
          name: "README.md",
          path: "README.md",
          encoding: "base64",
          content: Buffer.from(repo.readme).toString("base64"),
          download_url: `https://raw.githubusercontent.com/${repo.fullName}/${repo.defaultBranch}/README.md`,
        }),
      };
    }
    if (parts.length === 4 && parts[3] === "commits") {
      const history = options.commits?.[fullName] ?? (repo ? [] : undefined);
      if (!history) return notFound();
      const wanted = url.searchParams.get("path");
      const matching = wanted ? history.filter((c) => c.paths.includes(wanted)) : history;
      const perPage = Math.min(100, Number(url.searchParams.get("per_page") ?? 30) || 30);
      const page = Math.max(1, Number(url.searchParams.get("page") ?? 1) || 1);
      const last = Math.max(1, Math.ceil(matching.length / perPage));
      const slice = matching.slice((page - 1) * perPage, page * perPage);
      const pageUrl = (n: number) => {
        const next = new URL(url.pathname + url.search, origin);
        next.searchParams.set("page", String(n));
        return `<${next.href}>`;
      };
      const links = [
        page < last ? `${pageUrl(page + 1)}; rel="next"` : "",
        page < last ? `${pageUrl(last)}; rel="last"` : "",
        page > 1 ? `${pageUrl(1)}; rel="first"` : "",
        page > 1 ? `${pageUrl(page - 1)}; rel="prev"` : "",
      ].filter(Boolean);
      const body = JSON.stringify(
        slice.map((c) => ({
          sha: c.sha,
          commit: { author: { name: c.name, email: `${c.name.replace(/\W+/g, ".")}@example.com` }, message: `change ${c.sha}` },
          author: c.login ? { login: c.login, type: "User" } : null,
        })),
      );
      return { status: 200, type: JSON_TYPE, body, headers: links.length ? { link: links.join(", ") } : {} };
    }
    return notFound();
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", origin);
    const log: LoggedRequest = {
      method: req.method ?? "GET",
      path: url.pathname + url.search,
      status: 0,
      bytes: 0,
      ifNoneMatch: req.headers["if-none-match"],
      authorization: req.headers.authorization,
    };
    requests.push(log);
    const send = (status: number, headers: Record<string, string>, body: string) => {
      log.status = status;
      log.bytes = status === 304 ? 0 : Buffer.byteLength(body);
      if (status === 200 && /\/readme$/.test(url.pathname)) readmeBodies++;
      res.writeHead(status, { "x-github-api-version-selected": "2022-11-28", ...headers });
      res.end(status === 304 || req.method === "HEAD" ? undefined : body);
    };
    const answer = () => {
      if (Date.now() / 1000 >= resetAt) {
        remaining = limit;
        resetAt = Math.ceil(Date.now() / 1000) + 3600;
      }
      const fault = takeFault(url.pathname);
      if (fault && (fault.status !== undefined || fault.body !== undefined)) {
        send(
          fault.status ?? 200,
          { "content-type": JSON_TYPE, ...rateHeaders(), ...fault.headers },
          fault.body ?? JSON.stringify({ message: http.STATUS_CODES[fault.status ?? 200] ?? "" }),
        );
        return;
      }
      if (req.method !== "GET" && req.method !== "HEAD") {
        send(405, { "content-type": JSON_TYPE }, JSON.stringify({ message: "Method Not Allowed" }));
        return;
      }
      if (remaining <= 0) {
        send(
          403,
          { "content-type": JSON_TYPE, ...rateHeaders() },
          JSON.stringify({ message: "API rate limit exceeded for 127.0.0.1.", documentation_url: "https://docs.github.com/rest/rate-limit" }),
        );
        return;
      }
      const result = route(url, String(req.headers.accept ?? ""));
      const etag = etagOf(result.body);
      const headers: Record<string, string> = { "content-type": result.type, ...result.headers };
      if (result.status === 200) {
        headers.etag = etag;
        headers["cache-control"] = "private, max-age=60, s-maxage=60";
        headers.vary = "Accept, Authorization, Cookie, X-GitHub-OTP";
        // A conditional request that matches costs nothing, as on the real host.
        if (req.headers["if-none-match"] === etag) {
          send(304, { ...headers, ...rateHeaders() }, "");
          return;
        }
      }
      remaining--;
      send(result.status, { ...headers, ...rateHeaders() }, result.body);
    };
    const delay = peekDelay(url.pathname);
    if (delay) setTimeout(answer, delay);
    else answer();
  });

  /** A delay-only fault is consumed here; a fault with a status waits in the queue for `answer`. */
  function peekDelay(pathname: string): number {
    for (const entry of faults) {
      const hit = typeof entry.match === "string" ? entry.match === pathname : entry.match.test(pathname);
      if (hit && entry.queue.length && entry.queue[0].delayMs) {
        const next = entry.queue[0];
        if (next.status === undefined && next.body === undefined) entry.queue.shift();
        return next.delayMs!;
      }
    }
    return 0;
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    requests,
    readmeBodies: () => readmeBodies,
    fault: (match, ...queue) => void faults.push({ match, queue }),
    setRateLimit(next, reset) {
      remaining = next;
      resetAt = reset;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
