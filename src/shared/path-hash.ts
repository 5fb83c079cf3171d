/**
 * A 53-bit hash of a path, so the stages that read a whole git history keep
 * a number per file instead of its path.
 */

/**
 * A 53-bit hash of a path (two FNV-1a hashes of its UTF-16 code units, one
 * cut to 21 bits): at 100,000 files, two paths share one with a chance of
 * about one in two million.
 */
export function pathHash(path: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return (a & 0x1fffff) * 0x1_0000_0000 + b;
}
