import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import readline from "node:readline";
import type { PageLinkFacts } from "../../shared/content-types.ts";
import { makeSpillFolder } from "../../pipeline/spill-folder.ts";
import { removeTree } from "../../output/write-file.ts";

/**
 * Where each page's links and heading ids wait, one JSON line per page in the
 * order they were added, until every page is indexed and the links can be
 * checked: the check reads them back a line at a time, so memory never holds
 * the site's links or headings. The file lives in a private temporary folder
 * that `close` removes.
 */
export interface LinkSpill {
  /** Appends the facts of one group of pages. */
  add(pages: readonly PageLinkFacts[]): Promise<void>;
  /** Reads the pages back in the order they were added; may be called more than once. */
  pages(): AsyncIterable<PageLinkFacts>;
  close(): Promise<void>;
}

/**
 * Opens a spill for the link check; its folder is made on the first page
 * added. With `inMemory` (the dev server, whose memory cache keeps pages'
 * cache entries, these facts among them, as parsed objects) the spill keeps
 * the facts it is given until the check is done: mostly references to
 * objects memory holds anyway, where the file cost each rebuild a line
 * written for every page and three reads of them all.
 */
export function linkSpill({ inMemory = false } = {}): LinkSpill {
  if (inMemory) {
    let kept: PageLinkFacts[] = [];
    return {
      async add(pages) {
        kept.push(...pages);
      },
      async *pages() {
        yield* kept;
      },
      async close() {
        kept = [];
      },
    };
  }
  let made: Promise<string> | undefined;
  const file = async () => path.join(await (made ??= makeSpillFolder()), "links.jsonl");
  return {
    async add(pages) {
      if (pages.length === 0) return;
      await fs.appendFile(await file(), pages.map((page) => `${JSON.stringify(page)}\n`).join(""));
    },
    async *pages() {
      if (!made) return;
      const lines = readline.createInterface({ input: createReadStream(await file(), "utf8"), crlfDelay: Number.POSITIVE_INFINITY });
      for await (const line of lines) if (line) yield JSON.parse(line) as PageLinkFacts;
    },
    async close() {
      if (made) await removeTree(await made);
    },
  };
}
