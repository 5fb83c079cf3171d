import { constants, createDeflateRaw, type DeflateRaw } from "node:zlib";
import type { OutputFile } from "../../output/files.ts";

/** Bytes gzip puts around a deflate stream: a 10-byte header (no name, no comment) and an 8-byte trailer (CRC-32 and length). */
const GZIP_FRAME = 18;

/**
 * Compressors reused for every file measured, each reset between files and
 * taking one file at a time, in turn. They compress on libuv's thread pool,
 * beside rendering, as many at once as the pool has threads by default. A
 * compressor a file (what `zlib.gzip` makes) allocates zlib's state, about
 * 260 KB, on the pool thread that compresses first; over a 100,000-page site
 * those allocations left glibc's per-thread arenas holding some 13 MB more
 * than the build otherwise needed, a cost that grew with the site.
 */
const COMPRESSORS = 4;
const compressors: { deflate: DeflateRaw; queue: Promise<unknown> }[] = [];
let turn = 0;

/** The compressed size of `contents` on a reused compressor (see {@link compressors}); one call at a time each. */
function deflatedSize(deflate: DeflateRaw, contents: string | Uint8Array): Promise<number> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const count = (chunk: Buffer) => {
      size += chunk.length;
    };
    const failed = (error: Error) => {
      deflate.off("data", count);
      reject(error);
    };
    deflate.on("data", count);
    deflate.once("error", failed);
    deflate.write(contents);
    deflate.flush(constants.Z_FINISH, () => {
      deflate.off("data", count);
      deflate.off("error", failed);
      deflate.reset();
      resolve(size);
    });
  });
}

/** A file's size gzipped at zlib's default level, as common static hosts serve it. */
export async function gzippedSize(file: OutputFile): Promise<number> {
  const at = turn++ % COMPRESSORS;
  const lane = (compressors[at] ??= { deflate: createDeflateRaw(), queue: Promise.resolve() });
  const size = lane.queue.then(() => deflatedSize(lane.deflate, file.contents));
  // A failed measure fails its own caller; the next one in this turn starts on a fresh compressor.
  lane.queue = size.catch(() => {
    if (compressors[at] === lane) delete compressors[at];
  });
  return (await size) + GZIP_FRAME;
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
