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
function schemaProperties(schema: JsonSchema, root: JsonSchema, seen = new Set<JsonSchema>()): Record<string, JsonSchema> {
  const resolved = schema.$ref ? root.definitions?.[schema.$ref.replace("#/definitions/", "")] : schema;
  if (!resolved || seen.has(resolved)) return {};
  seen.add(resolved);
  const found: Record<string, JsonSchema> = { ...resolved.properties };
  for (const branch of [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.allOf ?? [])])
    Object.assign(found, schemaProperties(branch, root, seen));
  return found;
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
  return items;
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
