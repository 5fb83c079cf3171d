import { routeTableUrl, type PageChunk, type Routes } from "../src/shared/routes.ts";
import { chunkFor, loadChunk, pageUrlOf, type LoaderEnvironment } from "./loader.ts";

/** Page chunks loaded through their folders' route tables: `load` fetches each chunk file once, and `isReady` tells whether a page's chunk has arrived. */
export interface PageLoader {
  load(pathname: string): Promise<PageChunk>;
  isReady(pathname: string): boolean;
}

/**
 * Loads a folder's route table as a chunk with id -1. A table that is not
 * there (404) is an empty table: the folder has no pages, so each of its URLs
 * is MODULE_NOT_FOUND and loads as a document, as any unknown URL does.
 */
function loadRouteTable(url: string, env: LoaderEnvironment): Promise<Routes> {
  const fetchTable: LoaderEnvironment["fetch"] = async (address) => {
    const response = await env.fetch(address);
    return response.status === 404 ? { ok: true, status: 200, json: async () => ({}) } : response;
  };
  return loadChunk<Routes>(-1, url, { ...env, fetch: fetchTable });
}

/** The promise kept for `key`, started by `start` the first time; a failed one is forgotten, so the next call starts it again. */
function remembered<T>(promises: Map<string, Promise<T>>, key: string, start: () => Promise<T>): Promise<T> {
  let promise = promises.get(key);
  if (!promise) {
    promise = start();
    promises.set(key, promise);
    promise.catch(() => promises.delete(key));
  }
  return promise;
}

/**
 * Loads each folder's route table once (under the site's base path, `base`) (again after a failure) and each page
 * chunk once (again after a failure). A page's table is the one of its
 * folder, whose URL follows from the page's URL, so the client never loads
 * routes of the rest of the site. A table that fails rejects with
 * ChunkLoadError `Loading chunk -1 failed`, as a chunk does with its own id.
 */
export function createPageLoader(env: LoaderEnvironment, base = "/"): PageLoader {
  const tables = new Map<string, Promise<Routes>>();
  const chunks = new Map<string, Promise<PageChunk>>();
  const ready = new Map<string, PageChunk>();

  const load = async (pathname: string): Promise<PageChunk> => {
    const url = pageUrlOf(pathname, base);
    const table = routeTableUrl(url, base);
    const route = chunkFor(await remembered(tables, table, () => loadRouteTable(table, env)), url);
    const chunk = remembered(chunks, route.file, () => loadChunk<PageChunk>(route.id, route.file, env));
    chunk.then((c) => ready.set(pathname, c)).catch(() => {});
    return chunk;
  };
  return { load, isReady: (pathname) => ready.has(pathname) };
}
