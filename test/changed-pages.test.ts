import fs from "node:fs";
import path from "node:path";
import fg from "fast-glob";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build, type BuildResult } from "../src/build.ts";
import { Session } from "../src/serve/session.ts";
import { createMemoryCache } from "../src/cache/cache.ts";
import { formatDiagnostic } from "../src/report/diagnostics.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import { isPagePath, pagesAfterChanges, type PathChange } from "../src/stages/index-content/core.ts";
import { asBuilt } from "./helpers/served-output.ts";
import { listFiles, tempSite, type TempSite } from "./helpers/temp-site.ts";

// A dev-server rebuild told which paths changed since the session's last build
// looks only at those: every other page that build found is taken as it was.

const file = (relative: string): PathChange => ({ relative, now: "file" });
const gone = (relative: string): PathChange => ({ relative, now: "gone" });
const FOUND = ["api/index.md", "guides/a.md", "guides/deep/b.mdx", "index.md"];

test("pagesAfterChanges: a new page is added, a removed one dropped, and both looked at; other files and paths outside the content folder are left", () => {
  const after = pagesAfterChanges(FOUND, [
    file("guides/new.md"),
    gone("guides/a.md"),
    file("guides/a.md~"),
    gone("guides/4913"),
    file("guides/.a.md.swp"),
    { now: "file" },
  ]);
  assert.equal(after?.relatives, ["api/index.md", "guides/deep/b.mdx", "guides/new.md", "index.md"]);
  assert.equal([...(after?.changed ?? [])], ["guides/new.md"]);
});

test("pagesAfterChanges: a folder made, renamed or replaced, a link, the content folder itself or a path that could not be looked at leave the listing to a walk", () => {
  for (const change of [
    { relative: "guides/new", now: "folder" },
    { relative: "guides/a.md", now: "link" },
    { relative: "guides/a.md", now: "unknown" },
    { relative: "", now: "other" },
    gone("guides/deep"),
    file("guides"),
  ] as PathChange[])
    assert.is(pagesAfterChanges(FOUND, [change]), undefined, JSON.stringify(change));
});

test("pagesAfterChanges: a folder removed after each of its pages is named is applied, whatever the order; hidden folders and node_modules are left out", () => {
  const after = pagesAfterChanges(FOUND, [
    gone("guides/deep"),
    gone("guides/deep/b.mdx"),
    { relative: ".git/refs", now: "folder" },
    file("node_modules/x/readme.md"),
  ]);
  assert.equal(after?.relatives, ["api/index.md", "guides/a.md", "index.md"]);
});

test("isPagePath finds what the content folder's listing finds", () => {
  const site = tempSite();
  try {
    const names = [
      "a.md",
      "b.mdx",
      "c.markdown",
      "d.MD",
      "e.md.swp",
      ".hidden.md",
      "x/.y/z.md",
      "node_modules/p/readme.md",
      "deep/node_modules/q.md",
      "f.mdxx",
      "g/h/i.md",
    ];
    for (const name of names) {
      fs.mkdirSync(path.dirname(site.path(name)), { recursive: true });
      fs.writeFileSync(site.path(name), "text");
    }
    const listed = fg.sync("**/*.{md,mdx}", { cwd: site.dir, onlyFiles: true, dot: false, ignore: ["**/node_modules/**"] }).sort();
    assert.equal(names.filter(isPagePath).sort(), listed);
  } finally {
    site.remove();
  }
});

/** A built copy of the serve fixture with a dev-server session, and its rebuild given the changed paths (none: no list). */
async function servedSite() {
  const site = tempSite("serve/site");
  const session = new Session(createMemoryCache());
  const options = { root: site.dir, out: "out", logger: createMemoryLogger(), links: "warn" as const, history: false };
  await session.build(options);
  return { site, session, rebuild: (changed?: string[]) => session.build({ ...options, changed }) };
}

/** Every file of a built folder with its bytes. */
const filesOf = (dir: string) => new Map(listFiles(dir).map((name) => [name, fs.readFileSync(path.join(dir, name))]));

/** Files' bytes as text, for comparing. */
const shown = (files: ReadonlyMap<string, Buffer>) => new Map([...files].map(([name, bytes]) => [name, bytes.toString("base64")]));

