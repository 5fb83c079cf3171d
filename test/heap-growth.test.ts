import { constants, PerformanceObserver } from "node:perf_hooks";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { BOUNDED_HEAP_PAGES, boundHeapGrowth, collectGarbage, HEAP_GROWING_PERCENT, heapGrowthFor } from "../src/pipeline/heap-growth.ts";

test("a site below the bound keeps V8's own heap growth", () => {
  assert.is(heapGrowthFor(BOUNDED_HEAP_PAGES - 1, []), undefined);
  assert.is(heapGrowthFor(143, ["--max-semi-space-size=32"]), undefined);
});

test("a large site bounds the heap's growth past its live size", () => {
  assert.is(heapGrowthFor(BOUNDED_HEAP_PAGES, []), HEAP_GROWING_PERCENT);
  assert.is(heapGrowthFor(100_000, ["--max-semi-space-size=32", ""]), HEAP_GROWING_PERCENT);
  assert.ok(HEAP_GROWING_PERCENT > 0 && HEAP_GROWING_PERCENT < 300);
});

test("a growth the process was started with, on the command line or in NODE_OPTIONS, is kept", () => {
  assert.is(heapGrowthFor(100_000, ["--heap-growing-percent=200"]), undefined);
  assert.is(heapGrowthFor(100_000, ["--inspect", "--max-old-space-size=4096 --heap_growing_percent=20"]), undefined);
});

/** Full collections while `collectGarbage` is called five times after `boundHeapGrowth(pages, options)`. */
async function collectionsAfter(pages: number, options?: { oneOff?: boolean }): Promise<number> {
  let full = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) full++;
  });
  observer.observe({ entryTypes: ["gc"] });
  boundHeapGrowth(pages, options);
  for (let n = 0; n < 5; n++) collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  return full;
}

test("a one-off build of a large site collects its heap when a stage asks; a smaller site and the dev server's builds do not", async () => {
  // A growth given in NODE_OPTIONS is kept, so the test process's own growth is not changed.
  const options = process.env.NODE_OPTIONS;
  process.env.NODE_OPTIONS = `${options ?? ""} --heap-growing-percent=100`;
  try {
    assert.ok((await collectionsAfter(100_000)) >= 5, "five full collections");
    assert.ok((await collectionsAfter(BOUNDED_HEAP_PAGES - 1)) < 5, "none asked of a smaller site");
    assert.ok((await collectionsAfter(100_000, { oneOff: false })) < 5, "none asked of the dev server");
  } finally {
    boundHeapGrowth(0);
    if (options === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = options;
  }
});

test.run();
