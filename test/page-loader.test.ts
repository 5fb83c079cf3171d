import { test } from "uvu";
import * as assert from "uvu/assert";
import { ChunkLoadError, ModuleNotFoundError, type LoaderEnvironment } from "../site-client/loader.ts";
import { createPageLoader } from "../site-client/page-loader.ts";

// The client's page loader against a fake server: which route tables and
// chunks it fetches, how often, and what it raises when one fails.

/** A page's chunk as the fake site serves it. */
const chunk = (url: string, name: string) => ({ data: { url }, body: `<p>${name}</p>` });

/** A site of three folders, served from memory: a URL not in it answers 404, one in `failing` 503. */
function fakeSite() {
  const files: Record<string, unknown> = {
    "/page-routes/_.json": { "/": { id: 0, file: "/assets/pages/home-A.json" } },
    "/page-routes/guides/_.json": {
      "/guides/": { id: 1, file: "/assets/pages/guides-B.json" },
      "/guides/first/": { id: 2, file: "/assets/pages/guides-first-C.json" },
      "/guides/second/": { id: 3, file: "/assets/pages/guides-second-D.json" },
    },
    "/page-routes/caf%C3%A9/_.json": { "/café/menu/": { id: 4, file: "/assets/pages/caf%C3%A9-menu-E.json" } },
    "/assets/pages/home-A.json": chunk("/", "home"),
    "/assets/pages/guides-B.json": chunk("/guides/", "guides"),
    "/assets/pages/guides-first-C.json": chunk("/guides/first/", "first"),
    "/assets/pages/guides-second-D.json": chunk("/guides/second/", "second"),
    "/assets/pages/caf%C3%A9-menu-E.json": chunk("/café/menu/", "menu"),
  };
  const fetched: string[] = [];
  const failing = new Set<string>();
  const env: LoaderEnvironment = {
    fetch: async (url) => {
      fetched.push(url);
      const status = !(url in files) ? 404 : failing.has(url) ? 503 : 200;
      return { ok: status === 200, status, json: async () => files[url] };
    },
    setTimeout: () => 0,
    clearTimeout: () => {},
  };
  return { env, fetched, failing };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as Error,
  );

test("pages of one folder share its table, fetched once; another folder's page fetches its own table, never a site-wide one", async () => {
  const { env, fetched } = fakeSite();
  const pages = createPageLoader(env);
  assert.is((await pages.load("/guides/first/")).body, "<p>first</p>");
  assert.is((await pages.load("/guides/second")).body, "<p>second</p>", "a pathname without its trailing slash");
  assert.is((await pages.load("/guides/first/")).body, "<p>first</p>");
  assert.is((await pages.load("/guides/")).body, "<p>guides</p>", "a section index is in its own folder's table");
  assert.is((await pages.load("/")).body, "<p>home</p>");
  assert.equal(fetched, [
    "/page-routes/guides/_.json",
    "/assets/pages/guides-first-C.json",
    "/assets/pages/guides-second-D.json",
    "/assets/pages/guides-B.json",
    "/page-routes/_.json",
    "/assets/pages/home-A.json",
  ]);
  assert.ok(pages.isReady("/guides/first/"));
  assert.not.ok(pages.isReady("/café/menu/"));
});

test("a page under an odd folder name loads from its pathname as the browser encodes it", async () => {
  const { env, fetched } = fakeSite();
  const pages = createPageLoader(env);
  assert.is((await pages.load(new URL("http://127.0.0.1/café/menu/").pathname)).body, "<p>menu</p>");
  assert.equal(fetched, ["/page-routes/caf%C3%A9/_.json", "/assets/pages/caf%C3%A9-menu-E.json"]);
});

test("a table that fails raises ChunkLoadError 'Loading chunk -1 failed' and is fetched again on the next try", async () => {
  const { env, fetched, failing } = fakeSite();
  const pages = createPageLoader(env);
  failing.add("/page-routes/guides/_.json");
  const error = await failure(pages.load("/guides/first/"));
  assert.instance(error, ChunkLoadError);
  assert.is(error?.message, "Loading chunk -1 failed");
  failing.clear();
  assert.is((await pages.load("/guides/first/")).body, "<p>first</p>");
  assert.equal(fetched, ["/page-routes/guides/_.json", "/page-routes/guides/_.json", "/assets/pages/guides-first-C.json"]);
});

test("a chunk that fails raises its own id and is fetched again on retry, its table is not", async () => {
  const { env, fetched, failing } = fakeSite();
  const pages = createPageLoader(env);
  failing.add("/assets/pages/guides-second-D.json");
  assert.is((await failure(pages.load("/guides/second/")))?.message, "Loading chunk 3 failed");
  assert.not.ok(pages.isReady("/guides/second/"));
  failing.clear();
  assert.is((await pages.load("/guides/second/")).body, "<p>second</p>");
  assert.equal(fetched, ["/page-routes/guides/_.json", "/assets/pages/guides-second-D.json", "/assets/pages/guides-second-D.json"]);
});

test("a page missing from its folder's table, a folder with no table (404), or an undecodable pathname is MODULE_NOT_FOUND", async () => {
  const { env, fetched, failing } = fakeSite();
  const pages = createPageLoader(env);
  assert.instance(await failure(pages.load("/guides/printable/")), ModuleNotFoundError);
  assert.instance(await failure(pages.load("/nowhere/page/")), ModuleNotFoundError);
  assert.instance(await failure(pages.load("/bad%E0%A4/")), ModuleNotFoundError);
  assert.equal(fetched, ["/page-routes/guides/_.json", "/page-routes/nowhere/_.json"], "nothing is fetched for an undecodable pathname");
  // Any other status is a failure to load, not a missing page.
  failing.add("/page-routes/_.json");
  assert.instance(await failure(pages.load("/")), ChunkLoadError);
});

test.run();
