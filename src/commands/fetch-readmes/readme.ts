import type { Definition, Nodes, Root } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { visit } from "unist-util-visit";

/** The repository a README comes from. */
export interface ReadmeRepo {
  /** `owner/name` on the code host. */
  fullName: string;
  /** Branch whose files relative links point at. */
  branch: string;
  /** Web address of the repository. */
  htmlUrl: string;
}

/** Options of `processReadme`. */
export interface ProcessReadmeOptions {
  /** Origins of the docs site (`https://webpack.js.org`); links to them become root-relative. */
  siteOrigins: string[];
}

/** One replacement of `source.slice(start, end)` by `text`. */
interface Edit {
  start: number;
  end: number;
  text: string;
}

type UrlKind = "link" | "image";

const processor = unified().use(remarkParse).use(remarkGfm);

const SCHEME = /^[a-z][a-z\d+.-]*:/i;
const HTML_H1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i;
const COMMENT = /<!--[\s\S]*?-->/g;
/** An inline link's destination and optional title at the end of the link's source. */
const INLINE_DESTINATION = /\]\(\s*(<[^<>\n]*>|[^\s()<]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\((?:[^()\\]|\\.)*\)))?\s*\)$/;
const DEFINITION_DESTINATION = /^\[(?:[^\]\\]|\\.)*\]:[ \t]*\n?[ \t]*(<[^<>\n]*>|\S+)/;

/** Lowercases the fragment of a URL, if it has one. */
function lowerFragment(url: string): string {
  const hash = url.indexOf("#");
  return hash === -1 ? url : url.slice(0, hash) + url.slice(hash).toLowerCase();
}

/** Resolves a repository-relative path: `./` dropped, `..` clamped at the root, a leading `/` is the root. */
function resolvePath(path: string): string {
  const parts: string[] = [];
  for (const part of path.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== "." && part !== "") parts.push(part);
  }
  return parts.join("/") + (path.endsWith("/") && parts.length > 0 ? "/" : "");
}

