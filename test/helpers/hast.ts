import type { ElementContent } from "hast";

/** A hast text node. */
export const text = (value: string): ElementContent => ({ type: "text", value });

/** A `span` of one class holding one text, as the highlighter writes a token. */
export const span = (className: string, value: string): ElementContent => ({
  type: "element",
  tagName: "span",
  properties: { className: [className] },
  children: [text(value)],
});

/** An element without properties. */
export const element = (tagName: string, children: ElementContent[]): ElementContent => ({ type: "element", tagName, properties: {}, children });
