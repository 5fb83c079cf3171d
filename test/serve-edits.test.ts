import fs from "node:fs";
import vm from "node:vm";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build } from "../src/build.ts";
import { Session } from "../src/serve/session.ts";
import { createMemoryCache } from "../src/cache/cache.ts";
import { PRECACHED_PAGES } from "../src/shared/constants.ts";
import { resolveSettings } from "../src/context/config.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import { onlyItsBody, renderEditedPages } from "../src/serve/edited-pages.ts";
import { LIVE_RELOAD_SCRIPT } from "../src/serve/live-reload.ts";
import { processPage } from "../src/stages/index-content/process-page.ts";
import { summarize } from "../src/stages/index-content/summary.ts";
import { tempSite } from "./helpers/temp-site.ts";

// What the dev server does with an edit before rebuilding the whole site, and
// how a build it no longer wants stops. The serve tests cover the same through
// the server's event stream.

const settings = resolveSettings({});
const summaryOf = (text: string, relative = "guides/page.md") => {
  const page = processPage({ relative, display: `content/${relative}`, text, size: text.length }, settings);
  return { ...summarize(page, "key"), diagnostics: page.diagnostics };
};

const PAGE = "---\ntitle: A Page\n---\n\n## Setup\n\nSome text.\n";

test("onlyItsBody: a new paragraph, or a longer file, leaves what other pages show of the page", () => {
  const before = summaryOf(PAGE);
  assert.ok(onlyItsBody(before, summaryOf(`${PAGE}\nAnother paragraph with [a link](/guides/).\n`)));
  assert.ok(onlyItsBody(before, summaryOf(PAGE.replace("Some text.", "Some longer text than before."))));
});

test("onlyItsBody: a new title, heading, description or an error needs the whole build", () => {
  const before = summaryOf(PAGE);
  assert.not.ok(onlyItsBody(before, summaryOf(PAGE.replace("title: A Page", "title: Another Page"))), "the title is in every sidebar of its section");
  assert.not.ok(onlyItsBody(before, summaryOf(`${PAGE}\n## A new heading\n`)), "headings are sidebar anchors");
  assert.not.ok(onlyItsBody(before, summaryOf(PAGE.replace("title: A Page", "title: A Page\ndescription: Now described."))));
  assert.not.ok(onlyItsBody(before, summaryOf(PAGE.replace("title: A Page\n", ""))), "a page without a title is an error");
  assert.not.ok(onlyItsBody(before, summaryOf(`${PAGE}\n<RepositoryList kind="loaders" />\n`)), "repository lists are filled from data files");
});

/** A built copy of the serve fixture with a dev-server session, as the builder keeps it. */
async function builtSession() {
  const site = tempSite("serve/site");
  const session = new Session(createMemoryCache());
  const options = { root: site.dir, out: "out", logger: createMemoryLogger(), links: "warn" as const };
  await session.build(options);
  return { site, session, rebuild: () => session.build(options) };
}

test("a session whose site another build replaced builds again, writing a whole site instead of patching the other", async () => {
  const { site, session, rebuild } = await builtSession();
  try {
    const first = session.left?.written?.version;
    await build({ root: site.dir, out: "out", logger: createMemoryLogger(), links: "warn" });
    fs.appendFileSync(site.path("content/guides/first.md"), "\nWritten after the other build.\n");
    const result = await rebuild();
    assert.is(result.replaced, undefined, "the session built again");
    assert.is(result.changed, null, "a whole site was written");
    assert.ok(result.pages > 0);
    assert.ok(session.left?.written?.version && session.left.written.version !== first, "the session now patches the site it wrote");
    assert.match(fs.readFileSync(site.path("out/guides/first/index.html"), "utf8"), "Written after the other build.");
    fs.appendFileSync(site.path("content/guides/first.md"), "\nAnd patched after that.\n");
    assert.ok((await rebuild()).changed?.includes("guides/first/index.html"), "the next build patches again");
  } finally {
    site.remove();
  }
});

