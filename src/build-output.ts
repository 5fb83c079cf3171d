import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { byteLength, type OutputFile, type StreamedFile } from "./output-files.ts";
import { digester, digestOf, openStaging, type OutputManifest, type SpooledFile, type Staging, type WriteOptions } from "./write-output.ts";

/**
 * The size in bytes past which a streamed file of the dev server's later
 * builds, which patch the output instead of staging a whole site, goes to a
 * spool file rather than memory (see `Spool`): 1 MB, more than any page and
 * less than a large site's `llms-full.txt`, which grows with the site.
 */
export const SPOOL_PAST = 1 << 20;

/** Where a build's files go, and the count and size of those emitted so far. */
export interface Output {
  /** The staging folder files are streamed into, for builds that write the whole site. */
  staging: Staging | undefined;
  /** The files kept for the result or for writeChanged, when nothing is streamed. */
  collected: OutputFile[];
  /** The dev server's builds keep every file's digest; later ones pass writeChanged only the files that changed. */
  digests: Map<string, string> | undefined;
  /** What the dev server last wrote, for its later builds. */
  prior: OutputManifest | undefined;
  /** The dev server's builds: each streamed file with a key (see `StreamedFile.key`), its key and bytes. */
  keyed: Map<string, KeyedFile> | undefined;
  /** The keyed files the dev server's last build wrote, so a later one keeps those whose key is unchanged. */
  priorKeyed: ReadonlyMap<string, KeyedFile> | undefined;
  /** The dev server's later builds: where streamed files past `SPOOL_PAST` wait for the patch. */
  spool: Spool | undefined;
  write: WriteOptions;
  count: number;
  bytes: number;
}

/** A folder beside the output, made on first use, holding large streamed files until the patch moves them in. */
export interface Spool {
  /** The folder, made on first use: a staging folder that is never committed. */
  folder(): Promise<Staging>;
  /** The files spooled that differ from what the last build wrote, for the patch to move in. */
  files: SpooledFile[];
  /** Removes the folder, if made, with whatever the patch left in it. */
  remove(): Promise<void>;
}

/** A spool beside the output `outDir` (see `Spool`); its folder is made with the first file past `SPOOL_PAST`. */
export function spoolBeside(outDir: string, options: WriteOptions): Spool {
  let opened: Promise<Staging> | undefined;
  return {
    folder: () => (opened ??= openStaging(outDir, options)),
    files: [],
    async remove() {
      const folder = await opened?.catch(() => undefined);
      opened = undefined;
      await folder?.abort();
    },
  };
}

/** A streamed file's key (see `StreamedFile.key`) and the bytes it was written with. */
export interface KeyedFile {
  key: string;
  bytes: number;
}

/** Passes the parts through, showing each to `see` first. */
async function* seenParts<Part extends string | Uint8Array>(parts: AsyncIterable<Part>, see: (part: Part) => void): AsyncIterable<Part> {
  for await (const part of parts) {
    see(part);
    yield part;
  }
}

/** The parts as one file, or past `SPOOL_PAST` (with a spool) written into the spool's folder, digested as they pass. */
async function gathered(output: Output, file: StreamedFile): Promise<OutputFile | SpooledFile> {
  const parts = file.parts[Symbol.asyncIterator]();
  const head: Array<string | Uint8Array> = [];
  let bytes = 0;
  for (let next = await parts.next(); !next.done; next = await parts.next()) {
    head.push(next.value);
    bytes += Buffer.byteLength(next.value);
    if (output.spool && bytes > SPOOL_PAST) return spooled(output.spool, file.path, head, parts);
  }
  // Bytes may split a character between two parts, so they are joined before they are read as text.
  if (head.every((part) => typeof part === "string")) return { path: file.path, contents: head.join("") };
  return { path: file.path, contents: Buffer.concat(head.map((part) => (typeof part === "string" ? Buffer.from(part) : part))).toString("utf8") };
}

