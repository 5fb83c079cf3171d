import { createHash } from "node:crypto";
import type { OutputFile } from "../../output/files.ts";
import { pageAssetUrls, type ClientAssets } from "../../shared/client-assets.ts";
import { ICON_PATHS, PRECACHED_PAGES } from "../../shared/constants.ts";
import { StageError } from "../../report/errors.ts";
import { SEARCH_INDEX_PATH, SEARCH_PARTS_DIR } from "../../shared/search/split-format.ts";

/** One precache manifest entry: a URL and, for unhashed files, a content revision. */
export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/** The public URL of an output file. */
export function urlOfFile(path: string): string {
  return `/${path.replace(/(^|\/)index\.html$/, "$1")}`;
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
export function precacheEntries(files: readonly OutputFile[], assets: ClientAssets): PrecacheEntry[] {
  const entries: PrecacheEntry[] = [...pageAssetUrls(assets), ...assets.afterLoad, ...assets.search].map((url) => ({ url, revision: null }));
  const revision = (file: OutputFile) => createHash("sha256").update(file.contents).digest("hex").slice(0, 16);
  for (const file of files) {
    if (file.path.startsWith(`${SEARCH_PARTS_DIR}/`)) entries.push({ url: urlOfFile(file.path), revision: null });
    else if (file.path === SEARCH_INDEX_PATH || PRECACHED_PAGES.includes(file.path) || file.path === ICON_PATHS.favicon)
      entries.push({ url: urlOfFile(file.path), revision: revision(file) });
  }
  return entries.sort((a, b) => a.url.localeCompare(b.url));
}

/** The placeholder the service worker source carries for its manifest (workbox's own convention). */
const MANIFEST_PLACEHOLDER = "self.__WB_MANIFEST";

/** Puts the precache manifest into the bundled worker source (pure); the placeholder must appear exactly once. */
export function injectManifest(source: string, entries: readonly PrecacheEntry[]): string {
  const at = source.indexOf(MANIFEST_PLACEHOLDER);
  if (at === -1 || source.indexOf(MANIFEST_PLACEHOLDER, at + 1) !== -1) {
    const uses = source.split(MANIFEST_PLACEHOLDER).length - 1;
    throw new StageError(
      "generate service worker",
      `site-client/service-worker.ts must use ${MANIFEST_PLACEHOLDER} exactly once, where the list of precached files goes, but the bundled worker uses it ${uses} times. ` +
        `Pass it once, as in precacheAndRoute(${MANIFEST_PLACEHOLDER}).`,
    );
  }
  return source.slice(0, at) + JSON.stringify(entries) + source.slice(at + MANIFEST_PLACEHOLDER.length);
}
