import type { Heading, PhrasingContent, Root, RootContent } from "mdast";
import { toString as textOf } from "mdast-util-to-string";
import type { SchemaMount } from "./config-keys.ts";

/**
 * Where the reference documents each option (pure): the headings of the
 * reference pages, read the way the references test decides what is
 * documented, and the option a key's name leads to among them.
 */

/** A piece of a short text: plain words, or inline code. */
export type Inline = [kind: "text" | "code", value: string];

/** A heading of a reference page: its id, level, the names its words give, and the default the paragraph under it states. */
interface ReferenceHeading {
  id: string;
  depth: number;
  /** Each word made of name characters, a `{group}` part written `*` (`cacheGroups.{group}.test` → `cacheGroups.*.test`). */
  words: string[];
  default?: Inline[];
}

/** A reference page: its URL and its headings in order. */
export interface ReferencePage {
  url: string;
  headings: ReferenceHeading[];
}

/** Everything the pages' processing needs to link configuration examples: the schemas, the reference's headings, and which blocks are examples. */
export interface OptionReference {
  /** The code-block titles that make a block a configuration example (a regular expression's source). */
  titles: string;
  /** Pages (paths under the content folder, or folders ending in `/`) whose examples may set deprecated options. */
  migration: string[];
  mounts: SchemaMount[];
  /** Each mount's schema file as the config names it, for messages. */
  labels: string[];
  pages: ReferencePage[];
}

/** Characters of a name: identifiers, dots, and the `{group}` or `[index]` of a pattern. */
const NAME = /[\w$.{}[\]-]+/g;
/** How long a default read from the reference may be before it is cut. */
const DEFAULT_LIMIT = 160;

/** The names a heading gives: `## Rule.test, Rule.include and Rule.exclude` → those three and `and`. */
function headingWords(heading: Heading): string[] {
  return (textOf(heading).match(NAME) ?? []).map((word) => word.replace(/\{[^}]*\}/g, "*"));
}

/** The default a heading's first paragraph states after the word "default", as text and inline code; undefined when it states none. */
function stateDefault(paragraph: RootContent | undefined): Inline[] | undefined {
  if (paragraph?.type !== "paragraph") return undefined;
  const pieces: Inline[] = [];
  let found = false;
  for (const node of paragraph.children as PhrasingContent[]) {
    if (!found) {
      if (node.type !== "text") continue;
      const match = /\bdefault(?:s to|:)\s*/i.exec(node.value);
      if (!match) continue;
      found = true;
      const rest = node.value.slice(match.index + match[0].length);
      if (rest) pieces.push(["text", rest]);
    } else pieces.push(node.type === "inlineCode" ? ["code", node.value] : ["text", textOf(node)]);
  }
  if (!found || pieces.length === 0) return undefined;
  let length = 0;
  const kept: Inline[] = [];
  for (const [kind, value] of pieces) {
    if (length + value.length > DEFAULT_LIMIT) {
      kept.push([kind, `${value.slice(0, Math.max(0, DEFAULT_LIMIT - length)).trimEnd()}…`]);
      break;
    }
    kept.push([kind, value]);
    length += value.length;
  }
  return kept;
}

/** A reference page's headings (pure), from its transformed tree (whose headings carry their ids). */
export function referencePage(url: string, tree: Root): ReferencePage {
  const headings: ReferenceHeading[] = [];
  tree.children.forEach((node, at) => {
    if (node.type !== "heading") return;
    const id = String((node.data as { hProperties?: { id?: unknown } } | undefined)?.hProperties?.id ?? "");
    if (!id) return;
    const stated = stateDefault(tree.children[at + 1]);
    headings.push({ id, depth: node.depth, words: headingWords(node), ...(stated ? { default: stated } : {}) });
  });
  return { url, headings };
}

/** Where an option is documented: its section, or (`own` false) the section of the nearest option above it that has one. */
export interface OptionTarget {
  href: string;
  own: boolean;
  default?: Inline[];
}

