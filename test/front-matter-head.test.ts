import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import type { Yaml } from "mdast";
import remarkFrontmatter from "remark-frontmatter";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { frontMatterOf, readFrontMatter } from "../src/stages/translation-status/front-matter.ts";

// A translated page's freshness reads its front matter alone: the file up to
// the closing fence, which must be the front matter the markdown parser finds.

const parser = unified().use(remarkParse).use(remarkFrontmatter, ["yaml"]);

/** The front matter the markdown parser finds in a whole text, its lines joined by "\n"; undefined when it finds none. */
function parsedFrontMatter(text: string): string | undefined {
  const first = parser.parse(text).children[0];
  return first?.type === "yaml" ? (first as Yaml).value.split(/\r\n|\r|\n/).join("\n") : undefined;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-build-front-matter-"));
let written = 0;

/** The front matter read from a file holding `text`. */
async function readFromFile(text: string): Promise<string | undefined> {
  const file = path.join(dir, `page-${written++}.md`);
  fs.writeFileSync(file, text);
  try {
    return await readFrontMatter(file);
  } finally {
    fs.rmSync(file);
  }
}

test("readFrontMatter: the front matter the markdown parser finds, through line breaks, fences and a byte order mark", async () => {
  const cases = [
    "---\ntitle: Start\ntranslates: 3f2a9c1\n---\n\nText.\n",
    "---\r\ntitle: Start\r\n---\r\nText.\r\n",
    "---\rtitle: Start\r---\rText.",
    "\uFEFF---\ntitle: Start\n---\n",
    "--- \t\ntitle: Start\n---  \nText.\n",
    "---\n---\nText.\n",
    "---\ntitle: Start\n---",
    "---\ntitle: Start\n----\nnote: on\n---\n",
    "---\ntitle: Start\n ---\nnote: on\n---\n",
    "---\nlist: |\n  --- not a fence\n---\n",
    "---\ntitle: never closed\n",
    "----\ntitle: Start\n---\n",
    " ---\ntitle: Start\n---\n",
    "# Heading\n\n---\ntitle: Start\n---\n",
    "",
  ];
  for (const text of cases) assert.is(await readFromFile(text), parsedFrontMatter(text), JSON.stringify(text));
  assert.is(await readFromFile(cases[0]), "title: Start\ntranslates: 3f2a9c1", "and the cases above do find some");
});

test("readFrontMatter: any text made of fence-like lines and line breaks of every kind reads as the markdown parser reads it", async () => {
  const line = fc.constantFrom("---", "--- ", "---\t", "---\u00a0", "----", " ---", "-- -", "\uFEFF---", "a: 1", "b: [x]", "", "# Title", "--- x");
  const text = fc
    .array(fc.tuple(line, fc.constantFrom("\n", "\r\n", "\r")), { maxLength: 8 })
    .map((lines) => lines.map(([words, end]) => words + end).join(""));
  await fc.assert(fc.asyncProperty(text, async (page) => assert.is(await readFromFile(page), parsedFrontMatter(page), JSON.stringify(page))));
});

test("frontMatterOf: no line after the closing fence is read, and none after a first line that opens no front matter", async () => {
  /** The lines of a page that fails the test when a line past `last` is asked for. */
  async function* linesUpTo(lines: readonly string[], last: number) {
    for (const [n, line] of lines.entries()) {
      if (n > last) throw new Error(`line ${n + 1} was read`);
      yield line;
    }
  }
  assert.is(await frontMatterOf(linesUpTo(["---", "translates: 3f2a9c1", "---", "Text.", "More."], 2)), "translates: 3f2a9c1");
  assert.is(await frontMatterOf(linesUpTo(["# Title", "---", "a: 1", "---"], 0)), undefined);
});

test("readFrontMatter: a file that cannot be read rejects, as reading the page whole does", async () => {
  const error = await readFrontMatter(path.join(dir, "missing.md")).then(
    () => undefined,
    (e: NodeJS.ErrnoException) => e.code,
  );
  assert.is(error, "ENOENT");
});

test.after(() => fs.rmSync(dir, { recursive: true, force: true }));

test.run();
