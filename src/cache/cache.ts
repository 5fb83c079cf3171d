import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { writeFileAtomic } from "../output/write-file.ts";
import { LRUCache } from "lru-cache";
import { firstKept, type FirstKept } from "../pipeline/first-kept.ts";

/** A small content-addressed disk cache for expensive, deterministic steps. */
export interface Cache {
  readonly enabled: boolean;
  /**
   * False for a private cache that ends with its build (the languages of a
   * build without a cache share one, and so does a merge without one): what
   * only later builds would read is not made (see {@link keepsForLater}).
   */
  readonly lasting: boolean;
  /** Entries found damaged (truncated, changed, unreadable, of another format) so far: each was removed and counted as a miss. */
  readonly damaged: number;
  get(key: string): Promise<Buffer | undefined>;
  set(key: string, value: string | Buffer): Promise<void>;
  /** Values kept only in this process across builds (the dev server's builder), each with its size in bytes; undefined elsewhere. */
  readonly memo: Memo | undefined;
  /** Reads a JSON entry; a long-lived process keeps the parsed value, so it is parsed once. */
  getJson<T>(key: string): Promise<T | undefined>;
  setJson(key: string, value: unknown): Promise<void>;
  /** Reads an entry part by part (for entries too large to hold whole), or undefined when there is none. */
  getParts(key: string): Promise<AsyncIterable<string> | undefined>;
  /** Writes an entry as its parts arrive, so it is never whole in memory (but in a long-lived process's memory layer). */
  setParts(key: string, parts: AsyncIterable<string>): Promise<void>;
}

/**
 * True when the cache outlives the build, so entries that only later builds
 * read (rendered pages, search runs, the client bundle, the service worker,
 * llms sections) are worth making; the pages' own entries, which the build
 * reads back itself, are made whenever the cache is enabled.
 */
export const keepsForLater = (cache: Pick<Cache, "enabled" | "lasting">): boolean => cache.enabled && cache.lasting;

/** Values kept in memory by key, each set with its (approximate) size in bytes. */
export interface Memo {
  get(key: string): unknown;
  has(key: string): boolean;
  set(key: string, value: NonNullable<unknown>, options: { size: number }): unknown;
}

/**
 * What a long-lived process keeps in memory across builds: raw entries and
 * parsed JSON entries (and memos), each bounded in bytes, the least recently
 * used going first. Whatever leaves memory stays in the disk cache.
 */
export interface MemoryCache {
  entries: LRUCache<string, Buffer>;
  objects: LRUCache<string, NonNullable<unknown>>;
}

/**
 * The dev server's default memory budget for each of the two layers: enough
 * for every page of a site of a few thousand pages, and a bound, not a
 * share of the site, beyond that.
 */
const MEMORY_LAYER_BYTES = 256 * 1024 * 1024;

/** A memory cache of at most `bytes` in each layer. */
export function createMemoryCache(bytes = MEMORY_LAYER_BYTES): MemoryCache {
  return {
    entries: new LRUCache<string, Buffer>({ maxSize: bytes, sizeCalculation: (value) => Math.max(1, value.byteLength) }),
    objects: new LRUCache<string, NonNullable<unknown>>({ maxSize: bytes }),
  };
}

/** The approximate bytes of a parsed JSON value, from the length of its text (strings hold two bytes a character at most). */
const parsedSize = (text: string) => Math.max(1, text.length * 2);

/**
 * Entries a private cache (see {@link Cache.lasting}) holds in memory as they
 * are written (see `FirstKept`), until they come to a bound in bytes: those
 * held stay in memory only, for a private cache ends with its build; later
 * ones go to disk. Shared by the languages of one build, so each reads the
 * default language's pages, which it falls back to, from memory.
 */
export type KeptEntries = FirstKept<Buffer>;

/** Entries held in memory, as written, up to `bytes` in all (see {@link KeptEntries}). */
export const keptEntries = (bytes: number): KeptEntries => firstKept<Buffer>(bytes, (value) => value.length);

/** Hashes any number of strings or buffers into a hex key. */
export function hashKey(...parts: Array<string | Buffer>): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  return hash.digest("hex");
}

/**
 * The seal each entry on disk ends with: the format's name and version, the
 * SHA-256 of the bytes before it and their number, in a fixed width, so it is
 * read from the end of the file without reading the entry (and a streamed
 * entry, hashed as it is written, can end with it).
 */
const SEAL_NAME = "\ndocs-build-cache 1 ";
const SEAL_BYTES = SEAL_NAME.length + 64 + 1 + 15 + 1;
const sealOf = (hash: string, bytes: number) => `${SEAL_NAME}${hash} ${String(bytes).padStart(15, "0")}\n`;

/** The body of a sealed entry, or undefined when the seal is missing, of another version, or does not match the body (a damaged entry). */
function unsealed(raw: Buffer): Buffer | undefined {
  if (raw.length < SEAL_BYTES) return undefined;
  const body = raw.subarray(0, raw.length - SEAL_BYTES);
  const seal = raw.subarray(raw.length - SEAL_BYTES).toString("latin1");
  return seal === sealOf(createHash("sha256").update(body).digest("hex"), body.length) ? body : undefined;
}

