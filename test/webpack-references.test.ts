import fs from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import * as v from "valibot";
import { checkJsonText, repositoryDataKind } from "../src/data-files/check-json.ts";
import { CONTENT, ROOT, contentPage, headings, tableRowNames } from "./helpers/content-pages.ts";
import { devServerOptions, webpackHooks, webpackOptions, type ReferenceItem } from "./helpers/reference-items.ts";
import { installedVersion } from "./helpers/webpack-packages.ts";

/**
 * The reference pages document everything the installed packages have
 * (test/helpers/reference-items.ts):
 *
 * - every top-level option of webpack's schema (on any page of
 *   `content/configuration/`) and every property of `output`,
 *   `optimization`, `optimization.splitChunks`, `module`, module rules
 *   (`RuleSetRule`, written `Rule.*`), `resolve`, `experiments`, `cache`
 *   (memory and filesystem), `stats`, `watchOptions`, `performance`, `node`,
 *   `snapshot` and `infrastructureLogging`, on the page of its group;
 * - every named property down to three levels below a top-level option or
 *   `Rule` (`output.environment.arrowFunction`,
 *   `module.parser.javascript.pureFunctions`,
 *   `experiments.lazyCompilation.backend.listen`), after `$ref`s are
 *   followed and the `anyOf` branches put together, on the page of the
 *   longest group it falls under (a top-level option's own: any page of
 *   `content/configuration/`). The entries of a map, named by the user,
 *   stand as `{name}` and count no level
 *   (`optimization.splitChunks.cacheGroups.{name}.priority`,
 *   `entry.{name}.dependOn`). An object's properties are listed once, under
 *   the first path that reaches it, so the module types sharing the
 *   JavaScript parser's options are `module.parser.javascript.*` alone;
 * - every top-level option of webpack-dev-server's schema, on
 *   `configuration/dev-server.md`;
 * - every hook of `Compiler`, `Compilation`, `NormalModuleFactory`,
 *   `ContextModuleFactory` and `JavascriptParser`, on its hook page.
 *
 * What counts as documented: the item's page has a heading that names it,
 * or (options only, not hooks) a table row whose first cell opens with it in
 * backticks. A name is the full dotted path or any ending of it that keeps
 * the last part (a placeholder in braces stands for any other:
 * `cacheGroups.{group}.test` names `cacheGroups.{name}.test`):
 * `optimization.splitChunks.chunks` is named by a heading
 * `## optimization.splitChunks.chunks`, `### splitChunks.chunks` or
 * `### chunks`; a stats option by the row `` | `assets` | … ``; a hook
 * `Compiler.done` by the heading `### done`. A heading may name several
 * (`## Rule.test, Rule.include and Rule.exclude`): each word of it made of
 * name characters counts. Names compare case-sensitively, so `## Modules`
 * does not document `stats.modules`, and a mention in prose or in an example
 * never counts: a reader must be able to find the option's own entry.
 *
 * Deliberate omissions are listed once, each with its reason, in
 * test/reference-omissions.json. A listed item that is in fact documented,
 * or that the installed packages no longer have, fails too, so the list
 * stays true.
 */

const OMISSIONS_FILE = path.join(ROOT, "test/reference-omissions.json");

const omissionsSchema = v.strictObject({
  omissions: v.array(v.strictObject({ name: v.pipe(v.string(), v.minLength(1)), reason: v.pipe(v.string(), v.minLength(10, "must say why")) })),
});

