import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fg from "fast-glob";
import type { Element, Root as HastRoot } from "hast";
import type { Heading, Root, RootContent, TableRow } from "mdast";
import { toString as mdastText } from "mdast-util-to-string";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import { labelBefore, metaFlag, metaTitle } from "../../src/markdown/code-block.ts";

/**
 * The project's own pages under `content/`, read with the same markdown
 * parsing the build uses (remark-parse, front matter, GFM), for the tests
 * that hold the documentation to webpack itself. Pages fetched from other
 * repositories (`_*.md`, git-ignored) are not the project's prose and are
 * left out.
 */

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const CONTENT = path.join(ROOT, "content");

/** One page: its path as messages show it (`content/guides/caching.md`), its text and its markdown tree. */
export interface ContentPage {
  file: string;
  text: string;
  tree: Root;
}

/** A fenced code block of a page, with the title the site shows for it. */
export interface ContentCode {
  file: string;
  /** The line of the opening fence. */
  line: number;
  /** The fence's language, lower-cased; "" when it has none. */
  language: string;
  meta: string;
  /** The block's title as rendered: a `title="…"` meta, or a bold-only paragraph just before the block. */
  title: string | undefined;
  /** The fence's meta carries `invalid`: the example is wrong on purpose. */
  invalid: boolean;
  code: string;
}

const parser = unified().use(remarkParse).use(remarkFrontmatter, ["yaml"]).use(remarkGfm);
const toHast = unified().use(remarkRehype);

let pages: ContentPage[] | undefined;

/** Every page of `content/` (`.md` and `.mdx`), parsed once per process, in path order. */
export function contentPages(): ContentPage[] {
  pages ??= fg
    .sync("**/*.{md,mdx}", { cwd: CONTENT, onlyFiles: true, ignore: ["**/_*", "**/node_modules/**"] })
    .sort()
    .map((relative) => {
      const text = fs.readFileSync(path.join(CONTENT, relative), "utf8");
      return { file: `content/${relative}`, text, tree: parser.parse(text) as Root };
    });
  return pages;
}

/** The page at `content/<relative>`; throws when there is none, so a moved page fails loudly. */
export function contentPage(relative: string): ContentPage {
  const page = contentPages().find((p) => p.file === `content/${relative}`);
  if (!page) throw new Error(`content/${relative} does not exist`);
  return page;
}

/**
 * The fenced code blocks of a page. Titles are found the way the renderer
 * finds them (src/markdown/rehype-highlight.ts): on the HTML tree, with the
 * same `labelBefore` and `metaTitle`.
 */
export function codeBlocks(page: ContentPage): ContentCode[] {
  const blocks: ContentCode[] = [];
  const tree = toHast.runSync(structuredClone(page.tree)) as HastRoot;
  visit(tree, "element", (pre, index, parent) => {
    if (pre.tagName !== "pre" || !parent || index === undefined) return;
    const code = pre.children.find((c): c is Element => c.type === "element" && c.tagName === "code");
    if (!code) return;
    const meta = String((code.data as { meta?: unknown } | undefined)?.meta ?? "");
    const classes = Array.isArray(code.properties.className) ? code.properties.className.map(String) : [];
    const language = (classes.find((c) => c.startsWith("language-")) ?? "").slice("language-".length).toLowerCase();
    const text = code.children.map((c) => (c.type === "text" ? c.value : "")).join("");
    blocks.push({
      file: page.file,
      line: pre.position?.start.line ?? 1,
      language,
      meta,
      title: metaTitle(meta) ?? labelBefore(parent.children, index)?.title,
      invalid: metaFlag(meta, "invalid"),
      code: text,
    });
  });
  return blocks;
}

/** A heading of a page: its depth, its plain text (inline code and escapes as read) and its line. */
export interface ContentHeading {
  depth: number;
  text: string;
  line: number;
}

/** Every heading of a page, in order. */
export function headings(page: ContentPage): ContentHeading[] {
  const found: ContentHeading[] = [];
  visit(page.tree, "heading", (node: Heading) => {
    // Components in a heading (`<Badge text="5.49.0+" />`) are raw HTML, not its text.
    found.push({ depth: node.depth, text: mdastText(node, { includeHtml: false }).trim(), line: node.position?.start.line ?? 1 });
  });
  return found;
}

/** The first cell of every table row of a page (header rows too), as the inline code it opens with, when it does. */
export function tableRowNames(page: ContentPage): string[] {
  const names: string[] = [];
  visit(page.tree, "tableRow", (row: TableRow) => {
    const first = row.children[0]?.children.find((c) => c.type !== "text" || c.value.trim() !== "");
    if (first?.type === "inlineCode") names.push(first.value.trim());
  });
  return names;
}

/** The text of every node of a page of the given types (`code`, `inlineCode`, `html`, `text`), with its line. */
export function nodeTexts(page: ContentPage, types: readonly RootContent["type"][]): { value: string; line: number; type: string }[] {
  const found: { value: string; line: number; type: string }[] = [];
  visit(page.tree, (node) => {
    if (types.includes(node.type as RootContent["type"]) && "value" in node && typeof node.value === "string")
      found.push({ value: node.value, line: node.position?.start.line ?? 1, type: node.type });
  });
  return found;
}
