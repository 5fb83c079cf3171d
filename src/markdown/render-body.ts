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

const reactOptions = { Fragment, jsx, jsxs, components, passNode: false } as never;

/**
 * The rehype pipeline for a page: raw HTML parsed only when the page has some
 * (parsing it is the costliest step), and sanitized on third-party pages,
 * before anything else sees it.
 */
function pipeline(options: { raw: boolean; sanitize: boolean }) {
  return unified()
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(options.raw ? [rehypeRaw] : [])
    .use(options.sanitize ? [[rehypeSanitize, sanitizeSchema]] : [])
    .use(rehypeHighlight)
    .use(rehypeLinks)
    .use(rehypeLegacyAttributes)
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
