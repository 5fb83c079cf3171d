import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";

/** A dev-server measure that could not be taken: the server answered an error, or its rebuild failed. */
export class ServeFailed extends Error {}

/** The dev server's times for one edited page (milliseconds): to the page's reload event, and to the end of the whole-site rebuild after it. */
export interface ServeTimes {
  reload: number[];
  site: number[];
}

/**
 * Starts the dev server on the copy and, for each page, appends a paragraph
 * `rounds` times and times the write → reload event, and the write → end of
 * the whole-site rebuild that follows (milliseconds). Each edit waits for the
 * rebuild of the one before.
 */
export async function measureServe(root: string, content: string, pagesToEdit: string[], rounds: number): Promise<Record<string, ServeTimes>> {
  const { serve } = await import("../../src/serve/index.ts");
  const handle = await serve({ port: 0, content, out: path.join(root, "out-serve"), links: "warn", root, print: () => {} });
  const events: string[] = [];
  const waiting: Array<() => void> = [];
  const req = http.get(`${handle.url}__docs-build/events`, (res) => {
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => {
      for (const match of chunk.matchAll(/^event: (.+)$/gm)) events.push(match[1]);
      for (const wake of waiting.splice(0)) wake();
    });
  });
  const nextEvent = async (from: number) => {
    while (events.length <= from) await new Promise<void>((resolve) => waiting.push(resolve));
    return events[from];
  };
  const times: Record<string, ServeTimes> = {};
  try {
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const page of pagesToEdit) {
      for (let round = 1; round <= rounds + 1; round++) {
        const from = events.length;
        const rebuilt = handle.nextBuild();
        const started = performance.now();
        fs.appendFileSync(path.join(content, page), `\n\nServe edit ${round} at ${Date.now()}.\n`);
        const event = await nextEvent(from);
        const ms = performance.now() - started;
        if (event !== "reload") throw new ServeFailed(`serve answered ${event} after editing ${page}`);
        if (!(await rebuilt)) throw new ServeFailed(`serve failed to rebuild after editing ${page}`);
        const siteMs = performance.now() - started;
        // The rebuild's own reload event follows the page's; the next round must not take it for its own.
        const until = Date.now() + 2000;
        while (events.length < from + 2 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
        // The first edit of each page warms the builder's code for it; it is shown but not counted.
        if (round > 1) {
          times[page] ??= { reload: [], site: [] };
          times[page].reload.push(ms);
          times[page].site.push(siteMs);
        }
        console.log(
          `serve edit (${page}) ${round === 1 ? "warm-up" : `round ${round - 1}/${rounds}`}: reload ${Math.round(ms)} ms, site rebuilt ${Math.round(siteMs)} ms`,
        );
      }
    }
  } finally {
    req.destroy();
    await handle.close();
  }
  return times;
}
