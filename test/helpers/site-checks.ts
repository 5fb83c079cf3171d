import { htmlFacts, type HtmlFacts, type UrlReference } from "./html-facts.ts";

/** A built site: output path (`guides/caching/index.html`) → contents. */
export type SiteFiles = ReadonlyMap<string, string | Uint8Array>;

/** What to check and against which origin. */
export interface CheckSiteOptions {
  files: SiteFiles;
  /** The site's absolute base URL (config `baseUrl`, an origin); absolute links on its origin are internal. */
  baseUrl: string;
  /** The languages built under the site's prefixes (`zh` for `/zh/`): each is a site of its own there, with its own shell pages. Default none. */
  languages?: readonly string[];
}

/** The problems found, and how much was looked at, so an empty list can be told from an empty check. */
export interface CheckSiteResult {
  /** One line per problem: `file: link → problem`, or `file:line:column: …` for parse errors. */
  problems: string[];
  /** HTML pages checked. */
  pages: number;
  /** Internal URL references checked (links, assets, fragments). */
  links: number;
  /** Fragments checked against the ids of their target page. */
  fragments: number;
}

/**
 * Pages served at URLs that are not their own: the static server answers every
 * unknown path with `404.html`, and the service worker answers every document
 * it cannot fetch with `/app-shell/`. They must not claim a canonical URL or be
 * indexed, and a document-relative link on them would resolve differently at
 * every URL they are served at.
 */
const SHELL_PAGES = new Set(["404.html", "app-shell/index.html"]);

/**
 * The app shell is rendered empty and filled by the client, so it has no
 * heading of its own; every other page, shells included, has exactly one `<h1>`.
 */
const WITHOUT_H1 = new Set(["app-shell/index.html"]);

/** A section's combined printable page, which repeats other pages and stays out of search engines. */
const PRINTABLE = /^[^/]+\/printable\/index\.html$/;

const decoder = new TextDecoder();

/** The URL path a file is served at: `guides/index.html` → `/guides/`, `404.html` → `/404.html`. */
function pageUrlOf(file: string): string {
  if (file === "index.html") return "/";
  return file.endsWith("/index.html") ? `/${file.slice(0, -"index.html".length)}` : `/${file}`;
}

