import type { MarkdownLabels } from "../../markdown/markdown-labels.ts";
import type { Heading, Root, Text, Yaml } from "mdast";
import { visit } from "unist-util-visit";
import { VFile } from "vfile";
import { LineCounter, parseDocument, visit as visitYaml, type Document } from "yaml";
import type { Settings } from "../../context/config.ts";
import { codeFrame, reportOnFile } from "../../report/diagnostics.ts";
import { parseMarkdown, readParsed, transformMarkdown } from "../../markdown/processor.ts";
import type { PageEntry } from "../../shared/content-types.ts";
import "../../markdown/vfile-data.ts";
import { checkFrontMatter, reportFieldProblem, yamlLocator, type Place } from "./front-matter-fields.ts";

/** One markdown file as read from disk. */
export interface SourceFile {
  /** Path relative to the content folder, with `/` separators. */
  relative: string;
  /** Path shown in messages and stored in the index (relative to the project root). */
  display: string;
  text: string;
  size: number;
  /**
   * In a language's build, the text of the default language's page a
   * translated page translates: its headings' ids become aliases of the
   * translation's, heading by heading, so links written for it still land.
   */
  original?: string;
  /**
   * The original's heading ids, in order, when the build already has them
   * (the default language's build of the same run processed the original):
   * the original's text is then not parsed again.
   */
  originalIds?: string[];
  /** The labels its body shows (code blocks', tables'), in the language of its folder, the project's own strings included; default the default language's shipped ones. */
  labels?: MarkdownLabels;
}

/** Turns `guides/_foo.md` into `/guides/foo/`: no extension, no `index`, no leading `_`, trailing slash. */
function urlOf(relative: string): string {
  const parts = relative.replace(/\.mdx?$/, "").split("/");
  const last = parts.pop()!.replace(/^_/, "");
  if (last !== "index") parts.push(last);
  return parts.length ? `/${parts.join("/")}/` : "/";
}

/** How many alias expansions front matter may make: the yaml package's own default. */
const MAX_ALIAS_COUNT = 100;

/** Parsed front matter and where its values are, for messages. */
interface Frontmatter {
  data: Record<string, unknown>;
  /** The place of the value at a path (`["related", 0, "url"]`), or of its nearest parent. */
  locate: (path: readonly (string | number)[]) => Place;
  /** Line of the front matter's opening `---` (1 when there is none). */
  line: number;
  valid: boolean;
}

/** Where the document's first alias (`*name`) is, in file lines; the front matter's start when it has none. */
function firstAlias(doc: Document, lines: LineCounter, offset: number): { line: number; column: number } {
  let start: number | undefined;
  visitYaml(doc, {
    Alias(_key, node) {
      start = node.range?.[0];
      return visitYaml.BREAK;
    },
  });
  if (start === undefined) return { line: offset, column: 1 };
  const at = lines.linePos(start);
  return { line: offset + at.line, column: at.col };
}

/** Reads the YAML front matter node, reporting syntax errors with a code frame. */
function readFrontmatter(tree: Root, file: VFile, source: string): Frontmatter {
  const node = tree.children[0];
  if (node?.type !== "yaml") return { data: {}, locate: () => ({ line: 1, column: 1 }), line: 1, valid: true };
  const yamlNode = node as Yaml;
  const offset = yamlNode.position?.start.line ?? 1;
  const lineCounter = new LineCounter();
  const doc = parseDocument(yamlNode.value, { lineCounter, prettyErrors: true });
  const result: Frontmatter = { data: {}, locate: yamlLocator(doc, lineCounter, offset), line: offset, valid: false };
  if (doc.errors.length) {
    for (const error of doc.errors) {
      const line = offset + (error.linePos?.[0].line ?? 1);
      const column = error.linePos?.[0].col ?? 1;
      const reason = error.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
      reportOnFile(file, "frontmatter-yaml", { problem: "syntax", reason, frame: codeFrame(source, line, column) }, { line, column });
    }
    return result;
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    // The yaml package refuses documents whose aliases expand past the count (a "billion laughs" bomb).
    if (!(error instanceof ReferenceError)) throw error;
    reportOnFile(file, "frontmatter-yaml", { problem: "aliases", limit: MAX_ALIAS_COUNT }, firstAlias(doc, lineCounter, offset));
    return result;
  }
  if (data === null || data === undefined) return { ...result, valid: true };
  if (typeof data !== "object" || Array.isArray(data)) {
    reportOnFile(file, "frontmatter-yaml", { problem: "not-mapping" }, { line: offset, column: 1 });
    return result;
  }
  return { ...result, data: data as Record<string, unknown>, valid: true };
}

