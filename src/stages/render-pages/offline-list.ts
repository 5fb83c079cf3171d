import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { OutputFile } from "../../output/files.ts";

/** Gzip on libuv's thread pool, so measuring chunks runs beside rendering rather than in its way. */
const gzipped = promisify(gzip);

/** A file's size gzipped at zlib's default level, as common static hosts serve it. */
export async function gzippedSize(file: OutputFile): Promise<number> {
  return (await gzipped(file.contents)).byteLength;
}

/** The site's content files for offline reading, as far as the rendering has gone. */
export interface OfflineList {
  /** Counts one content file (a chunk or a route table) by its URL and gzipped size. */
  add(url: string, size: number): void;
  /** The gzipped bytes of every file counted, and their URLs while they fit the budget; undefined once they do not. */
  result(): { bytes: number; files: string[] | undefined };
}

/**
 * Collects the URLs of the site's content files while their gzipped sizes
 * together fit `budget` (pure). Past the budget it lets the list go and only
 * adds up bytes, so what it holds is bounded by the budget, never by the site.
 */
export function offlineList(budget: number): OfflineList {
  let bytes = 0;
  let files: string[] | undefined = [];
  return {
    add(url, size) {
      bytes += size;
      if (files && bytes <= budget) files.push(url);
      else files = undefined;
    },
    result: () => ({ bytes, files }),
  };
}
