import type { ElementContent, Text } from "hast";

/**
 * The colour groups of the theme: each Prism token type that has a colour,
 * by the short class its group is written with. A token of several types
 * takes the group of the last that has a colour, as the stylesheet's order
 * would give it.
 */
export const TOKEN_GROUPS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["t-c", ["comment", "prolog", "doctype", "cdata"]],
  ["t-k", ["keyword", "selector", "important", "atrule"]],
  ["t-s", ["string", "char", "attr-value", "regex", "inserted"]],
  ["t-n", ["number", "boolean", "constant", "symbol"]],
  ["t-f", ["function", "class-name"]],
  ["t-g", ["tag", "property", "deleted"]],
  ["t-p", ["operator", "punctuation"]],
  // A shell session's prompt: coloured as a keyword, and left out when its block is copied.
  ["t-pr", ["shell-symbol"]],
];

const GROUP_OF = new Map<string, { name: string; rank: number }>();
for (const [rank, [name, types]] of TOKEN_GROUPS.entries()) for (const type of types) GROUP_OF.set(type, { name, rank });

/** The group class of a token's class list, or undefined when none of its types has a colour. */
function groupOf(classes: readonly string[]): string | undefined {
  let found: { name: string; rank: number } | undefined;
  for (const c of classes) {
    const group = GROUP_OF.get(c);
    if (group && (!found || group.rank > found.rank)) found = group;
  }
  return found?.name;
}

/**
 * Rewrites highlighted code (refractor's tree of nested `token` spans) as
 * the shortest markup that shows the same colours (pure): one flat span per
 * run of text of one colour, classed by its colour group, and bare text for
 * the rest. Whitespace joins the run before it, since it shows no colour.
 */
export function compactTokens(nodes: readonly ElementContent[]): ElementContent[] {
  const runs: Array<{ group: string | undefined; text: string }> = [];
  const add = (group: string | undefined, text: string) => {
    const last = runs.at(-1);
    if (last && (last.group === group || /^\s*$/.test(text))) last.text += text;
    else if (last && /^\s*$/.test(last.text)) {
      last.group = group;
      last.text += text;
    } else runs.push({ group, text });
  };
  const walk = (list: readonly ElementContent[], group: string | undefined) => {
    for (const node of list) {
      if (node.type === "text") add(group, node.value);
      else if (node.type === "element") {
        const classes = Array.isArray(node.properties.className) ? node.properties.className.map(String) : [];
        walk(node.children, groupOf(classes) ?? group);
      }
    }
  };
  walk(nodes, undefined);
  return runs.map(({ group, text }): ElementContent => {
    const value: Text = { type: "text", value: text };
    return group ? { type: "element", tagName: "span", properties: { className: [group] }, children: [value] } : value;
  });
}
