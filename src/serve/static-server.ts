import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { contentType, resolveRequest } from "./resolve-request.ts";

/** Options of the static server. */
export interface StaticServerOptions {
  /** Folder served; nothing outside it is ever read. */
  root: string;
  /** Extra handler tried first (live reload events); returns true when it answered. */
  extra?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
  /** Rewrites HTML before it is sent (live reload script). */
  transformHtml?: (html: string) => string;
}

/** Resolves symlinks and checks the real file still lies under the real root. */
async function realFileUnder(root: string, file: string): Promise<string | undefined> {
  try {
    // The root is resolved first and the file looked up under that real root: the output may be a symlink that a
    // build swaps at any moment, and resolving both at once could pair the old root with the new file.
    const realRoot = await fs.realpath(root);
    const realFile = await fs.realpath(path.join(realRoot, path.relative(root, file)));
    if (!realFile.startsWith(realRoot + path.sep)) return undefined;
    return (await fs.stat(realFile)).isFile() ? realFile : undefined;
  } catch {
    return undefined;
  }
}

async function isDirectory(file: string): Promise<boolean> {
  return (await fs.stat(file).catch(() => undefined))?.isDirectory() ?? false;
}

/** Types worth compressing: text of any kind, JSON, JavaScript, SVG, XML. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json|xml|rss\+xml|atom\+xml)|image\/svg\+xml)/;

/** Compressed files by path, kept while their size and modification time stay the same. */
const gzipCache = new Map<string, { key: string; body: Buffer }>();

/** The file gzipped (level 6, like common static hosts), from the cache when unchanged. */
async function gzipped(file: string, stat: { size: number; mtimeMs: number }): Promise<Buffer> {
  const key = `${stat.size}:${stat.mtimeMs}`;
  const hit = gzipCache.get(file);
  if (hit?.key === key) return hit.body;
  const body = gzipSync(await fs.readFile(file));
  gzipCache.set(file, { key, body });
  return body;
}

function acceptsGzip(req: http.IncomingMessage): boolean {
  return /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
}

async function send(res: http.ServerResponse, req: http.IncomingMessage, file: string, status: number, transformHtml?: (html: string) => string) {
  const type = contentType(file);
  const headers = { "Content-Type": type, "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff", Vary: "Accept-Encoding" };
  if (type.startsWith("text/html") && transformHtml) {
    const body = transformHtml(await fs.readFile(file, "utf8"));
    res.writeHead(status, { ...headers, "Content-Length": Buffer.byteLength(body) });
    res.end(req.method === "HEAD" ? undefined : body);
    return;
  }
  const stat = await fs.stat(file);
  // Large text files go compressed, as a real static host sends them (the search index is 800 KB raw).
  if (stat.size >= 1024 && COMPRESSIBLE.test(type) && acceptsGzip(req)) {
    const body = await gzipped(file, stat).catch(() => undefined);
    if (body) {
      res.writeHead(status, { ...headers, "Content-Encoding": "gzip", "Content-Length": body.length });
      res.end(req.method === "HEAD" ? undefined : body);
      return;
    }
  }
  const { size } = stat;
  res.writeHead(status, { ...headers, "Content-Length": size });
  if (req.method === "HEAD") res.end();
  // A file can vanish between stat and open while a rebuild swaps the output in;
  // an unhandled stream error would crash the server.
  else createReadStream(file).on("error", () => res.destroy()).pipe(res);
}

/**
 * Creates an HTTP server for a built site: correct content types,
 * trailing-slash URLs (`/guides` redirects to `/guides/`), the site's
 * 404.html for unknown paths, and only files under `root`.
 */
export function createStaticServer(options: StaticServerOptions): http.Server {
  const root = path.resolve(options.root);
  const notFound = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const page = await realFileUnder(root, path.join(root, "404.html"));
    if (page) return send(res, req, page, 404, options.transformHtml);
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found\n");
  };
  return http.createServer(async (req, res) => {
    try {
      if (options.extra?.(req, res)) return;
      if (req.method !== "GET" && req.method !== "HEAD") {
        res.writeHead(405, { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" }).end("Method not allowed\n");
        return;
      }
      const target = req.url ?? "/";
      const resolved = resolveRequest(root, target);
      if (resolved.kind === "bad-request") {
        res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8" }).end("Bad request\n");
        return;
      }
      const file = await realFileUnder(root, resolved.file);
      if (file) return await send(res, req, file, 200, options.transformHtml);
      if (resolved.kind === "file" && (await isDirectory(resolved.file)) && (await realFileUnder(root, path.join(resolved.file, "index.html")))) {
        // Leading slashes are collapsed so the redirect can never point at another host.
        const pathname = target.split("?")[0].replace(/^\/+/, "/");
        const query = target.includes("?") ? target.slice(target.indexOf("?")) : "";
        res.writeHead(301, { Location: `${pathname}/${query}` }).end();
        return;
      }
      await notFound(req, res);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      res.end(`Server error: ${(error as Error).message}\n`);
    }
  });
}
