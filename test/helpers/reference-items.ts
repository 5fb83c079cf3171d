import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import webpack from "webpack";
import { packageJson, type JsonSchema } from "./webpack-packages.ts";

/**
 * What the reference pages must document, read from the installed packages:
 * the options of webpack's schema, the top-level options of
 * webpack-dev-server's, and the hooks of webpack's classes.
 */

/** One thing a reference page must name, and the pages it may be named on. */
export interface ReferenceItem {
  /** The full name: `output.filename`, `optimization.splitChunks.chunks`, `Rule.oneOf`, `devServer.port`, `Compiler.done`. */
  name: string;
  /** What the item is, for counts and messages. */
  kind: "option" | "dev-server option" | "hook";
  /** Pages it may be documented on, relative to `content/`; the first is the one a missing item is reported on. */
  pages: string[];
}

/** The groups of webpack options whose properties the configuration reference documents, and where. */
const OPTION_GROUPS: { path: string[]; prefix: string; pages: string[] }[] = [
  { path: ["output"], prefix: "output", pages: ["configuration/output.md"] },
  { path: ["optimization"], prefix: "optimization", pages: ["configuration/optimization.md"] },
  { path: ["optimization", "splitChunks"], prefix: "optimization.splitChunks", pages: ["configuration/optimization.md", "plugins/split-chunks-plugin.md"] },
  { path: ["module"], prefix: "module", pages: ["configuration/module.md"] },
  { path: ["resolve"], prefix: "resolve", pages: ["configuration/resolve.md"] },
  { path: ["experiments"], prefix: "experiments", pages: ["configuration/experiments.md"] },
  { path: ["cache"], prefix: "cache", pages: ["configuration/cache.md"] },
  { path: ["stats"], prefix: "stats", pages: ["configuration/stats.md"] },
  { path: ["watchOptions"], prefix: "watchOptions", pages: ["configuration/watch.md"] },
  { path: ["performance"], prefix: "performance", pages: ["configuration/performance.md"] },
  { path: ["node"], prefix: "node", pages: ["configuration/node.md"] },
  { path: ["snapshot"], prefix: "snapshot", pages: ["configuration/other-options.md"] },
  { path: ["infrastructureLogging"], prefix: "infrastructureLogging", pages: ["configuration/other-options.md"] },
];

/**
 * The configuration pages, where a top-level option may be documented on any
 * of them; other-options.md first, the page a missing one is reported on.
 */
function configurationPages(content: string): string[] {
  const pages = fs
    .readdirSync(path.join(content, "configuration"))
    .filter((name) => name.endsWith(".md") || name.endsWith(".mdx"))
    .sort()
    .map((name) => `configuration/${name}`);
  return ["configuration/other-options.md", ...pages.filter((page) => page !== "configuration/other-options.md")];
}

/**
 * The properties an option's schema may have, whichever of its forms is used:
 * `$ref`s are followed, and the properties of every `anyOf`, `oneOf` and
 * `allOf` branch (the object forms of `cache`, `stats`, `splitChunks`…) are
 * put together.
 */
function schemaProperties(schema: JsonSchema, root: JsonSchema): Record<string, JsonSchema> {
  return Object.fromEntries(ownedProperties(schema, root).map(({ key, schema: value }) => [key, value]));
}

/** A schema with its `$ref` followed to the definition. */
function followRef(schema: JsonSchema, root: JsonSchema): JsonSchema | undefined {
  return schema.$ref ? root.definitions?.[schema.$ref.replace("#/definitions/", "")] : schema;
}

/** The named properties of a schema, as `schemaProperties` finds them, each with the object (a definition or an inline form) it comes from. */
function ownedProperties(schema: JsonSchema, root: JsonSchema, seen = new Set<JsonSchema>()): { owner: JsonSchema; key: string; schema: JsonSchema }[] {
  const resolved = followRef(schema, root);
  if (!resolved || seen.has(resolved)) return [];
  seen.add(resolved);
  const own = Object.entries(resolved.properties ?? {}).map(([key, value]) => ({ owner: resolved, key, schema: value }));
  const branches = [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.allOf ?? [])];
  return [...own, ...branches.flatMap((branch) => ownedProperties(branch, root, seen))];
}

/** The schema of the option at `keys` (`["optimization", "splitChunks"]`), its forms put together. */
function optionSchema(root: JsonSchema, keys: string[]): JsonSchema {
  let schema: JsonSchema = root;
  for (const key of keys) {
    const next = schemaProperties(schema, root)[key];
    if (!next) throw new Error(`webpack's schema has no option ${keys.join(".")}`);
    schema = next;
  }
  return schema;
}

/** Every webpack option the configuration reference must document. */
export function webpackOptions(content: string): ReferenceItem[] {
  const root = packageJson<JsonSchema>("webpack", "schemas/WebpackOptions.json");
  const items: ReferenceItem[] = Object.keys(root.properties ?? {}).map((key) => ({ name: key, kind: "option", pages: configurationPages(content) }));
  for (const group of OPTION_GROUPS)
    for (const key of Object.keys(schemaProperties(optionSchema(root, group.path), root)))
      items.push({ name: `${group.prefix}.${key}`, kind: "option", pages: group.pages });
  for (const key of Object.keys(schemaProperties({ $ref: "#/definitions/RuleSetRule" }, root)))
    items.push({ name: `Rule.${key}`, kind: "option", pages: ["configuration/module.md"] });
  const listed = new Set(items.map((item) => item.name));
  for (const name of namedProperties(root)) if (!listed.has(name)) items.push({ name, kind: "option", pages: deepOptionPages(name, content) });
  return items;
}

