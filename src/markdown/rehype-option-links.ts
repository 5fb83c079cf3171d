import type { Element, ElementContent, Root, Text } from "hast";
import { toString as textOf } from "hast-util-to-string";
import type { PhrasingContent } from "mdast";
import { toString as mdastText } from "mdast-util-to-string";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { SKIP, visit } from "unist-util-visit";
import type { VFile } from "vfile";
import { reportOnFile } from "../report/diagnostics.ts";
import { configKeys, type KeyUse } from "./config-keys.ts";
import { descriptionOf, typeOf } from "./option-schema.ts";
import { type Inline, type OptionReference, type OptionTarget, OptionTargets } from "./option-reference.ts";
import "./vfile-data.ts";

/**
 * Configuration examples that explain themselves: in each code block that
 * is a configuration example (its title names a configuration file, or it
 * has none and exports an object using a top-level option), every option
 * key becomes a link to the option's section of the reference, followed by
 * a tooltip the stylesheet shows while the link is hovered or focused: the
 * option's name, type, description (from its schema) and default (from the
 * schema or the reference). No script is involved, so it works before the
 * page hydrates. Keys of free name (entries, aliases, cache groups, a
 * loader's options) stay plain; a key the schema does not have is a warning
 * at its line, and so is a deprecated option outside the migration pages.
 */

declare module "vfile" {
  interface DataMap {
    /** The option reference the page's configuration examples are linked against, and the page's path under the content folder. */
    configExamples: { reference: OptionReference; relative: string };
  }
}

/** The class of a key's link and of its tooltip; printable pages and the copy button look for them. */
const OPTION_LINK_CLASS = "opt";
const OPTION_TIP_CLASS = "opt-tip";

/** Code languages an example is written in. */
const CODE = new Set(["js", "javascript", "cjs", "mjs", "ts", "typescript", "mts", "cts"]);
const TYPESCRIPT = new Set(["ts", "typescript", "mts", "cts"]);

/** What each reference resolves, kept while it is in use. */
const resolved = new WeakMap<OptionReference, { targets: OptionTargets; titles: RegExp }>();

function resolvedOf(reference: OptionReference) {
  let found = resolved.get(reference);
  if (!found) resolved.set(reference, (found = { targets: new OptionTargets(reference.pages), titles: new RegExp(reference.titles) }));
  return found;
}

const element = (tagName: string, properties: Element["properties"], children: ElementContent[]): Element => ({
  type: "element",
  tagName,
  properties,
  children,
});
const text = (value: string): Text => ({ type: "text", value });

/** A schema description as phrasing: its markdown links made links, its code spans code, the rest text. */
const descriptions = new Map<string, ElementContent[]>();
function describe(description: string): ElementContent[] {
  let found = descriptions.get(description);
  if (found) return found;
  const tree = unified().use(remarkParse).parse(description);
  const first = tree.children[0];
  const phrasing = first?.type === "paragraph" ? (first.children as PhrasingContent[]) : [];
  found = phrasing.map((node): ElementContent => {
    if (node.type === "link") return element("a", { href: node.url }, [text(mdastText(node))]);
    if (node.type === "inlineCode") return element("code", {}, [text(node.value)]);
    return text(mdastText(node));
  });
  if (found.length === 0 && description) found = [text(description)];
  descriptions.set(description, found);
  return found;
}

const inline = (pieces: readonly Inline[]): ElementContent[] =>
  pieces.map(([kind, value]) => (kind === "code" ? element("code", {}, [text(value)]) : text(value)));

/** The tooltip of a key: name, type, description and default, each on a line of its own (the stylesheet's doing). */
function tooltip(id: string, use: KeyUse, target: OptionTarget): Element {
  const { schema, mount } = use;
  const children: ElementContent[] = [element("strong", {}, [text(use.name.join(".").replaceAll("*", "[name]"))])];
  const type = schema ? typeOf(schema, mount.root) : "";
  if (type) children.push(element("code", {}, [text(type)]));
  const description = schema ? descriptionOf(schema, mount.root) : "";
  if (description) children.push(element("em", {}, describe(description)));
  const stated = schema?.default !== undefined ? [["code", JSON.stringify(schema.default)] as Inline] : target.default;
  if (stated) children.push(element("small", {}, [text("Default: "), ...inline(stated)]));
  return element("span", { className: [OPTION_TIP_CLASS], role: "tooltip", id }, children);
}

/** The length of a node's text. */
const lengthOf = (node: ElementContent): number => (node.type === "text" ? node.value.length : node.type === "element" ? textOf(node).length : 0);

