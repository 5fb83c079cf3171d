import pLimit from "p-limit";
import { createDeflateRaw } from "node:zlib";
import type { OutputFile } from "../../output/files.ts";

/** Bytes gzip puts around a deflate stream: a 10-byte header (no name, no comment) and an 8-byte trailer (CRC-32 and length). */
const GZIP_FRAME = 18;

/**
 * Files measured at once, each holding one zlib state (about 260 KB): twice
 * the threads libuv's pool has by default, so each thread has its next file
 * ready while the main thread renders. Four measured 2.5 % slower than
 * `zlib.gzip` beside a busy main thread, eight 1-1.6 %.
 */
export const MEASURED_AT_ONCE = 8;
const measuring = pLimit(MEASURED_AT_ONCE);

/**
 * A file's size gzipped at zlib's default level, as common static hosts serve
 * it. The compressing runs on libuv's thread pool, beside rendering, but
 * zlib's state is made here, on the main thread, by a reset before the first
 * write, and freed here when the stream ends. Left to the first write, as
 * `zlib.gzip` leaves it, it is allocated on whichever pool thread compresses
 * first: over a 100,000-page site those allocations left glibc's per-thread
 * arenas holding some 13 MB more than the build needed, a cost that grew with
 * the site. At most {@link MEASURED_AT_ONCE} files are measured at once, so
 * the states held together stay few, however many pages render at once.
 */
export function gzippedSize(file: OutputFile): Promise<number> {
  return measuring(() => deflatedSize(file.contents));
}

/** The raw deflate size of `contents` plus gzip's frame, on a stream whose state is made on this thread. */
function deflatedSize(contents: string | Uint8Array): Promise<number> {
  return new Promise((resolve, reject) => {
    const deflate = createDeflateRaw();
    deflate.reset();
    let size = GZIP_FRAME;
    deflate.on("data", (chunk: Buffer) => {
      size += chunk.length;
    });
    deflate.once("error", reject);
    deflate.once("end", () => resolve(size));
    deflate.end(contents);
  });
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
