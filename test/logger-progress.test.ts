import { test } from "uvu";
import * as assert from "uvu/assert";
import { createLogger, progressLine } from "../src/report/logger.ts";

test("a progress line says how far, how fast and how long is left", () => {
  assert.is(progressLine("index content", 0, 10_000, "pages", 0), "index content: 0 of 10,000 pages (0 %)");
  assert.is(progressLine("index content", 2304, 10_000, "pages", 44_300), "index content: 2,304 of 10,000 pages (23 %), 52 pages/s, about 2 min 28 s left");
  assert.is(progressLine("render pages", 5, 5, "pages", 2000), "render pages: 5 of 5 pages (100 %), 2.5 pages/s");
  assert.is(progressLine("index content", 10, 100_000, "pages", 10_000), "index content: 10 of 100,000 pages (0 %), 1.0 pages/s, about 27 h 46 min left");
});

/** A logger over a fake stream and clock; returns what it wrote. */
function fakeLogger(isTTY: boolean, quiet = false) {
  const written: string[] = [];
  let t = 0;
  const logger = createLogger({ quiet, out: { isTTY, write: (text: string) => written.push(text) > 0 }, now: () => t });
  return { logger, written, at: (ms: number) => void (t = ms) };
}

test("elsewhere than a terminal (CI), a plain progress line comes at most every 10 s, none in a step's first 10 s", () => {
  const { logger, written, at } = fakeLogger(false);
  for (let s = 0; s <= 25; s++) {
    at(s * 1000);
    logger.progress?.("index content", s * 100, 2600, "pages");
  }
  assert.equal(written, [
    "index content: 1,000 of 2,600 pages (38 %), 100 pages/s, about 16 s left\n",
    "index content: 2,000 of 2,600 pages (76 %), 100 pages/s, about 6 s left\n",
  ]);
});

test("on a terminal, the progress line is redrawn in place at most every 100 ms and cleared by the step's final line", () => {
  const { logger, written, at } = fakeLogger(true);
  at(0);
  logger.progress?.("render pages", 1, 10, "pages");
  at(50);
  logger.progress?.("render pages", 2, 10, "pages");
  at(150);
  logger.progress?.("render pages", 3, 10, "pages");
  logger.info("✓ render pages               150 ms");
  assert.equal(written, [
    "\r\x1b[2Krender pages: 1 of 10 pages (10 %)",
    "\r\x1b[2Krender pages: 3 of 10 pages (30 %)",
    "\r\x1b[2K",
    "✓ render pages               150 ms\n",
  ]);
});

test("-q prints no progress", () => {
  for (const tty of [true, false]) {
    const { logger, written, at } = fakeLogger(tty, true);
    at(60_000);
    logger.progress?.("index content", 1, 2, "pages");
    assert.equal(written, []);
  }
});

test.run();
