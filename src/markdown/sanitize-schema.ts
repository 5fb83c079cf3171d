import { defaultSchema, type Options } from "rehype-sanitize";
import { COMPONENTS } from "./remark-components.ts";

const components = Object.values(COMPONENTS);

/**
 * What third-party HTML may keep: GitHub's schema (tables, details/summary,
 * img, kbd, sup/sub; no script, iframe, event handlers or `javascript:`
 * URLs), plus the elements this pipeline itself produces (asides, component
 * elements, footnotes), and heading ids left unprefixed so anchors work.
 */
export const sanitizeSchema: Options = {
  ...defaultSchema,
  clobber: ["name"],
  tagNames: [...(defaultSchema.tagNames ?? []), "aside", "section", ...components.map((c) => c.element)],
  attributes: {
    ...defaultSchema.attributes,
    "*": [...(defaultSchema.attributes?.["*"] ?? []), "className", "dataKind", "dataFootnotes", "dataFootnoteRef", "dataFootnoteBackref", "ariaDescribedBy", "ariaLabel"],
    ...Object.fromEntries(components.map((c) => [c.element, [c.attribute]])),
  },
};
