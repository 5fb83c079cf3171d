/**
 * Values held in memory by key up to a bound on their total size, the first
 * that fit staying: a value stored again takes its own place whatever the
 * bound, and past the bound a new key is not held (`keep` says false, and
 * its owner puts the value elsewhere). Kept in the order written rather than
 * by recent use, since a build's stages read what it stored in the order it
 * was stored, which a least-recently-used bound would evict first.
 */
export interface FirstKept<V> {
  get(key: string): V | undefined;
  /** Holds the value when it fits (or replaces one held), and says whether it did. */
  keep(key: string, value: V): boolean;
  clear(): void;
}

/** Values held up to `bound` in all, each of `sizeOf` (see {@link FirstKept}). */
export function firstKept<V>(bound: number, sizeOf: (value: V) => number): FirstKept<V> {
  const kept = new Map<string, V>();
  let held = 0;
  return {
    get: (key) => kept.get(key),
    keep(key, value) {
      const before = kept.get(key);
      const added = sizeOf(value) - (before === undefined ? 0 : sizeOf(before));
      if (before === undefined && held + added > bound) return false;
      held += added;
      kept.set(key, value);
      return true;
    },
    clear() {
      kept.clear();
      held = 0;
    },
  };
}