/**
 * Finds the section of each option (pure, remembered per name). A name is
 * looked up as the references test does: the full dotted name, then each
 * shorter ending of two parts or more, on any reference page (a heading
 * that is the name alone first, then one that opens with it, then any; the
 * first page and heading in order among equals; a top-level option's own
 * page, such as /configuration/output/ for `output`, before any); then the last part alone, but only
 * under the section of the option above it (`chunks` under
 * `## optimization.splitChunks`, before the next heading of that level).
 * An option with no section of its own leads to its parent's.
 */
export class OptionTargets {
  private readonly words = new Map<string, { page: number; heading: number; rank: number }>();
  private readonly found = new Map<string, (OptionTarget & { page: number; heading: number }) | undefined>();

  constructor(private readonly pages: readonly ReferencePage[]) {
    // A heading that is the name alone beats one that opens with it, which beats one that has it among other words
    // (`## output` before `## Naming and output files`); among equals the first page and heading win.
    pages.forEach((page, p) => {
      page.headings.forEach((heading, h) => {
        heading.words.forEach((word, w) => {
          const rank = heading.words.length === 1 ? 0 : w === 0 ? 1 : 2;
          const known = this.words.get(word);
          if (!known || rank < known.rank) this.words.set(word, { page: p, heading: h, rank });
        });
      });
    });
  }

  /** A page named after the option (`/configuration/output/` for `output`, `/configuration/dev-server/` for `devServer`), for a top-level option: it beats any heading elsewhere. */
  private pageNamed(name: string): { page: number; heading: number } | undefined {
    const plain = (word: string) => word.replaceAll("-", "").toLowerCase();
    const at = this.pages.findIndex((page) => plain(page.url.split("/").filter(Boolean).pop() ?? "") === plain(name));
    return at === -1 ? undefined : { page: at, heading: -1 };
  }

  /** The section of the option `name` (`["output", "publicPath"]`), or undefined when neither it nor an option above it has one. */
  targetOf(name: readonly string[]): OptionTarget | undefined {
    const found = this.locate(name);
    return found && { href: found.href, own: found.own, ...(found.default ? { default: found.default } : {}) };
  }

  private locate(name: readonly string[]): (OptionTarget & { page: number; heading: number }) | undefined {
    if (name.length === 0) return undefined;
    const key = name.join(".");
    if (this.found.has(key)) return this.found.get(key);
    let at: { page: number; heading: number } | undefined;
    for (let from = 0; from < name.length - 1 && !at; from++) at = this.words.get(name.slice(from).join("."));
    if (name.length === 1) at = this.pageNamed(key) ?? this.words.get(key);
    const parent = name.length > 1 ? this.locate(name.slice(0, -1)) : undefined;
    if (!at && parent?.own) at = this.under(parent, name[name.length - 1]);
    const result = at ? this.target(at, true) : parent && { page: parent.page, heading: parent.heading, href: parent.href, own: false };
    this.found.set(key, result);
    return result;
  }

  /** The heading naming `word` inside the section of `parent`, before the next heading of its level or above. */
  private under(parent: { page: number; heading: number }, word: string): { page: number; heading: number } | undefined {
    const headings = this.pages[parent.page].headings;
    // Under a page named after the option, the whole page is its section.
    const depth = parent.heading === -1 ? 0 : headings[parent.heading].depth;
    for (let h = parent.heading + 1; h < headings.length && headings[h].depth > depth; h++)
      if (headings[h].words.includes(word)) return { page: parent.page, heading: h };
    return undefined;
  }

  private target(at: { page: number; heading: number }, own: boolean): OptionTarget & { page: number; heading: number } {
    const page = this.pages[at.page];
    if (at.heading === -1) return { ...at, href: page.url, own };
    const heading = page.headings[at.heading];
    return { ...at, href: `${page.url}#${heading.id}`, own, ...(heading.default ? { default: heading.default } : {}) };
  }
}
