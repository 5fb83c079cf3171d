/**
 * Search benchmark on the webpack docs corpus (`../shared/corpus/webpack-docs`):
 *
 * - the size of the split index in all (root and parts), raw and gzipped, and what
 *   a reader's first search loads of it, gzipped, for a one-word query, a two-word
 *   query and a query with a typo (target ≤ 150 KB with the search code);
 * - query time in Node over the corpus query set (fixtures/search/corpus-queries.json)
 *   once every part a query needs is loaded, median of every query over 5 passes
 *   after a warm-up pass (target ≤ 5 ms);
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
import fg from "fast-glob";
import { chromium } from "playwright-core";
import { build } from "../../src/build.ts";
import { createMemoryLogger } from "../../src/report/logger.ts";
import { createStaticServer } from "../../src/serve/static-server.ts";
import { SEARCH_INDEX_PATH, SEARCH_PARTS_DIR, type SearchRoot } from "../../src/shared/search/split-format.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../helpers/browser.ts";
import { TOOL_DIR } from "../helpers/temp-site.ts";
import { BYTE_QUERIES, firstSearch, gzippedSize, splitSearcherIn } from "./split-search.ts";

const CORPUS = path.resolve(TOOL_DIR, "..", "shared", "corpus", "webpack-docs");
const QUERIES = JSON.parse(fs.readFileSync(path.join(TOOL_DIR, "fixtures", "search", "corpus-queries.json"), "utf8")) as { query: string; expect: string }[];
const TARGETS = { firstSearchKB: 150, queryMs: 5, firstQueryMs: 150 };
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
    const root = JSON.parse(fs.readFileSync(path.join(out, SEARCH_INDEX_PATH), "utf8")) as SearchRoot;
    const parts = [SEARCH_INDEX_PATH, ...fg.sync(`${SEARCH_PARTS_DIR}/**/*.json`, { cwd: out })];
    const raw = parts.reduce((sum, file) => sum + fs.statSync(path.join(out, file)).size, 0);
    const gzip = parts.reduce((sum, file) => sum + gzippedSize(out, file), 0);
    const searchCode = fg.sync("assets/**/search-backend-*.js", { cwd: out }).reduce((sum, file) => sum + gzippedSize(out, file), 0);
    const firsts = [];
    for (const query of BYTE_QUERIES) firsts.push(await firstSearch(out, query));

    const { searcher } = splitSearcherIn(out);
    let t = performance.now();
    for (const { query } of QUERIES) await searcher.search(query, 10);
    const loadMs = performance.now() - t;
    const times: number[] = [];
    for (let pass = 0; pass < ROUNDS; pass++) {
      for (const { query } of QUERIES) {
        t = performance.now();
        await searcher.search(query, 10);
        times.push(performance.now() - t);
      }
    }
    const misses = [];
    for (const { query, expect } of QUERIES) if (!(await searcher.search(query, 3)).some((r) => new RegExp(expect).test(r.url))) misses.push(query);
    const chromiumAvailable = fs.existsSync(CHROMIUM_PATH);
    const first = chromiumAvailable ? await firstQueryInChromium(out) : [];

    console.log("");
    console.log(`machine: ${os.cpus().length} cores, node ${process.version}; corpus ${root.documentCount} sections, ${root.termCount} terms`);
    console.log(
      `index: ${parts.length} files, ${(raw / 1024).toFixed(0)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzipped in all; search code ${(searchCode / 1024).toFixed(1)} KB gzipped`,
    );
    for (const first of firsts) {
      const kb = (first.indexBytes + searchCode) / 1024;
      console.log(
        `first search "${first.query}": ${first.files} index files, ${(first.indexBytes / 1024).toFixed(1)} KB + search code = ${kb.toFixed(1)} KB gzipped — ≤ ${TARGETS.firstSearchKB} KB: ${verdict(kb <= TARGETS.firstSearchKB)}; top ${first.top}`,
      );
    }
    console.log(`every query once, loading the parts each needs from disk: ${loadMs.toFixed(1)} ms`);
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
      `quality: ${QUERIES.length - misses.length}/${QUERIES.length} queries have their page in the top 3${misses.length ? `; misses: ${misses.join(", ")}` : ""}`,
    );
    return 0;
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

process.exitCode = await main();
