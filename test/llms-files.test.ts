import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DEFAULT_SETTINGS } from "../src/context/config.ts";
import type { OutputFile, StreamedFile } from "../src/output/files.ts";
import { contentType } from "../src/serve/resolve-request.ts";
import { runIndexContent } from "../src/stages/index-content/index.ts";
import type { Root } from "mdast";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { cleanMarkdown as cleanTree, fillRepositoryLists } from "../src/markdown/clean-markdown.ts";
import { fullPart, LLMS_FULL_LIMIT, llmsIndex, markdownPath, pageMarkdown, sectionFullPath, sectionsOf } from "../src/stages/llms-files/core.ts";
import { runLlmsFiles } from "../src/stages/llms-files/index.ts";
import { testContext } from "./helpers/context.ts";
import { fixtureLoop } from "./helpers/fixture-loop.ts";
import { buildFixtureSite, copyFixtureSite, fileText } from "./helpers/site.ts";

/** Every file a stage emits, streamed ones joined, by path. */
function collector(): { files: Record<string, string>; keys: Record<string, string>; emit: (file: OutputFile | StreamedFile) => Promise<void> } {
  const files: Record<string, string> = {};
  const keys: Record<string, string> = {};
  const emit = async (file: OutputFile | StreamedFile) => {
    // The stage writes text; a stretch copied from a file written before comes as bytes, which are joined before they are read.
    const chunks: Buffer[] = [];
    if ("parts" in file) for await (const part of file.parts) chunks.push(Buffer.from(part));
    else chunks.push(Buffer.from(file.contents));
    const text = Buffer.concat(chunks).toString("utf8");
    files[file.path] = text;
    if ("key" in file && file.key !== undefined) keys[file.path] = file.key;
  };
  return { files, keys, emit };
}

// Each case's input/ is a content folder; expected/ holds every file the stage emits, a page's
// markdown under its output path with `/` written `--`. A case's optional case.json gives the
// stage's size limit (`fullLimit`), so a few small pages can pass it.
fixtureLoop("llms-files", async (caseDir) => {
  const ctx = testContext({ root: caseDir, settings: { name: "fixture", description: "A fixture site.", baseUrl: "https://example.org" } });
  const options = path.join(caseDir, "case.json");
  const { fullLimit } = fs.existsSync(options) ? (JSON.parse(fs.readFileSync(options, "utf8")) as { fullLimit?: number }) : {};
  const index = await runIndexContent(ctx);
  const { files, emit } = collector();
  try {
    await runLlmsFiles(ctx, { site: index.site, bodies: index.bodies, fullLimit, emit: emit });
  } finally {
    await index.close();
  }
  return Object.fromEntries(Object.entries(files).map(([file, text]) => [file.replaceAll("/", "--"), text]));
});

const parser = unified().use(remarkParse).use(remarkFrontmatter, ["yaml"]).use(remarkGfm);

/** Cleans a page's source as the index stage does, from the tree remark parses, then fills its repository lists. */
function cleanMarkdown(source: string, options: { url: string; mdx: boolean; lists: Record<string, string> }): string {
  return fillRepositoryLists(cleanTree(parser.parse(source) as Root, source, { ...options, examples: DEFAULT_SETTINGS.examplesUrl }), options.lists);
}

test("markdownPath: a page's URL with .md, the landing page index.md", () => {
  assert.is(markdownPath("/configuration/output/"), "configuration/output.md");
  assert.is(markdownPath("/comparison/"), "comparison.md");
  assert.is(markdownPath("/"), "index.md");
});

test("pageMarkdown heads a body with its title unless the body has one", () => {
  assert.is(pageMarkdown("Caching", "Text.\n"), "# Caching\n\nText.\n");
  assert.is(pageMarkdown("css-loader", "# css-loader\n\nText.\n"), "# css-loader\n\nText.\n");
  assert.is(pageMarkdown("", "Text.\n"), "Text.\n");
});

test("fullPart puts the page's address under its title", () => {
  assert.is(fullPart({ url: "/a/", title: "A", description: "" }, "# A\n\nText.\n", "https://x.org"), "# A\n\nURL: https://x.org/a/\n\nText.\n\n");
  assert.is(fullPart({ url: "/b/", title: "", description: "" }, "Text.\n", "https://x.org"), "# /b/\n\nURL: https://x.org/b/\n\nText.\n\n");
});

test("cleanMarkdown leaves links that are absolute, external or written otherwise than parsed alone", () => {
  const source = "[a](/guides/) [b](https://x.org/) [c](mailto:a@b.c) [d](//cdn.x/y) [e](./a%20b/) [./f](./f/)\n";
  assert.is(
    cleanMarkdown(source, { url: "/g/", mdx: false, lists: {} }),
    "[a](/guides/) [b](https://x.org/) [c](mailto:a@b.c) [d](//cdn.x/y) [e](/g/a%20b/) [./f](/g/f/)\n",
  );
});

