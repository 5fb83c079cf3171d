import { ENGLISH_LABELS, type MarkdownLabels } from "./markdown-labels.ts";
import type { Root as HastRoot } from "hast";
import { toHtml } from "hast-util-to-html";
import type { Nodes, Root } from "mdast";
import rehypeRaw from "rehype-raw";
import rehypeSanitize from "rehype-sanitize";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import type { VFile } from "vfile";
import { CLOBBER_PREFIX } from "../shared/constants.ts";
import type { SearchSection } from "../shared/content-types.ts";
import { isExternalUrl } from "../shared/urls.ts";
import { cleanMarkdown } from "./clean-markdown.ts";
import { keepCodeMeta } from "./code-meta.ts";
import { rehypeFinish } from "./rehype-finish.ts";
import { rehypeHighlight } from "./rehype-highlight.ts";
import { rehypeLinks } from "./rehype-links.ts";
import { rehypeOptionLinks } from "./rehype-option-links.ts";
import type { OptionReference } from "./option-reference.ts";
import { remarkAsides } from "./remark-asides.ts";
import { COMPONENTS, remarkComponents, remarkMdxCleanup } from "./remark-components.ts";
import { remarkHeadingIds } from "./remark-heading-ids.ts";
import { remarkNestingLimit } from "./remark-nesting-limit.ts";
import { sanitizeSchema } from "./sanitize-schema.ts";
import { searchSections } from "./search-sections.ts";
import type { PageLink } from "./vfile-data.ts";
import { visitNodes } from "./visit-nodes.ts";
import "./vfile-data.ts";

// The site's one markdown processor: the remark chain that parses and transforms a page, the
// rehype chain that renders it, and the passes each feature reads its data in. A page goes
// through it in four steps, each a function below: parse, read the tree as parsed, transform,
// render. Every feature's pass reads the tree on its own, so turning one feature off (the
// cleaned markdown of the llms files, say) changes no other feature's data.

// The nesting limit comes first: its check must run before any transform that walks the tree recursively.
const parser = unified().use(remarkParse).use(remarkNestingLimit).use(remarkFrontmatter, ["yaml"]).use(remarkGfm).freeze();
const transformer = (mdx: boolean) => unified().use(remarkMdxCleanup, { mdx }).use(remarkAsides).use(remarkComponents).use(remarkHeadingIds).freeze();
const transformers = { md: transformer(false), mdx: transformer(true) };

/**
 * The rehype chain of a page: raw HTML parsed only when the page has some
 * (parsing it is the costliest step), and sanitized on third-party pages,
 * before anything else sees it.
 */
function renderer(options: { raw: boolean; sanitize: boolean; examples: string; labels: MarkdownLabels }) {
  return (
    unified()
      // Sanitizing prefixes every id once, footnote ids included, so remark-rehype must not prefix them first.
      .use(remarkRehype, { allowDangerousHtml: true, ...(options.sanitize ? { clobberPrefix: "" } : {}) })
      .use(options.raw ? [rehypeRaw] : [])
      .use(options.sanitize ? [[rehypeSanitize, sanitizeSchema]] : [])
      .use(rehypeHighlight, { labels: options.labels })
      .use(rehypeOptionLinks)
      .use(rehypeLinks, { idPrefix: options.sanitize ? CLOBBER_PREFIX : "" })
      .use(rehypeFinish, { examples: options.examples, labels: options.labels })
      .freeze()
  );
}

const renderers = new Map<string, ReturnType<typeof renderer>>();

function rendererFor(raw: boolean, sanitize: boolean, options: { examples: string; labels: MarkdownLabels }) {
  const key = `${raw}:${sanitize}:${options.examples}:${JSON.stringify(options.labels)}`;
  let found = renderers.get(key);
  if (!found) renderers.set(key, (found = renderer({ raw, sanitize, ...options })));
  return found;
}

/** Step 1: the page's markdown tree as parsed, front matter (a `yaml` node) included. */
export function parseMarkdown(file: VFile): Root {
  return parser.parse(file) as Root;
}