/** Splits a list of nodes at a text offset into the nodes before and after it, cutting a text or an element in two where the offset falls inside it. */
function splitAt(nodes: readonly ElementContent[], offset: number): [ElementContent[], ElementContent[]] {
  const before: ElementContent[] = [];
  let at = 0;
  for (const [i, node] of nodes.entries()) {
    const length = lengthOf(node);
    if (at + length <= offset) {
      before.push(node);
      at += length;
      continue;
    }
    const inside = offset - at;
    if (inside === 0) return [before, nodes.slice(i)];
    if (node.type === "text")
      return [
        [...before, text(node.value.slice(0, inside))],
        [text(node.value.slice(inside)), ...nodes.slice(i + 1)],
      ];
    if (node.type !== "element") return [[...before, node], nodes.slice(i + 1)];
    const [left, right] = splitAt(node.children, inside);
    return [
      [...before, { ...node, properties: { ...node.properties }, children: left }],
      [{ ...node, properties: { ...node.properties }, children: right }, ...nodes.slice(i + 1)],
    ];
  }
  return [before, []];
}

/**
 * Puts the text from `start` to `end` of `parent` into the nodes `wrap` makes
 * of it: inside the deepest element that holds the whole range (a token's
 * span, a marked line), cutting texts and elements at its ends.
 */
function wrapRange(parent: Element, start: number, end: number, wrap: (inner: ElementContent[]) => ElementContent[]): void {
  let at = 0;
  for (const node of parent.children) {
    const length = lengthOf(node);
    if (node.type === "element" && start >= at && end <= at + length && length > 0) {
      wrapRange(node, start - at, end - at, wrap);
      return;
    }
    if (at >= end) break;
    at += length;
  }
  const [before, rest] = splitAt(parent.children, start);
  const [inner, after] = splitAt(rest, end - start);
  parent.children = [...before, ...wrap(inner), ...after];
}

/** The block's `pre` (which has the fence's position) and the code element inside it. */
function codeOf(block: Element): { pre: Element; code: Element } | undefined {
  const pre = block.children.find((c): c is Element => c.type === "element" && c.tagName === "pre");
  const code = pre?.children.find((c): c is Element => c.type === "element" && c.tagName === "code");
  return pre && code && { pre, code };
}

/** Links the keys of one example, last first so the tooltips added after a key do not move the ones before it. */
function linkBlock(block: Element, file: VFile, context: { reference: OptionReference; migration: boolean; next: () => string }): void {
  const facts = block.data?.codeBlock;
  const { pre, code } = codeOf(block) ?? {};
  if (!facts || !pre || !code || !CODE.has(facts.language)) return;
  const { reference } = context;
  const { targets, titles } = resolvedOf(reference);
  if (facts.title !== undefined && !titles.test(facts.title)) return;
  const uses = configKeys(textOf(code), { typescript: TYPESCRIPT.has(facts.language), titled: facts.title !== undefined, mounts: reference.mounts });
  const start = pre.position?.start;
  if (!uses || !start) return;
  for (const use of uses.toReversed()) {
    const place = { line: start.line + use.line, column: start.column - 1 + use.column };
    const schema = reference.labels[reference.mounts.indexOf(use.mount)] ?? "the schema";
    const option = use.name.join(".").replaceAll("*", "[name]");
    if (use.kind === "free") continue;
    if (use.kind === "unknown") {
      if (!facts.invalid) reportOnFile(file, "unknown-option", { option, schema }, place);
      continue;
    }
    if (use.kind === "deprecated" && !context.migration && !facts.invalid) reportOnFile(file, "deprecated-option", { option, schema }, place);
    const target = targets.targetOf(use.name);
    if (!target) continue;
    file.data.links?.push({ url: target.href, ...place });
    const id = context.next();
    wrapRange(code, use.start, use.end, (inner) => [
      element("a", { className: [OPTION_LINK_CLASS], href: target.href, ariaDescribedBy: [id] }, inner),
      tooltip(id, use, target),
    ]);
  }
}

/** The rehype pass; it does nothing on a page given no option reference (`file.data.configExamples`). */
export function rehypeOptionLinks() {
  return (tree: Root, file: VFile) => {
    const examples = file.data.configExamples;
    if (!examples) return;
    const { reference, relative } = examples;
    const migration = reference.migration.some((page) => relative === page || (page.endsWith("/") && relative.startsWith(page)));
    let tips = 0;
    const context = { reference, migration, next: () => `option-tip-${++tips}` };
    visit(tree, "element", (node) => {
      if (!node.data?.codeBlock) return;
      linkBlock(node, file, context);
      return SKIP;
    });
  };
}
