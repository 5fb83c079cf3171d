import fs from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build } from "../src/build.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import { createElement as h } from "react";
import type { PageData, SidebarItem } from "../src/shared/page-data.ts";
import { Sidebar } from "../templates/components/Sidebar.tsx";
import { openDom } from "./helpers/dom.ts";
import { tempSite } from "./helpers/temp-site.ts";

/** A guides section of 3 pages of its own and 3 nested folders of `perFolder` pages. */
function writeSection(root: string, perFolder: number): void {
  const write = (relative: string, title: string, body = "Text.\n\n## Setup\n\nSteps.\n") => {
    const file = path.join(root, "content", relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `---\ntitle: ${title}\n---\n\n${body}`);
  };
  write("index.md", "Home", "Welcome.\n");
  write("guides/index.md", "Guides", "All guides.\n");
  write("guides/alpha.md", "Alpha");
  write("guides/beta.md", "Beta");
  for (const part of ["part-1", "part-2", "part-3"]) {
    write(`guides/${part}/index.md`, `Part ${part.slice(-1)}`, "Pages of this part.\n");
    for (let n = 1; n < perFolder; n++) write(`guides/${part}/page-${n}.md`, `Page ${part.slice(-1)}.${n}`);
  }
}

async function pageOf(perFolder: number, url: string): Promise<{ html: string; data: PageData }> {
  const site = tempSite();
  try {
    writeSection(site.dir, perFolder);
    const result = await build({ root: site.dir, write: false, cache: false, logger: createMemoryLogger() });
    const file = result.files.find((f) => f.path === `${url.slice(1)}index.html`);
    if (!file) throw new Error(`no page ${url}`);
    const html = String(file.contents);
    const match = /<script type="application\/json" id="__DOCS_DATA__">([\s\S]*?)<\/script>/.exec(html);
    return { html, data: JSON.parse(match![1]) as PageData };
  } finally {
    site.remove();
  }
}

test("nested folders are collapsed groups: a page's sidebar holds its section's own pages, one line per folder, and only its own folder's pages", async () => {
  const { html, data } = await pageOf(5, "/guides/part-2/page-3/");
  assert.equal(
    data.sidebar.map((i) => [i.url, i.pages ?? null, i.children?.length ?? null]),
    [
      ["/guides/", null, null],
      ["/guides/part-1/", 5, null],
      ["/guides/part-2/", 5, 5],
      ["/guides/part-3/", 5, null],
      ["/guides/alpha/", null, null],
      ["/guides/beta/", null, null],
    ],
  );
  const open = data.sidebar[2].children!;
  assert.equal(
    open.map((i) => i.url),
    ["/guides/part-2/", ...[1, 2, 3, 4].map((n) => `/guides/part-2/page-${n}/`)],
  );
  assert.equal(
    open.find((i) => i.url === "/guides/part-2/page-3/")!.anchors.map((a) => a.id),
    ["setup"],
    "the current page's anchors come with it",
  );
  assert.match(
    html,
    '<li class="sidebar-item sidebar-folder inside open"><div class="sidebar-item-head"><a href="/guides/part-2/">Part 2<span class="sidebar-count"> (5 pages)</span></a><button type="button" class="sidebar-toggle" aria-expanded="true" aria-controls="sidebar-folder-guides-part-2-"',
  );
  assert.match(
    html,
    '<li class="sidebar-item sidebar-folder"><div class="sidebar-item-head"><a href="/guides/part-1/">Part 1<span class="sidebar-count"> (5 pages)</span></a></div></li>',
  );
  assert.match(html, '<a href="/guides/part-2/page-3/" aria-current="page">Page 2.3</a>');
  assert.not.match(html, "/guides/part-1/page-1/", "a closed folder's pages are not on the page");
  // Previous and next still walk every page of the section, folders included.
  assert.equal(data.page?.previous?.url, "/guides/part-2/page-2/");
});

test("a page's sidebar does not grow with the pages of the other folders", async () => {
  const small = await pageOf(4, "/guides/alpha/");
  const large = await pageOf(40, "/guides/alpha/");
  assert.is(
    JSON.stringify(large.data.sidebar).length - JSON.stringify(small.data.sidebar).length,
    3 * ("40".length - "4".length),
    "only the page counts differ",
  );
  const inside = await pageOf(40, "/guides/part-1/page-7/");
  assert.is(inside.data.sidebar[1].children?.length, 40);
});

test("the open folder's toggle closes and opens its pages; a folder the reader is not in has no toggle and no pages", async () => {
  const dom = await openDom();
  try {
    const pages: SidebarItem[] = [1, 2].map((n) => ({ url: `/guides/part-1/p${n}/`, title: `P${n}`, anchors: [], hasAnchors: false, group: "" }));
    const items: SidebarItem[] = [
      { url: "/guides/part-1/", title: "Part 1", anchors: [], hasAnchors: false, group: "", pages: 2, children: pages },
      { url: "/guides/part-2/", title: "Part 2", anchors: [], hasAnchors: false, group: "", pages: 9 },
    ];
    const root = await dom.render(h(Sidebar, { items, url: "/guides/part-1/p2/", anchorsUrl: "" }));
    const [inside, other] = [...root.querySelectorAll(".sidebar-folder")];
    const toggle = inside.querySelector("button")!;
    const list = inside.querySelector("ul")!;
    assert.is(toggle.getAttribute("aria-expanded"), "true");
    assert.not.ok(list.hidden);
    assert.is(list.querySelector('[aria-current="page"]')?.textContent, "P2");
    await dom.act(() => toggle.click());
    assert.is(toggle.getAttribute("aria-expanded"), "false");
    assert.ok(list.hidden);
    assert.not.ok(inside.classList.contains("open"));
    await dom.act(() => toggle.click());
    assert.not.ok(list.hidden);
    assert.is(other.querySelector("button"), null);
    assert.is(other.querySelector("ul"), null);
    assert.is(other.querySelector("a")?.getAttribute("href"), "/guides/part-2/");
  } finally {
    await dom.close();
  }
});

test.run();
