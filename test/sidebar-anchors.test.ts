import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build } from "../src/build.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import type { Anchor, ContentEntry, DirectoryEntry, PageEntry } from "../src/shared/content-types.ts";
import type { PageData, SectionAnchors } from "../src/shared/page-data.ts";
import { anchorGroups, sidebarAt, sidebarFor } from "../src/stages/render-pages/sidebar.ts";
import { generateCorpus } from "./bench/scale-corpus.ts";
import { TOOL_DIR, tempSite } from "./helpers/temp-site.ts";

const heading = (id: string, level = 2): Anchor => ({ title: id, id, level });

function page(url: string, anchors: Anchor[], title = url): PageEntry {
  const name = url.split("/").filter(Boolean).pop() ?? "index";
  return {
    ...{ path: `content${url}index.md`, name, size: 1, type: "file", extension: ".md", url, title, sort: 0, group: "" },
    ...{ description: "", source: "", edit: "", repo: "", thirdParty: false, anchors, contributors: [], related: [] },
  };
}

function folder(url: string, children: ContentEntry[]): DirectoryEntry {
  return { path: `content${url}`, name: url.split("/").filter(Boolean).pop()!, children, size: 0, type: "directory", url };
}

/**
 * A guides section: own pages (one without headings of levels 2 or 3, one
 * printable), a folder with a deeper folder inside, and a folder holding
 * only a printable page (which the sidebar leaves out).
 */
const section = folder("/guides/", [
  page("/guides/", [heading("start"), heading("deep", 3)]),
  page("/guides/plain/", [heading("title-only", 1), heading("too-deep", 4)]),
  page("/guides/printable/", [heading("all")], "printable"),
  folder("/guides/part-1/", [
    page("/guides/part-1/", [heading("intro")]),
    page("/guides/part-1/a/", [heading("a1"), heading("a2")]),
    folder("/guides/part-1/deeper/", [page("/guides/part-1/deeper/b/", [heading("b1")])]),
  ]),
  folder("/guides/only-printable/", [page("/guides/only-printable/p/", [heading("x")], "Printable guide")]),
  page("/guides/zeta/", [heading("z")]),
]);

test("anchor groups: the section's own pages in one file, each nested folder's pages (deeper folders' included) in one of its own", () => {
  const ids = (anchors: SectionAnchors) => Object.fromEntries(Object.entries(anchors).map(([url, list]) => [url, list.map((a) => a.id)]));
  assert.equal(
    anchorGroups(section).map((group) => [group.url, ids(group.anchors)]),
    [
      ["/guides/", { "/guides/": ["start", "deep"], "/guides/zeta/": ["z"] }],
      ["/guides/part-1/", { "/guides/part-1/": ["intro"], "/guides/part-1/a/": ["a1", "a2"], "/guides/part-1/deeper/b/": ["b1"] }],
    ],
  );
});

test("every sidebar page with anchors is in exactly one anchors file, and the file of its own group", () => {
  const sidebar = sidebarFor(section);
  const groupOf = new Map<string, string>();
  for (const item of sidebar.items) if (item.pages === undefined) groupOf.set(item.url, "/guides/");
  for (const [url, { pages }] of sidebar.folders) for (const item of pages) groupOf.set(item.url, url);
  const withAnchors = [...groupOf.keys()].filter((url) => url !== "/guides/plain/");
  const placed = anchorGroups(section).flatMap((group) => Object.keys(group.anchors).map((url) => [url, group.url]));
  assert.equal(placed.map(([url]) => url).sort(), withAnchors.sort(), "each page once, none left out, none added");
  for (const [url, group] of placed) assert.is(group, groupOf.get(url), url);
});

test("the folder holding the page carries its anchors file with its pages; the shared items carry none", () => {
  const files = new Map([
    ["/guides/", "/assets/sidebar/guides-0000000000.json"],
    ["/guides/part-1/", "/assets/sidebar/guides-part-1-1111111111.json"],
  ]);
  const sidebar = sidebarFor(section, files);
  const inside = sidebarAt(sidebar, "/guides/part-1/deeper/b/", [heading("b1")]);
  const open = inside.find((item) => item.url === "/guides/part-1/")!;
  assert.is(open.anchorsFile, "/assets/sidebar/guides-part-1-1111111111.json");
  assert.equal(
    open.children?.map((item) => item.url),
    ["/guides/part-1/", "/guides/part-1/a/", "/guides/part-1/deeper/b/"],
  );
  assert.ok(
    sidebar.items.every((item) => item.anchorsFile === undefined),
    "nothing per folder is added to the items every page shares",
  );
  assert.is(sidebarAt(sidebar, "/guides/plain/"), sidebar.items, "outside every folder the shared items are used as they are");
  assert.is(sidebarFor(section).folders.get("/guides/part-1/")?.anchorsFile, "", "a folder without a file gets none");
});

