import v8 from "node:v8";
import vm from "node:vm";

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

/** True once a one-off build of a site large enough to bound its heap's growth has begun (see {@link collectGarbage}). */
let collecting = false;
let collector: (() => void) | undefined;

/**
 * Bounds the heap's growth for a build of `pages` pages (see {@link heapGrowthFor}); V8 reads the setting at each
 * collection. `oneOff` (not the dev server) also turns on {@link collectGarbage} for such a site.
 */
export function boundHeapGrowth(pages: number, { oneOff = true }: { oneOff?: boolean } = {}): void {
  const percent = heapGrowthFor(pages, [...process.execArgv, process.env.NODE_OPTIONS ?? ""]);
  if (percent !== undefined) v8.setFlagsFromString(`${FLAG}=${percent}`);
  collecting = oneOff && pages >= BOUNDED_HEAP_PAGES;
}

/**
 * A full collection now, in a one-off build of a large site (see
 * {@link boundHeapGrowth}), at a moment most of the heap has just become
 * garbage: before a large stage, and before the titles index is made again
 * from fewer pages.
 * V8 sets how far the heap may grow from what was live at its last full
 * collection; one taken while a stage's data was live lets the next stage's
 * garbage pile up to that much again before it is collected. Making the
 * titles index of 17,388 pages and then of the 15,649 that fit its budget
 * took 117 MB of heap over its input in a process with
 * `--heap-growing-percent=50`; with a collection in between, 65 MB. A
 * collection takes tens of milliseconds at these heaps; the dev server, whose
 * heap holds its caches, never takes one.
 */
export function collectGarbage(): void {
  if (!collecting) return;
  if (!collector) {
    v8.setFlagsFromString("--expose-gc");
    collector = vm.runInNewContext("gc") as () => void;
  }
  collector();
}
