import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { resolveRequest } from "../src/serve/resolve-request.ts";
import { outputFileUrl, routeFolder, routeTablePath, routeTableUrl } from "../src/shared/routes.ts";
import { countRoutes, routeTableFile, routeTables } from "../src/stages/render-pages/route-tables.ts";
import { pageUrlOf } from "../site-client/loader.ts";

// How a page's URL names its folder's route table (the build and the client
// share the function), and how the build groups routes into those tables.

test("a page's folder is its URL's parent, but a top-level page is in its own folder, so the root's table holds / alone", () => {
  assert.is(routeFolder("/"), "/");
  assert.is(routeFolder("/configuration/"), "/configuration/");
  assert.is(routeFolder("/comparison"), "/comparison/");
  assert.is(routeFolder("/configuration/output/"), "/configuration/");
  assert.is(routeFolder("/configuration/output"), "/configuration/", "read as if it had its trailing slash");
  assert.is(routeFolder("/guides/part-001/x/"), "/guides/part-001/");
});

test("each folder has its own table, however deep; the root table is page-routes/_.json", () => {
  assert.is(routeTablePath("/"), "page-routes/_.json");
  assert.is(routeTablePath("/glossary/"), "page-routes/glossary/_.json");
  assert.is(routeTablePath("/configuration/"), "page-routes/configuration/_.json");
  assert.is(routeTablePath("/configuration/output/"), "page-routes/configuration/_.json");
  assert.is(routeTablePath("/guides/part-001/"), "page-routes/guides/_.json");
  assert.is(routeTablePath("/guides/part-001/x/"), "page-routes/guides/part-001/_.json");
  assert.is(routeTableUrl("/guides/part-001/x/"), "/page-routes/guides/part-001/_.json", "plain names need no escapes");
});

test("odd folder names: a leading _ is doubled, so no folder's table is another folder's directory or file", () => {
  assert.is(routeTablePath("/_drafts/x/"), "page-routes/__drafts/_.json");
  // A folder literally named `_.json` would otherwise sit where its parent's table is.
  assert.is(routeTablePath("/a/x/"), "page-routes/a/_.json");
  assert.is(routeTablePath("/a/_.json/x/"), "page-routes/a/__.json/_.json");
  const folders = [
    "/",
    "/a/",
    "/_a/",
    "/__a/",
    "/a/_.json/",
    "/a/_/",
    "/a/__/",
    "/_.json/",
    "/a/_a/",
    "/a.json/",
    "/a/b/",
    "/a b/",
    "/café/",
    "/100%/",
    "/q?#/",
  ];
  const tables = folders.map((folder) => routeTablePath(`${folder}page/`));
  assert.is(new Set(tables).size, folders.length, `two folders share a table: ${tables.join(" ")}`);
  for (const table of tables) for (const other of tables) assert.not.ok(other.startsWith(`${table}/`), `${table} is a file and a folder (${other})`);
});

test("a table's URL is its path percent-encoded, and the server maps it back to the file the build wrote", () => {
  const root = path.resolve("/site");
  for (const url of ["/café/menu/", "/100%/x/", "/a b/c/", "/q?#/x/", "/_drafts/x/", "/"]) {
    const address = routeTableUrl(url);
    assert.match(address, /^\/page-routes\/[!$&-.0-9;=@A-Z_a-z~%/]*$/, `${address} needs no more escaping`);
    assert.equal(resolveRequest(root, address), { kind: "file", file: path.join(root, ...routeTablePath(url).split("/")) });
  }
  assert.is(routeTableUrl("/café/menu/"), "/page-routes/caf%C3%A9/_.json");
  assert.is(outputFileUrl("assets/pages/100%-x-ABC.json"), "/assets/pages/100%25-x-ABC.json");
});

test("the client finds the same table from a location's pathname as the build wrote from the page's URL", () => {
  for (const url of ["/café/menu/", "/a b/c/", "/configuration/output/", "/"]) {
    const pathname = new URL(url, "http://127.0.0.1").pathname;
    assert.is(pageUrlOf(pathname), url);
    assert.is(routeTableUrl(pageUrlOf(pathname)), routeTableUrl(url));
  }
  assert.is(pageUrlOf("/configuration/output"), "/configuration/output/");
  assert.throws(
    () => pageUrlOf("/bad%E0%A4/"),
    (error: Error & { code?: string }) => error.code === "MODULE_NOT_FOUND",
  );
});

test("routes are grouped into their folders' tables, each handed back once its last route arrives, in URL order", () => {
  const urls = ["/", "/guides/", "/guides/b/", "/guides/a/", "/guides/deep/x/", "/api/"];
  const tables = routeTables(countRoutes(urls));
  const route = (id: number) => ({ id, file: `/assets/pages/p${id}.json`, size: 100 + id });
  assert.is(tables.add("/guides/b/", route(2)), undefined);
  assert.equal(
    tables.add("/api/", route(5)),
    { path: "page-routes/api/_.json", contents: JSON.stringify({ "/api/": route(5) }) },
    "a section index is in its section's table",
  );
  assert.equal(tables.add("/guides/deep/x/", route(4)), { path: "page-routes/guides/deep/_.json", contents: JSON.stringify({ "/guides/deep/x/": route(4) }) });
  assert.is(tables.add("/guides/a/", route(3)), undefined, "the guides folder still waits for /guides/");
  const guides = tables.add("/guides/", route(1));
  assert.equal(guides, {
    path: "page-routes/guides/_.json",
    contents: JSON.stringify({ "/guides/": route(1), "/guides/a/": route(3), "/guides/b/": route(2) }),
  });
  const root = tables.add("/", route(0));
  assert.is(root?.path, "page-routes/_.json");
  assert.equal(Object.keys(JSON.parse(String(root?.contents)) as object), ["/"], "the root's table holds / alone");
});

test("a table's bytes do not depend on the order its pages finished in", () => {
  const routes = { "/b/x/": { id: 2, file: "/x", size: 1 }, "/b/a/": { id: 1, file: "/a", size: 1 } };
  const reversed = { "/b/a/": { id: 1, file: "/a", size: 1 }, "/b/x/": { id: 2, file: "/x", size: 1 } };
  assert.equal(routeTableFile("t.json", routes), routeTableFile("t.json", reversed));
});

test("a route that was not announced, or added once too often, throws", () => {
  const tables = routeTables(countRoutes(["/guides/a/"]));
  assert.throws(() => tables.add("/api/x/", { id: 0, file: "/x", size: 1 }), /Route \/api\/x\/ was not announced to its table page-routes\/api\/_.json/);
  assert.ok(tables.add("/guides/a/", { id: 1, file: "/a", size: 1 }));
  assert.throws(() => tables.add("/guides/a/", { id: 1, file: "/a", size: 1 }), /not announced/);
});

test.run();
