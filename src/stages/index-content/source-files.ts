import type { MarkdownLabels } from "../../markdown/markdown-labels.ts";
import fs from "node:fs/promises";
import path from "node:path";
import { hashKey } from "../../cache/cache.ts";
import type { BuildContext } from "../../context/context.ts";
import { diagnostic, type Diagnostic } from "../../report/diagnostics.ts";
import { UsageError } from "../../report/errors.ts";
import type { SourceFile } from "./parse-page.ts";

// How the index stage finds and reads page files: only under the content folder, as UTF-8 text, each
// with the digest its cache key is made from.

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * True when the file really lies under the content folder. A symbolic link
 * (to the file, or to a folder above it) that resolves outside is reported
 * and skipped, so a link to `/etc/passwd` or to a private folder is never
 * read or published; links that stay inside are followed.
 */
export async function insideContent(ctx: BuildContext, full: string, contentReal: string): Promise<boolean> {
  const display = ctx.display(full);
  const real = await fs.realpath(full).catch(() => undefined);
  if (real === undefined) {
    const target = await fs.readlink(full).catch(() => "?");
    ctx.report(diagnostic("symlink", { problem: "missing", target }, { file: display }));
    return false;
  }
  if (real.startsWith(`${contentReal}${path.sep}`)) return true;
  ctx.report(diagnostic("symlink", { problem: "outside", link: display, real }, { file: display }));
  return false;
}

/**
 * A page file as the index stage finds it: its source, read now, and the
 * digest of its text, which its cache key is made from. A long-lived process
 * that has read the file before, unchanged since (same modification time and
 * size), knows the digest and leaves the file unread: its summary comes from
 * the cache, and only a page whose summary is not there is read again.
 */
export interface FoundFile {
  relative: string;
  display: string;
  /** SHA-256 of the text; empty when the build keeps no cache (no key needs it). */
  digest: string;
  source?: SourceFile;
}

/** A folder pages are read from (the content folder, or a language's own), and its real path, which no page may lead out of. */
export interface SourceFolder {
  dir: string;
  real: string;
}

/** The digest of a page's source that its cache key is made from (`hashKey`, as every cache key is made). */
export const sourceDigest = (source: Pick<SourceFile, "text" | "original" | "labels">): string =>
  // What the page's body is made of besides its text: its original's headings, its labels.
  source.original === undefined && source.labels === undefined
    ? hashKey(source.text)
    : hashKey(source.text, "\0", source.original ?? "", "\0", JSON.stringify(source.labels ?? null));

/** A file read now, with the digest of its text. */
const readNow = (source: SourceFile): FoundFile => ({ relative: source.relative, display: source.display, digest: sourceDigest(source), source });

/**
 * Finds one file; reports (and skips) files that are empty or not UTF-8. A
 * long-lived process remembers each file's digest by modification time and
 * size, never its text, so a rebuild reads only the files that changed and
 * its memory holds no page sources. A file `known` unchanged since the
 * session's last build (see {@link listPages}) is not looked at at all.
 */
export async function findSource(
  ctx: BuildContext,
  relative: string,
  folder: SourceFolder,
  known: string | undefined,
  original?: string,
  labels?: MarkdownLabels,
): Promise<FoundFile | undefined> {
  const full = path.join(folder.dir, relative);
  if (known) return { relative, display: ctx.display(full), digest: known };
  if (!(await insideContent(ctx, full, folder.real))) return undefined;
  const memo = ctx.cache.memo;
  if (!memo || original !== undefined) {
    const read = await readFresh(ctx, relative, full);
    // A translated page's original, whose headings its own are aliased to (see `SourceFile.original`); none when it has none.
    const text = original === undefined ? undefined : await fs.readFile(original, "utf8").catch(() => undefined);
    const source = read && { ...read, ...(text !== undefined && { original: text }), ...(labels && { labels }) };
    return source && (ctx.cache.enabled ? readNow(source) : { relative, display: source.display, digest: "", source });
  }
  const { mtimeMs, size } = await fs.stat(full);
  const id = `digest\0${full}\0${mtimeMs}\0${size}${labels ? `\0${JSON.stringify(labels)}` : ""}`;
  const digest = memo.get(id) as string | undefined;
  if (digest) return { relative, display: ctx.display(full), digest };
  const read = await readFresh(ctx, relative, full);
  if (!read) return undefined;
  const found = readNow(labels ? { ...read, labels } : read);
  memo.set(id, found.digest, { size: id.length * 2 + 128 });
  return found;
}

export async function readFresh(ctx: BuildContext, relative: string, full: string): Promise<SourceFile | undefined> {
  const decoded = decodeSource(relative, ctx.display(full), await fs.readFile(full));
  if ("ruleId" in decoded) {
    ctx.report(decoded);
    return undefined;
  }
  return decoded;
}

/** A page's file as text (pure), or the problem that keeps it from being a page: not UTF-8, or empty. */
export function decodeSource(relative: string, display: string, bytes: Uint8Array): SourceFile | Diagnostic {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return diagnostic("encoding", {}, { file: display });
  }
  if (text.trim() === "") return diagnostic("empty-file", {}, { file: display });
  return { relative, display, text: text.replace(/^\uFEFF/, ""), size: bytes.byteLength };
}

/** A file found unread (see {@link FoundFile}) read again, with the digest of what it holds now; undefined when it is no longer a page (reported). */
export async function readAgain(ctx: BuildContext, file: FoundFile): Promise<FoundFile | undefined> {
  const source = await readFresh(ctx, file.relative, path.resolve(ctx.paths.root, file.display)).catch(() => undefined);
  return source && readNow(source);
}

/** Fails with a usage error, before anything is read or written, when the content folder does not exist. */
export async function requireContentFolder(ctx: BuildContext): Promise<void> {
  const stat = await fs.stat(ctx.paths.content).catch(() => undefined);
  if (!stat?.isDirectory()) throw new UsageError(`Content folder ${ctx.display(ctx.paths.content)} does not exist. Pass --content <folder>.`);
}
