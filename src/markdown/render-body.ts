import type { Root } from "mdast";
import { createElement, Fragment as ReactFragment, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
import rehypeRaw from "rehype-raw";
import rehypeReact from "rehype-react";
import rehypeSanitize from "rehype-sanitize";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
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

/** Our own pages: raw HTML is trusted (it is reviewed in this repository). */
const trusted = unified().use(remarkRehype, { allowDangerousHtml: true }).use(rehypeRaw).use(rehypeHighlight).use(rehypeLinks).use(rehypeReact, reactOptions).freeze();

/** Third-party pages: raw HTML is sanitized before anything else sees it. */
const untrusted = unified()
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  .use(rehypeSanitize, sanitizeSchema)
  .use(rehypeHighlight)
  .use(rehypeLinks)
  .use(rehypeReact, reactOptions)
  .freeze();

/**
 * Turns a page's markdown tree into React elements: mdast → hast (raw HTML
 * parsed, and sanitized for third-party pages) → highlighted code, finished
 * links → React, with the content format's components as React components.
 */
export function markdownToReact(tree: Root, file: VFile, options: { thirdParty: boolean }): ReactNode {
  const processor = options.thirdParty ? untrusted : trusted;
  const hast = processor.runSync(tree, file);
  return processor.stringify(hast, file) as unknown as ReactNode;
}

/** Renders a page's body to static HTML (react-dom/server), the form pages embed and the client reuses. */
export function renderBody(tree: Root, file: VFile, options: { thirdParty: boolean }): string {
  return renderToStaticMarkup(createElement(ReactFragment, null, markdownToReact(tree, file, options)));
}
