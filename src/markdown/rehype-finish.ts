import type { MarkdownLabels } from "./markdown-labels.ts";
import type { Element, Properties, Root } from "hast";
import { componentMarkup } from "./component-elements.ts";
import { ASIDE_LABEL_KEYS } from "./markdown-labels.ts";
import { createTableLabels, noteHeading, type TableLabels, wrapTable } from "./table-scroll.ts";

const VERTICAL_ALIGN = new Set(["top", "middle", "bottom", "baseline"]);
const TEXT_ALIGN = new Set(["left", "right", "center", "justify"]);
const TABLE_CELLS = new Set(["td", "th"]);

/**
 * Legacy presentational attributes, obsolete in HTML (README logos use
 * `hspace` and `vspace`): spacing and alignment become inline CSS built only
 * from checked values, the rest are dropped.
 */
const LEGACY_ATTRIBUTES = ["hSpace", "vSpace", "vAlign", "noWrap", "longDesc", "charOff", "noHref", "noShade", "isMap", "compact"];

/** CSS for a legacy presentational attribute, or "" when it has no safe equivalent. */
function legacyStyle(name: string, value: unknown): string {
  const text = String(value).trim().toLowerCase();
  if ((name === "hSpace" || name === "vSpace") && /^\d{1,4}$/.test(text)) {
    return name === "hSpace" ? `margin-left:${text}px;margin-right:${text}px` : `margin-top:${text}px;margin-bottom:${text}px`;
  }
  if (name === "vAlign" && VERTICAL_ALIGN.has(text)) return `vertical-align:${text}`;
  if (name === "noWrap" && value !== false) return "white-space:nowrap";
  if (name === "align" && TEXT_ALIGN.has(text)) return `text-align:${text}`;
  return "";
}

/** The attributes settled on a table cell: the legacy ones and `align`, which GFM tables give every aligned column. */
const CELL_ATTRIBUTES = [...LEGACY_ATTRIBUTES, "align"];

/** Moves an element's legacy attributes (and a table cell's `align`) into its inline style. */
function settleAttributes(node: Element): void {
  const properties: Properties = node.properties;
  let styles: string[] | undefined;
  for (const name of TABLE_CELLS.has(node.tagName) ? CELL_ATTRIBUTES : LEGACY_ATTRIBUTES) {
    if (!(name in properties)) continue;
    const css = legacyStyle(name, properties[name]);
    if (css) (styles ??= []).push(css);
    delete properties[name];
  }
  if (styles) properties.style = [properties.style, ...styles].filter(Boolean).join(";");
}

/** HTML's void elements, which must not hold anything. */
const VOID_ELEMENTS = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
/** Valid tag names; the HTML parser also makes names such as `a<b` out of `<a<b>`. */
const TAG_NAME = /^[a-z][a-z0-9._:-]*$/i;

const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

/** What the walk carries from node to node: the page's table labels, and whether it is inside a table (whose own tables are not wrapped). */
interface FinishState {
  labels: TableLabels;
  /** An aside's label in the page's language, by its English label (see `remarkAsides`). */
  asideLabel: (english: string) => string;
  inTable: boolean;
  /** The online editor's address live examples open (see `componentMarkup`). */
  examples: string;
}

/** True for an aside's label: its first paragraph, as `remarkAsides` makes it. */
function isAsideLabel(node: Element): boolean {
  const className = node.properties.className;
  return node.tagName === "p" && Array.isArray(className) && className.includes("aside-label");
}

/** An aside's label in the page's language: its one text, the English label, put in the page's words. */
function relabel(node: Element, asideLabel: (english: string) => string): void {
  const [text] = node.children;
  if (node.children.length === 1 && text.type === "text") text.value = asideLabel(text.value);
}

/** Finishes the children of `parent` and everything below them, in place. */
function finish(parent: Root | Element, state: FinishState): void {
  const children = parent.children;
  for (let index = 0; index < children.length; index++) {
    const node = children[index];
    if (node.type !== "element") continue;
    if (!TAG_NAME.test(node.tagName)) {
      // What the element held takes its place and is finished in turn.
      children.splice(index, 1, ...node.children);
      index--;
      continue;
    }
    const markup = componentMarkup(node, state.examples);
    if (markup) {
      children[index] = markup;
      continue;
    }
    settleAttributes(node);
    if (VOID_ELEMENTS.has(node.tagName) && node.children.length) {
      // The parser gives void elements children inside SVG or MathML (`<svg><link>text`); they move to just after it.
      children.splice(index + 1, 0, ...node.children);
      node.children = [];
      continue;
    }
    if (HEADINGS.has(node.tagName)) noteHeading(state.labels, node);
    else if (isAsideLabel(node)) {
      relabel(node, state.asideLabel);
      continue;
    } else if (node.tagName === "table" && !state.inTable) {
      children[index] = wrapTable(node, state.labels);
      state.inTable = true;
      finish(node, state);
      state.inTable = false;
      continue;
    }
    finish(node, state);
  }
}

/**
 * Readies a page's HTML tree for serialization, in one walk: the content
 * format's component elements become their markup, legacy attributes become
 * checked inline CSS, an element with an invalid tag name is replaced by its
 * children, a void element's children move to just after it, and every
 * table (but one inside another) is wrapped in its focusable, labelled scroll
 * container (see `wrapTable`). Runs last, after links are finished, so a
 * badge's text stays out of its heading's self-link label, and after
 * sanitizing, so a README can neither forge a container nor shed one.
 */
export function rehypeFinish(options: { examples: string; labels?: MarkdownLabels }) {
  const labels = options.labels;
  const asideLabel = (english: string) => {
    const key = ASIDE_LABEL_KEYS[english];
    return key && labels ? labels[key] : english;
  };
  return (tree: Root) => finish(tree, { labels: createTableLabels(labels), asideLabel, inTable: false, examples: options.examples });
}
