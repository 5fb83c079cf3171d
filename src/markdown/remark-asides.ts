import type { Blockquote, Paragraph, Root, RootContent, Text } from "mdast";
import type { VFile } from "vfile";
import { visit, SKIP } from "unist-util-visit";

/** The aside markers of the content format and the kind each one starts. */
const ASIDE_KINDS = { "T>": "tip", "W>": "warning", "?>": "todo" } as const;

/** Labels shown at the top of each kind of aside. */
export const ASIDE_LABELS = { tip: "Tip", warning: "Warning", todo: "Todo" } as const;

type AsideKind = (typeof ASIDE_KINDS)[keyof typeof ASIDE_KINDS];

/** GitHub's alert blockquotes (`> [!NOTE]`), common in third-party READMEs: their kind and label. */
const ALERTS = {
  note: { kind: "tip", label: "Note" },
  tip: { kind: "tip", label: "Tip" },
  important: { kind: "tip", label: "Important" },
  warning: { kind: "warning", label: "Warning" },
  caution: { kind: "warning", label: "Caution" },
} as const;
const ALERT_MARKER = /^\[!(note|tip|important|warning|caution)\][ \t]*(?:\r?\n|$)/i;

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

function labelled(kind: AsideKind, label: string, children: RootContent[], position: RootContent["position"]): RootContent {
  const heading: Paragraph = {
    type: "paragraph",
    data: { hProperties: { className: ["aside-label"] } },
    children: [{ type: "text", value: label }],
  };
  return {
    type: "blockquote",
    position,
    // A note within the text, not a landmark: an `aside` is a complementary landmark, and a page of
    // a dozen unnamed ones lists a dozen "complementary" stops to a screen reader's landmark menu.
    data: { hName: "div", hProperties: { className: ["aside", `aside-${kind}`], role: "note", dataKind: kind } },
    children: [heading, ...children],
  } as RootContent;
}

/** Turns a `> [!NOTE]` blockquote into an aside in place; false when it is an ordinary quote. */
function convertAlert(quote: Blockquote): boolean {
  const first = quote.children[0];
  const text = first?.type === "paragraph" ? first.children[0] : undefined;
  if (first?.type !== "paragraph" || text?.type !== "text") return false;
  const match = ALERT_MARKER.exec(text.value);
  if (!match) return false;
  const alert = ALERTS[match[1].toLowerCase() as keyof typeof ALERTS];
  text.value = text.value.slice(match[0].length);
  if (text.value === "") first.children.shift();
  const children = first.children.length === 0 ? quote.children.slice(1) : quote.children;
  const aside = labelled(alert.kind, alert.label, children as RootContent[], quote.position);
  Object.assign(quote, aside);
  return true;
}

/**
 * Turns paragraphs starting `T> `, `W> ` or `?> ` into labelled tip, warning
 * and todo notes (`<div class="aside aside-tip" role="note">`), multi-line asides included,
 * and GitHub alert blockquotes (`> [!NOTE]`, `[!WARNING]`, …) into tips and
 * warnings labelled with the alert's own name.
 */
export function remarkAsides() {
  return (tree: Root, file: VFile) => {
    // Alerts are rare: a page whose text has no `[!` is not searched for them (one written with character references is no alert).
    const alerts = String(file.value).includes("[!");
    visit(tree, (node, index, parent) => {
      if (node.type === "blockquote") {
        if (alerts) convertAlert(node);
        return undefined;
      }
      if (node.type !== "paragraph" || !parent || index === undefined) return undefined;
      const kind = asideKind(node);
      if (!kind) return undefined;
      stripMarkers(node);
      parent.children.splice(index, 1, labelled(kind, ASIDE_LABELS[kind], [node], node.position));
      return SKIP;
    });
  };
}