/** The pages of a deeper option: those of the longest group it falls under (`Rule.*` on the module page), or any configuration page. */
function deepOptionPages(name: string, content: string): string[] {
  if (name.startsWith("Rule.")) return ["configuration/module.md"];
  const group = OPTION_GROUPS.filter((g) => name.startsWith(`${g.prefix}.`)).sort((a, b) => b.prefix.length - a.prefix.length)[0];
  return group?.pages ?? configurationPages(content);
}

/** How far below a top-level option (or `Rule`) the reference goes: `module.parser.javascript.pureFunctions` is three levels down. */
const DEPTH = 3;

/**
 * Every named property down to DEPTH levels below the top-level options and
 * `Rule`, breadth first. An object's properties are listed once, under the
 * first (shortest) path that reaches it: the module types that share the
 * JavaScript parser's options are documented once as
 * `module.parser.javascript.*`, `resolveLoader` is `resolve` again, and
 * `stats.children` takes the whole of `stats`. The entries of a map
 * (`additionalProperties`: cache groups, entry points, externals) are named
 * by the user and stand as `{name}`, which counts no level; array items are
 * not followed, as they have no dotted name.
 */
function namedProperties(root: JsonSchema): string[] {
  const claimed = new Set<JsonSchema>();
  const names: string[] = [];
  let level: { path: string[]; schema: JsonSchema }[] = [
    { path: [], schema: root },
    { path: ["Rule"], schema: { $ref: "#/definitions/RuleSetRule" } },
  ];
  for (let depth = 0; depth <= DEPTH && level.length > 0; depth++) {
    const next: typeof level = [];
    for (const { path: at, schema } of level) {
      const properties = ownedProperties(schema, root).filter(({ owner }) => !claimed.has(owner));
      for (const { owner } of properties) claimed.add(owner);
      for (const { key, schema: child } of properties) {
        const childPath = [...at, key];
        names.push(childPath.join("."));
        next.push({ path: childPath, schema: child });
        // The entries of a map (`cacheGroups`, `entry`) are named by the user: their properties are read under `{name}`, a step that counts no level.
        for (const entry of mapEntries(child, root)) next.push({ path: [...childPath, "{name}"], schema: entry });
      }
    }
    // A map's entries come last in their level, so an object both reach (`output.library` and an entry's `library`) is listed under its option.
    level = [...next.filter((n) => !n.path.includes("{name}")), ...next.filter((n) => n.path.includes("{name}"))];
  }
  return names.filter((name) => name.split(".").filter((part) => part !== "{name}").length <= DEPTH + 1);
}

/** The schemas of a map's entries: the `additionalProperties` of an option's object forms. */
function mapEntries(schema: JsonSchema, root: JsonSchema, seen = new Set<JsonSchema>()): JsonSchema[] {
  const resolved = followRef(schema, root);
  if (!resolved || seen.has(resolved)) return [];
  seen.add(resolved);
  const own = typeof resolved.additionalProperties === "object" ? [resolved.additionalProperties] : [];
  const branches = [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.allOf ?? [])];
  return [...own, ...branches.flatMap((branch) => mapEntries(branch, root, seen))];
}

/** Every top-level option of webpack-dev-server, documented on the dev-server page. */
export function devServerOptions(): ReferenceItem[] {
  const schema = packageJson<JsonSchema>("webpack-dev-server", "lib/options.json");
  return Object.keys(schema.properties ?? {}).map((key) => ({ name: `devServer.${key}`, kind: "dev-server option", pages: ["configuration/dev-server.md"] }));
}

/** The hook pages, by the class whose hooks they name. */
const HOOK_PAGES: Record<string, string> = {
  Compiler: "api/compiler-hooks.md",
  Compilation: "api/compilation-hooks.md",
  NormalModuleFactory: "api/normalmodulefactory-hooks.md",
  ContextModuleFactory: "api/contextmodulefactory-hooks.md",
  JavascriptParser: "api/javascriptparser-hooks.md",
};

/**
 * Every hook of webpack's Compiler, Compilation, NormalModuleFactory,
 * ContextModuleFactory and JavascriptParser, read from live instances of the
 * installed webpack: a compiler of an empty configuration, the factories and
 * compilation it makes, and a parser.
 */
export function webpackHooks(): ReferenceItem[] {
  const context = fs.mkdtempSync(path.join(os.tmpdir(), "docs-build-hooks-"));
  try {
    const compiler = webpack({ mode: "none", entry: {}, context });
    const params = compiler.newCompilationParams();
    const compilation = compiler.newCompilation(params);
    const parser = new webpack.javascript.JavascriptParser();
    const hooks: Record<string, object> = {
      Compiler: compiler.hooks,
      Compilation: compilation.hooks,
      NormalModuleFactory: params.normalModuleFactory.hooks,
      ContextModuleFactory: params.contextModuleFactory.hooks,
      JavascriptParser: parser.hooks,
    };
    return Object.entries(hooks).flatMap(([owner, object]) =>
      // Keys only: reading a deprecated getter (`normalModuleLoader`) would print its warning.
      Object.keys(object).map((hook): ReferenceItem => ({ name: `${owner}.${hook}`, kind: "hook", pages: [HOOK_PAGES[owner]] })),
    );
  } finally {
    fs.rmSync(context, { recursive: true, force: true });
  }
}
