import path from "node:path";

/** What a request path maps to under the served root. */
export type Resolution = { kind: "file"; file: string } | { kind: "directory"; file: string } | { kind: "bad-request" };

/** Content types of the files a built site has. */
const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
};

/** The content type for a file name, `application/octet-stream` when unknown. */
export function contentType(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

/**
 * Maps a raw request target to a path under `root` (pure: no file system).
 * The path is percent-decoded once; NUL bytes, backslashes, undecodable
 * escapes and any `..` segment are refused, so nothing outside `root` can be
 * named, encoded or not. A path ending in `/` names a folder's index.html.
 */
export function resolveRequest(root: string, target: string): Resolution {
  const rawPath = target.split(/[?#]/, 1)[0];
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { kind: "bad-request" };
  }
  if (!decoded.startsWith("/") || decoded.includes("\0") || decoded.includes("\\")) return { kind: "bad-request" };
  const segments = decoded.split("/");
  if (segments.some((s) => s === ".." || s === ".")) return { kind: "bad-request" };
  const file = path.resolve(root, `.${decoded}`);
  if (file !== root && !file.startsWith(root + path.sep)) return { kind: "bad-request" };
  return decoded.endsWith("/") ? { kind: "directory", file: path.join(file, "index.html") } : { kind: "file", file };
}