/** Percent-decodes a URL part, or returns undefined when it is malformed. */
function decoded(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

/** The robots directives of a page, lowercased. */
function robotsTokens(facts: HtmlFacts): string[] {
  return facts.robots.flatMap((r) => r.toLowerCase().split(/[\s,]+/)).filter(Boolean);
}

/** A page's path within its language's site: `zh/404.html` → `404.html` when `zh` is built under its prefix. */
function withinLanguage(file: string, languages: readonly string[]): string {
  const first = file.slice(0, file.indexOf("/"));
  return languages.includes(first) ? file.slice(first.length + 1) : file;
}

/**
 * Problems of one page on its own: parse errors, duplicate ids, what its head must carry, styles in the body and unnamed asides.
 * A language's fallback page (`fallback`) names the default language's page as its canonical URL.
 */
function pageProblems(
  file: string,
  facts: HtmlFacts,
  baseUrl: string,
  { languages = [], fallback = false }: { languages?: readonly string[]; fallback?: boolean } = {},
): string[] {
  const inner = withinLanguage(file, languages);
  const problems = facts.parseErrors.map((e) => `${file}:${e.startLine}:${e.startCol}: HTML parse error ${e.code}`);
  const say = (message: string) => problems.push(`${file}: ${message}`);
  for (const [id, count] of facts.ids) {
    if (id === "") say("an element has an empty id");
    else if (count > 1) say(`id "${id}" is used ${count} times`);
  }
  if (facts.titles.length !== 1 || !facts.titles[0]) say(`needs one non-empty <title>, has ${JSON.stringify(facts.titles)}`);
  if (facts.descriptions.length !== 1 || !facts.descriptions[0]) say(`needs one non-empty meta description, has ${JSON.stringify(facts.descriptions)}`);
  if (!WITHOUT_H1.has(inner) && facts.h1Count !== 1) say(`needs exactly one <h1>, has ${facts.h1Count}`);
  if (facts.bodyStyles) say(`has ${facts.bodyStyles} <style> element(s) in the body, which HTML allows only in the head (a <noscript> in the body included)`);
  if (facts.unnamedAsides)
    say(`has ${facts.unnamedAsides} <aside> landmark(s) without aria-label or aria-labelledby; a note in the text is a <div role="note">, not a landmark`);
  const robots = robotsTokens(facts);
  if (SHELL_PAGES.has(inner)) {
    if (facts.canonicals.length) say(`is served at other URLs and must not have a canonical link, has ${facts.canonicals.join(", ")}`);
    if (!robots.includes("noindex")) say("is served at other URLs and needs robots noindex");
    return problems;
  }
  const own = new URL(pageUrlOf(fallback ? inner : file), baseUrl).href;
  if (facts.canonicals.length !== 1) say(`needs one canonical link, has ${facts.canonicals.length}`);
  else if (!/^https?:\/\//.test(facts.canonicals[0]) || !facts.canonicals[0].endsWith("/"))
    say(`canonical ${facts.canonicals[0]} must be absolute and end with /`);
  else if (facts.canonicals[0] !== own) say(`canonical ${facts.canonicals[0]} is not the page's own URL ${own}`);
  if (PRINTABLE.test(inner) && !(robots.includes("noindex") && robots.includes("nofollow")))
    say(`a printable page needs robots noindex,nofollow, has "${facts.robots.join(" ")}"`);
  if (!PRINTABLE.test(inner) && robots.includes("noindex")) say("is a page of the site but tells search engines not to index it");
  return problems;
}

/** The output file a URL path names: a folder URL means its `index.html`. */
function fileOf(pathname: string): string {
  const inner = pathname.replace(/^\//, "");
  return inner === "" || inner.endsWith("/") ? `${inner}index.html` : inner;
}

/** What is wrong with one internal reference, or undefined when it resolves (fragment included). */
function linkProblem(url: URL, files: SiteFiles, factsOf: (file: string) => HtmlFacts | undefined): string | undefined {
  const pathname = decoded(url.pathname);
  if (pathname === undefined) return "malformed percent-encoding in the path";
  const target = fileOf(pathname);
  if (!files.has(target))
    return files.has(`${target}/index.html`) ? `folder URL without its trailing slash (redirects to ${url.pathname}/)` : `no file ${target} in the output`;
  // An empty fragment, and `#top` when no element claims it, scroll to the top of the page (HTML's "indicated part of the document").
  const fragment = url.hash.slice(1);
  if (fragment === "" || !target.endsWith(".html")) return undefined;
  const facts = factsOf(target)!;
  const names = [fragment, decoded(fragment)].filter((n): n is string => n !== undefined);
  if (names.some((n) => facts.ids.has(n) || facts.anchorNames.has(n))) return undefined;
  if (names.some((n) => n.toLowerCase() === "top")) return undefined;
  return `no element with id "${names.at(-1)}" in ${target}`;
}

/**
 * Checks every HTML page of a built site (pure): links and assets on the
 * site's own origin resolve to output files and their fragments to ids of the
 * target page, each page parses without errors, has no duplicate id, one
 * `<h1>`, a title, a description, its canonical URL and the right robots
 * directives, no `<style>` in its body and no `<aside>` without a name. External URLs are not fetched; an empty `#` and `#top` name the
 * top of the page, as in HTML, and need no element.
 */
export function checkSite(options: CheckSiteOptions): CheckSiteResult {
  const base = new URL(options.baseUrl);
  const pages = [...options.files.keys()].filter((file) => file.endsWith(".html")).sort();
  const parsed = new Map<string, HtmlFacts>();
  const factsOf = (file: string): HtmlFacts | undefined => {
    const contents = options.files.get(file);
    if (contents === undefined) return undefined;
    if (!parsed.has(file)) parsed.set(file, htmlFacts(typeof contents === "string" ? contents : decoder.decode(contents)));
    return parsed.get(file);
  };
  const result: CheckSiteResult = { problems: [], pages: pages.length, links: 0, fragments: 0 };
  const languages = options.languages ?? [];
  for (const file of pages) {
    const facts = factsOf(file)!;
    const contents = options.files.get(file)!;
    const fallback = (typeof contents === "string" ? contents : decoder.decode(contents)).includes('class="fallback-notice"');
    result.problems.push(...pageProblems(file, facts, base.href, { languages, fallback }));
    for (const reference of facts.references) {
      const problem = referenceProblem({ file: withinLanguage(file, languages), path: file, reference, base, files: options.files, factsOf, counts: result });
      if (problem) result.problems.push(`${file}: ${reference.value} → ${problem}`);
    }
  }
  return result;
}

/** Checks one reference of a page, counting it when it is internal. */
function referenceProblem(options: {
  /** The page's path within its language's site, and in the output. */
  file: string;
  path: string;
  reference: UrlReference;
  base: URL;
  files: SiteFiles;
  factsOf: (file: string) => HtmlFacts | undefined;
  counts: CheckSiteResult;
}): string | undefined {
  const { file, path, reference, base } = options;
  if (reference.value === "") return `empty URL in ${reference.source}`;
  let url: URL;
  try {
    url = new URL(reference.value, new URL(pageUrlOf(path), base));
  } catch {
    return `not a valid URL in ${reference.source}`;
  }
  if (url.origin !== base.origin) return undefined;
  options.counts.links += 1;
  if (url.hash.length > 1) options.counts.fragments += 1;
  if (SHELL_PAGES.has(file) && !/^(?:[a-z][a-z\d+.-]*:|\/|#)/i.test(reference.value)) return "document-relative URL on a page served at other URLs";
  return linkProblem(url, options.files, options.factsOf);
}
