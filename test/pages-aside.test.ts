import { test } from "uvu";
import * as assert from "uvu/assert";
import { DEFAULT_SETTINGS } from "../src/context/config.ts";
import type { SourceFile } from "../src/stages/index-content/parse-page.ts";
import { createPageProcessor } from "../src/stages/index-content/process-pages.ts";

/** A few small pages, fewer than a build would start a worker for. */
const sources: SourceFile[] = ["one", "two", "three"].map((name) => {
  const text = `---\ntitle: Page ${name}\n---\n\n# Page ${name}\n\nSome text about ${name}, with \`code\`.\n\n## A part of ${name}\n\nMore text.\n`;
  return { relative: `${name}.md`, display: `content/${name}.md`, text, size: Buffer.byteLength(text) };
});

/** Processes the pages, counting the turns this thread's event loop takes meanwhile: none while it processes them itself. */
async function processCounting(aside: boolean) {
  const processor = createPageProcessor(sources.length, DEFAULT_SETTINGS, { aside, threads: aside ? 1 : undefined });
  let turns = 0;
  let counting = true;
  const turn = () => {
    turns++;
    if (counting) setImmediate(turn);
  };
  setImmediate(turn);
  try {
    const pages = await processor.run(sources);
    counting = false;
    return { pages, turns };
  } finally {
    await processor.close();
  }
}

test("pages processed aside go to a worker thread however few they are, leaving this thread free, and come out the same", async () => {
  const here = await processCounting(false);
  const aside = await processCounting(true);
  assert.is(here.turns, 0, "a group this small is processed on this thread, which takes no turn meanwhile");
  assert.ok(aside.turns > 0, "processed aside, this thread's event loop keeps turning while the worker parses");
  assert.equal(JSON.parse(JSON.stringify(aside.pages)), JSON.parse(JSON.stringify(here.pages)));
  assert.is(aside.pages.length, 3);
});

test.run();
