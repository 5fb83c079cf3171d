import { gzipSync } from "node:zlib";
import { htmlFacts } from "./html-facts.ts";
import type { SiteFiles } from "./site-checks.ts";

/** Which page to measure, in which built site. */
export interface FirstViewOptions {
  files: SiteFiles;
  /** The page's output path, as `guides/caching/index.html`. */
  page: string;
  /**
   * File-name prefixes of chunks the entry imports dynamically while the page
   * starts, which belong to the first view although no tag names them.
   * Default: the service-worker registration chunk, which the entry imports
   * as soon as the page's `load` event fires.
   */
  startup?: readonly string[];
}

/** The assets a page loads on first view and their gzipped sizes. */
export interface FirstView {
  /** Output paths of the JavaScript files, each once. */
  scripts: string[];
  /** Output paths of the stylesheets, each once. */
  stylesheets: string[];
  /** Gzipped bytes of all scripts. */
  jsBytes: number;
  /** Gzipped bytes of all stylesheets. */
  cssBytes: number;
}

/** The default `startup` chunks. */
const STARTUP_CHUNKS = ["register-service-worker-"];

const decoder = new TextDecoder();

/** The text of an output file, failing loudly when the page names a file the site lacks. */
function textOf(files: SiteFiles, file: string): string {
  const contents = files.get(file);
  if (contents === undefined) throw new Error(`first view names ${file}, which is not in the output`);
  return typeof contents === "string" ? contents : decoder.decode(contents);
}

/** Gzipped sizes already measured, per site: every page of a site loads the same few files. */
const sizes = new WeakMap<SiteFiles, Map<string, number>>();

/** Gzipped size of an output file, at zlib's default level, measured once per site and file. */
function gzipped(files: SiteFiles, file: string): number {
  let known = sizes.get(files);
  if (!known) sizes.set(files, (known = new Map()));
  let size = known.get(file);
  if (size === undefined) known.set(file, (size = gzipSync(textOf(files, file)).byteLength));
  return size;
}

/** The output path a root-relative URL names. */
function outputPath(url: string): string {
  return decodeURIComponent(new URL(url, "https://site.invalid/").pathname).replace(/^\//, "");
}

/**
 * A static `import … from "…"` or `import "…"` at the start of a chunk's text.
 * esbuild hoists every static import of an ES module chunk to its top, so the
 * leading run of them is the complete list; a dynamic `import("…")` never
 * matches because a parenthesis follows `import`.
 */
const LEADING_IMPORT = /\s*import\s*(?:[^"'();]*?\s*from\s*)?(["'])([^"']+)\1\s*;?/y;

/** The specifiers a minified ES module chunk imports statically, in order (pure). */
export function staticImports(code: string): string[] {
  const found: string[] = [];
  LEADING_IMPORT.lastIndex = 0;
  for (let m = LEADING_IMPORT.exec(code); m; m = LEADING_IMPORT.exec(code)) found.push(m[2]);
  return found;
}

/** Adds a chunk and everything it imports statically, recursively, to `seen`. */
function follow(files: SiteFiles, file: string, seen: Set<string>): void {
  if (seen.has(file)) return;
  seen.add(file);
  for (const specifier of staticImports(textOf(files, file))) follow(files, outputPath(new URL(specifier, `https://site.invalid/${file}`).href), seen);
}

/**
 * Measures what a page loads on first view (pure): its module and classic
 * scripts and modulepreloads, every chunk those import statically, the
 * startup chunks the entry imports with their static imports, and its linked
 * stylesheets, each counted once and gzipped. Lazy chunks (`import()`) are not
 * counted, nor inline scripts, which are part of the HTML.
 */
export function firstView(options: FirstViewOptions): FirstView {
  const facts = htmlFacts(textOf(options.files, options.page));
  const seen = new Set<string>();
  const entries = [...facts.scripts, ...facts.modulePreloads].map(outputPath);
  for (const file of entries) follow(options.files, file, seen);
  const prefixes = options.startup ?? STARTUP_CHUNKS;
  const loaded = [...seen].map((file) => textOf(options.files, file));
  // A site's languages under its prefixes each have their own bundle, with chunks of the same names: the page's own site's count.
  const site = entries[0] ? entries[0].slice(0, Math.max(0, entries[0].indexOf("assets/"))) : "";
  for (const file of options.files.keys()) {
    if (!file.startsWith(`${site}assets/`)) continue;
    const name = file.slice(file.lastIndexOf("/") + 1);
    // Only a startup chunk some first-view script refers to counts; an unreferenced one is dead output.
    if (file.endsWith(".js") && prefixes.some((p) => name.startsWith(p)) && loaded.some((code) => code.includes(`/${name}`))) follow(options.files, file, seen);
  }
  const scripts = [...seen];
  const stylesheets = [...new Set(facts.stylesheets.map(outputPath))];
  return {
    scripts,
    stylesheets,
    jsBytes: scripts.reduce((sum, file) => sum + gzipped(options.files, file), 0),
    cssBytes: stylesheets.reduce((sum, file) => sum + gzipped(options.files, file), 0),
  };
}
