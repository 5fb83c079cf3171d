import type { Html, Root } from "mdast";
import type { VFile } from "vfile";
import { visit } from "unist-util-visit";
import { reportOnFile } from "../diagnostics.ts";

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
const MDX_COMMENT = /^\{\/\*[\s\S]*\*\/\}$/;
const MDX_STATEMENT = /^(import\s[\s\S]*\sfrom\s*["']|import\s*["']|export\s+(const|let|var|function|default|\{))/;

/** Parses the attributes of a tag into a plain object. */
function parseAttributes(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of source.matchAll(ATTRIBUTE)) out[m[1]] = m[2] ?? m[3] ?? "";
  return out;
}

/**
 * Replaces component tags (`<Badge text="5.95.0+" />`, `<StackBlitzPreview
 * example="..." />`) with elements React components render, and reports
 * unknown capitalised tags and missing attributes at their line.
 */
export function remarkComponents() {
  return (tree: Root, file: VFile) => {
    visit(tree, "html", (node: Html, index, parent) => {
      if (!parent || index === undefined) return;
      const match = TAG.exec(node.value.trim());
      if (!match) return;
      const [, name, rawAttributes] = match;
      const spec = COMPONENTS[name];
      const place = node.position;
      if (!spec) {
        reportOnFile(file, "unknown-component", { name, known: Object.keys(COMPONENTS) }, place);
        parent.children.splice(index, 1);
        return index;
      }
      const attributes = parseAttributes(rawAttributes);
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
  return (tree: Root) => {
    tree.children = tree.children.filter((node) => {
      if (node.type !== "paragraph") return true;
      const text = node.children.length === 1 && node.children[0].type === "text" ? node.children[0].value.trim() : "";
      if (MDX_COMMENT.test(text)) return false;
      return !(options.mdx && MDX_STATEMENT.test(text));
    });
    visit(tree, "text", (node) => {
      if (node.value.includes("{/*")) node.value = node.value.replace(/\{\/\*[\s\S]*?\*\/\}/g, "");
    });
  };
}
