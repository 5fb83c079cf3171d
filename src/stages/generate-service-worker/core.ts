import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { OutputFile } from "../../output/files.ts";
import { pageAssetUrls, type ClientAssets } from "../../shared/client-assets.ts";
import { ASSETS_DIR, ICON_PATHS, PRECACHED_PAGES } from "../../shared/constants.ts";
import type { OfflineContent } from "../../shared/offline-content.ts";
import { StageError } from "../../report/errors.ts";
import { SEARCH_INDEX_PATH, SEARCH_PARTS_DIR } from "../../shared/search/split-format.ts";

/** One precache manifest entry: a URL and, for unhashed files, a content revision. */
export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/** The public URL of an output file, under the site's base path. */
export function urlOfFile(path: string, base = "/"): string {
  return `${base}${path.replace(/(^|\/)index\.html$/, "$1")}`;
}

/**
 * Lists what the service worker precaches (pure): the content-hashed client
 * assets that pages load at once or right after loading (revision null: the
 * name changes with the content), and the precached pages and the favicon,
 * revisioned by a hash of their contents. The search index's root and the
 * search chunk are precached too, and so are the index parts among `files`
 * (the build passes them when the whole index fits its budget; their folder
 * is named by their hash, so they need no revision); other lazily loaded
 * chunks (the vote board) and index parts are cached when first used.
 */
export function precacheEntries(files: readonly OutputFile[], assets: ClientAssets, base = "/"): PrecacheEntry[] {
  const entries: PrecacheEntry[] = [...pageAssetUrls(assets), ...assets.afterLoad, ...assets.search].map((url) => ({ url, revision: null }));
  const revision = (file: OutputFile) => createHash("sha256").update(file.contents).digest("hex").slice(0, 16);
  for (const file of files) {
    if (file.path.startsWith(`${SEARCH_PARTS_DIR}/`)) entries.push({ url: urlOfFile(file.path, base), revision: null });
    else if (file.path === SEARCH_INDEX_PATH || PRECACHED_PAGES.includes(file.path) || file.path === ICON_PATHS.favicon)
      entries.push({ url: urlOfFile(file.path, base), revision: revision(file) });
  }
  return entries.sort((a, b) => a.url.localeCompare(b.url));
}

/** The placeholder the service worker source carries for its manifest (workbox's own convention). */
const MANIFEST_PLACEHOLDER = "self.__WB_MANIFEST";

/** The placeholder the service worker source carries for its offline settings (see {@link OfflineContent}). */
const OFFLINE_PLACEHOLDER = "self.__OFFLINE_CONTENT";

/** Puts `value` as JSON in place of `placeholder` in the bundled worker source (pure); the placeholder must appear exactly once. */
function inject(source: string, placeholder: string, value: unknown, usage: { what: string; example: string }): string {
  const at = source.indexOf(placeholder);
  if (at === -1 || source.indexOf(placeholder, at + 1) !== -1) {
    const uses = source.split(placeholder).length - 1;
    throw new StageError(
      "generate service worker",
      `site-client/service-worker.ts must use ${placeholder} exactly once, where ${usage.what} goes, but the bundled worker uses it ${uses} times. ` +
        `Pass it once, as in ${usage.example}.`,
    );
  }
  return source.slice(0, at) + JSON.stringify(value) + source.slice(at + placeholder.length);
}

/** Puts the precache manifest into the bundled worker source (pure); the placeholder must appear exactly once. */
export function injectManifest(source: string, entries: readonly PrecacheEntry[]): string {
  return inject(source, MANIFEST_PLACEHOLDER, entries, { what: "the list of precached files", example: `precacheAndRoute(${MANIFEST_PLACEHOLDER})` });
}

/** Puts the offline settings into the bundled worker source (pure); the placeholder must appear exactly once. */
export function injectOfflineContent(source: string, offline: OfflineContent): string {
  return inject(source, OFFLINE_PLACEHOLDER, offline, { what: "the offline settings", example: `const OFFLINE: OfflineContent = ${OFFLINE_PLACEHOLDER}` });
}

/** The gzipped bytes of the site's content files, and their URLs when they fit the budget (the render stage's count). */
export interface ContentCount {
  bytes: number;
  files: readonly string[] | undefined;
}

/**
 * The list of the whole site's content for offline reading (pure), when it
 * fits `budget` with the files it names: a JSON array of their URLs at a
 * content-hashed path (`assets/offline-<hash>.json`), so the service worker
 * keeps one list per build. The list counts against the budget itself, so
 * it is never larger than the budget. Returns the settings the worker gets
 * and the list's file; no file (and an empty `list`) when the site does not fit.
 */
export function offlineContent(count: ContentCount, budget: number, base = "/"): { offline: OfflineContent; file?: OutputFile } {
  const settings = (list: string): OfflineContent => (base === "/" ? { list, budget } : { list, budget, base });
  if (!count.files) return { offline: settings("") };
  const contents = JSON.stringify([...count.files].sort());
  if (count.bytes + gzipSync(contents).byteLength > budget) return { offline: settings("") };
  const hash = createHash("sha256").update(contents).digest("hex").slice(0, 10);
  const file = { path: `${ASSETS_DIR}/offline-${hash}.json`, contents };
  return { offline: settings(urlOfFile(file.path, base)), file };
}
