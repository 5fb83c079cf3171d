import { parse, parseFragment, type DefaultTreeAdapterTypes, type ParserError } from "parse5";

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

/** One URL an element of a page names. */
export interface UrlReference {
  /** The element and attribute it comes from, as `a[href]`. */
  source: string;
  /** The URL as written (one candidate of a `srcset`). */
  value: string;
}

/** What the static checks need to know about one HTML page, read from its parse5 tree. */
export interface HtmlFacts {
  /** Errors the HTML parser reported, in document order. */
  parseErrors: ParserError[];
  /** How many elements carry each `id`. */
  ids: Map<string, number>;
  /** The `name` of every `<a name>`, which a fragment may also target. */
  anchorNames: Set<string>;
  /** How many `<h1>` elements the page has. */
  h1Count: number;
  /** The text of every `<title>`, trimmed. */
  titles: string[];
  /** The `content` of every `meta name="description"`, trimmed. */
  descriptions: string[];
  /** The `href` of every `link rel="canonical"`. */
  canonicals: string[];
  /** The `content` of every `meta name="robots"`. */
  robots: string[];
  /** Every URL the page's elements name, external ones included. */
  references: UrlReference[];
  /** The `src` of every external script, module or classic. */
  scripts: string[];
  /** The `href` of every `link rel="modulepreload"`. */
  modulePreloads: string[];
  /** The `href` of every `link rel="stylesheet"`. */
  stylesheets: string[];
  /** How many `<style>` elements the body holds, those in a `<noscript>` included (HTML allows them in the head only). */
  bodyStyles: number;
  /** How many `<aside>` elements have neither `aria-label` nor `aria-labelledby`: landmarks a screen reader lists without a name. */
  unnamedAsides: number;
}

/** The attributes that hold a URL, by element; `srcset` holds a list of them. */
const URL_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ["href"],
  area: ["href"],
  link: ["href"],
  img: ["src", "srcset"],
  source: ["src", "srcset"],
  script: ["src"],
  video: ["src", "poster"],
  audio: ["src"],
  track: ["src"],
  iframe: ["src"],
  embed: ["src"],
  object: ["data"],
  input: ["src"],
  form: ["action"],
  blockquote: ["cite"],
  q: ["cite"],
  // SVG references (`<use href="#icon">`); parse5 gives `xlink:href` the local name `href` too.
  use: ["href"],
  image: ["href"],
};

/** Open Graph properties whose content is a URL of the site. */
const URL_META_PROPERTIES = new Set(["og:url", "og:image"]);

/** The value of an attribute, or undefined when the element lacks it. */
function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((a) => a.name === name)?.value;
}

/** Whether a space-separated token list (`rel`) holds a token, ASCII case-insensitively. */
function hasToken(list: string | undefined, token: string): boolean {
  return (list ?? "").toLowerCase().split(/\s+/).includes(token);
}

/** The URLs of a `srcset`: the first word of each comma-separated candidate. */
function srcsetUrls(srcset: string): string[] {
  return srcset
    .split(",")
    .map((candidate) => candidate.trim().split(/\s+/)[0])
    .filter((url): url is string => Boolean(url));
}

/** The concatenated text of an element's text children. */
function textOf(element: Element): string {
  return element.childNodes.map((child) => ("value" in child && child.nodeName === "#text" ? child.value : "")).join("");
}

/**
 * Every element under a node in document order, including those inside
 * `<template>` content. It walks with an explicit stack: nested generators
 * would cost a step per level for every element of these deep pages.
 */
function elementsOf(node: ParentNode): Element[] {
  const found: Element[] = [];
  const stack: ParentNode[] = [node];
  while (stack.length) {
    const current = stack.pop()!;
    if ("tagName" in current) found.push(current);
    const children = current.nodeName === "template" ? (current as DefaultTreeAdapterTypes.Template).content.childNodes : current.childNodes;
    for (let i = children.length - 1; i >= 0; i--) if ("tagName" in children[i]) stack.push(children[i] as Element);
  }
  return found;
}

/** Records the URLs one element names. */
function collectReferences(element: Element, into: UrlReference[]): void {
  const push = (name: string, value: string) => into.push({ source: `${element.tagName}[${name}]`, value });
  for (const name of URL_ATTRIBUTES[element.tagName] ?? []) {
    const value = attribute(element, name);
    if (value === undefined) continue;
    if (name === "srcset") for (const url of srcsetUrls(value)) push(name, url);
    else push(name, value.trim());
  }
  const property = attribute(element, "property");
  const content = attribute(element, "content");
  if (element.tagName === "meta" && property && content !== undefined && URL_META_PROPERTIES.has(property)) push("content", content.trim());
}

/**
 * The elements of a `<noscript>` as a browser without scripting reads them:
 * with scripting on, as here and in parse5, its content is plain text.
 */
function noscriptElements(noscript: Element): Element[] {
  return elementsOf(parseFragment(textOf(noscript)));
}

/** Counts what the body may not hold or should name: `<style>` elements, and `<aside>` landmarks without a name. */
function bodyFacts(body: Element | undefined, facts: HtmlFacts): void {
  if (!body) return;
  for (const element of elementsOf(body)) {
    const inner = element.tagName === "noscript" ? noscriptElements(element) : [element];
    facts.bodyStyles += inner.filter((e) => e.tagName === "style").length;
    if (element.tagName === "aside" && !attribute(element, "aria-label")?.trim() && !attribute(element, "aria-labelledby")?.trim()) facts.unnamedAsides += 1;
  }
}

/** Parses one HTML page with parse5 and gathers the facts the static checks use (pure). */
export function htmlFacts(html: string): HtmlFacts {
  const facts: HtmlFacts = {
    parseErrors: [],
    ids: new Map(),
    anchorNames: new Set(),
    h1Count: 0,
    titles: [],
    descriptions: [],
    canonicals: [],
    robots: [],
    references: [],
    scripts: [],
    modulePreloads: [],
    stylesheets: [],
    bodyStyles: 0,
    unnamedAsides: 0,
  };
  // Parse errors carry their line and column without `sourceCodeLocationInfo`, which would slow the parse by a fifth.
  const document = parse(html, { onParseError: (error) => facts.parseErrors.push(error) });
  for (const element of elementsOf(document)) {
    const id = attribute(element, "id");
    if (id !== undefined) facts.ids.set(id, (facts.ids.get(id) ?? 0) + 1);
    collectReferences(element, facts.references);
    const rel = attribute(element, "rel");
    const href = attribute(element, "href");
    const name = attribute(element, "name");
    switch (element.tagName) {
      case "a":
        if (name) facts.anchorNames.add(name);
        break;
      case "h1":
        facts.h1Count += 1;
        break;
      case "title":
        facts.titles.push(textOf(element).trim());
        break;
      case "meta":
        if (name?.toLowerCase() === "description") facts.descriptions.push((attribute(element, "content") ?? "").trim());
        if (name?.toLowerCase() === "robots") facts.robots.push(attribute(element, "content") ?? "");
        break;
      case "script": {
        const src = attribute(element, "src");
        if (src) facts.scripts.push(src);
        break;
      }
      case "link":
        if (href === undefined) break;
        if (hasToken(rel, "canonical")) facts.canonicals.push(href);
        if (hasToken(rel, "modulepreload")) facts.modulePreloads.push(href);
        if (hasToken(rel, "stylesheet")) facts.stylesheets.push(href);
        break;
    }
  }
  const root = document.childNodes.find((node): node is Element => node.nodeName === "html");
  bodyFacts(
    root?.childNodes.find((node): node is Element => node.nodeName === "body"),
    facts,
  );
  return facts;
}
