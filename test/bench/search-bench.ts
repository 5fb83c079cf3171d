/**
 * Search benchmark on the webpack docs corpus (`../shared/corpus/webpack-docs`):
 *
 * - the size of `search-index.json`, raw and gzipped (target ≤ 300 KB gzipped);
 * - query time in Node over the corpus query set (fixtures/search/corpus-queries.json),
 *   median of every query over 5 passes after a warm-up pass (target ≤ 5 ms);
 * - the first query in Chromium on localhost, from typing into a freshly loaded
 *   page to the first result shown, which includes loading the search chunk and
 *   the index from the server (target ≤ 150 ms), median of 5 fresh browser
 *   contexts with the service worker blocked (its precaching on a first visit
 *   would otherwise download the same files at the same moment);
 * - how many of the query set have their page in the top 3.
 *
 * Run with `npm run bench:search` (also part of `npm run bench`).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { chromium } from "playwright-core";
import { build } from "../../src/build.ts";
import { createMemoryLogger } from "../../src/logger.ts";
import { createStaticServer } from "../../src/serve/static-server.ts";
import { SEARCH_INDEX_PATH, type SearchIndexFile } from "../../src/shared/search/index-format.ts";
import { Searcher } from "../../src/shared/search/searcher.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../helpers/browser.ts";
import { TOOL_DIR } from "../helpers/temp-site.ts";

const CORPUS = path.resolve(TOOL_DIR, "..", "shared", "corpus", "webpack-docs");
const QUERIES = JSON.parse(fs.readFileSync(path.join(TOOL_DIR, "fixtures", "search", "corpus-queries.json"), "utf8")) as { query: string; expect: string }[];
const TARGETS = { gzipKB: 300, queryMs: 5, firstQueryMs: 150 };
const ROUNDS = 5;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const verdict = (ok: boolean) => (ok ? "met" : "NOT met");

async function firstQueryInChromium(out: string): Promise<number[]> {
  const server = createStaticServer({ root: out });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const times: number[] = [];
  try {
    for (let round = 0; round <= ROUNDS; round++) {
      // A fresh context each round: empty HTTP cache. The service worker is blocked, so the
      // index comes from the server and the worker's precaching does not run alongside.
      const context = await browser.newContext({ serviceWorkers: "block" });
      const page = await context.newPage();
      await page.goto(`${origin}/concepts/`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      const ms = await page.evaluate(
        (query) =>
          new Promise<number>((resolve) => {
            const input = document.querySelector<HTMLInputElement>('input[role="combobox"]')!;
            const start = performance.now();
            const observer = new MutationObserver(() => {
              if (document.querySelector(".search-result")) {
                observer.disconnect();
                resolve(performance.now() - start);
              }
            });
            observer.observe(document.body, { childList: true, subtree: true });
            input.focus();
            // React listens for input events; set the value the way typing does.
            Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, query);
            input.dispatchEvent(new Event("input", { bubbles: true }));
          }),
        "splitchunks",
      );
      if (round > 0) times.push(ms);
      console.log(`first query in Chromium ${round === 0 ? "warm-up" : `round ${round}/${ROUNDS}`}: ${ms.toFixed(1)} ms`);
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  return times;
}

async function main(): Promise<number> {
  if (!fs.existsSync(CORPUS)) {
    console.log(`search benchmark skipped: ${CORPUS} is absent`);
    return 0;
  }
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "docs-build-search-bench-"));
  try {
    const started = performance.now();
    await build({ root: TOOL_DIR, content: CORPUS, out: path.relative(TOOL_DIR, out), cache: false, links: "warn", logger: createMemoryLogger() });
    console.log(`corpus built into ${out} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const text = fs.readFileSync(path.join(out, SEARCH_INDEX_PATH), "utf8");
    const gzip = zlib.gzipSync(text).length;
    const file = JSON.parse(text) as SearchIndexFile;

    let t = performance.now();
    const searcher = new Searcher(file);
    const loadMs = performance.now() - t;
    for (const { query } of QUERIES) searcher.search(query, 10);
    const times: number[] = [];
    for (let pass = 0; pass < ROUNDS; pass++) {
      for (const { query } of QUERIES) {
        t = performance.now();
        searcher.search(query, 10);
        times.push(performance.now() - t);
      }
    }
    const misses = QUERIES.filter(({ query, expect }) => !searcher.search(query, 3).some((r) => new RegExp(expect).test(r.url)));
    const chromiumAvailable = fs.existsSync(CHROMIUM_PATH);
    const first = chromiumAvailable ? await firstQueryInChromium(out) : [];

    console.log("");
    console.log(
      `machine: ${os.cpus().length} cores, node ${process.version}; corpus ${file.pages.length} pages, ${file.sections.length} sections, ${file.termCount} terms`,
    );
    console.log(
      `index: ${(text.length / 1024).toFixed(0)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzipped — ≤ ${TARGETS.gzipKB} KB: ${verdict(gzip / 1024 <= TARGETS.gzipKB)}`,
    );
    console.log(`load in Node (unpack into the engine): ${loadMs.toFixed(1)} ms`);
    const p95 = [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)];
    console.log(
      `query in Node: median ${median(times).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms over ${QUERIES.length} queries × ${ROUNDS} — ≤ ${TARGETS.queryMs} ms: ${verdict(median(times) <= TARGETS.queryMs)}`,
    );
    if (first.length) {
      console.log(
        `first query in Chromium incl. chunk and index load: median ${median(first).toFixed(1)} ms of ${ROUNDS} — ≤ ${TARGETS.firstQueryMs} ms: ${verdict(median(first) <= TARGETS.firstQueryMs)}`,
      );
    } else {
      console.log(`first query in Chromium: not measured, ${CHROMIUM_PATH} is absent`);
    }
    console.log(
      `quality: ${QUERIES.length - misses.length}/${QUERIES.length} queries have their page in the top 3${misses.length ? `; misses: ${misses.map((m) => m.query).join(", ")}` : ""}`,
    );
    return 0;
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

process.exitCode = await main();