test("cleanMarkdown turns a repository list into its markdown, and an unknown list into nothing", () => {
  const source = 'Loaders:\n\n<RepositoryList kind="loaders" />\n\n<RepositoryList kind="nope" />\n';
  assert.is(cleanMarkdown(source, { url: "/loaders/", mdx: false, lists: { loaders: "- [a](/loaders/a/)" } }), "Loaders:\n\n- [a](/loaders/a/)\n");
});

test("sectionsOf names a folder by its index page, else by its name, and pages outside folders General", () => {
  const page = (url: string, title: string) => ({ entry: { url, title, description: "" } });
  const sections = sectionsOf([page("/", "Home"), page("/api/", "API"), page("/api/node/", "Node"), page("/blog/post/", "Post"), page("/about/", "About")]);
  assert.equal(
    sections.map((s) => [s.title, s.folder, s.pages.map((p) => p.entry.url)]),
    [
      ["General", "", ["/", "/about/"]],
      ["API", "api", ["/api/", "/api/node/"]],
      ["Blog", "blog", ["/blog/post/"]],
    ],
  );
  assert.match(llmsIndex({ name: "S", description: "D", baseUrl: "https://s.org" }, []), /^# S\n\n> D\n$/);
});

test("sectionsOf keeps a folder apart from the pages outside folders, even when both are titled General", () => {
  const page = (url: string) => ({ entry: { url, title: "", description: "" } });
  const sections = sectionsOf([page("/"), page("/general/a/"), page("/b/")]);
  assert.equal(
    sections.map((s) => [s.title, s.folder, s.pages.length]),
    [
      ["General", "", 2],
      ["General", "general", 1],
    ],
  );
  assert.equal(
    sections.map((s) => sectionFullPath(s.folder)),
    ["llms-full-general.txt", "general/llms-full.txt"],
  );
});

test("llmsIndex lists the section files last, with their number of pages, and nothing without them", () => {
  const site = { name: "S", description: "D", baseUrl: "https://s.org" };
  const pages = [{ entry: { url: "/a/b/", title: "B", description: "" } }];
  const files = [
    { title: "A [1]", path: "a/llms-full.txt", pages: 1 },
    { title: "General", path: "llms-full-general.txt", pages: 12 },
  ];
  assert.is(
    llmsIndex(site, pages, files),
    "# S\n\n> D\n\n## A\n\n- [B](https://s.org/a/b.md)\n\n## Full text by section\n\n" +
      "- [A \\[1\\]](https://s.org/a/llms-full.txt): 1 page\n- [General](https://s.org/llms-full-general.txt): 12 pages\n",
  );
  assert.is(llmsIndex(site, pages, []), llmsIndex(site, pages));
  assert.is(LLMS_FULL_LIMIT, 10_000_000);
});

test("a build writes every page's markdown, llms.txt and llms-full.txt, and no printable page", async () => {
  const result = await buildFixtureSite("basic");
  const first = fileText(result, "guides/first.md");
  assert.ok(first.startsWith("# First Guide\n\n## Setup 5.1.0+\n\n> **Tip:** Keep it small.\n"), first);
  assert.match(first, /\[Open the first example in an online editor\]\(https:\/\/stackblitz\.com\/.*\/first\)/);
  assert.match(first, /\[the second guide\]\(\/guides\/second\/\)/);
  assert.not.match(first, /^---$|title:|<Badge|T>/m);
  assert.is(fileText(result, "index.md").split("\n")[0], "# webpack");
  const llms = fileText(result, "llms.txt");
  assert.match(llms, /^# webpack\n\n> .+\n\n## General\n\n- \[webpack\]\(https?:\/\/[^)]+\/index\.md\): webpack is a module bundler for this fixture\.\n/);
  assert.match(llms, /\n## Guides\n\n- \[Guides\]\([^)]+\/guides\.md\)\n- \[First Guide\]\([^)]+\/guides\/first\.md\)\n- \[Second Guide\]/);
  const full = fileText(result, "llms-full.txt");
  const titles = [...full.matchAll(/^# (.+)$/gm)].map((m) => m[1]);
  assert.equal(titles, ["webpack", "Guides", "First Guide", "Second Guide", "Hello", "Comparison"]);
  assert.ok(full.includes(first.slice("# First Guide\n\n".length)), "llms-full.txt holds each page's markdown");
  assert.not.ok(result.files.some((f) => f.path.endsWith(".md") && f.path.includes("printable")));
  // They are no pages: neither the sitemap nor the service worker's precache lists them.
  assert.not.match(fileText(result, "sitemap.xml"), /\.md<|llms/);
  assert.not.match(fileText(result, "sw.js"), /\.md"|llms/);
});

test("a cached build gives the same files, and an edited page's markdown follows its source", async () => {
  const root = copyFixtureSite("basic");
  try {
    const first = await buildFixtureSite("basic", { root, cache: true });
    const again = await buildFixtureSite("basic", { root, cache: true });
    for (const file of ["guides/first.md", "llms.txt", "llms-full.txt"]) assert.is(fileText(again, file), fileText(first, file), file);
    const page = path.join(root, "content/comparison.md");
    fs.writeFileSync(page, fs.readFileSync(page, "utf8").replace("Compare the options.", "Compare [the guides](../guides/)."));
    const edited = await buildFixtureSite("basic", { root, cache: true });
    assert.is(fileText(edited, "comparison.md"), "# Comparison\n\nCompare [the guides](/guides/).\n");
    assert.ok(fileText(edited, "llms-full.txt").includes("Compare [the guides](/guides/)."));
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("the stage parses nothing: it writes the markdown the index stage stored, with the content folder gone", async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "docs-build-llms-"));
  try {
    fs.cpSync(path.join(import.meta.dirname, "../fixtures/llms-files/small-site/input"), path.join(root, "input"), { recursive: true });
    const ctx = testContext({ root, settings: { name: "fixture", description: "A fixture site.", baseUrl: "https://example.org" } });
    const index = await runIndexContent(ctx);
    fs.rmSync(path.join(root, "input"), { recursive: true });
    const { files, emit } = collector();
    try {
      await runLlmsFiles(ctx, { site: index.site, bodies: index.bodies, emit: emit });
    } finally {
      await index.close();
    }
    const expected = path.join(import.meta.dirname, "../fixtures/llms-files/small-site/expected");
    assert.is(files["guides/getting-started.md"], fs.readFileSync(path.join(expected, "guides--getting-started.md"), "utf8"));
    assert.is(files["llms-full.txt"], fs.readFileSync(path.join(expected, "llms-full.txt"), "utf8"));
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

/** Runs the stage over the small-site fixture with the given limit; counts the bodies it reads. */
async function smallSite(fullLimit?: number): Promise<{ files: Record<string, string>; keys: Record<string, string>; reads: number }> {
  const ctx = testContext({
    root: path.join(import.meta.dirname, "../fixtures/llms-files/small-site"),
    settings: { name: "f", description: "F.", baseUrl: "https://x.org" },
  });
  const index = await runIndexContent(ctx);
  let reads = 0;
  const bodies = {
    ...index.bodies,
    markdown: (page: Parameters<typeof index.bodies.markdown>[0]) => {
      reads++;
      return index.bodies.markdown(page);
    },
  };
  const { files, keys, emit } = collector();
  try {
    await runLlmsFiles(ctx, { site: index.site, bodies, fullLimit, emit: emit });
  } finally {
    await index.close();
  }
  return { files, keys, reads };
}

test("the section files come only past the limit: each body is read once at or under it, twice past it", async () => {
  const under = await smallSite();
  const size = Buffer.byteLength(under.files["llms-full.txt"]);
  const at = await smallSite(size);
  const past = await smallSite(size - 1);
  assert.is(under.reads, 6);
  assert.equal(at, under);
  assert.is(past.reads, 12);
  assert.equal(
    Object.keys(past.files).filter((file) => !(file in under.files)),
    ["llms-full-general.txt", "concepts/llms-full.txt", "guides/llms-full.txt"],
  );
  assert.is(past.files["llms-full.txt"], under.files["llms-full.txt"]);
  assert.ok(past.files["llms.txt"].startsWith(under.files["llms.txt"]));
  assert.match(past.files["llms.txt"], /\n## Full text by section\n\n- \[General\]\(https:\/\/x\.org\/llms-full-general\.txt\): 2 pages\n/);
  // The section files hold every part of llms-full.txt once, each section's in site order.
  const parts = (text: string) => text.split(/^(?=# )/m);
  const sectioned = ["llms-full-general.txt", "concepts/llms-full.txt", "guides/llms-full.txt"].flatMap((file) => parts(past.files[file]));
  assert.equal([...sectioned].sort(), parts(past.files["llms-full.txt"]).sort());
});

test("each section file has a key, known before its bodies are read again, so the dev server keeps an unchanged one unread", async () => {
  const under = await smallSite();
  const past = await smallSite(Buffer.byteLength(under.files["llms-full.txt"]) - 1);
  assert.equal(under.keys, {}, "no section files, no keys");
  const sectionFiles = ["llms-full-general.txt", "concepts/llms-full.txt", "guides/llms-full.txt"];
  assert.equal(Object.keys(past.keys).sort(), [...sectionFiles].sort(), "only the section files have keys");
  assert.is.not(past.keys["concepts/llms-full.txt"], past.keys["guides/llms-full.txt"]);
});

test("a repository list's mark never comes from the page's own text, and an unknown kind leaves no gap", () => {
  const source = 'Before\n\n```\nNUL \0 here\n```\n\n<RepositoryList kind="nope" />\n\nAfter\n';
  assert.is(cleanMarkdown(source, { url: "/x/", mdx: false, lists: {} }), "Before\n\n```\nNUL \uFFFD here\n```\n\nAfter\n");
});

test("the dev server serves markdown and text files as such", () => {
  assert.is(contentType("/out/guides/first.md"), "text/markdown; charset=utf-8");
  assert.is(contentType("/out/llms-full.txt"), "text/plain; charset=utf-8");
});

test.run();