/** An entry's body with its seal. */
function sealed(value: string | Buffer): Buffer {
  const body = typeof value === "string" ? Buffer.from(value) : value;
  return Buffer.concat([body, Buffer.from(sealOf(createHash("sha256").update(body).digest("hex"), body.length), "latin1")]);
}

/** An entry's body and its seal, hashed as the parts pass, for writing. */
async function* sealedParts(parts: AsyncIterable<string | Buffer>): AsyncGenerator<Buffer> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const part of parts) {
    const chunk = typeof part === "string" ? Buffer.from(part) : part;
    hash.update(chunk);
    bytes += chunk.length;
    yield chunk;
  }
  yield Buffer.from(sealOf(hash.digest("hex"), bytes), "latin1");
}

/**
 * A sealed entry's body part by part, or undefined when its file is missing
 * or damaged: the file is read through once to check its seal before any
 * part is handed on, so a damaged entry is never half used.
 */
async function verifiedParts(file: string): Promise<AsyncIterable<string> | undefined> {
  const size = (await fs.stat(file).catch(() => undefined))?.size;
  if (size === undefined || size < SEAL_BYTES) return undefined;
  const bodyBytes = size - SEAL_BYTES;
  const handle = await fs.open(file).catch(() => undefined);
  if (!handle) return undefined;
  try {
    const seal = Buffer.alloc(SEAL_BYTES);
    await handle.read(seal, 0, SEAL_BYTES, bodyBytes);
    const hash = createHash("sha256");
    // A stream's `end` is inclusive, so an empty body is not read at all.
    if (bodyBytes > 0)
      for await (const chunk of handle.createReadStream({ start: 0, end: bodyBytes - 1, highWaterMark: 1 << 20, autoClose: false }))
        hash.update(chunk as Buffer);
    if (seal.toString("latin1") !== sealOf(hash.digest("hex"), bodyBytes)) return undefined;
  } finally {
    await handle.close();
  }
  // Decoded across chunk boundaries by the stream, so a character split between two reads stays whole.
  return bodyBytes === 0 ? emptyParts() : (await fs.open(file)).createReadStream({ encoding: "utf8", start: 0, end: bodyBytes - 1, highWaterMark: 1 << 20 });
}

async function* emptyParts(): AsyncGenerator<string> {}

/** Where an entry is kept under a cache's folder. */
const entryFile = (dir: string, key: string) => path.join(dir, key.slice(0, 2), key);

/** The entry (whole, or part by part) in the first of `layers` that has it whole, or undefined; a layer's damaged entry is a miss, left where it is. */
async function layered(layers: readonly string[], key: string): Promise<Buffer | undefined>;
async function layered(layers: readonly string[], key: string, parts: true): Promise<AsyncIterable<string> | undefined>;
async function layered(layers: readonly string[], key: string, parts = false): Promise<Buffer | AsyncIterable<string> | undefined> {
  for (const layer of layers) {
    const file = entryFile(layer, key);
    const found = parts ? await verifiedParts(file).catch(() => undefined) : await fs.readFile(file).then(unsealed, () => undefined);
    if (found) return found;
  }
  return undefined;
}

/**
 * The cache's entries on disk under `dir`, sealed (see {@link sealOf}): a
 * damaged one is counted, removed and read as missing, and something of
 * another kind in an entry's place is removed before it is written again.
 */
function diskEntries(dir: string, layers: readonly string[] = []) {
  const file = (key: string, under = dir) => entryFile(under, key);
  const fromLayers = (key: string) => layered(layers, key);
  let damaged = 0;
  /** A damaged entry is a miss: it is counted and removed, and whoever asked makes it again. */
  const discard = async (key: string) => {
    damaged++;
    await fs.rm(file(key), { force: true, recursive: true });
    return undefined;
  };
  /** Writes an entry; something of another kind in its place (a folder) is damage too: it is removed and the write made again. */
  const replacing = async (key: string, write: () => Promise<void>) => {
    try {
      await write();
    } catch (error) {
      if (!["EISDIR", "ENOTEMPTY", "EEXIST", "ENOTDIR"].includes((error as NodeJS.ErrnoException).code ?? "")) throw error;
      await discard(key);
      await write();
    }
  };
  return {
    damaged: () => damaged,
    discard,
    // Write then rename, so a reader never sees half an entry; sealed, so a reader knows a damaged one.
    write: (key: string, value: string | Buffer) => replacing(key, () => writeFileAtomic(file(key), sealed(value))),
    async writeParts(key: string, parts: AsyncIterable<string>) {
      // A stream is read once, so something of another kind in the entry's place is removed before, not after.
      if ((await fs.lstat(file(key)).catch(() => undefined))?.isDirectory()) await discard(key);
      await writeFileAtomic(file(key), sealedParts(parts));
    },
    /** An entry's body: undefined when missing, and when damaged or unreadable (then discarded). */
    async read(key: string): Promise<Buffer | undefined> {
      let raw: Buffer;
      try {
        raw = await fs.readFile(file(key));
      } catch (error) {
        return (error as NodeJS.ErrnoException).code === "ENOENT" ? fromLayers(key) : discard(key);
      }
      return unsealed(raw) ?? discard(key);
    },
    /** An entry's body part by part, checked whole first; undefined when missing or damaged (then discarded). */
    async readParts(key: string): Promise<AsyncIterable<string> | undefined> {
      const parts = await verifiedParts(file(key)).catch(() => undefined);
      if (parts) return parts;
      if (await fs.lstat(file(key)).catch(() => undefined)) await discard(key);
      return layered(layers, key, true);
    },
  };
}