test("an edit to a page's body is written on its own, exactly as the whole build then renders it", async () => {
  const { site, session, rebuild } = await builtSession();
  try {
    const file = site.path("content/guides/first.md");
    const html = site.path("out/guides/first/index.html");
    const before = fs.readFileSync(html, "utf8");
    const others = fs.readFileSync(site.path("out/guides/index.html"), "utf8");
    fs.appendFileSync(file, "\nA paragraph added while serving.\n");

    assert.equal(await renderEditedPages(session, site.dir, ["content/guides/first.md"]), ["guides/first/index.html"]);
    const written = fs.readFileSync(html, "utf8");
    assert.match(written, "<p>A paragraph added while serving.</p>");
    assert.is.not(written, before);
    assert.is(fs.readFileSync(site.path("out/guides/index.html"), "utf8"), others, "no other page is written");

    // The whole build that follows finds the page as the quick path wrote it; only what depends on its body changes.
    const result = await rebuild();
    assert.ok(result.changed !== null, "the rebuild patched the site");
    assert.not.ok(result.changed.includes("guides/first/index.html"), `the page was rewritten: ${result.changed.join(", ")}`);
    const chunk = result.changed.find((p) => /^assets\/pages\/guides-first-[0-9A-F]+\.json$/.test(p) && fs.existsSync(site.path("out", p)));
    assert.ok(chunk, `the page's content chunk follows its body: ${result.changed.join(", ")}`);
    // Its folder's route table names the new chunk; no other folder's table changes.
    assert.equal(
      result.changed.filter((p) => p.startsWith("page-routes/")),
      ["page-routes/guides/_.json"],
    );
    const table = JSON.parse(fs.readFileSync(site.path("out/page-routes/guides/_.json"), "utf8")) as Record<string, { file: string }>;
    assert.is(table["/guides/first/"].file, `/${chunk}`);
    assert.is(fs.readFileSync(html, "utf8"), written);
  } finally {
    site.remove();
  }
});

test("an edit that changes what other pages show, a file that is not a page, or a failed build leaves the edit to the whole build", async () => {
  const { site, session } = await builtSession();
  try {
    const file = site.path("content/guides/first.md");
    const html = site.path("out/guides/first/index.html");
    const before = fs.readFileSync(html, "utf8");
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("title: Original First Title", "title: A Title the Sidebar Shows"));
    assert.is(await renderEditedPages(session, site.dir, ["content/guides/first.md"]), undefined);
    assert.is(await renderEditedPages(session, site.dir, ["content/guides/first.md", "repositories/loaders.json"]), undefined);
    assert.is(await renderEditedPages(session, site.dir, ["content/guides/new-page.md"]), undefined);
    assert.is(fs.readFileSync(html, "utf8"), before, "nothing was written");
    session.plans = undefined;
    fs.writeFileSync(file, `${fs.readFileSync(file, "utf8").replace("title: A Title the Sidebar Shows", "title: Original First Title")}\nMore.\n`);
    assert.is(await renderEditedPages(session, site.dir, ["content/guides/first.md"]), undefined, "no site to render against");
  } finally {
    site.remove();
  }
});

