import type { Root as HastRoot } from "hast";
import { toHtml } from "hast-util-to-html";
import type { Root } from "mdast";
import rehypeRaw from "rehype-raw";
import rehypeSanitize from "rehype-sanitize";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import type { VFile } from "vfile";
import { CLOBBER_PREFIX } from "../shared/constants.ts";
import { rehypeFinish } from "./rehype-finish.ts";
import { rehypeHighlight } from "./rehype-highlight.ts";
import { rehypeLinks } from "./rehype-links.ts";
import { sanitizeSchema } from "./sanitize-schema.ts";

/**
 * The rehype pipeline for a page: raw HTML parsed only when the page has some
 * (parsing it is the costliest step), and sanitized on third-party pages,
 * before anything else sees it.
 */
function pipeline(options: { raw: boolean; sanitize: boolean }) {
  return (
    unified()
      // Sanitizing prefixes every id once, footnote ids included, so remark-rehype must not prefix them first.
      .use(remarkRehype, { allowDangerousHtml: true, ...(options.sanitize ? { clobberPrefix: "" } : {}) })
      .use(options.raw ? [rehypeRaw] : [])
      .use(options.sanitize ? [[rehypeSanitize, sanitizeSchema]] : [])
      .use(rehypeHighlight)
      .use(rehypeLinks, { idPrefix: options.sanitize ? CLOBBER_PREFIX : "" })
      .use(rehypeFinish)
      .freeze()
  );
}

const pipelines = new Map<string, ReturnType<typeof pipeline>>();

function pipelineFor(raw: boolean, sanitize: boolean) {
  const key = `${raw}:${sanitize}`;
  let found = pipelines.get(key);
  if (!found) pipelines.set(key, (found = pipeline({ raw, sanitize })));
  return found;
}

/** Options of {@link renderBody}. */
export interface RenderBodyOptions {
  /** Whether the page comes from a third party: its HTML is then sanitized and its ids prefixed. */
  thirdParty: boolean;
  /** Whether the markdown tree holds raw HTML (an `html` node), which is then parsed; without any, the parse is skipped. */
  rawHtml: boolean;
}

/**
 * Renders a page's markdown tree to the HTML string pages embed and the
 * client reuses: mdast → hast (raw HTML parsed, and sanitized for third-party
 * pages) → highlighted code, finished links, the content format's components
 * as their markup → HTML (hast-util-to-html, `&amp;` and `&lt;` as named
 * references, void elements without a closing slash).
 */
export function renderBody(tree: Root, file: VFile, options: RenderBodyOptions): string {
  const processor = pipelineFor(options.rawHtml, options.thirdParty);
  const hast = processor.runSync(tree, file) as HastRoot;
  return toHtml(hast, { characterReferences: { useNamedReferences: true } });
}
