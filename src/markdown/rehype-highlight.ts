import type { MarkdownLabels } from "./markdown-labels.ts";
import type { Element, ElementContent, Root } from "hast";
import { toString as textOf } from "hast-util-to-string";
import { refractor } from "refractor";
import coffeescript from "refractor/coffeescript";
import csv from "refractor/csv";
import handlebars from "refractor/handlebars";
import json5 from "refractor/json5";
import jsx from "refractor/jsx";
import nginx from "refractor/nginx";
import shellSession from "refractor/shell-session";
import toml from "refractor/toml";
import tsx from "refractor/tsx";
import { SKIP, visit } from "unist-util-visit";
import { reportOnFile } from "../report/diagnostics.ts";
import { codeBlock, labelBefore, markLines, metaFlag, metaLines, metaTitle } from "./code-block.ts";
import { compactTokens } from "./compact-tokens.ts";
import { diffKinds, diffLanguage, isPatch, markDiff } from "./diff-lines.ts";
import type { VFile } from "vfile";

// refractor's common set plus the languages the webpack docs and loader READMEs use.
for (const language of [jsx, tsx, toml, json5, handlebars, nginx, coffeescript, csv, shellSession]) refractor.register(language);
refractor.alias({ "shell-session": ["console"], typescript: ["mts", "cts"], javascript: ["mjs", "cjs"] });

/** Languages that are rendered plain on purpose, without a warning. */
const PLAIN = new Set(["text", "txt", "plain", "plaintext", "none", "output"]);

/** Short labels for the common languages; others show their own name. */
const LABELS: Record<string, string> = {
  js: "JavaScript",
  javascript: "JavaScript",
  ts: "TypeScript",
  typescript: "TypeScript",
  json: "JSON",
  bash: "Bash",
  sh: "Shell",
  console: "Console",
  diff: "Diff",
  html: "HTML",
  css: "CSS",
  scss: "SCSS",
  less: "Less",
  jsx: "JSX",
  tsx: "TSX",
  yaml: "YAML",
  yml: "YAML",
  md: "Markdown",
  markdown: "Markdown",
};

function languageOf(code: Element): string {
  const classes = code.properties.className;
  const list = Array.isArray(classes) ? classes.map(String) : [];
  const found = list.find((c) => c.startsWith("language-"));
  return found ? found.slice("language-".length).toLowerCase() : "";
}

/** Highlights a block's code in place; false when its language has no grammar or the grammar fails. */
function highlight(code: Element, language: string, text = textOf(code)): boolean {
  if (!refractor.registered(language)) return false;
  try {
    code.children = compactTokens(refractor.highlight(text, language).children as ElementContent[]);
    return true;
  } catch {
    // A grammar that fails on this code leaves the block plain, with the warning of the caller.
    return false;
  }
}

/** True for a language that has a grammar and is not one of the plain ones. */
const highlightable = (language: string) => !PLAIN.has(language) && refractor.registered(language);

/**
 * Highlights a diff block of a change (```` ```diff ````, ```` ```diff-js ````)
 * whose code's language is known (see `diffLanguage`) in that language, its
 * markers taken off, then marks its added and removed lines; false when
 * nothing says the language, so the diff grammar highlights it. A named
 * language without a grammar leaves the code plain, with the warning, its
 * lines still marked.
 */
function highlightDiff(code: Element, options: { fence: string; title: string | undefined; file: VFile; place: Element["position"] }): boolean {
  const language = diffLanguage({ fence: options.fence, title: options.title, known: highlightable });
  if (language === undefined) return false;
  const text = textOf(code);
  const kinds = diffKinds(text);
  const bare = text
    .split("\n")
    .map((line, i) => (kinds[i] ? line.slice(1) : line))
    .join("\n");
  if (!highlight(code, language, bare)) {
    if (!PLAIN.has(language)) reportOnFile(options.file, "code-language", { language: options.fence }, options.place);
    code.children = [{ type: "text", value: bare }];
  }
  code.children = markDiff(code.children, kinds);
  return true;
}

/** The visible label of a block's language: a diff names the language it changes when its fence does (`diff-js`: "JavaScript diff"). */
function labelOf(language: string): string | undefined {
  if (!language) return undefined;
  if (language.startsWith("diff-")) return `${labelOf(language.slice("diff-".length)) ?? ""} diff`.trim();
  return LABELS[language] ?? language;
}

/**
 * Highlights fenced code at build time with refractor (Prism grammars), so
 * no highlighter runs in the browser, written as one short-classed span per
 * run of one colour (about half the markup of Prism's nested token spans),
 * with the lines a fence's meta marks (`{1,4-6}`) in a span of their own.
 * Each block is wrapped with its visible language label, a copy button and,
 * when it has a title (a `title="…"` meta, or a bold-only paragraph just
 * before it, which is then dropped) or is marked `invalid` in its meta, a
 * caption. Unknown languages render plain, with a warning at the block.
 */
export function rehypeHighlight(options: { labels?: MarkdownLabels } = {}) {
  return (tree: Root, file: VFile) => {
    visit(tree, "element", (pre, index, parent) => {
      if (pre.tagName !== "pre" || !parent || index === undefined) return;
      const code = pre.children.find((c): c is Element => c.type === "element" && c.tagName === "code");
      if (!code) return;
      // A block wider than the page scrolls; keyboard users need to reach it to scroll it.
      pre.properties.tabIndex = 0;
      const language = languageOf(code);
      const meta = code.properties.dataMeta;
      delete code.properties.dataMeta;
      const label = labelBefore(parent.children, index);
      const title = metaTitle(meta) ?? label?.title;
      // A diff of a change (not a patch) is copied as the code it leads to; see `templates/boot-script.ts`.
      const isDiff = language === "diff" || language.startsWith("diff-");
      const diff = isDiff && !isPatch(textOf(code));
      const marked = diff && highlightDiff(code, { fence: language, title, file, place: pre.position });
      if (!marked && language && !highlight(code, isDiff ? "diff" : language) && !PLAIN.has(language))
        reportOnFile(file, "code-language", { language }, pre.position);
      const lines = metaLines(meta);
      if (lines.size > 0) code.children = markLines(code.children, lines);
      const invalid = metaFlag(meta, "invalid");
      parent.children[index] = codeBlock(pre, { language, label: labelOf(language), title, invalid, diff, labels: options.labels });
      if (!label || title !== label.title) return SKIP;
      // The label paragraph is now the caption: it and the white space after it go.
      parent.children.splice(label.start, index - label.start);
      return [SKIP, label.start + 1];
    });
  };
}
