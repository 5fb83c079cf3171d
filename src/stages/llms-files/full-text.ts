import { createHash } from "node:crypto";
import { hashKey } from "../../cache/cache.ts";
import type { PageSummary } from "../../shared/content-types.ts";
import type { SitePart } from "../../pipeline/site-pages.ts";
import { loadedInOrder } from "../../pipeline/read-ahead.ts";
import { fullPart, isMachineReadable, LLMS_FULL_PATH, markdownPath, pageMarkdown } from "./core.ts";

/** Pages whose markdown is read from the body store ahead of the one being written. */
const READ_AHEAD = 16;

/** Where a site part's stretch of `llms-full.txt` lay in the file a build wrote, and what the part's markdown files weigh. */
interface WrittenPart {
  /** The stretch's first byte and its length in bytes. */
  start: number;
  bytes: number;
  /** The bytes of the part's pages' markdown files together. */
  markdownBytes: number;
}

/** What a build wrote of the llms files, kept by the dev server for its next build (see `LlmsBefore`). */
export interface LlmsWritten {
  /** Each keyed part's stretch, by the part's key (see `PageKeyer`). */
  parts: Map<string, WrittenPart>;
  /** The size of the `llms-full.txt` written, in bytes. */
  bytes: number;
}

/**
 * What the dev server's last build left for this one: its record of the llms
 * files, a reader of the files it wrote, and a way to keep files as it wrote them.
 */
export interface LlmsBefore {
  written: LlmsWritten;
  /** The size in bytes of a file the last build wrote (path relative to the output), or undefined when it is gone. */
  size(path: string): Promise<number | undefined>;
  /** A stretch of a file the last build wrote, its bytes as they are. */
  read(path: string, start: number, bytes: number): AsyncIterable<Uint8Array>;
  /** Keeps the files at `paths` as the last build wrote them (counting `bytes`), when it wrote every one; false, keeping none, otherwise. */
  keep(paths: readonly string[], bytes: number): boolean;
}

/** A page's key for the llms files: a hash of all its part of them is made from, or undefined when the build has none. */
export type PageKeyer = (page: PageSummary) => Promise<string | undefined>;

/** A site part as the walk of `llms-full.txt` passed it: its section, its key, and its stretch of the file. */
export interface WalkedPart extends WrittenPart {
  part: SitePart;
  /** The section the part's pages belong to (see `partSections`): a folder's pages share its first segment, and a root page is alone. */
  folder: string;
  pages: number;
  /** A hash of its pages' keys; undefined when one has none (see `PageKeyer`). */
  key: string | undefined;
  /** Without a key, a hash of the stretch itself, so its section file still has a key. */
  hash?: string;
  /** The stretch as the last build wrote it, when the part is unchanged since; undefined when its bodies were read. */
  kept?: WrittenPart;
}

/** What the walk of `llms-full.txt` needs besides the parts. */
export interface FullTextWalk {
  baseUrl: string;
  bodyOf(page: PageSummary): Promise<string>;
  keyOf: PageKeyer;
  /** The section of a page's URL. */
  folderOf(url: string): string;
  before: LlmsBefore | undefined;
  /** Sees each page read as its part passes, with its markdown (headed by its title) and its key. */
  see(page: PageSummary, markdown: string, key: string | undefined): Promise<void>;
  /** Sees each page written, read or kept, for progress. */
  passed(pages: number): void;
  /** Each part with a readable page, as it is walked; the walk fills in its stretch. */
  walked: WalkedPart[];
}

/** Each page's part of a full-text file, its body read a few pages ahead; `see` is shown each page first. */
async function* freshParts(
  pages: readonly PageSummary[],
  walk: Pick<FullTextWalk, "baseUrl" | "bodyOf">,
  see?: (page: PageSummary, markdown: string) => Promise<void>,
): AsyncGenerator<string> {
  for await (const [page, body] of loadedInOrder(pages, READ_AHEAD, walk.bodyOf)) {
    const markdown = pageMarkdown(page.entry.title, body);
    await see?.(page, markdown);
    yield fullPart(page.entry, markdown, walk.baseUrl);
  }
}

