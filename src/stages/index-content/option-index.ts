import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { hashKey } from "../../cache/cache.ts";
import { TOOL_ROOT, type BuildContext } from "../../context/context.ts";
import { parseJson } from "../../data-files/json-text.ts";
import type { JsonSchema } from "../../markdown/option-schema.ts";
import { type OptionReference, type ReferencePage, referencePage } from "../../markdown/option-reference.ts";
import { markdownFiles } from "../../pipeline/markdown-files.ts";
import { parsePage } from "./parse-page.ts";

/**
 * The option reference of a build: the schemas the config names, resolved
 * from the project as packages, and the headings of the reference pages the
 * config names, each page read with the build's own parser so the link
 * targets are the ids the pages get. A few pages, whatever the site's size.
 */

/** A reference made once per set of inputs, for the builds of a long-lived process (the dev server). */
let last: { key: string; made: Promise<OptionReference | undefined> } | undefined;

/** The package name of a path such as `webpack/schemas/WebpackOptions.json` or `@scope/name/file.json`. */
function packageName(spec: string): string {
  const parts = spec.split("/");
  return spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/**
 * A package's file, resolved from `from` as Node resolves a package: by its
 * `exports` when it lists the file, else in the `node_modules` folders Node
 * would look in (webpack-dev-server exports no `lib/options.json`).
 */
async function resolveFrom(from: string, spec: string): Promise<string | undefined> {
  const require = createRequire(path.join(from, "package.json"));
  try {
    return require.resolve(spec);
  } catch {
    for (const folder of require.resolve.paths(packageName(spec)) ?? []) {
      const file = path.join(folder, spec);
      if (
        await fs.stat(file).then(
          (s) => s.isFile(),
          () => false,
        )
      )
        return file;
    }
    return undefined;
  }
}

/** A schema's file from the project's packages, else from docs-build's own, where its optional peer dependencies are installed. */
async function resolvePackageFile(root: string, spec: string): Promise<string | undefined> {
  return (await resolveFrom(root, spec)) ?? (await resolveFrom(TOOL_ROOT, spec));
}

/**
 * The reference pages a config names, in path order: each page, and the
 * pages under each folder (ending in `/`), found as the build finds its
 * pages. A named page that is not there is left to {@link readPages}.
 */
async function referenceFiles(content: string, pages: readonly string[]): Promise<string[]> {
  const found = await Promise.all(
    pages.map(async (page) => (page.endsWith("/") ? (await markdownFiles(path.join(content, page))).map((relative) => `${page}${relative}`) : [page])),
  );
  return [...new Set(found.flat())].sort();
}

/** Reads the reference pages' headings with the build's parser; a page that cannot be read is left out (its own build error says why). */
async function readPages(ctx: BuildContext, relatives: readonly string[]): Promise<ReferencePage[]> {
  const pages: ReferencePage[] = [];
  for (const relative of relatives) {
    const full = path.join(ctx.paths.content, relative);
    const text = await fs.readFile(full, "utf8").catch(() => undefined);
    if (text === undefined) continue;
    const file = parsePage({ relative, display: ctx.display(full), text, size: Buffer.byteLength(text) }, ctx.settings);
    if (file.data.tree && file.data.entry) pages.push(referencePage(file.data.entry.url, file.data.tree));
  }
  return pages;
}

/** The warning that turns configuration examples off for a build, saying why and what to do. */
function examplesOff(ctx: BuildContext, why: string, fix: string): undefined {
  ctx.logger.warn(`Configuration examples are not linked to the reference: ${why}. ${fix}, or set configExamples to null in ${"docs-build.config.json"}.`);
  return undefined;
}

/**
 * The schemas as parsed JSON, in order; undefined when one is not valid JSON,
 * after one warning that says where each such file goes wrong.
 */
function parseSchemas(ctx: BuildContext, files: readonly string[], texts: readonly string[]): JsonSchema[] | undefined {
  const roots: JsonSchema[] = [];
  const invalid: string[] = [];
  texts.forEach((text, i) => {
    const parsed = parseJson(text);
    if (parsed.ok) roots.push(parsed.data as JsonSchema);
    else invalid.push(`${ctx.display(files[i])}:${parsed.place.line}:${parsed.place.column} (${parsed.problem})`);
  });
  if (invalid.length === 0) return roots;
  const many = invalid.length > 1;
  return examplesOff(
    ctx,
    `${invalid.join(" and ")} ${many ? "are" : "is"} not valid JSON`,
    many ? "Reinstall the packages the schemas come from" : "Reinstall the package the schema comes from",
  );
}

/**
 * The option reference for the build's settings, or undefined when the
 * config turns configuration examples off, or names a schema that is not
 * installed or not valid JSON: then one warning says which, and examples
 * stay plain.
 */
export async function optionReference(ctx: BuildContext): Promise<OptionReference | undefined> {
  const examples = ctx.settings.configExamples;
  if (!examples || examples.schemas.length === 0) return undefined;
  const schemas = await Promise.all(examples.schemas.map((mount) => resolvePackageFile(ctx.paths.root, mount.schema)));
  const missing = examples.schemas.filter((_, i) => schemas[i] === undefined).map((mount) => mount.schema);
  if (missing.length > 0)
    return examplesOff(ctx, `${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not installed in the project`, "Install the package");
  const relatives = await referenceFiles(
    ctx.paths.content,
    examples.schemas.flatMap((mount) => mount.pages),
  );
  const texts = await Promise.all(
    [...(schemas as string[]), ...relatives.map((r) => path.join(ctx.paths.content, r))].map((f) => fs.readFile(f).catch(() => "")),
  );
  const key = hashKey("option-reference", JSON.stringify(examples), ctx.paths.content, ...relatives, ...texts);
  if (last?.key === key) return last.made;
  const roots = parseSchemas(ctx, schemas as string[], texts.slice(0, schemas.length).map(String));
  if (!roots) return undefined;
  last = { key, made: make(ctx, roots, relatives) };
  return last.made;
}

async function make(ctx: BuildContext, roots: JsonSchema[], relatives: string[]): Promise<OptionReference> {
  const examples = ctx.settings.configExamples!;
  return {
    titles: examples.titles,
    migration: examples.migration,
    mounts: examples.schemas.map((mount, i) => ({ at: mount.at ? mount.at.split(".") : [], root: roots[i], names: mount.names })),
    labels: examples.schemas.map((mount) => mount.schema),
    pages: await readPages(ctx, relatives),
  };
}

/** A short hash of what a reference links to (its targets, schemas and settings), for the cache keys of pages that may have examples. */
export function referenceHash(reference: OptionReference | undefined): string {
  return reference ? hashKey(JSON.stringify(reference)).slice(0, 32) : "";
}
