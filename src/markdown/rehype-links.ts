import type { Element, Root } from "hast";
import { toString as textOf } from "hast-util-to-string";
import { SKIP, visit } from "unist-util-visit";

const HEADING = /^h[1-6]$/;
const HAS_EXTENSION = /\/[^/]*\.[a-z0-9]+$/i;

/** Adds the trailing slash to an internal page link: `/guides/caching#x` → `/guides/caching/#x`. */
function normalizeInternalHref(href: string): string {
  if (!href.startsWith("/") || href.startsWith("//")) return href;
  const cut = href.search(/[?#]/);
  const pathname = cut === -1 ? href : href.slice(0, cut);
  const rest = cut === -1 ? "" : href.slice(cut);
  if (pathname.endsWith("/") || HAS_EXTENSION.test(pathname)) return href;
  return `${pathname}/${rest}`;
}

/** True for `<pre><code>` holding only text and spans of text: a markdown code block, highlighted or not. */
function isPlainCode(pre: Element): boolean {
  const [code] = pre.children;
  if (pre.children.length !== 1 || code.type !== "element" || code.tagName !== "code") return false;
  return code.children.every((c) => c.type === "text" || (c.type === "element" && c.tagName === "span" && c.children.every((t) => t.type === "text")));
}

/** Options of {@link rehypeLinks}. */
export interface RehypeLinksOptions {
  /**
   * The prefix sanitizing gave the page's ids (third-party pages), left out of
   * self-links so they read `#usage` like every other link to the heading.
   * Default "".
   */
  idPrefix?: string;
}

/**
 * Finishes links and media: headings get a visible self-link, images load
 * lazily, links to other hosts get `rel="noopener noreferrer"`, and internal
 * page links get their trailing slash.
 */
export function rehypeLinks(options: RehypeLinksOptions = {}) {
  const prefix = options.idPrefix ?? "";
  const unprefixed = (id: string) => (prefix && id.startsWith(prefix) ? id.slice(prefix.length) : id);
  return (tree: Root) => {
    visit(tree, "element", (node: Element) => {
      // A code block of text and highlighted spans has nothing to finish, and most of the page's elements.
      if (node.tagName === "pre" && isPlainCode(node)) return SKIP;
      const hidden = Array.isArray(node.properties.className) && node.properties.className.includes("sr-only");
      if (HEADING.test(node.tagName) && typeof node.properties.id === "string" && !hidden) {
        node.children.push({
          type: "element",
          tagName: "a",
          properties: {
            className: ["heading-anchor"],
            href: `#${unprefixed(node.properties.id)}`,
            ariaLabel: `Link to this section: ${textOf(node).trim()}`,
          },
          children: [{ type: "text", value: "#" }],
        });
      } else if (node.tagName === "img") {
        node.properties.loading = "lazy";
        node.properties.decoding = "async";
      } else if (node.tagName === "a" && typeof node.properties.href === "string") {
        const href = node.properties.href;
        if (/^https?:\/\//i.test(href) || href.startsWith("//")) node.properties.rel = ["noopener", "noreferrer"];
        else node.properties.href = normalizeInternalHref(href);
      }
    });
  };
}
