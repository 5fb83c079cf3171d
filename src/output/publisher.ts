import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { byteLength, type OutputFile, type StreamedFile } from "./files.ts";
import { digester, digestOf, openStaging, writeChanged, type OutputManifest, type SpooledFile, type Staging, type WriteOptions } from "./staging.ts";

/**
 * The size in bytes past which a streamed file of the dev server's later
 * builds, which patch the output instead of staging a whole site, goes to a
 * spool file rather than memory (see `Spool`): 1 MB, more than any page and
 * less than a large site's `llms-full.txt`, which grows with the site.
 */
export const SPOOL_PAST = 1 << 20;

/** A folder beside the output, made on first use, holding large streamed files until the patch moves them in. */
interface Spool {
  /** The folder, made on first use: a staging folder that is never committed. */
  folder(): Promise<Staging>;
  /** The files spooled that differ from what the last build wrote, for the patch to move in. */
  files: SpooledFile[];
  /** Removes the folder, if made, with whatever the patch left in it. */
  remove(): Promise<void>;
}

/** A spool beside the output `outDir` (see `Spool`); its folder is made with the first file past `SPOOL_PAST`. */
function spoolBeside(outDir: string, options: WriteOptions): Spool {
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
async function gathered(spool: Spool | undefined, file: StreamedFile): Promise<OutputFile | SpooledFile> {
  const parts = file.parts[Symbol.asyncIterator]();
  const head: Array<string | Uint8Array> = [];
  let bytes = 0;
  for (let next = await parts.next(); !next.done; next = await parts.next()) {
    head.push(next.value);
    bytes += Buffer.byteLength(next.value);
    if (spool && bytes > SPOOL_PAST) return spooled(spool, file.path, head, parts);
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

/** What the dev server's last build left for the next one to patch: what it wrote, and its keyed files. */
interface PriorWrite {
  written: OutputManifest;
  keyed?: ReadonlyMap<string, KeyedFile>;
}

/** How a {@link Publisher} writes. */
export interface PublisherOptions {
  /** The output folder, absolute. */
  out: string;
  /** false collects every file (see `Publisher.collected`) and writes nothing. */
  write: boolean;
  /** Keeps each file's digest and key (the dev server's builds), for a later build to patch against. */
  track: boolean;
  /** What the last build wrote: this one then patches that site, writing only what changed, instead of staging a whole one. */
  prior?: PriorWrite;
  lock: WriteOptions;
}

/** What a publisher put in place. */
export interface Published {
  /** With `track`: what was written, for a later build to patch against. */
  written?: OutputManifest;
  keyed?: Map<string, KeyedFile>;
  /** The site to patch was replaced by another build meanwhile, and nothing was written: the build must write a whole site. */
  replaced: boolean;
}

/** What {@link Publisher.abort} could not remove. */
export interface Leftover {
  folder: string;
  code: string;
}

/**
 * Where every stage's files go (the one emit interface), and how they are
 * put in place. A build writes each file into a staging folder as soon as it
 * is made, so memory does not grow with the rendered site, and swaps the
 * folder in at the end (see staging.ts and layout.ts). So does the dev
 * server's first build. Its later builds (`prior`) keep only the files that
 * differ from what it last wrote (by digest) and patch those in place, large
 * streamed ones spooled beside the output. Builds that do not write collect
 * every file.
 */
export class Publisher {
  /** The files kept for the result or for the patch, when nothing is streamed. */
  readonly collected: OutputFile[] = [];
  /** Files emitted (or kept) so far. */
  count = 0;
  /** Their bytes. */
  bytes = 0;
  readonly #options: PublisherOptions;
  readonly #staging: Staging | undefined;
  readonly #digests: Map<string, string> | undefined;
  readonly #keyed: Map<string, KeyedFile> | undefined;
  readonly #spool: Spool | undefined;

  private constructor(options: PublisherOptions, staging: Staging | undefined) {
    this.#options = options;
    this.#staging = staging;
    this.#digests = options.track && options.write ? new Map() : undefined;
    this.#keyed = this.#digests && new Map();
    this.#spool = options.prior && this.#digests ? spoolBeside(options.out, options.lock) : undefined;
  }

  /** Opens the output: a staging folder for a build that writes a whole site, nothing yet for one that patches or collects. */
  static async open(options: PublisherOptions): Promise<Publisher> {
    const staging = options.write && !options.prior ? await openStaging(options.out, options.lock) : undefined;
    return new Publisher(options, staging);
  }

  /** The digests of the files emitted so far, by path, when kept (see `track`). */
  get digests(): ReadonlyMap<string, string> | undefined {
    return this.#digests;
  }

  /** The keyed files emitted so far (see `StreamedFile.key`), by path, when kept (see `track`). */
  get keyed(): ReadonlyMap<string, KeyedFile> | undefined {
    return this.#keyed;
  }

  /** Emits one file: streams it into the staging folder, or collects it whole unless the dev server last wrote the same. */
  readonly emit = async (file: OutputFile | StreamedFile): Promise<void> => {
    if ("parts" in file && this.#keptByKey(file)) return;
    this.count++;
    const digests = this.#digests;
    const keep = (bytes: number) => "key" in file && file.key !== undefined && this.#keyed?.set(file.path, { key: file.key, bytes });
    if ("parts" in file && this.#staging) {
      // A streamed file is counted (and digested) as its parts pass.
      const digest = digests && digester();
      let bytes = 0;
      await this.#staging.write({
        path: file.path,
        contents: seenParts(file.parts, (part) => {
          bytes += Buffer.byteLength(part);
          digest?.update(part);
        }),
      });
      this.bytes += bytes;
      keep(bytes);
      if (digest) digests?.set(file.path, digest.digest());
      return;
    }
    // Without a staging folder, a streamed file is collected whole, or spooled when large.
    const gotten = "parts" in file ? await gathered(this.#spool, file) : file;
    // Text written to the staging folder is encoded once, here, for both its count and its write.
    const whole = this.#staging && "contents" in gotten && typeof gotten.contents === "string" ? { ...gotten, contents: Buffer.from(gotten.contents) } : gotten;
    const prior = this.#options.prior?.written;
    if ("spooled" in whole) {
      this.bytes += whole.bytes;
      keep(whole.bytes);
      digests?.set(whole.path, whole.digest);
      if (prior?.files.get(whole.path) !== whole.digest) this.#spool?.files.push(whole);
      return;
    }
    const bytes = byteLength(whole);
    this.bytes += bytes;
    keep(bytes);
    if (digests) {
      const digest = digestOf(whole.contents);
      digests.set(whole.path, digest);
      if (prior?.files.get(whole.path) === digest) return;
    }
    if (this.#staging) await this.#staging.write(whole);
    else this.collected.push(whole);
  };

  /** Keeps a streamed file as the dev server's last build wrote it when its key is unchanged (see `StreamedFile.key`); false otherwise. */
  #keptByKey(file: StreamedFile): boolean {
    const prior = this.#options.prior;
    const was = file.key === undefined ? undefined : prior?.keyed?.get(file.path);
    const digest = prior?.written.files.get(file.path);
    if (!was || was.key !== file.key || digest === undefined || !this.#digests) return false;
    this.#digests.set(file.path, digest);
    this.#keyed?.set(file.path, was);
    this.count++;
    this.bytes += was.bytes;
    return true;
  }

  /**
   * Keeps files as the dev server's last build wrote them, without their
   * contents: records their digests from that build and counts them with
   * `bytes`. False, keeping none, unless the build patches the last one's
   * files and that build wrote every path.
   */
  keep(paths: readonly string[], bytes: number): boolean {
    const prior = this.#options.prior?.written;
    const digests = this.#digests;
    // A build with a prior write never stages (see `open`).
    if (!prior || !digests) return false;
    const found = paths.map((path) => prior.files.get(path));
    if (found.some((digest) => digest === undefined)) return false;
    for (const [i, path] of paths.entries()) digests.set(path, found[i]!);
    this.count += paths.length;
    this.bytes += bytes;
    return true;
  }

  /**
   * A file as the dev server's last build wrote it into the output folder,
   * for a stage that copies unchanged stretches of it into this build's
   * files: its size, and a stretch of its bytes. Nothing without such a
   * build. Should another build replace the output meanwhile, the patch of
   * this one finds it replaced and the whole site is built again.
   */
  priorFile() {
    const dir = this.#options.out;
    return {
      size: async (file: string): Promise<number | undefined> => {
        if (!this.#options.prior?.written.files.has(file)) return undefined;
        return (await fs.stat(path.join(dir, file)).catch(() => undefined))?.size;
      },
      read(file: string, start: number, bytes: number): AsyncIterable<Uint8Array> {
        // Bytes, not text: copied as they are, a stretch is neither decoded nor encoded again. A stream's `end` is inclusive.
        return createReadStream(path.join(dir, file), { start, end: start + bytes - 1, highWaterMark: 1 << 20 });
      },
    };
  }

  /**
   * Puts the files in place: commits the staging folder, or patches what the
   * last build wrote with the files that changed. Nothing for a build that
   * does not write.
   */
  async publish(): Promise<Published> {
    if (!this.#options.write) return { replaced: false };
    const digests = this.#digests;
    if (this.#staging) {
      const version = await this.#staging.commit();
      return digests ? { written: { version, files: digests, changed: null }, keyed: this.#keyed, replaced: false } : { replaced: false };
    }
    const files = [...this.collected, ...(this.#spool?.files ?? [])];
    const written = await writeChanged(this.#options.out, files, this.#options.prior?.written, this.#options.lock, digests);
    return written ? { written, keyed: this.#keyed, replaced: false } : { replaced: true };
  }

  /** Removes the staging folder after a failed build; what could not be removed is returned, never thrown. */
  async abort(): Promise<Leftover | undefined> {
    const staging = this.#staging;
    return staging?.abort().then(
      () => undefined,
      (cleanup: NodeJS.ErrnoException) => ({ folder: staging.dir, code: cleanup.code ?? cleanup.message }),
    );
  }

  /** Removes the spool folder with whatever the patch left in it; one that cannot be removed is tidied by a write once this process is gone. */
  async close(): Promise<void> {
    await this.#spool?.remove().catch(() => undefined);
  }
}
