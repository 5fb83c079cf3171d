import { withoutBase } from "../src/shared/base-path.ts";

/** How long a chunk may take before it counts as failed (ms). */
export const CHUNK_TIMEOUT = 120000;

/** A chunk that could not be loaded (named as the spec's error catalogue names it). */
export class ChunkLoadError extends Error {
  override name = "ChunkLoadError";
  constructor(
    readonly id: number | string,
    readonly code?: string,
  ) {
    super(`Loading chunk ${id} failed`);
  }
}

/** A route with no page module. */
export class ModuleNotFoundError extends Error {
  readonly code = "MODULE_NOT_FOUND";
  constructor(path: string) {
    super(`Cannot find module '${path}'`);
  }
}

/** What the loader needs from its surroundings; tests pass their own fetch and clock. */
export interface LoaderEnvironment {
  fetch: (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
}

/**
 * Loads a JSON chunk by id and URL. A network failure, an error status, bad
 * JSON, or no answer within 120000 ms rejects with ChunkLoadError
 * `Loading chunk {id} failed`.
 */
export function loadChunk<T>(id: number, url: string, env: LoaderEnvironment): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const fail = () => {
      if (settled) return;
      settled = true;
      reject(new ChunkLoadError(id));
    };
    const timer = env.setTimeout(fail, CHUNK_TIMEOUT);
    env
      .fetch(url)
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`status`))))
      .then((value) => {
        if (settled) return;
        settled = true;
        env.clearTimeout(timer);
        resolve(value as T);
      })
      .catch(() => {
        env.clearTimeout(timer);
        fail();
      });
  });
}

/**
 * Loads a stylesheet chunk by adding a <link>; a failure rejects with a
 * ChunkLoadError whose code is CSS_CHUNK_LOAD_FAILED.
 */
export function loadStylesheet(id: number | string, href: string, doc: Document = document): Promise<void> {
  return new Promise((resolve, reject) => {
    const existing = doc.querySelector(`link[rel="stylesheet"][href="${href}"]`);
    if (existing) return resolve();
    const link = doc.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      reject(new ChunkLoadError(id, "CSS_CHUNK_LOAD_FAILED"));
    };
    doc.head.appendChild(link);
  });
}

/**
 * A page's URL as the build names it, from a location's pathname: percent-escapes
 * decoded, the trailing slash added (`/caf%C3%A9` → `/café/`) and the site's
 * base path taken off (`/docs/guides/` → `/guides/` under `/docs/`). A pathname
 * that cannot be decoded, or lies outside the base path, names no page: MODULE_NOT_FOUND.
 */
export function pageUrlOf(pathname: string, base = "/"): string {
  const path = pathname.endsWith("/") ? pathname : `${pathname}/`;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    throw new ModuleNotFoundError(path);
  }
  const url = withoutBase(base, decoded);
  if (url === undefined) throw new ModuleNotFoundError(path);
  return url;
}

/** The chunk of a route in its folder's route table, or a MODULE_NOT_FOUND error. */
export function chunkFor<T extends { id: number; file: string }>(routes: Record<string, T>, pathname: string): T {
  const path = pathname.endsWith("/") ? pathname : `${pathname}/`;
  const route = routes[path];
  if (!route) throw new ModuleNotFoundError(path);
  return route;
}
