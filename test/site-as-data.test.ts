import fs from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { BuildResult } from "../src/build.ts";
import { build } from "../src/build.ts";
import { resolveSettings } from "../src/context/config.ts";
import { ContentError } from "../src/report/errors.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import { FIXTURES } from "./helpers/fixture-loop.ts";
import { buildFixtureSite, copyFixtureSite, fileText } from "./helpers/site.ts";

const ACME = path.join(FIXTURES, "sites", "acme");
const acmeConfig = () => JSON.parse(fs.readFileSync(path.join(ACME, "docs-build.config.json"), "utf8")) as Record<string, unknown>;

/** Every output file's text. */
const texts = (result: BuildResult) => result.files.map((file) => ({ path: file.path, text: fileText(result, file.path) }));

test("Acme Docs, a site of its own config and content, builds with no mention of webpack in any file it writes", async () => {
  const result = await buildFixtureSite("acme");
  const files = texts(result);
  assert.ok(files.length > 20, `built the site (${files.length} files)`);
  const mentions = files.flatMap(({ path: file, text }) => {
    const at = text.search(/webpack/i);
    return at === -1 ? [] : [`${file}: …${text.slice(Math.max(0, at - 60), at + 40)}…`];
  });
  assert.equal(mentions, [], "files that mention webpack");
});

test("Acme Docs shows its own name, texts, links, logo, notice, hero words, printable sections, edit host and examples", async () => {
  const result = await buildFixtureSite("acme");
  const page = fileText(result, "guides/assembly/index.html");
  for (const expected of [
    "<title>Assembly | Acme Docs</title>",
    'placeholder="Search the Acme Docs"',
    '<span class="sr-only">Rocket kit version</span>',
    'aria-label="Acme Docs source on GitLab"',
    '<img src="/icons/icon.svg" width="28" height="28" alt=""/>',
    '<a href="/guides/launch/">Launch schedule</a>',
    'Version 2 is out. See <a href="/blog/2026-03-02-version-two/">what changed</a>.',
    "https://gitlab.com/acme/rockets-docs/-/edit/trunk/content/guides/assembly.md",
    'href="https://playground.acme.test/examples/fin-alignment"',
    'href="/guides/printable/?print"',
  ])
    assert.ok(page.includes(expected), `the page has ${expected}`);
  assert.ok(page.includes('localStorage.getItem("notification-dismissed")==="acme-2"'), "the boot script knows the notice's version");
  assert.not.ok(fileText(result, "reference/parts/index.html").includes("/reference/printable/"), "a section not named printable has no printable page link");
  assert.not.ok(
    result.files.some((file) => file.path === "reference/printable/index.html"),
    "nor a printable page",
  );
  assert.ok(fileText(result, "index.html").includes('"words":["rockets","boosters","payloads"]'), "the hero's words");
  assert.equal(fileText(result, "favicon.svg"), fs.readFileSync(path.join(ACME, "assets/acme-logo.svg"), "utf8"), "the logo is the favicon");
  assert.match(fileText(result, "icons/icon-maskable.svg"), 'href="data:image/svg+xml;base64,');
  assert.match(fileText(result, "blog/feed.xml"), "<description>News from the Acme Docs launch pad.</description>");
  const vote = fileText(result, "vote/index.html");
  assert.match(vote, '<p class="vote-intro">Pick the parts of the rocket kit you want explained better.</p>');
  assert.match(vote, '<meta name="description" content="Vote on what the Acme Docs explain next."/>');
  const markdown = fileText(result, "guides/assembly.md");
  assert.match(markdown, "(https://playground.acme.test/examples/fin-alignment)", "the markdown copy's example link");
  const client = result.files.filter((file) => file.path.startsWith("assets/") && file.path.endsWith(".js")).map((file) => fileText(result, file.path));
  assert.ok(
    client.some((text) => text.includes("Search the Acme Docs")),
    "the client bundle carries the site's chrome, so hydration renders the same words",
  );
});

test("a logo that is missing or not SVG stops the build at the config's logo key", async () => {
  const root = copyFixtureSite("acme");
  try {
    const config = path.join(root, "docs-build.config.json");
    const write = (logo: string) => fs.writeFileSync(config, JSON.stringify({ ...acmeConfig(), logo }, null, 2));
    write("assets/none.svg");
    const run = () => build({ root, write: false, cache: false, history: false, logger: createMemoryLogger() });
    await run().then(
      () => assert.unreachable("built with a missing logo"),
      (error: Error) => {
        assert.match(error.message, /docs-build\.config\.json:\d+:\d+: "logo" names a file that cannot be read \(ENOENT\)/);
        assert.match(error.message, "Point it at an SVG file");
      },
    );
    fs.writeFileSync(path.join(root, "assets/logo.png"), "not an image");
    write("assets/logo.png");
    await run().then(
      () => assert.unreachable("built with a logo that is not SVG"),
      (error: Error) => assert.match(error.message, '"logo" names a file that is not an SVG image'),
    );
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("with the llms files off, no markdown copies or llms files are written, Copy page goes, and the link check still fails on a broken link", async () => {
  const root = copyFixtureSite("acme");
  try {
    fs.writeFileSync(path.join(root, "content/guides/broken.md"), "---\ntitle: Broken\n---\n\nSee [the moon base](/guides/moon-base/).\n");
    const run = (llms: boolean, links: "error" | "warn") =>
      build({
        root,
        settings: resolveSettings({ ...acmeConfig(), llms }),
        links,
        write: false,
        cache: false,
        history: false,
        logger: createMemoryLogger(),
      });
    const failures: string[][] = [];
    for (const llms of [true, false])
      await run(llms, "error").then(
        () => assert.unreachable(`built with a broken link (llms ${llms})`),
        (error: unknown) => {
          assert.instance(error, ContentError);
          failures.push((error as ContentError).diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId}`));
        },
      );
    assert.equal(failures[0], ["content/guides/broken.md:5:5 broken-link"]);
    assert.equal(failures[1], failures[0], "the link check reports the same without the llms files");
    const on = await run(true, "warn");
    const off = await run(false, "warn");
    const paths = (result: BuildResult) => result.files.map((file) => file.path);
    assert.ok(paths(on).includes("llms.txt") && paths(on).includes("guides/assembly.md"), "llms files with the feature on");
    assert.equal(
      paths(off).filter((file) => file.endsWith(".md") || file.startsWith("llms")),
      [],
      "no llms files or markdown copies with it off",
    );
    assert.match(fileText(on, "guides/assembly/index.html"), 'class="copy-page-button"');
    assert.not.match(fileText(off, "guides/assembly/index.html"), "copy-page");
    const client = off.files.filter((file) => file.path.startsWith("assets/") && file.path.endsWith(".js")).map((file) => fileText(off, file.path));
    assert.ok(
      client.some((text) => text.includes("copyPage:!1")),
      "the client bundle knows there is no Copy page, so hydration matches",
    );
    const bodies = (result: BuildResult) =>
      paths(result)
        .filter((file) => file.endsWith(".html"))
        .map((file) =>
          fileText(result, file)
            .replace(/<div class="copy-page">.*?<\/div>/g, "")
            .replace(/if\(f=b\.closest\("\.copy-page-button"\)\).*?\.then\(k\)\);/, "")
            .replace(/assets\/[^"]*/g, ""),
        );
    assert.equal(bodies(off), bodies(on), "every page is the same but for the button, its handler in the boot script and the bundle's names");
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test.run();
