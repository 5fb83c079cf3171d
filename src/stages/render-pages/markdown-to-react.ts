import type { Root } from "mdast";
import type { ReactNode } from "react";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
import rehypeRaw from "rehype-raw";
import rehypeReact from "rehype-react";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import type { VFile } from "vfile";
import { Badge } from "../../../templates/components/Badge.tsx";
import { BrandingSample } from "../../../templates/components/BrandingSample.tsx";
import { StackBlitzPreview } from "../../../templates/components/StackBlitzPreview.tsx";
import { COMPONENTS } from "../../markdown/remark-components.ts";

const components = {
  [COMPONENTS.Badge.element]: Badge,
  [COMPONENTS.StackBlitzPreview.element]: StackBlitzPreview,
  [COMPONENTS.BrandingSample.element]: BrandingSample,
};

const processor = unified()
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  .use(rehypeReact, { Fragment, jsx, jsxs, components, passNode: false } as never);

/**
 * Turns a page's markdown tree (parsed once by the index stage) into React
 * elements: mdast → hast (raw HTML parsed) → React, with the content
 * format's components rendered by their React components.
 */
export function markdownToReact(tree: Root, file: VFile): ReactNode {
  const hast = processor.runSync(tree, file);
  return processor.stringify(hast, file) as unknown as ReactNode;
}
