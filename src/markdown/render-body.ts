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