/** The committed omissions, read and checked the way the build reads its data files. */
function readOmissions(): Map<string, string> {
  const checked = checkJsonText(
    fs.readFileSync(OMISSIONS_FILE, "utf8"),
    "test/reference-omissions.json",
    repositoryDataKind("reference omissions", omissionsSchema),
  );
  assert.equal(
    checked.problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.message}`),
    [],
    "test/reference-omissions.json is valid",
  );
  const omissions = new Map<string, string>();
  for (const { name, reason } of checked.value!.omissions) {
    assert.not.ok(omissions.has(name), `test/reference-omissions.json lists ${name} once`);
    omissions.set(name, reason);
  }
  return omissions;
}

/** Characters of a name: identifiers, dots, and the `{group}` or `[index]` of a pattern. */
const NAME = /[\w$.{}[\]-]+/g;

const names = new Map<string, { headings: Set<string>; rows: Set<string> }>();

/** A name with its placeholders made alike: `cacheGroups.{group}.test` names `cacheGroups.{name}.test`. */
const anyPlaceholder = (name: string) => name.replace(/\{[^}]*\}/g, "{}");

/** The names a page gives: the words of its headings, and the inline code opening each table row. */
function namesOn(page: string): { headings: Set<string>; rows: Set<string> } {
  let found = names.get(page);
  if (!found) {
    const parsed = contentPage(page);
    found = {
      headings: new Set(headings(parsed).flatMap((h) => (h.text.match(NAME) ?? []).map(anyPlaceholder))),
      rows: new Set(tableRowNames(parsed).map(anyPlaceholder)),
    };
    names.set(page, found);
  }
  return found;
}

/** `optimization.splitChunks.chunks` → itself, `splitChunks.chunks`, `chunks`. */
function endings(name: string): string[] {
  const parts = name.split(".");
  return parts.map((_, i) => parts.slice(i).join("."));
}

/** The page that documents an item, or undefined. */
function documentedOn(item: ReferenceItem): string | undefined {
  return item.pages.find((page) => {
    if (!fs.existsSync(path.join(CONTENT, page))) return false;
    const on = namesOn(page);
    return endings(anyPlaceholder(item.name)).some((name) => on.headings.has(name) || on.rows.has(name));
  });
}

const ITEMS = [...webpackOptions(CONTENT), ...devServerOptions(), ...webpackHooks()];
const OMISSIONS = readOmissions();

const versions = `webpack ${installedVersion("webpack")} and webpack-dev-server ${installedVersion("webpack-dev-server")}`;

test(`the reference pages document every option and hook of ${versions}`, () => {
  const missing = ITEMS.filter((item) => !OMISSIONS.has(item.name) && !documentedOn(item));
  const covered = (kind: ReferenceItem["kind"]) => ITEMS.filter((item) => item.kind === kind && documentedOn(item)).length;
  const total = (kind: ReferenceItem["kind"]) => ITEMS.filter((item) => item.kind === kind).length;
  console.log(
    `  webpack references: ${covered("option")} of ${total("option")} options, ${covered("dev-server option")} of ${total("dev-server option")} dev-server options, ${covered("hook")} of ${total("hook")} hooks documented; ${OMISSIONS.size} omissions listed; ${missing.length} missing`,
  );
  const byPage = new Map<string, string[]>();
  for (const item of missing) byPage.set(item.pages[0], [...(byPage.get(item.pages[0]) ?? []), item.name]);
  const report = [...byPage].map(([page, list]) => `content/${page} (${list.length}): ${list.join(", ")}`);
  assert.ok(
    missing.length === 0,
    `${missing.length} items are not documented. Give each a heading (options also: a table row opening with it in backticks) on its page, or list it with a reason in test/reference-omissions.json:\n${report.join("\n")}`,
  );
});

test("every listed omission exists in the installed packages and is really left out", () => {
  const byName = new Map(ITEMS.map((item) => [item.name, item]));
  const stale = [...OMISSIONS.keys()].filter((name) => !byName.has(name));
  assert.equal(stale, [], "test/reference-omissions.json lists items the installed packages no longer have; remove them");
  const documented = [...OMISSIONS.keys()].flatMap((name) => {
    const page = documentedOn(byName.get(name)!);
    return page ? [`${name} (content/${page})`] : [];
  });
  assert.equal(documented, [], "test/reference-omissions.json lists items that are documented; remove them from the list");
});

test("the reference items are read from the installed packages", () => {
  const names = new Set(ITEMS.map((item) => item.name));
  for (const name of [
    "output.filename",
    "optimization.splitChunks.cacheGroups",
    "Rule.oneOf",
    "cache.cacheDirectory",
    "stats.assets",
    "devServer.port",
    "Compiler.done",
    "module.parser.javascript.pureFunctions",
    "module.generator.asset.filename",
    "output.environment.arrowFunction",
    "experiments.lazyCompilation.backend.listen",
    "optimization.splitChunks.fallbackCacheGroup.maxSize",
    "Rule.use.loader",
    "optimization.splitChunks.cacheGroups.{name}.priority",
    "entry.{name}.dependOn",
  ])
    assert.ok(names.has(name), name);
  // Shared definitions are listed once, and nothing goes deeper than three levels below a top-level option.
  for (const name of ["module.parser.javascript/auto.pureFunctions", "resolveLoader.tsconfig.configFile", "stats.children.assets"])
    assert.not.ok(names.has(name), name);
  assert.ok(
    [...names].every((name) => name.split(".").filter((part) => part !== "{name}").length <= 4),
    "at most four parts besides the entries of maps",
  );
  assert.ok(names.has("JavascriptParser.call") && names.has("NormalModuleFactory.factorize") && names.has("ContextModuleFactory.alternativeRequests"));
  assert.equal(endings("optimization.splitChunks.chunks"), ["optimization.splitChunks.chunks", "splitChunks.chunks", "chunks"]);
});

test.run();
