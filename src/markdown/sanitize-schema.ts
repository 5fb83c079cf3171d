import { defaultSchema, type Options } from "rehype-sanitize";
import { COMPONENTS } from "./remark-components.ts";
import { ASIDE_LABELS } from "./remark-asides.ts";
import { CLOBBER_PREFIX } from "../shared/constants.ts";

const components = Object.values(COMPONENTS);

/**
 * What third-party HTML may keep: GitHub's schema as it is (tables,
 * details/summary, img, kbd, sup/sub; no script, style, iframe, object, embed,
 * base, meta, form, event handler or URL other than http(s), mailto, irc and
 * xmpp; ids, names and aria references prefixed with `user-content-`), plus
 * the elements and classes this pipeline itself gives a page before it is
 * sanitized: asides, the content format's component elements, and a fence's
 * meta on its `code` (as `data-meta`, read and removed by the highlighter). Class names
 * stay limited to those, so a README cannot dress itself up as the site's
 * own navigation or notices. One thing of GitHub's schema goes: `tabindex`,
 * so a README adds no stop to the page's focus order and cannot forge a
 * table's scroll container, which the pipeline adds after sanitizing
 * (`rehypeFinish`), to every table, like the focusable code blocks.
 */
export const sanitizeSchema: Options = {
  ...defaultSchema,
  clobberPrefix: CLOBBER_PREFIX,
  // A style element's rules would otherwise stay behind as visible text.
  strip: [...(defaultSchema.strip ?? []), "style"],
  // GitHub's schema allows `action` on any element (it is inert without a form, which it drops); its URL is held to the same schemes all the same.
  protocols: { ...defaultSchema.protocols, action: ["http", "https"] },
  tagNames: [...(defaultSchema.tagNames ?? []), ...components.map((c) => c.element)],
  attributes: {
    ...defaultSchema.attributes,
    "*": [...(defaultSchema.attributes?.["*"] ?? []).filter((name) => name !== "tabIndex"), ["className", "aside-label"]],
    div: [
      ...(defaultSchema.attributes?.div ?? []),
      ["className", "aside", ...Object.keys(ASIDE_LABELS).map((kind) => `aside-${kind}`)],
      ["role", "note"],
      ["dataKind", ...Object.keys(ASIDE_LABELS)],
    ],
    code: [...(defaultSchema.attributes?.code ?? []), "dataMeta"],
    ...Object.fromEntries(components.map((c) => [c.element, [c.attribute]])),
  },
};
