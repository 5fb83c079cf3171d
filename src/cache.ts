import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import fg from "fast-glob";

/** A small content-addressed disk cache for expensive, deterministic steps. */
export interface Cache {
  readonly enabled: boolean;
  get(key: string): Promise<Buffer | undefined>;
  set(key: string, value: string | Buffer): Promise<void>;
}

/** Hashes any number of strings or buffers into a hex key. */
export function hashKey(...parts: Array<string | Buffer>): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  return hash.digest("hex");
}

/**
 * Creates a cache under `dir` (default `.cache/docs-build`); with
 * `enabled: false` it reads and writes nothing.
 */
export function createCache(options: { dir: string; enabled: boolean }): Cache {
  const file = (key: string) => path.join(options.dir, key.slice(0, 2), key);
  return {
    enabled: options.enabled,
    async get(key) {
      if (!options.enabled) return undefined;
      return fs.readFile(file(key)).catch(() => undefined);
    },
    async set(key, value) {
      if (!options.enabled) return;
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Write then rename, so a reader never sees half an entry.
      const temp = `${target}.${process.pid}.tmp`;
      await fs.writeFile(temp, value);
      await fs.rename(temp, target);
    },
  };
}

/**
 * Hashes docs-build's own files matching `patterns` (relative to `root`), so
 * a cache entry made by other code is never reused. The lockfile is always
 * included: a dependency upgrade can change output too.
 */
export async function hashToolSources(root: string, patterns: readonly string[]): Promise<string> {
  const files = (await fg([...patterns, "package-lock.json"], { cwd: root })).sort();
  const contents = await Promise.all(files.map((f) => fs.readFile(path.join(root, f))));
  return hashKey(...files.flatMap((f, i) => [f, contents[i]]));
}
