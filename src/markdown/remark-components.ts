import type { Html, Root, RootContent } from "mdast";
import type { VFile } from "vfile";
import { visit } from "unist-util-visit";
import { reportOnFile } from "../report/diagnostics.ts";

/**
 * The component tags the content format allows, with the attribute each needs
 * and the element name it becomes in the HTML tree (rendered by a React component).
 */
export const COMPONENTS: Record<string, { attribute: string; element: string }> = {
  Badge: { attribute: "text", element: "docs-badge" },
  StackBlitzPreview: { attribute: "example", element: "docs-stackblitz" },
  BrandingSample: { attribute: "color", element: "docs-branding-sample" },
  RepositoryList: { attribute: "kind", element: "docs-repository-list" },
};

const TAG = /^<([A-Z][A-Za-z0-9]*)\b([^>]*?)\/?>\s*(?:<\/\1>)?$/;
const ATTRIBUTE = /([A-Za-z][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const COMPONENT_START = /<[A-Z]/;
const MDX_COMMENT = /^\{\/\*[\s\S]*\*\/\}$/;
const MDX_STATEMENT = /^(import\s[\s\S]*\sfrom\s*["']|import\s*["']|export\s+(const|let|var|function|default|\{))/;

/** Parses the attributes of a tag into a plain object. */
function parseAttributes(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of source.matchAll(ATTRIBUTE)) out[m[1]] = m[2] ?? m[3] ?? "";
  return out;
}

/** A capitalised tag written alone in an HTML node (`<Badge text="5.1.0+" />`): its name and attributes; undefined for other HTML. */
export function componentTag(html: string): { name: string; attributes: Record<string, string> } | undefined {
  const match = TAG.exec(html.trim());
  return match ? { name: match[1], attributes: parseAttributes(match[2]) } : undefined;
}

/** True for a top-level paragraph `.mdx` (or any) page carries that is not markdown: an MDX comment, or in `.mdx` an `import`/`export` statement. */
export function isMdxOnly(node: RootContent, mdx: boolean): boolean {
  if (node.type !== "paragraph") return false;
  const text = node.children.length === 1 && node.children[0].type === "text" ? node.children[0].value.trim() : "";
  return MDX_COMMENT.test(text) || (mdx && MDX_STATEMENT.test(text));
}

/**
 * Replaces component tags (`<Badge text="5.95.0+" />`, `<StackBlitzPreview
 * example="..." />`) with elements React components render, and reports
 * unknown capitalised tags and missing attributes at their line.
 */
export function remarkComponents() {
  return (tree: Root, file: VFile) => {
    // A tag is a slice of the page's text, so a page without `<` and a capital has none to walk for.
    if (!COMPONENT_START.test(String(file.value))) return;
    visit(tree, "html", (node: Html, index, parent) => {
      if (!parent || index === undefined) return;
      const tag = componentTag(node.value);
      if (!tag) return;
      const { name, attributes } = tag;
      const spec = COMPONENTS[name];
      const place = node.position;
      if (!spec) {
        reportOnFile(file, "unknown-component", { name, known: Object.keys(COMPONENTS) }, place);
        parent.children.splice(index, 1);
        return index;
      }
      if (!attributes[spec.attribute]) {
        reportOnFile(file, "component-attribute", { name, attribute: spec.attribute }, place);
      }
      const element = {
        type: "docsComponent",
        position: place,
        data: { hName: spec.element, hProperties: { [spec.attribute]: attributes[spec.attribute] ?? "" } },
      };
      parent.children.splice(index, 1, element as unknown as Html);
    });
  };
}

/**
 * Drops what `.mdx` files carry that is not markdown: MDX comments `{/* … *\/}`
 * and top-level `import`/`export` statements.
 */
export function remarkMdxCleanup(options: { mdx: boolean }) {
  return (tree: Root, file: VFile) => {
    tree.children = tree.children.filter((node) => !isMdxOnly(node, options.mdx));
    // Comments inside text are rare: a page without `{/*` is not walked for them.
    if (!String(file.value).includes("{/*")) return;
    visit(tree, "text", (node) => {
      if (node.value.includes("{/*")) node.value = node.value.replace(/\{\/\*[\s\S]*?\*\/\}/g, "");
    });
  };
}