/** An entry held whole in memory, as the one part of an entry read part by part. */
async function* wholeAsParts(kept: Buffer): AsyncGenerator<string> {
  yield kept.toString("utf8");
}

/** A JSON entry's value, or undefined when its body is not JSON (written by other code under the same key): a damaged entry all the same. */
function parsedOr<T>(raw: string, damaged: () => Promise<undefined>): T | Promise<undefined> {
  try {
    return JSON.parse(raw) as T;
  } catch {
    return damaged();
  }
}

/** What {@link createCache} makes a cache of. */
interface CacheOptions {
  dir: string;
  enabled: boolean;
  memory?: MemoryCache;
  kept?: KeptEntries;
  layers?: readonly string[];
  lasting?: boolean;
}

/**
 * Writes an entry that arrives in parts: streamed to disk, or gathered whole
 * into a long-lived process's memory layer and written through `set`. Entries
 * read part by part are too large for a private cache's kept entries.
 */
async function writeParts(options: CacheOptions, disk: ReturnType<typeof diskEntries>, set: Cache["set"], key: string, parts: AsyncIterable<string>) {
  if (!options.enabled) {
    for await (const _part of parts);
    return;
  }
  if (!options.memory) return disk.writeParts(key, parts);
  const chunks: Buffer[] = [];
  for await (const part of parts) chunks.push(Buffer.from(part));
  return set(key, Buffer.concat(chunks));
}

/**
 * Creates a cache under `dir` (default `.cache/docs-build`); with
 * `enabled: false` it reads and writes nothing. A `memory` map, kept across
 * builds by a long-lived process (the dev server's builder), is checked
 * before the disk and filled alongside it. `layers` are other caches' folders
 * read, never written, where `dir` lacks an entry (the shards a merge
 * puts together: see `docs-build merge`). `kept` holds a private cache's
 * entries in memory as they are written (see {@link KeptEntries}).
 */
export function createCache(options: CacheOptions): Cache {
  const memory = options.memory?.entries ?? (options.kept && { get: options.kept.get, set: options.kept.keep });
  const objects = options.memory?.objects;
  // An entry a private cache holds in memory is never needed on disk: the cache ends with the build.
  const heldAlone = (key: string, value: Buffer) => options.lasting === false && options.kept?.keep(key, value) === true;
  const disk = diskEntries(options.dir, options.layers);
  const cache: Cache = {
    enabled: options.enabled,
    lasting: options.lasting !== false,
    memo: options.enabled ? objects : undefined,
    get damaged() {
      return disk.damaged();
    },
    async get(key) {
      if (!options.enabled) return undefined;
      const kept = memory?.get(key);
      if (kept) return kept;
      const read = await disk.read(key);
      if (read) memory?.set(key, read);
      return read;
    },
    async set(key, value) {
      if (!options.enabled) return;
      const buffer = Buffer.from(value);
      if (heldAlone(key, buffer)) return;
      options.memory?.entries.set(key, buffer);
      await disk.write(key, value);
    },
    async getJson<T>(key: string) {
      if (!options.enabled) return undefined;
      if (objects?.has(key)) return objects.get(key) as T;
      const raw = (memory?.get(key) ?? (await disk.read(key)))?.toString("utf8");
      if (raw === undefined) return undefined;
      const value = await parsedOr<T>(raw, () => disk.discard(key));
      if (value !== null && value !== undefined) objects?.set(key, value, { size: parsedSize(raw) });
      return value;
    },
    async setJson(key, value) {
      if (!options.enabled) return;
      const text = JSON.stringify(value);
      if (heldAlone(key, Buffer.from(text))) return;
      if (value !== null && value !== undefined) objects?.set(key, value, { size: parsedSize(text) });
      await disk.write(key, text);
    },
    async getParts(key) {
      if (!options.enabled) return undefined;
      const kept = memory?.get(key);
      return kept ? wholeAsParts(kept) : disk.readParts(key);
    },
    setParts: (key, parts) => writeParts(options, disk, (k, value) => cache.set(k, value), key, parts),
  };
  return cache;
}
