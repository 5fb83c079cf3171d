import { test } from "uvu";
import * as assert from "uvu/assert";
import { BOUNDED_HEAP_PAGES, HEAP_GROWING_PERCENT, heapGrowthFor } from "../src/heap-growth.ts";

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

test.run();