/** The anchors files of a built site's guides section, by file path, parsed. */
type AnchorFiles = Map<string, SectionAnchors>;

/** Builds the project's pages plus copies in `guides/part-NNN/` folders of `perFolder`, until guides has `pages`; returns its anchors files and one folder page's data. */
async function nestedBuild(pages: number, perFolder: number): Promise<{ files: AnchorFiles; data: PageData }> {
  const site = tempSite();
  try {
    generateCorpus({
      source: path.join(TOOL_DIR, "content"),
      target: site.path("content"),
      shape: { kind: "nested", pages, section: "guides", pagesPerFolder: perFolder },
    });
    const result = await build({ root: site.dir, write: false, cache: false, history: false, links: "warn", logger: createMemoryLogger() });
    const files: AnchorFiles = new Map();
    for (const file of result.files)
      if (file.path.startsWith("assets/sidebar/guides-")) files.set(file.path, JSON.parse(String(file.contents)) as SectionAnchors);
    const html = String(result.files.find((file) => file.path === "guides/part-002/index.html")?.contents);
    const data = JSON.parse(/<script type="application\/json" id="__DOCS_DATA__">([\s\S]*?)<\/script>/.exec(html)![1]) as PageData;
    return { files, data };
  } finally {
    site.remove();
  }
}

const sizeOf = (anchors: SectionAnchors) => JSON.stringify(anchors).length;

test("in a nested section the largest anchors file holds one folder's worth of pages, however many folders the section has", async () => {
  const perFolder = 8;
  const small = await nestedBuild(60, perFolder);
  const large = await nestedBuild(180, perFolder);
  const folderFiles = (files: AnchorFiles) => [...files].filter(([file]) => /^assets\/sidebar\/guides-part-\d{3}-[0-9a-f]{10}\.json$/.test(file));
  assert.ok(folderFiles(large.files).length >= 15, `one file per folder: ${folderFiles(large.files).length}`);
  // The section's own pages are the same in both, so their file is the very same.
  const own = (files: AnchorFiles) => [...files.keys()].filter((file) => /^assets\/sidebar\/guides-[0-9a-f]{10}\.json$/.test(file));
  assert.equal(own(large.files), own(small.files));
  // Each page in exactly one file: the file of the folder its URL is in.
  const seen = new Set<string>();
  for (const [file, anchors] of folderFiles(large.files)) {
    const folder = `/guides/${/guides-(part-\d{3})-/.exec(file)![1]}/`;
    assert.ok(Object.keys(anchors).length <= perFolder, `${file} holds ${Object.keys(anchors).length} pages`);
    for (const url of Object.keys(anchors)) {
      assert.ok(url.startsWith(folder) && !seen.has(url), `${url} in ${file}`);
      seen.add(url);
    }
  }
  // A folder's worth: the bytes of the `perFolder` largest entries of either section bound every folder file of both.
  const entries = [small, large].flatMap(({ files }) => [...files.values()].flatMap((anchors) => Object.entries(anchors)));
  const bound = entries
    .map(([url, list]) => sizeOf({ [url]: list }))
    .sort((a, b) => b - a)
    .slice(0, perFolder)
    .reduce((sum, size) => sum + size, 0);
  for (const { files } of [small, large]) {
    const largest = Math.max(...folderFiles(files).map(([, anchors]) => sizeOf(anchors)));
    assert.ok(largest <= bound, `largest folder file ${largest} B, bound ${bound} B`);
  }
  // One file for the whole section, as before, would not be: the large section's anchors are several folders' worth.
  const whole = [...large.files.values()].reduce((sum, anchors) => sum + sizeOf(anchors), 0);
  assert.ok(whole > 2 * bound, `the section's anchors (${whole} B) are more than two folders' worth (${bound} B)`);
  // The page's open folder names its own file, which the build wrote.
  const open = large.data.sidebar.find((item) => item.url === "/guides/part-002/");
  assert.ok(open?.anchorsFile && large.files.has(open.anchorsFile.slice(1)), open?.anchorsFile);
  assert.ok(Object.keys(large.files.get(open.anchorsFile.slice(1))!).every((url) => url.startsWith("/guides/part-002/")));
  assert.is(large.data.sidebarAnchors, `/${own(large.files)[0]}`);
});

test.run();
