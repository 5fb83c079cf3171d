import { test } from "uvu";
import * as assert from "uvu/assert";
import { CHUNK_TIMEOUT, chunkFor, ChunkLoadError, loadChunk, loadStylesheet, ModuleNotFoundError, type LoaderEnvironment } from "../site-client/loader.ts";
import { routableLink } from "../site-client/router.ts";
import { HASH_WAIT, scrollToHash } from "../site-client/scroll.ts";
import { openDom } from "./helpers/dom.ts";

/** A loader environment with a hand-moved clock and a fetch the test answers. */
function environment(answer: () => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>) {
  let now = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  let id = 0;
  const env: LoaderEnvironment = {
    fetch: () => answer(),
    setTimeout: (run, ms) => {
      timers.set(++id, { at: now + ms, run });
      return id;
    },
    clearTimeout: (timer) => void timers.delete(timer as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [key, timer] of [...timers])
      if (timer.at <= now) {
        timers.delete(key);
        timer.run();
      }
  };
  return { env, advance, pending: () => timers.size };
}

const never = () => new Promise<never>(() => {});

test("a chunk that loads resolves with its JSON and clears its timer", async () => {
  const { env, pending } = environment(async () => ({ ok: true, status: 200, json: async () => ({ body: "<p>x</p>" }) }));
  assert.equal(await loadChunk(3, "/assets/pages/x.json", env), { body: "<p>x</p>" });
  assert.is(pending(), 0);
});

test("network failures and error statuses raise ChunkLoadError 'Loading chunk {id} failed'", async () => {
  for (const answer of [
    () => Promise.reject(new TypeError("offline")),
    async () => ({ ok: false, status: 503, json: async () => ({}) }),
    async () => ({ ok: true, status: 200, json: () => Promise.reject(new SyntaxError("bad")) }),
  ]) {
    const { env } = environment(answer);
    const error = await loadChunk(7, "/x.json", env).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.instance(error, ChunkLoadError);
    assert.is((error as Error).name, "ChunkLoadError");
    assert.is((error as Error).message, "Loading chunk 7 failed");
  }
});

test("a chunk still pending after 120000 ms counts as failed, not a millisecond sooner", async () => {
  const { env, advance } = environment(never);
  let outcome = "pending";
  loadChunk(12, "/slow.json", env).then(
    () => (outcome = "loaded"),
    (e: Error) => (outcome = `${e.name}: ${e.message}`),
  );
  assert.is(CHUNK_TIMEOUT, 120000);
  advance(119999);
  await Promise.resolve();
  assert.is(outcome, "pending");
  advance(1);
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.is(outcome, "ChunkLoadError: Loading chunk 12 failed");
});

test("a route with no chunk raises 'Cannot find module' with code MODULE_NOT_FOUND", () => {
  const routes = { "/guides/": { id: 1, file: "/assets/pages/guides-X.json" } };
  assert.is(chunkFor(routes, "/guides").id, 1, "the trailing slash is added");
  try {
    chunkFor(routes, "/nope/");
    assert.unreachable("should throw");
  } catch (error) {
    assert.instance(error, ModuleNotFoundError);
    assert.is((error as ModuleNotFoundError).code, "MODULE_NOT_FOUND");
    assert.match((error as Error).message, "Cannot find module");
  }
});

test("a stylesheet chunk that fails raises code CSS_CHUNK_LOAD_FAILED and leaves no link behind", async () => {
  const dom = await openDom();
  try {
    // happy-dom loads no stylesheets: the link fails as soon as it is added, as a missing file would.
    const error = await loadStylesheet(5, "/assets/vote-X.css", dom.document).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.instance(error, ChunkLoadError);
    assert.is((error as ChunkLoadError).code, "CSS_CHUNK_LOAD_FAILED");
    assert.is((error as Error).message, "Loading chunk 5 failed");
    assert.is(dom.document.querySelector('link[href="/assets/vote-X.css"]'), null);
  } finally {
    await dom.close();
  }
});

test("the hash observer scrolls to an element that appears later; no hash scrolls to the top", async () => {
  const dom = await openDom();
  try {
    const scrolled: string[] = [];
    const win = {
      scrollTo: (x: number, y: number) => void scrolled.push(`top ${x},${y}`),
      setTimeout: dom.window.setTimeout.bind(dom.window),
      clearTimeout: dom.window.clearTimeout.bind(dom.window),
    } as unknown as Window;
    scrollToHash("", dom.document, win);
    assert.equal(scrolled, ["top 0,0"]);
    scrollToHash("#late-heading", dom.document, win);
    const heading = dom.document.createElement("h2");
    heading.id = "late-heading";
    heading.scrollIntoView = () => void scrolled.push("late-heading");
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(scrolled, ["top 0,0"], "not there yet");
    dom.document.body.appendChild(heading);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(scrolled, ["top 0,0", "late-heading"]);
    assert.is(HASH_WAIT, 10000);
  } finally {
    await dom.close();
  }
});

test("the router takes same-origin page links and leaves other hosts, files, modified clicks and same-page anchors alone", async () => {
  const dom = await openDom({ url: "http://127.0.0.1/guides/first/" });
  try {
    const here = dom.window.location as unknown as Location;
    const click = (href: string, init: Record<string, unknown> = {}, attrs: Record<string, string> = {}) => {
      const a = dom.document.createElement("a");
      a.setAttribute("href", href);
      for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
      dom.document.body.appendChild(a);
      const event = new dom.window.MouseEvent("click", { bubbles: true, button: 0, ...init }) as unknown as MouseEvent;
      Object.defineProperty(event, "target", { value: a });
      return routableLink(event, here)?.pathname;
    };
    assert.is(click("/guides/second/"), "/guides/second/");
    assert.is(click("../second/#x"), "/guides/second/");
    assert.is(click("https://nodejs.org/"), undefined);
    assert.is(click("/blog/feed.xml"), undefined);
    assert.is(click("/guides/second/", { ctrlKey: true }), undefined);
    assert.is(click("/guides/second/", { metaKey: true }), undefined);
    assert.is(click("/guides/second/", { shiftKey: true }), undefined);
    assert.is(click("/guides/second/", { button: 1 }), undefined);
    assert.is(click("/guides/second/", {}, { target: "_blank" }), undefined);
    assert.is(click("/guides/second/", {}, { download: "" }), undefined);
    assert.is(click("#install"), undefined);
    assert.is(click("/guides/printable/?print"), undefined, "a request to print is a document load");
    assert.is(click("/guides/printable/"), "/guides/printable/");
  } finally {
    await dom.close();
  }
});

test.run();