/** Builds a matcher for site URLs: http or https, with or without `www.`, on any of the origins. */
function siteMatcher(origins: string[]): RegExp | undefined {
  const hosts = origins.map((origin) => new URL(origin).host.replace(/^www\./, "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return hosts.length ? new RegExp(`^https?://(?:www\\.)?(?:${hosts.join("|")})(?=[/?#]|$)`, "i") : undefined;
}

/** Rewrites one URL as the docs site needs it; returns it unchanged when nothing applies. */
function rewriteUrl(url: string, kind: UrlKind, repo: ReadmeRepo, site: RegExp | undefined): string {
  if (url === "") return url;
  if (url.startsWith("#")) return url.toLowerCase();
  if (kind === "link" && site?.test(url)) {
    const rest = url.replace(site, "");
    return lowerFragment(rest.startsWith("/") ? rest : `/${rest}`);
  }
  if (SCHEME.test(url) || url.startsWith("//")) return lowerFragment(url);
  const at = url.search(/[?#]/);
  const path = resolvePath(at === -1 ? url : url.slice(0, at));
  const tail = at === -1 ? "" : lowerFragment(url.slice(at));
  return kind === "image"
    ? `https://raw.githubusercontent.com/${repo.fullName}/${repo.branch}/${path}${tail}`
    : `https://github.com/${repo.fullName}/blob/${repo.branch}/${path}${tail}`;
}

/** Rewrites a markdown destination (bare or in `<…>`), keeping its brackets. */
function rewriteDestination(raw: string, kind: UrlKind, rewrite: (url: string, kind: UrlKind) => string): string {
  const bracketed = raw.startsWith("<");
  const next = rewrite(bracketed ? raw.slice(1, -1) : raw, kind);
  return bracketed || /[\s()]/.test(next) ? `<${next}>` : next;
}

/** Rewrites raw HTML: drops comments, rewrites `<a href>` and `<img src>`, closes `<img>` tags. */
function rewriteHtml(html: string, rewrite: (url: string, kind: UrlKind) => string): string {
  return html.replace(COMMENT, "").replace(/<(a|img)\b([^>]*)>/gi, (_tag, name: string, attrs: string) => {
    const kind: UrlKind = name.toLowerCase() === "img" ? "image" : "link";
    const attribute = kind === "image" ? "src" : "href";
    const rewritten = attrs.replace(
      new RegExp(`(\\s${attribute}\\s*=\\s*)("([^"]*)"|'([^']*)')`, "i"),
      (_all, lead: string, quoted: string, double?: string, single?: string) => {
        const quote = quoted[0];
        return `${lead}${quote}${rewrite(double ?? single ?? "", kind)}${quote}`;
      },
    );
    if (kind === "link" || /\/\s*$/.test(rewritten)) return `<${name}${rewritten}>`;
    return `<${name}${rewritten.replace(/\s*$/, "")} />`;
  });
}

/**
 * Removes a whole block (heading, comment-only HTML) with its line break; when it
 * sat between two non-blank lines a blank line stays, so they do not merge.
 */
function removeBlock(source: string, start: number, end: number): Edit {
  const lineStart = source.lastIndexOf("\n", start - 1) + 1;
  const lineEnd = source.indexOf("\n", end);
  const after = source.slice(end, lineEnd === -1 ? source.length : lineEnd);
  if (source.slice(lineStart, start).trim() !== "" || after.trim() !== "") return { start, end, text: "" };
  let stop = end;
  if (source[stop] === "\r") stop++;
  if (source[stop] === "\n") stop++;
  const before = source.slice(0, lineStart);
  const prevBlank = lineStart === 0 || /\n[ \t]*\r?\n$/.test(before) || /^[ \t]*\r?\n$/.test(before);
  if (prevBlank) {
    // Blank lines after the block would double the gap it leaves, so they go too.
    const following = /^(?:[ \t]*\r?\n)*/.exec(source.slice(stop))![0];
    return { start: lineStart, end: stop + following.length, text: "" };
  }
  const nextBlank = stop >= source.length || /^[ \t]*(?:\r?\n|$)/.test(source.slice(stop));
  return { start: lineStart, end: stop, text: nextBlank ? "" : "\n" };
}

/** Heading text reduced to letters and digits, so `Style Loader` matches `style-loader`. */
function titleKey(text: string): string {
  return text
    .replace(/<[^>]*>/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

/** Removes an `<h1>` that sits inside a wider HTML block, with its line when it has one to itself. */
function nestedHeadingEdit(source: string, start: number, end: number): Edit {
  const lineStart = source.lastIndexOf("\n", start - 1) + 1;
  const from = source.slice(lineStart, start).trim() === "" ? lineStart : start;
  const rest = /^[ \t]*\r?\n/.exec(source.slice(end));
  return { start: from, end: end + (rest && from === lineStart ? rest[0].length : 0), text: "" };
}

/**
 * Finds the README's title: its first level-1 heading among top-level blocks
 * (ATX, setext, or an `<h1>` in an HTML block, alone or inside a logo `<div>`),
 * and any level-1 heading repeating that title (or the repository name) before
 * the first section heading. Logo blocks often hold an `<h1>` and the markdown
 * repeats it, and the page shows its own title.
 */
function titleEdits(tree: Root, source: string, repoName: string): { edits: Edit[]; nested: Map<number, Edit> } {
  const edits: Edit[] = [];
  // Removals inside HTML blocks, by block start: applied with the block's own rewrite.
  const nested = new Map<number, Edit>();
  const keys = new Set([titleKey(repoName)]);
  let found = false;
  for (const node of tree.children) {
    const start = node.position!.start.offset!;
    const end = node.position!.end.offset!;
    if (node.type === "heading" && node.depth > 1) break;
    if (node.type === "heading") {
      const text = source.slice(node.children[0]?.position?.start.offset ?? start, node.children.at(-1)?.position?.end.offset ?? start);
      if (!found || keys.has(titleKey(text))) {
        found = true;
        keys.add(titleKey(text));
        edits.push(removeBlock(source, start, end));
      }
      continue;
    }
    if (node.type !== "html") continue;
    const block = source.slice(start, end);
    const match = HTML_H1.exec(block);
    if (!match || (found && !keys.has(titleKey(match[1])))) continue;
    found = true;
    keys.add(titleKey(match[1]));
    const alone = block.slice(0, match.index).trim() === "" && block.slice(match.index + match[0].length).trim() === "";
    if (alone) {
      edits.push(removeBlock(source, start, end));
      continue;
    }
    const edit = nestedHeadingEdit(source, start + match.index, start + match.index + match[0].length);
    nested.set(start, { start: edit.start - start, end: Math.min(edit.end, end) - start, text: "" });
  }
  return { edits, nested };
}

/** Applies non-overlapping edits; an edit inside an earlier, wider one is dropped. */
function applyEdits(source: string, edits: Edit[]): string {
  edits.sort((a, b) => a.start - b.start || b.end - a.end);
  let out = "";
  let at = 0;
  for (const edit of edits) {
    if (edit.start < at) continue;
    out += source.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + source.slice(at);
}

/**
 * Turns a third-party README into a docs page body, editing the original text
 * in place: drops the first level-1 heading and HTML comments, makes relative
 * links and images absolute code-host URLs, makes docs-site links root-relative,
 * lowercases fragments and closes `<img>` tags. Code is never touched.
 */
export function processReadme(markdown: string, repo: ReadmeRepo, options: ProcessReadmeOptions): string {
  const tree = processor.parse(markdown);
  const site = siteMatcher(options.siteOrigins);
  const rewrite = (url: string, kind: UrlKind) => rewriteUrl(url, kind, repo, site);
  const edits: Edit[] = [];
  const title = titleEdits(tree, markdown, repo.fullName.split("/")[1] ?? "");
  edits.push(...title.edits);

  // A definition points at an image only when nothing but images use it.
  const linkIds = new Set<string>();
  const imageIds = new Set<string>();
  visit(tree, ["linkReference", "imageReference"], (node) => {
    if (node.type === "linkReference") linkIds.add(node.identifier);
    if (node.type === "imageReference") imageIds.add(node.identifier);
  });

  visit(tree, ["link", "image", "definition", "html"], (node: Nodes) => {
    const start = node.position!.start.offset!;
    const end = node.position!.end.offset!;
    const raw = markdown.slice(start, end);
    if (node.type === "html") {
      const heading = title.nested.get(start);
      const next = rewriteHtml(heading ? raw.slice(0, heading.start) + raw.slice(heading.end) : raw, rewrite);
      if (next !== raw) edits.push(next.trim() === "" ? removeBlock(markdown, start, end) : { start, end, text: next });
      return;
    }
    const isDefinition = node.type === "definition";
    const match = isDefinition ? DEFINITION_DESTINATION.exec(raw) : INLINE_DESTINATION.exec(raw);
    // Autolinks (`<https://…>`, bare URLs) show their URL as text, so they stay as written.
    if (!match) return;
    const kind: UrlKind =
      node.type === "image" || (isDefinition && imageIds.has((node as Definition).identifier) && !linkIds.has((node as Definition).identifier))
        ? "image"
        : "link";
    const destination = match[1];
    const offset = start + (isDefinition ? match[0].length - destination.length : match.index + raw.slice(match.index).indexOf(destination, 2));
    const next = rewriteDestination(destination, kind, rewrite);
    if (next !== destination) edits.push({ start: offset, end: offset + destination.length, text: next });
  });
  return applyEdits(markdown, edits);
}
