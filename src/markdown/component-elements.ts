import type { Element, ElementContent, Properties } from "hast";
import { COMPONENTS } from "./remark-components.ts";

const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

function element(tagName: string, properties: Properties, children: ElementContent[] = []): Element {
  return { type: "element", tagName, properties, children };
}

function text(value: string): ElementContent {
  return { type: "text", value };
}

/**
 * The markup of each content-format component, by the element name
 * `remarkComponents` gives it, built from the value of its one attribute.
 * `<RepositoryList>` is not here: its element stays in the body as a
 * placeholder that render-pages fills.
 */
const BUILDERS = new Map<string, (value: string, examples: string) => Element>([
  // A small version badge: `<Badge text="5.95.0+" />`.
  [COMPONENTS.Badge.element, (value) => element("span", { className: ["badge"] }, [text(value)])],
  // A link to a live, editable example: `<StackBlitzPreview example="..." />`.
  [
    COMPONENTS.StackBlitzPreview.element,
    (value, examples) =>
      element("a", { className: ["stackblitz"], href: `${examples}${value}`, target: "_blank", rel: ["noopener", "noreferrer"] }, [
        text("Open the "),
        element("strong", {}, [text(value)]),
        text(" example in an online editor"),
      ]),
  ],
  // A colour swatch for the branding page: `<BrandingSample color="#8dd6f9" />`; only a hex colour reaches the style.
  [
    COMPONENTS.BrandingSample.element,
    (value) =>
      element("span", {
        className: ["branding-sample"],
        role: "img",
        ariaLabel: `Colour sample ${value}`,
        ...(COLOR.test(value) ? { style: `background:${value}` } : {}),
      }),
  ],
]);

const ATTRIBUTES = new Map(Object.values(COMPONENTS).map((c) => [c.element, c.attribute]));

/**
 * The markup a content-format component element (`docs-badge`,
 * `docs-stackblitz`, `docs-branding-sample`) stands for, as hast (pure);
 * undefined for any other element. What the element holds is ignored.
 * `examples` is the online editor's address a live example's name is appended to.
 */
export function componentMarkup(node: Element, examples: string): Element | undefined {
  const build = BUILDERS.get(node.tagName);
  if (!build) return undefined;
  const value = node.properties[ATTRIBUTES.get(node.tagName)!];
  return build(value === undefined || value === null ? "" : String(value), examples);
}
