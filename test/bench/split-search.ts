// What a first search costs a reader of a built site: the parts of the split
// search index that a query loads, read from the output folder, gzipped.
// Used by the search and scale benchmarks.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { SEARCH_INDEX_PATH, type SearchRoot } from "../../src/shared/search/split-format.ts";
import { SplitSearcher } from "../../src/shared/search/split-searcher.ts";

/** Queries whose first-search bytes are reported: one word, two words, and a typo in the first letters. */
export const BYTE_QUERIES = ["splitchunks", "output filename", "ebpack configuration"];

/** The gzipped size of a file in `out`, in bytes. */
export function gzippedSize(out: string, file: string): number {
  return zlib.gzipSync(fs.readFileSync(path.join(out, file))).length;
}

/** A searcher over the split index in `out` (a built site), and the files it has loaded. */
export function splitSearcherIn(out: string): { searcher: SplitSearcher; loaded: string[] } {
  const loaded: string[] = [];
  const root = JSON.parse(fs.readFileSync(path.join(out, SEARCH_INDEX_PATH), "utf8")) as SearchRoot;
  const searcher = new SplitSearcher(root, async (address) => {
    // The dev server's parts are asked for with its stamp as their query (see `SearchRoot.stamp`).
    const part = address.replace(/\?.*$/, "");
    loaded.push(part);
    return JSON.parse(fs.readFileSync(path.join(out, part), "utf8"));
  });
  return { searcher, loaded };
}

/** What one query, as a reader's first search, loads: the root and its parts (gzipped bytes), and its top result. */
export interface FirstSearch {
  query: string;
  files: number;
  indexBytes: number;
  top: string | undefined;
}

/** Runs `query` on a fresh searcher over `out` and counts the root and every part it loaded, gzipped. */
export async function firstSearch(out: string, query: string): Promise<FirstSearch> {
  const { searcher, loaded } = splitSearcherIn(out);
  const results = await searcher.search(query, 12);
  const files = [SEARCH_INDEX_PATH, ...loaded];
  return { query, files: files.length, indexBytes: files.reduce((sum, file) => sum + gzippedSize(out, file), 0), top: results[0]?.url };
}