/** Builds the content index entry of a page (the spec's "Content index entry") from its front matter. */
function toEntry(file: VFile, source: SourceFile, fm: Frontmatter, settings: Settings): PageEntry {
  const { fields, problems, invalid } = checkFrontMatter(fm.data, fm.locate);
  for (const problem of problems) reportFieldProblem(file, problem);
  const title = fields.title ?? "";
  // A page whose front matter does not parse, or whose title is not text, already has an error; "no title" would only repeat it.
  if (!title && fm.valid && !invalid.has("title"))
    reportOnFile(file, "frontmatter-title", {}, { line: fm.data.title === undefined ? fm.line : fm.locate(["title"]).line, column: 1 });
  return {
    ...fileEntry(source, settings),
    title,
    sort: fields.sort ?? 0,
    group: fields.group ?? "",
    description: fields.description ?? "",
    source: fields.source ?? "",
    edit: fields.edit || defaultEditUrl(source, settings),
    repo: fields.repo ?? "",
    thirdParty: fields.thirdParty === true,
    anchors: (file.data.anchors ?? []).slice(),
    contributors: fields.contributors ?? [],
    related: fields.related ?? [],
    ...(fields.fetched ? { fetched: fields.fetched } : {}),
  };
}

/** The page's "Edit this page" link from the config's `editUrl`, for a page whose front matter names none. */
function defaultEditUrl(source: SourceFile, settings: Settings): string {
  const fill: Record<string, string> = { repository: settings.repository, branch: settings.branch, path: source.display };
  return settings.editUrl.replace(/\{(repository|branch|path)\}/g, (_, key: string) => fill[key]);
}

/**
 * Gives each heading of a translated page the id of the original's heading in
 * the same place, as an empty `<span id>` at its start and among the page's
 * heading ids (so the link check knows it): a link to `#install` on the
 * default language's page lands on `## 安装`. Translations keep their
 * original's headings in order; when the counts differ, no heading gets one.
 */
function aliasHeadings(tree: Root, file: VFile, ids: readonly string[]): void {
  const headings: Heading[] = [];
  visit(tree, "heading", (node) => {
    headings.push(node);
  });
  if (headings.length !== ids.length) return;
  const own = new Set(file.data.headingIds ?? []);
  headings.forEach((heading, at) => {
    const id = ids[at];
    if (own.has(id)) return;
    own.add(id);
    heading.children.unshift({ type: "text", value: "", data: { hName: "span", hProperties: { id } } } as Text);
    file.data.headingIds?.push(id);
  });
}

/** The heading ids of a page's text, in order, as its processing gives them. */
function headingIdsOf(text: string, mdx: boolean): string[] {
  const file = new VFile({ value: text });
  transformMarkdown(parseMarkdown(file), file, mdx);
  return file.data.headingIds ?? [];
}

/**
 * The entry a page has from its file alone, before its front matter is read:
 * path, name, size, URL and the default edit link; no title and no anchors.
 */
export function fileEntry(source: SourceFile, settings: Settings): PageEntry {
  const name = source.relative.split("/").pop()!;
  return {
    path: source.display,
    name,
    size: source.size,
    type: "file",
    extension: name.slice(name.lastIndexOf(".")),
    url: urlOf(source.relative),
    title: "",
    sort: 0,
    group: "",
    description: "",
    source: "",
    edit: defaultEditUrl(source, settings),
    repo: "",
    thirdParty: false,
    anchors: [],
    contributors: [],
    related: [],
  };
}

/**
 * Parses one page (pure) with the markdown processor: front matter, markdown
 * tree with asides, components and heading ids, its index entry, its links
 * and, when the llms files are on, its cleaned markdown (both read off the
 * tree as parsed, before the transforms change it). Problems are vfile messages.
 */
export function parsePage(source: SourceFile, settings: Settings): VFile {
  const file = new VFile({ path: source.display, value: source.text });
  const tree = parseMarkdown(file);
  const frontmatter = readFrontmatter(tree, file, source.text);
  const mdx = source.relative.endsWith(".mdx");
  const read = readParsed(tree, source.text, { url: urlOf(source.relative), mdx, markdown: settings.llms, examples: settings.examplesUrl });
  file.data.markdown = read.markdown;
  transformMarkdown(tree, file, mdx);
  if (source.original !== undefined) aliasHeadings(tree, file, source.originalIds ?? headingIdsOf(source.original, mdx));
  file.data.frontmatter = frontmatter.data;
  file.data.tree = tree;
  file.data.entry = toEntry(file, source, frontmatter, settings);
  file.data.links = read.links;
  return file;
}
