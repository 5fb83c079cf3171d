/*
 * Why this server is ours and not sirv or serve-handler (both read against what `serve` must do):
 *
 * sirv 3 (lukeed/sirv):
 * - Gzip is only for precompressed siblings (`file.gz`); nothing is compressed on the fly, and the
 *   build writes no `.gz` files, so the 800 KB search index would go uncompressed.
 * - Outside `dev` mode it lists the folder once at start-up; `serve` swaps the output on every
 *   rebuild, so only `dev` mode would do, and there the root check is `abs.startsWith(dir)` on the
 *   unresolved path (no separator, no realpath): a symlink pointing out of the output is followed.
 * - `/guides` is answered with `/guides/index.html` instead of a redirect to `/guides/`, which
 *   breaks the pages' relative links; no 405 for other methods (a POST is served like a GET); an
 *   undecodable escape is looked up as is instead of being a 400.
 * - The file is piped with `Content-Length` from `stat`, so the live-reload script could only be
 *   added by rewrapping the response and its headers; `onNoMatch` could send 404.html with 404.
 *
 * serve-handler 6 (vercel/serve-handler):
 * - No compression at all (the `serve` CLI adds the `compression` middleware around it).
 * - Symlinks are judged by `lstat` of the last path segment only: with `symlinks: false` a link
 *   inside the output (which must be served) is a 404, while a linked folder in the middle of a
 *   path (`/leakdir/secret.txt`) is followed out of the root; with `symlinks: true` every link is
 *   followed. Neither is "served when its real path lies under the real root".
 * - No HTML transform: `createReadStream` can be replaced, but `Content-Length` comes from `stat`,
 *   so the injected script would break the length; its 404.html is streamed the same way.
 * - No method check (POST is served), `%00` reaches `lstat` and becomes a 500 instead of a 400,
 *   the root is resolved against `process.cwd()`, and it brings minimatch, path-to-regexp,
 *   mime-types, range-parser and more for rewrites, listings and ranges this server does not need.
 *
 * What it would keep from either (404.html with status 404, `..` refused) is the smallest part of
 * this file, so the server stays hand-written on `node:http`, `node:zlib` and `resolve-request.ts`.
 */
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
  else
    createReadStream(file)
      .on("error", () => res.destroy())
      .pipe(res);
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
