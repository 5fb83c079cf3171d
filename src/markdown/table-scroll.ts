import { formatMessage } from "../shared/messages/format.ts";
import { ENGLISH_LABELS, type MarkdownLabels } from "./markdown-labels.ts";
import type { Element } from "hast";
import { toString as textOf } from "hast-util-to-string";

/** The class of the container a table scrolls in (styled in `templates/styles/site.css`). */
const TABLE_SCROLL_CLASS = "table-scroll";

/**
 * The tables of one page labelled so far: the text of the heading the next
 * table follows, and by that text how many tables it labels and the first one's
 * container (renumbered when a second one comes, so no two labels are alike).
 */
export interface TableLabels {
  /** The words of the labels, in the page's language. */
  words: MarkdownLabels;
  heading: string;
  seen: Map<string, { count: number; first: Element }>;
}

/** A page's table labels before its first heading: "Table". */
export function createTableLabels(words: MarkdownLabels = ENGLISH_LABELS): TableLabels {
  return { words, heading: "", seen: new Map() };
}

/** True for a heading's self-link (rehype-links), whose "#" is no part of the heading's text. */
function isSelfLink(node: Element): boolean {
  return node.tagName === "a" && Array.isArray(node.properties.className) && node.properties.className.includes("heading-anchor");
}

/**
 * Records a heading met on the walk: the tables after it are labelled with its
 * text, without its self-link. Call it before the heading's own children are
 * finished, so a badge's version stays out, as it does from the self-link's label.
 */
export function noteHeading(labels: TableLabels, heading: Element): void {
  let text = "";
  for (const child of heading.children) if (child.type !== "element" || !isSelfLink(child)) text += textOf(child);
  labels.heading = text.replace(/\s+/g, " ").trim();
}

/** "Table", "Table: Options", or numbered when a heading has several: "Table 2: Options". */
function label(words: MarkdownLabels, heading: string, number?: number): string {
  const key = number ? (heading ? "table.labelNumbered" : "table.labelNumber") : heading ? "table.labelHeading" : "table.label";
  return formatMessage(words[key], { heading, number: number ?? "" });
}

/**
 * Wraps a table in the container that scrolls it sideways: a focusable region
 * (`<div class="table-scroll" role="region" tabindex="0" aria-label>`), so a
 * keyboard can reach and scroll a table wider than the screen, labelled
 * "Table: <the nearest heading before it>" or, before any heading, "Table".
 * Tables after the same heading text are numbered ("Table 1: Options",
 * "Table 2: Options"), since two regions of one name would be one landmark twice.
 */
export function wrapTable(table: Element, labels: TableLabels): Element {
  const wrapper: Element = {
    type: "element",
    tagName: "div",
    properties: { className: [TABLE_SCROLL_CLASS], role: "region", tabIndex: 0, ariaLabel: label(labels.words, labels.heading) },
    children: [table],
  };
  const seen = labels.seen.get(labels.heading);
  if (!seen) {
    labels.seen.set(labels.heading, { count: 1, first: wrapper });
    return wrapper;
  }
  if (seen.count === 1) seen.first.properties.ariaLabel = label(labels.words, labels.heading, 1);
  seen.count++;
  wrapper.properties.ariaLabel = label(labels.words, labels.heading, seen.count);
  return wrapper;
}

/** A table's container as {@link wrapTable} gives it, once serialized (attributes in that order, the label escaped). */
const TABLE_REGION = /<div class="table-scroll" role="region" tabindex="0" aria-label="[^"]*">/g;

/**
 * A body's tables without their regions (pure): the containers stay, but
 * neither focusable nor landmarks. For the combined printable page, where
 * tables do not scroll and the same label ("Table: Options") comes once per
 * member page.
 */
export function withoutTableRegions(html: string): string {
  return html.replace(TABLE_REGION, `<div class="${TABLE_SCROLL_CLASS}">`);
}
