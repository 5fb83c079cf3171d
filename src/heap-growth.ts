import v8 from "node:v8";

/**
 * Sites from this many pages on bound how far the heap may grow past what is
 * live. V8 lets the heap grow up to four times its live size before a full
 * collection, and rendering makes garbage fast: on a 10,000-page site the
 * build's heap holds about 60 MB of live data, yet its peak RSS was 504–538 MB,
 * and 1,118 MB at 30,000 pages.
 */
export const BOUNDED_HEAP_PAGES = 5_000;

/**
 * The growth allowed past the live heap, in percent: the heap grows to at most
 * 1.5 times its live size. Measured on the 10,000-page corpus (`--no-cache`,
 * one run each): peak RSS 270 MB at 50 % and 317 MB at 100 %, against 504 MB
 * unbounded; user CPU 414 s, 378 s and 325 s. The collector works more often,
 * so small sites, whose peak is small anyway, keep V8's own choice.
 */
export const HEAP_GROWING_PERCENT = 50;

const FLAG = "--heap-growing-percent";

/**
 * The heap growth a build of `pages` pages asks V8 for (pure): a percent for
 * large sites, or undefined to leave V8's choice, as also when the process
 * was started with its own (`node --heap-growing-percent=…`, or in NODE_OPTIONS).
 */
export function heapGrowthFor(pages: number, startedWith: readonly string[]): number | undefined {
  if (pages < BOUNDED_HEAP_PAGES) return undefined;
  if (startedWith.some((arg) => arg.replaceAll("_", "-").includes(FLAG))) return undefined;
  return HEAP_GROWING_PERCENT;
}

/** Bounds the heap's growth for a build of `pages` pages (see {@link heapGrowthFor}); V8 reads the setting at each collection. */
export function boundHeapGrowth(pages: number): void {
  const percent = heapGrowthFor(pages, [...process.execArgv, process.env.NODE_OPTIONS ?? ""]);
  if (percent !== undefined) v8.setFlagsFromString(`${FLAG}=${percent}`);
}
