import type http from "node:http";
import { DEV_FLAG, SERVICE_WORKER_FLAG } from "../shared/constants.ts";

/** The path of the live-reload event stream. */
export const EVENTS_PATH = "/__docs-build/events";

/**
 * The script added to every served HTML page: marks the page as served by
 * the dev server (so no service worker is registered), reloads on a
 * `reload` event that lists the page's own file among the changed output
 * paths (or lists none: everything changed, or while a build-error banner
 * shows), and shows build errors in a banner. A page an edit left unchanged
 * is not reloaded, and an edited page written ahead of the whole-site build
 * reloads once, not again when that build finds it unchanged.
 */
export const LIVE_RELOAD_SCRIPT = `<script>window.${DEV_FLAG}=true;(function(){var s=new EventSource(${JSON.stringify(EVENTS_PATH)});s.addEventListener("reload",function(e){var p=(JSON.parse(e.data)||{}).paths,f=decodeURIComponent(location.pathname.slice(1));if(f===""||f.slice(-1)==="/")f+="index.html";if(!p||p.indexOf(f)!==-1||document.getElementById("docs-build-error"))location.reload()});s.addEventListener("build-error",function(e){var b=document.getElementById("docs-build-error")||document.body.appendChild(Object.assign(document.createElement("pre"),{id:"docs-build-error"}));b.style.cssText="position:fixed;left:0;right:0;bottom:0;margin:0;max-height:50vh;overflow:auto;padding:1rem;background:#3b0d0d;color:#ffd7d7;z-index:99;white-space:pre-wrap";b.textContent=JSON.parse(e.data)})})();</script>`;

/** Adds the live-reload script before `</body>`; with `serviceWorker` the page may register the worker too. */
export function injectLiveReload(html: string, options: { serviceWorker?: boolean } = {}): string {
  const script = options.serviceWorker ? `<script>window.${SERVICE_WORKER_FLAG}=true</script>${LIVE_RELOAD_SCRIPT}` : LIVE_RELOAD_SCRIPT;
  const at = html.lastIndexOf("</body>");
  return at === -1 ? html + script : html.slice(0, at) + script + html.slice(at);
}

/** Keeps the open event streams and sends events to all of them. */
export function createLiveReload() {
  const clients = new Set<http.ServerResponse>();
  return {
    /** Answers requests for the event stream; returns true when it did. */
    handle(req: http.IncomingMessage, res: http.ServerResponse): boolean {
      // Only GET opens a stream; other methods fall through to the 405 of the static server.
      if (req.url !== EVENTS_PATH || req.method !== "GET") return false;
      res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
      res.write(": connected\n\n");
      clients.add(res);
      req.on("close", () => clients.delete(res));
      return true;
    },
    /** Sends one event with JSON data to every open page. */
    send(event: string, data: unknown = null): void {
      for (const res of clients) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    /** Ends every stream (on shutdown). */
    close(): void {
      for (const res of clients) res.end();
      clients.clear();
    },
  };
}