test("a build whose signal is aborted stops at its next step, writes nothing and leaves the previous site", async () => {
  const site = tempSite("serve/site");
  try {
    await build({ root: site.dir, logger: createMemoryLogger(), links: "warn" });
    const page = site.path("dist/guides/first/index.html");
    const before = fs.readFileSync(page, "utf8");
    const siblings = fs.readdirSync(site.dir).sort();
    fs.appendFileSync(site.path("content/guides/first.md"), "\nAn edit the stopped build never shows.\n");
    const controller = new AbortController();
    const logger = createMemoryLogger();
    // Stopped as soon as the client is bundled: rendering checks the signal before its first page.
    const stopping = {
      ...logger,
      info: (line: string) => {
        logger.info(line);
        if (line.includes("bundle client")) controller.abort();
      },
    };
    const error = await build({ root: site.dir, logger: stopping, links: "warn", signal: controller.signal }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    assert.is(error?.name, "AbortError");
    assert.not.ok(
      logger.lines.some((line) => line.includes("render pages") && line.startsWith("✓")),
      "rendering did not finish",
    );
    assert.is(fs.readFileSync(page, "utf8"), before);
    assert.equal(fs.readdirSync(site.dir).sort(), siblings, "no staging folder is left");
  } finally {
    site.remove();
  }
});

test("the builder's memory layers stay within their budget, and what leaves them is read back from the disk cache", async () => {
  const site = tempSite("serve/site");
  try {
    const budget = 64 * 1024;
    const session = new Session(createMemoryCache(budget));
    const options = { root: site.dir, out: "out", logger: createMemoryLogger(), links: "warn" as const };
    await session.build(options);
    const sizes = () => [session.memory.entries.calculatedSize, session.memory.objects.calculatedSize];
    for (const size of sizes()) assert.ok(size > 0 && size <= budget, `a layer holds ${size} bytes`);
    // The site's pages and bodies are more than the budget: some entries had to leave memory, not the disk.
    const onDisk = fs
      .readdirSync(site.path(".cache/docs-build"), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
    const left = onDisk.filter((key) => !session.memory.entries.has(key) && !session.memory.objects.has(key));
    assert.ok(left.length > 0, `all ${onDisk.length} entries on disk are in memory too`);
    const page = fs.readFileSync(site.path("out/guides/first/index.html"), "utf8");
    fs.appendFileSync(site.path("content/guides/first.md"), "\nOne more line.\n");
    const result = await session.build(options);
    for (const size of sizes()) assert.ok(size <= budget, `a layer holds ${size} bytes`);
    assert.ok(result.changed?.includes("guides/first/index.html"), "the edited page is written");
    assert.not.ok(result.changed?.includes("guides/index.html"), "pages read back from the disk cache are unchanged");
    assert.match(fs.readFileSync(site.path("out/guides/first/index.html"), "utf8"), "<p>One more line.</p>");
    assert.is.not(fs.readFileSync(site.path("out/guides/first/index.html"), "utf8"), page);
  } finally {
    site.remove();
  }
});

/** The files of the site's build cache. */
const cacheFiles = (site: ReturnType<typeof tempSite>) =>
  fs.readdirSync(site.path(".cache/docs-build"), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;

test("a page whose render key is unchanged since the dev server's last build is neither read from the cache nor written again", async () => {
  const site = tempSite("serve/site");
  try {
    for (let n = 1; n <= 12; n++) fs.writeFileSync(site.path(`content/guides/extra-${n}.md`), `---\ntitle: Extra ${n}\n---\n\n## Part ${n}\n\nText ${n}.\n`);
    // Memory layers too small to hold a page, so every read would go to the disk cache.
    const session = new Session(createMemoryCache(1024));
    const options = { root: site.dir, out: "out", logger: createMemoryLogger(), links: "warn" as const };
    await session.build(options);
    const pages = [...(session.left?.rendered?.keys() ?? [])];
    assert.ok(pages.length > 12, `the session keeps what ${pages.length} pages rendered to`);
    const before = new Map(pages.map((page) => [page, fs.readFileSync(site.path("out", page), "utf8")]));
    // Without the cache, a page read from it would be rendered and cached again.
    fs.rmSync(site.path(".cache"), { recursive: true, force: true });
    fs.appendFileSync(site.path("content/guides/first.md"), "\nOne more line.\n");
    const result = await session.build(options);
    assert.ok(result.changed?.includes("guides/first/index.html"), "the edited page is written");
    for (const [page, html] of before) if (page !== "guides/first/index.html") assert.is(fs.readFileSync(site.path("out", page), "utf8"), html, page);
    const patched = cacheFiles(site);

    // A new session's first build of the same content renders and caches every page.
    fs.rmSync(site.path(".cache"), { recursive: true, force: true });
    await new Session(createMemoryCache(1024)).build(options);
    const kept = pages.length - PRECACHED_PAGES.length - 1;
    assert.ok(cacheFiles(site) - patched >= kept, `${cacheFiles(site)} cache files after a whole build, ${patched} after the patch; ${kept} pages kept`);
  } finally {
    site.remove();
  }
});

test("a combined printable page or a page's markdown whose key is unchanged is kept by the dev server's next build unread; an edit rewrites its own", async () => {
  const site = tempSite("serve/site");
  try {
    fs.mkdirSync(site.path("content/api"));
    fs.writeFileSync(site.path("content/api/index.md"), "---\ntitle: API\n---\n\n## Calls\n\nText.\n");
    const session = new Session(createMemoryCache(1024));
    const options = { root: site.dir, out: "out", logger: createMemoryLogger(), links: "warn" as const };
    await session.build(options);
    const printable = ["guides/printable/index.html", "api/printable/index.html"];
    assert.equal(
      printable.filter((file) => session.left?.keyed?.has(file)),
      printable,
      `keyed: ${[...(session.left?.keyed?.keys() ?? [])].join(", ")}`,
    );
    const api = fs.readFileSync(site.path("out/api/printable/index.html"), "utf8");
    fs.appendFileSync(site.path("content/guides/first.md"), "\nOne more printable line.\n");
    const result = await session.build(options);
    assert.ok(result.changed?.includes("guides/printable/index.html"), `changed: ${result.changed?.join(", ")}`);
    assert.match(fs.readFileSync(site.path("out/guides/printable/index.html"), "utf8"), "One more printable line.");
    assert.not.ok(result.changed?.includes("api/printable/index.html"));
    assert.is(fs.readFileSync(site.path("out/api/printable/index.html"), "utf8"), api);
    assert.ok(session.left?.keyed?.has("api/printable/index.html"), "the kept page stays keyed for the build after");
    // Each page's markdown file is keyed by its body and title too, and those of a top-level part with no page
    // changed are kept as they were, unread: only the edited page's is written again.
    assert.ok(session.left?.keyed?.has("guides/first.md"), `keyed: ${[...(session.left?.keyed?.keys() ?? [])].join(", ")}`);
    assert.ok(session.left?.written?.files.has("api.md"));
    assert.ok(result.changed?.includes("guides/first.md"));
    assert.not.ok(result.changed?.includes("api.md"));
    assert.match(fs.readFileSync(site.path("out/guides/first.md"), "utf8"), "One more printable line.");
  } finally {
    site.remove();
  }
});

/**
 * Runs the live-reload script of a page at `pathname` against stand-ins for
 * EventSource, location and document, and returns how many reloads each
 * `reload` event's data caused.
 */
function reloadsOn(pathname: string, events: unknown[], banner = false): number[] {
  const listeners: Record<string, (event: { data: string }) => void> = {};
  let reloads = 0;
  const context = {
    window: {},
    location: { pathname, reload: () => void reloads++ },
    document: { getElementById: (id: string) => (banner && id === "docs-build-error" ? {} : null) },
    EventSource: class {
      addEventListener(type: string, listener: (event: { data: string }) => void) {
        listeners[type] = listener;
      }
    },
  };
  vm.runInNewContext(LIVE_RELOAD_SCRIPT.replace(/^<script>|<\/script>$/g, ""), context);
  return events.map((data) => {
    const before = reloads;
    listeners.reload({ data: JSON.stringify(data) });
    return reloads - before;
  });
}

test("the live-reload script reloads a page only when its own file changed, everything changed, or an error banner shows", () => {
  const ownAndOthers = [
    { paths: ["guides/first/index.html", "search-index.json"] },
    { paths: ["guides/index.html", "assets/pages/guides-first-ABC.json"] },
    { paths: null },
    null,
  ];
  assert.equal(reloadsOn("/guides/first/", ownAndOthers), [1, 0, 1, 1]);
  assert.equal(reloadsOn("/", [{ paths: ["index.html"] }, { paths: ["guides/index.html"] }]), [1, 0]);
  assert.equal(reloadsOn("/api/caf%C3%A9/", [{ paths: ["api/café/index.html"] }]), [1], "a percent-encoded path is compared decoded");
  assert.equal(reloadsOn("/guides/first/", [{ paths: [] }], true), [1], "a fixed build clears the error banner");
});

test.run();
