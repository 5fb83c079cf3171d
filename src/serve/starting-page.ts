/**
 * What the dev server answers before the first build of its session is
 * written: every path would otherwise be a 404 or a page of an older build,
 * so it says 503 and what it is doing instead.
 */
import type http from "node:http";
import { escapeXml } from "../shared/text.ts";
import { EVENTS_PATH } from "./live-reload.ts";

/** What the starting page says: still building, or the errors of the last failed build. */
export interface StartingPageOptions {
  /** The failed build's errors as the terminal showed them; absent while the first build runs. */
  errors?: string;
}

// Reloading on either event covers both ways out: a successful build (the
// real page) and another failed one (its new errors).
const RELOAD_SCRIPT = `<script>(function(){var s=new EventSource(${JSON.stringify(EVENTS_PATH)});function r(){s.close();location.reload()}s.addEventListener("reload",r);s.addEventListener("build-error",r)})();</script>`;

const STYLE = `<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:3rem auto;padding:0 1rem;color:#2b3a42}h1{font-size:1.5rem}pre{overflow:auto;padding:1rem;background:#3b0d0d;color:#ffd7d7;white-space:pre-wrap}</style>`;

/**
 * The self-contained HTML page served while the site is starting. While the
 * first build runs it refreshes every second (and at once on the live-reload
 * `reload` event); after a failed build it shows the errors, escaped in a
 * `<pre>`, and reloads only on the next build's event, so it does not flicker
 * while someone reads them.
 */
export function startingPage(options: StartingPageOptions = {}): string {
  const { errors } = options;
  const title = errors === undefined ? "Building…" : "Build failed";
  const body =
    errors === undefined
      ? `<h1>Building the site…</h1><p>docs-build is building the site for the first time. This page reloads by itself when it is ready.</p>`
      : `<h1>The site could not be built</h1><p>docs-build will serve it once it builds: fix the errors below and save, and this page reloads by itself.</p><pre>${escapeXml(errors)}</pre>`;
  const refresh = errors === undefined ? `<meta http-equiv="refresh" content="1">` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">${refresh}<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>${STYLE}</head><body>${body}${RELOAD_SCRIPT}</body></html>`;
}

/** Answers one request with the starting page: 503, retry in a second, never cached; HEAD gets the headers only. */
export function sendStartingPage(req: http.IncomingMessage, res: http.ServerResponse, page: string): void {
  res.writeHead(503, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(page),
    "Retry-After": "1",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  res.end(req.method === "HEAD" ? undefined : page);
}
