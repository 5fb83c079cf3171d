import fs from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build, type BuildResult } from "../src/build.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import { routeFolder, routeTablePath, type Routes } from "../src/shared/routes.ts";
import { generateCorpus } from "./bench/scale-corpus.ts";
import { fileText } from "./helpers/site.ts";
import { tempSite } from "./helpers/temp-site.ts";

// The route tables of a whole build: one per folder of URLs, none of which
// grows with the rest of the site. The basic fixture's pages are built with
// copies of them in sections of five, once with N pages and once with 3N.

/** Pages per generated section. */
const PER_SECTION = 5;

/** Builds the basic fixture with its pages copied into sections until the site has `pages` pages, in memory. */
async function buildGenerated(pages: number): Promise<BuildResult> {
  const site = tempSite("sites/basic");
  try {
    fs.renameSync(site.path("content"), site.path("source"));
    const corpus = generateCorpus({
      source: site.path("source"),
      target: site.path("content"),
      shape: { kind: "sections", pages, pagesPerSection: PER_SECTION },
    });
    assert.is(corpus.pages, pages);
    const result = await build({ root: site.dir, write: false, cache: false, history: false, links: "warn", logger: createMemoryLogger() });
    assert.is(result.diagnostics.filter((d) => d.fatal).length, 0);
    return result;
  } finally {
    site.remove();
  }
}

/** Every route table of a build, by path. */
function tablesOf(result: BuildResult): Map<string, Routes> {
  const tables = result.files.filter((f) => f.path.startsWith("page-routes/")).map((f) => [f.path, JSON.parse(fileText(result, f.path)) as Routes] as const);
  return new Map(tables);
}

const N = 26;
let small: BuildResult;
let large: BuildResult;

test.before(async () => {
  small = await buildGenerated(N);
  large = await buildGenerated(3 * N);
});

test("no site-wide route file is written: each folder of URLs has its own table, at the path its pages' URLs give", () => {
  for (const result of [small, large]) {
    assert.not.ok(
      result.files.some((f) => f.path === "page-routes.json"),
      "page-routes.json is gone",
    );
    for (const [path, routes] of tablesOf(result))
      for (const url of Object.keys(routes)) assert.is(routeTablePath(url), path, `${url} is in the table of its folder`);
  }
  const paths = [...tablesOf(large).keys()].sort();
  assert.ok(
    paths.includes("page-routes/_.json") && paths.includes("page-routes/guides/_.json") && paths.includes("page-routes/section-015/_.json"),
    paths.join(" "),
  );
});

test("every page with a chunk is in exactly one table, under an id no other route has", () => {
  const tables = [...tablesOf(large).values()];
  const routes = tables.flatMap((table) => Object.entries(table));
  const urls = routes.map(([url]) => url);
  const ids = routes.map(([, route]) => route.id);
  assert.is(new Set(urls).size, urls.length, "a URL in two tables");
  assert.is(new Set(ids).size, ids.length, "two routes share an id");
  // Every page's chunk is listed (the printable page has none and loads as a document).
  const chunks = large.files.filter((f) => f.path.startsWith("assets/pages/")).map((f) => `/${f.path}`);
  assert.equal(routes.map(([, route]) => route.file).sort(), chunks.sort());
  assert.ok(urls.includes("/section-015/"), "a generated section's index is a route");
  assert.not.ok(urls.includes("/guides/printable/"));
});

test("the table a page needs keeps its routes and, near enough, its size in a site three times as large", () => {
  const before = tablesOf(small);
  const after = tablesOf(large);
  // Ids follow the render order, which the new sections shift; the routes a table holds do not change.
  const urls = (routes: Routes | undefined) => Object.keys(routes ?? {});
  for (const url of ["/guides/first/", "/blog/2026-01-01-hello/", "/section-002/guides-first/"]) {
    const path = routeTablePath(url);
    assert.ok(after.has(path), `no ${path}`);
    assert.equal(urls(after.get(path)), urls(before.get(path)), `${path}: other routes`);
    assert.ok(Math.abs(fileText(large, path).length - fileText(small, path).length) <= 4 * urls(after.get(path)).length, `${path}: another size`);
  }
  assert.is(urls(after.get(routeTablePath("/section-002/guides-first/"))).length, PER_SECTION, "a section's pages, its index included");
});

test("a page costs its reader the same bytes in a site three times as large: neither its HTML nor its data chunk lists the new sections", () => {
  const chunkOf = (result: BuildResult, url: string) => {
    const route = Object.entries(tablesOf(result).get(routeTablePath(url)) ?? {}).find(([u]) => u === url)?.[1];
    assert.ok(route, `no route for ${url}`);
    return fileText(result, route.file.slice(1));
  };
  for (const url of ["/guides/first/", "/section-002/guides-first/"]) {
    const html = `${url.slice(1)}index.html`;
    assert.is(fileText(large, html).length, fileText(small, html).length, `${html}: another size`);
    assert.is(chunkOf(large, url).length, chunkOf(small, url).length, `${url}: its chunk has another size`);
  }
  // The generated sections are not named in the config, so no page lists them; the configured guides section is listed.
  assert.not.match(fileText(large, "guides/first/index.html"), 'href="/section-015/"');
  assert.match(fileText(large, "guides/first/index.html"), 'href="/guides/"');
});

test("the largest table is bounded by its folder's page count, not by the site's", () => {
  for (const result of [small, large]) {
    const tables = tablesOf(result);
    const pagesIn = (folder: string) =>
      result.files.filter(
        (f) => (f.path === "index.html" || f.path.endsWith("/index.html")) && routeFolder(`/${f.path.slice(0, -"index.html".length)}`) === folder,
      ).length;
    for (const [path, routes] of tables) {
      const folder = routeFolder(`${Object.keys(routes)[0]}`);
      const count = Object.keys(routes).length;
      assert.ok(count <= pagesIn(folder), `${path} has ${count} routes for the ${pagesIn(folder)} pages of ${folder}`);
      assert.ok(fileText(result, path).length <= count * 160, `${path}: ${fileText(result, path).length} bytes for ${count} routes`);
    }
  }
  // Tripling the site adds sections, each with a table of its own; no table both builds have gains routes, the root's included.
  const before = tablesOf(small);
  const size = (routes: Routes | undefined) => Object.keys(routes ?? {}).length;
  const grown = [...tablesOf(large)].filter(([path, routes]) => before.has(path) && size(routes) !== size(before.get(path)));
  assert.equal(
    grown.map(([path]) => path),
    [],
  );
  assert.equal(Object.keys(tablesOf(large).get("page-routes/_.json") ?? {}), ["/"]);
});

test.run();