/** Asserts the dev server's output, and the problems its last build found (when given), equal a cold build's of the same content. */
async function assertLikeColdBuild(site: TempSite, last?: BuildResult) {
  const cold = await build({ root: site.dir, out: "cold", logger: createMemoryLogger(), links: "warn", history: false, cache: false });
  // The dev server keeps its search parts in one folder (see `SearchRoot.stamp`); all else is byte for byte a build's.
  assert.equal(shown(asBuilt(filesOf(site.path("out")))), shown(filesOf(site.path("cold"))));
  if (last) assert.equal(last.diagnostics.map(formatDiagnostic), cold.diagnostics.map(formatDiagnostic));
}

test("a rebuild given the changed paths looks at no other page: a page changed but not named keeps what the last build found", async () => {
  const { site, session, rebuild } = await servedSite();
  try {
    const first = site.path("content/guides/first.md");
    fs.appendFileSync(first, "\nA paragraph no change list names.\n");
    // Its time and size are restored too: only a look at the bytes would see the change.
    const index = site.path("content/guides/index.md");
    const stat = fs.statSync(index);
    fs.writeFileSync(index, fs.readFileSync(index, "utf8").replace("Serve Fixture Guides", "Serve Fixture Guidez"));
    fs.utimesSync(index, stat.atime, stat.mtime);
    await rebuild(["content/index.md"]);
    const html = () => fs.readFileSync(site.path("out/guides/first/index.html"), "utf8");
    assert.not.match(html(), "no change list names", "the page not named is taken as unchanged");
    assert.ok(session.left?.pages?.digests.has("guides/first.md"));
    // Named, the page with its old time and size is read again.
    await rebuild(["content/guides/index.md", "content/guides/first.md"]);
    assert.match(html(), "no change list names");
    assert.match(fs.readFileSync(site.path("out/guides/index.html"), "utf8"), "<title>Serve Fixture Guidez");
    await assertLikeColdBuild(site);
  } finally {
    site.remove();
  }
});

test("a rebuild given the changed paths finds a new page and drops a removed one, and its output is a cold build's", async () => {
  const { site, rebuild } = await servedSite();
  try {
    const links = "Back to [first](/guides/first/#first-steps), [a heading it lacks](/guides/first/#nope) and [no page](/guides/nope/).";
    fs.writeFileSync(site.path("content/guides/second.md"), `---\ntitle: Second\n---\n\n## Next\n\n${links}\n`);
    const result = await rebuild(["content/guides/second.md", "content/guides/.second.md.swp"]);
    assert.ok(fs.existsSync(site.path("out/guides/second/index.html")));
    assert.equal(
      result.diagnostics.map((d) => d.ruleId).filter((rule) => rule.startsWith("broken")),
      ["broken-anchor", "broken-link"],
    );
    await assertLikeColdBuild(site, result);
    fs.rmSync(site.path("content/guides/second.md"));
    const after = await rebuild(["content/guides/second.md"]);
    assert.not.ok(fs.existsSync(site.path("out/guides/second/index.html")));
    await assertLikeColdBuild(site, after);
  } finally {
    site.remove();
  }
});

test("a new folder, a rebuild without a list, or a link in the content folder has every file looked at", async () => {
  const { site, session, rebuild } = await servedSite();
  try {
    // A folder made with its pages is named alone: its pages are found by walking the content folder.
    fs.mkdirSync(site.path("content/api"));
    fs.writeFileSync(site.path("content/api/index.md"), "---\ntitle: API\n---\n\n## Calls\n");
    await rebuild(["content/api"]);
    assert.ok(fs.existsSync(site.path("out/api/index.html")));
    // Without a list a changed page is found by its time and size.
    fs.appendFileSync(site.path("content/guides/first.md"), "\nSeen by its size.\n");
    await rebuild();
    assert.match(fs.readFileSync(site.path("out/guides/first/index.html"), "utf8"), "Seen by its size.");
    // A linked folder's pages change under another path: with a link in the folder, no listing is kept for a list.
    fs.symlinkSync(site.path("content/guides"), site.path("content/linked"));
    await rebuild(["content/linked"]);
    assert.is(session.left?.pages, undefined);
    fs.appendFileSync(site.path("content/guides/first.md"), "\nSeen through the link.\n");
    await rebuild(["content/guides/first.md"]);
    assert.match(fs.readFileSync(site.path("out/linked/first/index.html"), "utf8"), "Seen through the link.");
    await assertLikeColdBuild(site);
  } finally {
    site.remove();
  }
});

test.run();
