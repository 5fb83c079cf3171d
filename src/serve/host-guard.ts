import type http from "node:http";

/** The names every dev server answers to: the loopback addresses and `localhost` (with its subdomains, which resolve to loopback too). */
const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];

/**
 * The host name a `Host` header or an `Origin` names, lowercased, without its
 * port (`[::1]:8080` → `[::1]`, `http://Docs.Test:80` → `docs.test`);
 * undefined when there is none or it cannot be read.
 */
export function hostName(value: string | undefined, origin = false): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(origin ? value : `http://${value}`).hostname.toLowerCase() || undefined;
  } catch {
    return undefined;
  }
}

/** The names a dev server answers to: loopback, the address it listens on, and the names it was given. */
export function allowedHosts(listening: string, extra: readonly string[] = []): Set<string> {
  const names = [...LOOPBACK, listening, ...extra].map((name) => hostName(name.includes(":") && !name.startsWith("[") ? `[${name}]` : name) ?? name);
  return new Set(names.map((name) => name.toLowerCase()));
}

const isAllowed = (name: string | undefined, allowed: ReadonlySet<string>) => name !== undefined && (allowed.has(name) || name.endsWith(".localhost"));

/**
 * Refuses a request that does not name this server (403, with a one-line
 * reason), so a web page the developer visits cannot reach it through a DNS
 * name it points at 127.0.0.1 (DNS rebinding): its `Host` must be one of
 * `allowed`, and so must the host of its `Origin` when it has one (browsers
 * send it with cross-origin requests, the event stream's among them).
 * Returns true when it answered.
 */
export function refuseForeignHost(req: http.IncomingMessage, res: http.ServerResponse, allowed: ReadonlySet<string>): boolean {
  const host = hostName(req.headers.host);
  const origin = req.headers.origin;
  let reason: string | undefined;
  if (!isAllowed(host, allowed)) reason = `Host ${JSON.stringify(req.headers.host ?? "")}`;
  else if (origin !== undefined && !isAllowed(hostName(origin, true), allowed)) reason = `Origin ${JSON.stringify(origin)}`;
  if (reason === undefined) return false;
  const names = [...allowed].join(", ");
  res
    .writeHead(403, { "Content-Type": "text/plain; charset=utf-8" })
    .end(
      `Blocked: this dev server answers only requests for ${names} (got ${reason}). Add the name with --allowed-hosts or serve.allowedHosts in the config.\n`,
    );
  return true;
}