/** Which passes over the tree as parsed run: a feature turned off reads nothing. */
export interface ReadOptions {
  /** The page's URL, which relative links resolve against. */
  url: string;
  mdx: boolean;
  /** Whether to make the cleaned markdown (the llms files and the page's markdown copy); "" when not. */
  markdown: boolean;
  /** The online editor's address a live example's name is appended to. */
  examples: string;
}

/** What the passes over the tree as parsed read off it. */
export interface ReadOff {
  /** Links to pages of this site, for the link check. */
  links: PageLink[];
  /** The page as clean markdown, or "" when not asked for. */
  markdown: string;
}

/** Collects links to pages of this site (root-relative or relative, no protocol) with their position, node by node. */
function linkCollector(pageUrl: string): { links: PageLink[]; see: (node: Nodes) => void } {
  const links: PageLink[] = [];
  const see = (node: Nodes) => {
    if (node.type !== "link" && node.type !== "definition") return;
    const url = node.url;
    if (!url || isExternalUrl(url)) return;
    const absolute = new URL(url, `http://site${pageUrl}`);
    links.push({
      url: `${absolute.pathname}${absolute.hash}`,
      line: node.position?.start.line ?? 1,
      column: node.position?.start.column ?? 1,
    });
  };
  return { links, see };
}

/** Step 2: the passes that read the tree as parsed, before the transforms change it, each on its own: the links, then the cleaned markdown. */
export function readParsed(tree: Root, source: string, options: ReadOptions): ReadOff {
  const links = linkCollector(options.url);
  visitNodes(tree, [links.see]);
  const markdown = options.markdown ? cleanMarkdown(tree, source, { url: options.url, mdx: options.mdx, examples: options.examples }) : "";
  return { links: links.links, markdown };
}

/** Step 3: asides, components and heading ids (the page's anchors go to `file.data`); the front matter node is dropped. */
export function transformMarkdown(tree: Root, file: VFile, mdx: boolean): void {
  (mdx ? transformers.mdx : transformers.md).runSync(tree, file);
  tree.children = tree.children.filter((node) => node.type !== "yaml");
}

/** What rendering needs to know of a transformed tree besides its text, gathered node by node. */
class TreeFacts {
  /** True when the tree holds raw HTML. */
  rawHtml = false;
  /** The example named by the page's first `<StackBlitzPreview>`, or "". */
  stackBlitz = "";

  readonly see = (node: Nodes): void => {
    if (node.type === "html") {
      this.rawHtml = true;
      return;
    }
    const data = node.data as { hName?: string; hProperties?: Record<string, unknown> } | undefined;
    if (!this.stackBlitz && data?.hName === COMPONENTS.StackBlitzPreview.element) this.stackBlitz = String(data.hProperties?.example ?? "");
  };
}

/** What rendering a page made. */
export interface RenderedMarkdown {
  /** The body as the HTML string pages embed and the client reuses. */
  html: string;
  /** The page's search sections. */
  sections: SearchSection[];
  /** The example of the page's first `<StackBlitzPreview>`, or "". */
  stackBlitz: string;
}

/**
 * Step 4: the transformed tree's search sections (a pass of their own), then
 * its HTML: mdast → hast (raw HTML parsed, and sanitized for third-party
 * pages) → highlighted code, option keys of configuration examples linked (when given the option reference), finished links, the content format's components
 * as their markup → HTML (hast-util-to-html, `&amp;` and `&lt;` as named
 * references, void elements without a closing slash). What rendering needs
 * to know, and the code meta kept for the highlighter, come from one walk of
 * registered visitors before it.
 */
export function renderMarkdown(
  tree: Root,
  file: VFile,
  options: { thirdParty: boolean; examples: string; labels?: MarkdownLabels; options?: { reference: OptionReference; relative: string } | undefined },
): RenderedMarkdown {
  if (options.options) file.data.configExamples = options.options;
  const facts = new TreeFacts();
  visitNodes(tree, [facts.see, keepCodeMeta]);
  const sections = searchSections(tree);
  const hast = rendererFor(facts.rawHtml, options.thirdParty, { examples: options.examples, labels: options.labels ?? ENGLISH_LABELS }).runSync(
    tree,
    file,
  ) as HastRoot;
  const html = toHtml(hast, { characterReferences: { useNamedReferences: true } });
  return { html, sections, stackBlitz: facts.stackBlitz };
}
