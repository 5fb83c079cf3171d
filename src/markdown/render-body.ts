import type { Root as HastRoot } from "hast";
import type { Root } from "mdast";
import { createElement, Fragment as ReactFragment, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
import rehypeRaw from "rehype-raw";
import rehypeReact from "rehype-react";
import rehypeSanitize from "rehype-sanitize";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { EXIT, visit } from "unist-util-visit";
import type { VFile } from "vfile";
import { Badge } from "../../templates/components/Badge.tsx";
import { BrandingSample } from "../../templates/components/BrandingSample.tsx";
import { StackBlitzPreview } from "../../templates/components/StackBlitzPreview.tsx";
import { rehypeHighlight } from "./rehype-highlight.ts";
import { rehypeLinks } from "./rehype-links.ts";
import { COMPONENTS } from "./remark-components.ts";
import { sanitizeSchema } from "./sanitize-schema.ts";
import { CLOBBER_PREFIX } from "../shared/constants.ts";

const components = {
  [COMPONENTS.Badge.element]: Badge,
  [COMPONENTS.StackBlitzPreview.element]: StackBlitzPreview,
  [COMPONENTS.BrandingSample.element]: BrandingSample,
};

const VERTICAL_ALIGN = new Set(["top", "middle", "bottom", "baseline"]);

/** CSS for a legacy presentational attribute, or "" when it has no safe equivalent. */
function legacyStyle(name: string, value: unknown): string {
  const text = String(value).trim().toLowerCase();
  if ((name === "hSpace" || name === "vSpace") && /^\d{1,4}$/.test(text)) {
    return name === "hSpace" ? `margin-left:${text}px;margin-right:${text}px` : `margin-top:${text}px;margin-bottom:${text}px`;
  }
  if (name === "vAlign" && VERTICAL_ALIGN.has(text)) return `vertical-align:${text}`;
  if (name === "noWrap" && value !== false) return "white-space:nowrap";
  return "";
}

/**
 * Legacy HTML attributes React cannot take under their hast names (README
 * logos use `hspace` and `vspace`): spacing and alignment become inline CSS
 * built only from checked values, the rest are dropped.
 */
const LEGACY_ATTRIBUTES = ["hSpace", "vSpace", "vAlign", "noWrap", "longDesc", "charOff", "noHref", "noShade", "isMap", "compact"];

function rehypeLegacyAttributes() {
  return (tree: HastRoot) => {
    visit(tree, "element", (node) => {
      const styles: string[] = [];
      for (const name of LEGACY_ATTRIBUTES) {
        if (!(name in node.properties)) continue;
        const css = legacyStyle(name, node.properties[name]);
        if (css) styles.push(css);
        delete node.properties[name];
      }
      if (styles.length) node.properties.style = [node.properties.style, ...styles].filter(Boolean).join(";");
    });
  };
}

/** HTML's void elements, which React refuses to render with children. */
const VOID_ELEMENTS = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
/** Tag names React accepts; the HTML parser also makes names such as `a<b` out of `<a<b>`. */
const TAG_NAME = /^[a-z][a-z0-9._:-]*$/i;

/**
 * Mends the two shapes of parsed HTML that React refuses to render at all,
 * which would cost the whole page: an element whose name React rejects is
 * replaced by its children, and what a void element holds (the parser gives
 * them children inside SVG or MathML, as in `<svg><link>text`) is moved to
 * just after it.
 */
function rehypeRenderable() {
  return (tree: HastRoot) => {
    visit(tree, "element", (node, index, parent) => {
      if (!parent || index === undefined) return;
      if (!TAG_NAME.test(node.tagName)) {
        parent.children.splice(index, 1, ...node.children);
        return index;
      }
      if (VOID_ELEMENTS.has(node.tagName) && node.children.length) {
        parent.children.splice(index + 1, 0, ...node.children);
        node.children = [];
      }
    });
  };
}

const reactOptions = { Fragment, jsx, jsxs, components, passNode: false } as never;

/**
 * The rehype pipeline for a page: raw HTML parsed only when the page has some
 * (parsing it is the costliest step), and sanitized on third-party pages,
 * before anything else sees it.
 */
function pipeline(options: { raw: boolean; sanitize: boolean }) {
  return unified()
    // Sanitizing prefixes every id once, footnote ids included, so remark-rehype must not prefix them first.
    .use(remarkRehype, { allowDangerousHtml: true, ...(options.sanitize ? { clobberPrefix: "" } : {}) })
    .use(options.raw ? [rehypeRaw] : [])
    .use(options.sanitize ? [[rehypeSanitize, sanitizeSchema]] : [])
    .use(rehypeHighlight)
    .use(rehypeLinks, { idPrefix: options.sanitize ? CLOBBER_PREFIX : "" })
    .use(rehypeLegacyAttributes)
    .use(rehypeRenderable)
    .use(rehypeReact, reactOptions)
    .freeze();
}

const pipelines = new Map<string, ReturnType<typeof pipeline>>();

function pipelineFor(raw: boolean, sanitize: boolean) {
  const key = `${raw}:${sanitize}`;
  let found = pipelines.get(key);
  if (!found) pipelines.set(key, (found = pipeline({ raw, sanitize })));
  return found;
}

/** True when the tree holds raw HTML. */
function hasHtml(tree: Root): boolean {
  let found = false;
  visit(tree, "html", () => {
    found = true;
    return EXIT;
  });
  return found;
}

/**
 * Turns a page's markdown tree into React elements: mdast → hast (raw HTML
 * parsed, and sanitized for third-party pages) → highlighted code, finished
 * links → React, with the content format's components as React components.
 */
export function markdownToReact(tree: Root, file: VFile, options: { thirdParty: boolean }): ReactNode {
  const processor = pipelineFor(hasHtml(tree), options.thirdParty);
  const hast = processor.runSync(tree, file);
  return processor.stringify(hast, file) as unknown as ReactNode;
}

/** Renders a page's body to static HTML (react-dom/server), the form pages embed and the client reuses. */
export function renderBody(tree: Root, file: VFile, options: { thirdParty: boolean }): string {
  return renderToStaticMarkup(createElement(ReactFragment, null, markdownToReact(tree, file, options)));
}