/** Writes a file into the spool's folder: the parts read so far, then the rest. */
async function spooled(spool: Spool, file: string, head: ReadonlyArray<string | Uint8Array>, rest: AsyncIterator<string | Uint8Array>): Promise<SpooledFile> {
  const folder = await spool.folder();
  const digest = digester();
  let bytes = 0;
  async function* all(): AsyncIterable<string | Uint8Array> {
    yield* head;
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
  }
  const contents = seenParts(all(), (part) => {
    bytes += Buffer.byteLength(part);
    digest.update(part);
  });
  await folder.write({ path: file, contents });
  return { path: file, spooled: path.join(folder.dir, file), digest: digest.digest(), bytes };
}

/** Keeps a streamed file as the dev server's last build wrote it when its key is unchanged (see `StreamedFile.key`); false otherwise. */
function keptByKey(output: Output, file: StreamedFile): boolean {
  const { prior, digests, keyed, priorKeyed } = output;
  const was = file.key === undefined ? undefined : priorKeyed?.get(file.path);
  const digest = prior?.files.get(file.path);
  if (!was || was.key !== file.key || digest === undefined || !digests) return false;
  digests.set(file.path, digest);
  keyed?.set(file.path, was);
  output.count++;
  output.bytes += was.bytes;
  return true;
}

/** Emits one file: streams it into the staging folder, or collects it whole unless the dev server last wrote the same. */
export async function emitFile(output: Output, file: OutputFile | StreamedFile): Promise<void> {
  const { staging, digests, prior } = output;
  if ("parts" in file && keptByKey(output, file)) return;
  output.count++;
  const keep = (bytes: number) => "key" in file && file.key !== undefined && output.keyed?.set(file.path, { key: file.key, bytes });
  if ("parts" in file && staging) {
    // A streamed file is counted (and digested) as its parts pass.
    const digest = digests && digester();
    let bytes = 0;
    await staging.write({
      path: file.path,
      contents: seenParts(file.parts, (part) => {
        bytes += Buffer.byteLength(part);
        digest?.update(part);
      }),
    });
    output.bytes += bytes;
    keep(bytes);
    if (digest) digests?.set(file.path, digest.digest());
    return;
  }
  // Without a staging folder, a streamed file is collected whole, or spooled when large.
  const whole = "parts" in file ? await gathered(output, file) : file;
  if ("spooled" in whole) {
    output.bytes += whole.bytes;
    keep(whole.bytes);
    digests?.set(whole.path, whole.digest);
    if (prior?.files.get(whole.path) !== whole.digest) output.spool?.files.push(whole);
    return;
  }
  const bytes = byteLength(whole);
  output.bytes += bytes;
  keep(bytes);
  if (digests) {
    const digest = digestOf(whole.contents);
    digests.set(whole.path, digest);
    if (prior?.files.get(whole.path) === digest) return;
  }
  if (staging) await staging.write(whole);
  else output.collected.push(whole);
}

/**
 * Keeps files as the dev server's last build wrote them, without their
 * contents (pure but for `output`): records their digests from that build and
 * counts them with `bytes`. False, keeping none, unless the build patches the
 * last one's files and that build wrote every path.
 */
export function keepFiles(output: Output, paths: readonly string[], bytes: number): boolean {
  const { prior, digests, staging } = output;
  if (!prior || !digests || staging) return false;
  const found = paths.map((path) => prior.files.get(path));
  if (found.some((digest) => digest === undefined)) return false;
  for (const [i, path] of paths.entries()) digests.set(path, found[i]!);
  output.count += paths.length;
  output.bytes += bytes;
  return true;
}

/**
 * A file as the dev server's last build wrote it into `dir` (the output
 * folder), for a stage that copies unchanged stretches of it into this build's
 * files: its size, and a stretch of its bytes. Nothing without such a build.
 * Should another build replace the output meanwhile, the patch of this one
 * finds it replaced and the whole site is built again.
 */
export function priorFile(output: Output, dir: string) {
  return {
    async size(file: string): Promise<number | undefined> {
      if (!output.prior?.files.has(file) || output.staging) return undefined;
      return (await fs.stat(path.join(dir, file)).catch(() => undefined))?.size;
    },
    read(file: string, start: number, bytes: number): AsyncIterable<Uint8Array> {
      // Bytes, not text: copied as they are, a stretch is neither decoded nor encoded again. A stream's `end` is inclusive.
      return createReadStream(path.join(dir, file), { start, end: start + bytes - 1, highWaterMark: 1 << 20 });
    },
  };
}
