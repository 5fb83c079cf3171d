import type { Paragraph, Root, RootContent, Text } from "mdast";
import { visit, SKIP } from "unist-util-visit";

/** The aside markers of the content format and the kind each one starts. */
export const ASIDE_KINDS = { "T>": "tip", "W>": "warning", "?>": "todo" } as const;

/** Labels shown at the top of each kind of aside. */
export const ASIDE_LABELS = { tip: "Tip", warning: "Warning", todo: "Todo" } as const;

type AsideKind = (typeof ASIDE_KINDS)[keyof typeof ASIDE_KINDS];

const MARKER = /^(T>|W>|\?>)[ \t]?/;
const LINE_MARKER = /\n(?:T>|W>|\?>)[ \t]?/g;

function asideKind(paragraph: Paragraph): AsideKind | undefined {
  const first = paragraph.children[0];
  if (first?.type !== "text") return undefined;
  const match = MARKER.exec(first.value);
  return match ? ASIDE_KINDS[match[1] as keyof typeof ASIDE_KINDS] : undefined;
}

/** Removes the marker at the start of the paragraph and at the start of every later line. */
function stripMarkers(paragraph: Paragraph): void {
  paragraph.children.forEach((child, i) => {
    if (child.type !== "text") return;
    const text = child as Text;
    if (i === 0) text.value = text.value.replace(MARKER, "");
    text.value = text.value.replace(LINE_MARKER, "\n");
  });
}

/**
 * Turns paragraphs starting `T> `, `W> ` or `?> ` into labelled tip, warning
 * and todo blocks (`<aside class="aside aside-tip">`), multi-line asides included.
 */
export function remarkAsides() {
  return (tree: Root) => {
    visit(tree, "paragraph", (node, index, parent) => {
      if (!parent || index === undefined) return;
      const kind = asideKind(node);
      if (!kind) return;
      stripMarkers(node);
      const label: Paragraph = {
        type: "paragraph",
        data: { hProperties: { className: ["aside-label"] } },
        children: [{ type: "text", value: ASIDE_LABELS[kind] }],
      };
      const aside = {
        type: "blockquote",
        position: node.position,
        data: { hName: "aside", hProperties: { className: ["aside", `aside-${kind}`], dataKind: kind } },
        children: [label, node],
      } as RootContent;
      parent.children.splice(index, 1, aside);
      return SKIP;
    });
  };
}
