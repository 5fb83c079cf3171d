import { createHash } from "node:crypto";
import { SEARCH_INDEX_PATH, SEARCH_PARTS_DIR, SERVED_PARTS_DIR, type SearchRoot } from "../../src/shared/search/split-format.ts";
import { SERVICE_WORKER_PATH } from "../../src/shared/constants.ts";

/**
 * The files of a dev server's output as a build of the same content writes
 * them: the search parts moved from `search/served/` to the folder a build
 * names by the root's stamp, the root's `dir` set to it and its `stamp` left
 * out, and the service worker's precache list likewise: the parts' addresses
 * and the root's revision, a hash of its bytes (see `SearchRoot.stamp`).
 * Everything else is as it was.
 */
export function asBuilt(files: ReadonlyMap<string, Buffer>): Map<string, Buffer> {
  const rootFile = files.get(SEARCH_INDEX_PATH);
  if (!rootFile) return new Map(files);
  const root = JSON.parse(rootFile.toString("utf8")) as SearchRoot;
  if (!root.stamp) return new Map(files);
  const dir = `${SEARCH_PARTS_DIR}/${root.stamp}/`;
  const built = Buffer.from(JSON.stringify({ ...root, dir, stamp: undefined }));
  const revision = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex").slice(0, 16);
  const out = new Map<string, Buffer>();
  for (const [name, bytes] of files) {
    if (name === SEARCH_INDEX_PATH) out.set(name, built);
    else if (name === SERVICE_WORKER_PATH) {
      const worker = bytes
        .toString("utf8")
        .replaceAll(new RegExp(`/${SERVED_PARTS_DIR}([^"?]+)\\?${root.stamp}`, "g"), `/${dir}$1`)
        .replaceAll(revision(rootFile), revision(built));
      out.set(name, Buffer.from(worker));
    } else out.set(name.startsWith(SERVED_PARTS_DIR) ? `${dir}${name.slice(SERVED_PARTS_DIR.length)}` : name, bytes);
  }
  return out;
}