/** The key of a part's stretch: the site's base URL and its pages' keys; undefined when one has none. */
async function partKey(pages: readonly PageSummary[], walk: FullTextWalk): Promise<string | undefined> {
  const keys = [walk.baseUrl];
  for (const page of pages) {
    const key = await walk.keyOf(page);
    if (key === undefined) return undefined;
    keys.push(key);
  }
  return hashKey(...keys);
}

/** The part's stretch as the last build wrote it, when its key is unchanged and its markdown files could be kept as written. */
function keptStretch(walked: WalkedPart, pages: readonly PageSummary[], before: LlmsBefore | undefined): WrittenPart | undefined {
  const was = walked.key === undefined ? undefined : before?.written.parts.get(walked.key);
  if (!was) return undefined;
  const markdownFiles = pages.map((page) => markdownPath(page.entry.url));
  return before?.keep(markdownFiles, was.markdownBytes) ? was : undefined;
}

/**
 * `llms-full.txt` part by part of the site (see `SitePart`), in site order,
 * filling `walk.walked`: a part whose key the dev server's last build wrote
 * is copied from that build's file, its markdown files kept as written, and
 * the bodies of the others are read, each page's markdown shown to `see`.
 */
export async function* fullText(
  parts: readonly SitePart[],
  load: (part: SitePart) => Promise<PageSummary[]>,
  walk: FullTextWalk,
): AsyncGenerator<string | Uint8Array> {
  let at = 0;
  for (const part of parts) {
    const pages = (await load(part)).filter(isMachineReadable);
    if (pages.length === 0) continue;
    const walked: WalkedPart = { part, folder: walk.folderOf(pages[0].entry.url), pages: pages.length, key: undefined, start: at, bytes: 0, markdownBytes: 0 };
    walked.key = await partKey(pages, walk);
    walked.kept = keptStretch(walked, pages, walk.before);
    walk.walked.push(walked);
    const hash = walked.key === undefined ? createHash("sha256") : undefined;
    const seen = async (page: PageSummary, markdown: string) => {
      walked.markdownBytes += Buffer.byteLength(markdown);
      await walk.see(page, markdown, await walk.keyOf(page));
      walk.passed(1);
    };
    const stretch: AsyncIterable<string | Uint8Array> = walked.kept
      ? walk.before!.read(LLMS_FULL_PATH, walked.kept.start, walked.kept.bytes)
      : freshParts(pages, walk, seen);
    for await (const text of stretch) {
      walked.bytes += Buffer.byteLength(text);
      hash?.update(text);
      yield text;
    }
    if (walked.kept) {
      walked.markdownBytes = walked.kept.markdownBytes;
      walk.passed(pages.length);
    }
    walked.hash = hash?.digest("hex");
    at += walked.bytes;
  }
}

/** What the dev server keeps of this build's llms files for the next one: each keyed part's stretch, and the file's size. */
export function writtenOf(walked: readonly WalkedPart[]): LlmsWritten {
  const parts = new Map<string, WrittenPart>();
  let bytes = 0;
  for (const { key, start, bytes: length, markdownBytes } of walked) {
    if (key !== undefined) parts.set(key, { start, bytes: length, markdownBytes });
    bytes += length;
  }
  return { parts, bytes };
}

/** A section file's key: a hash of its parts' keys, or of the stretch of those without one; known without reading a body. */
export function sectionKey(walked: readonly WalkedPart[]): string {
  return hashKey(...walked.map((part) => (part.key === undefined ? `stretch ${part.hash}` : `part ${part.key}`)));
}

/** A section file: its parts' stretches in site order, copied from the last build's `llms-full.txt` when kept, else read again. */
export async function* sectionText(
  walked: readonly WalkedPart[],
  load: (part: SitePart) => Promise<PageSummary[]>,
  walk: FullTextWalk,
): AsyncGenerator<string | Uint8Array> {
  for (const part of walked) {
    if (part.kept) yield* walk.before!.read(LLMS_FULL_PATH, part.kept.start, part.kept.bytes);
    else yield* freshParts((await load(part.part)).filter(isMachineReadable), walk);
  }
}
