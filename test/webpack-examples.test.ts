import { test } from "uvu";
import * as assert from "uvu/assert";
import webpack from "webpack";
import { codeBlocks, contentPages, type ContentCode } from "./helpers/content-pages.ts";
import { ExampleSyntaxError, isStandIn, resolveExport, runExample } from "./helpers/evaluate-config.ts";
import { devServerValidation, installedVersion, type JsonSchema, packageJson } from "./helpers/webpack-packages.ts";

/**
 * Every complete `webpack.config.js` example of the documentation passes the
 * installed webpack's own `validate()`, and its `devServer` passes
 * webpack-dev-server's own schema.
 *
 * An example is a fenced block titled with a webpack configuration file's
 * name, or a block with no title that assigns `module.exports` and, once
 * evaluated, exports an object (or objects) using at least one of webpack's
 * top-level options (a loader or a Babel configuration does not; untitled
 * blocks that are partial or do not evaluate are no examples, and are not
 * counted). A title is a bold `**webpack.config.js**` paragraph right before it, or
 * `title="…"` in the fence's meta, found as the renderer finds them, naming
 * `webpack.config.js`, `.cjs`, `.mjs`, `.ts`, `webpack.prod.js` and the
 * like, alone or after a folder (`app1/webpack.config.js`), whose code sets
 * `module.exports` or has an `export default`. It is evaluated with real
 * `path` and `url` and stand-ins for every other package it requires
 * (test/helpers/evaluate-config.ts; ES modules and TypeScript are compiled
 * to CommonJS by esbuild first, and `.mjs`/`.mts` files get no
 * `__dirname`); a function is called with
 * `(env = {}, argv = { mode: "production" })` and a promise awaited.
 *
 * An example that is wrong on purpose carries `invalid` in its fence meta
 * (```` ```js invalid ````; the page shows it as "Invalid configuration") and
 * must fail validation. Blocks that cannot be checked are skipped and
 * counted, never silently: partial snippets (`// …` lines, a bare `...` or
 * `…`), diffs, blocks with no export, code that names something it never
 * defines, and exports built by a package (`merge(common, …)`).
 * `DEBUG_EXAMPLES=1` lists every skipped block with its reason.
 */

type Outcome =
  | { kind: "valid"; devServers: number; untitled: boolean }
  | { kind: "not a configuration" }
  | { kind: "invalid-as-marked"; message: string }
  | { kind: "skipped"; reason: SkipReason; detail?: string }
  | { kind: "failed"; message: string };

type SkipReason = "partial" | "diff" | "no export" | "undefined names" | "needs what a package returns" | "built by a package";

/** A webpack configuration file: `webpack.config.js`, `webpack.prod.js`, `.cjs`, `.mjs` or TypeScript, alone or after a folder (`app1/webpack.config.js`). */
const CONFIG_TITLE = /(?:^|\/)webpack(?:\.[\w-]+)*\.[cm]?[jt]s$/;
const CODE = new Set(["js", "javascript", "cjs", "mjs", "ts", "typescript", "mts", "cts"]);

/**
 * What marks a snippet as partial: a comment line that opens with an
 * ellipsis (`// …`, `// ...the rest`), an ellipsis alone on its line, or one
 * standing for an element or a value (`[ … ]`, `{ ... }`, `options: …,`).
 * An ellipsis inside a comment's prose (`web workers, ...`) is not a marker.
 */
const PARTIAL = [/^\s*(?:\/\/|\/\*|\*)\s*(?:…|\.\.\.)/m, /^\s*(?:…|\.\.\.)\s*,?\s*$/m, /[[{(,]\s*(?:…|\.\.\.)\s*[\]}),]/, /:\s*(?:…|\.\.\.)\s*[,}\n]/];

const DEV_SERVER = devServerValidation();

/** webpack's top-level options: an untitled block counts as a configuration when what it exports uses one of them. */
const TOP_LEVEL = new Set(Object.keys(packageJson<JsonSchema>("webpack", "schemas/WebpackOptions.json").properties ?? {}));

function isTitledExample(block: ContentCode): boolean {
  return block.title !== undefined && CONFIG_TITLE.test(block.title) && (CODE.has(block.language) || block.language === "diff");
}

/**
 * A block without a title that assigns `module.exports`: a configuration
 * shown without its file name (the dev-server pages show many), or some other
 * module (a loader, a Babel or PostCSS configuration), told apart once it is
 * evaluated (see `looksLikeConfiguration`).
 */
function isUntitledCandidate(block: ContentCode): boolean {
  return block.title === undefined && CODE.has(block.language) && /\bmodule\.exports\s*=/.test(block.code);
}

/** True when an untitled block's export is a webpack configuration: an object, or array of them, using at least one of webpack's top-level options. */
function looksLikeConfiguration(config: unknown): boolean {
  const one = (value: unknown) =>
    value !== null && typeof value === "object" && !isStandIn(value) && Object.keys(value).length > 0 && Object.keys(value).some((key) => TOP_LEVEL.has(key));
  return Array.isArray(config) ? config.length > 0 && config.every(one) : one(config);
}

/** The `devServer` objects of a resolved configuration (one object or an array). */
function devServersOf(config: unknown): object[] {
  return (Array.isArray(config) ? config : [config]).flatMap((one) => {
    const devServer = (one as { devServer?: unknown } | null)?.devServer;
    return devServer && typeof devServer === "object" ? [devServer] : [];
  });
}

/** Validates a resolved configuration with webpack, then each `devServer` with webpack-dev-server; the first error's message, or undefined. */
function validationError(config: unknown): string | undefined {
  try {
    webpack.validate(config as webpack.Configuration);
    for (const devServer of devServersOf(config)) DEV_SERVER.validate(DEV_SERVER.schema, devServer, { name: "Dev Server", baseDataPath: "devServer" });
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Evaluates and validates an untitled block, when it is complete and turns out to be a configuration. */
async function checkUntitled(block: ContentCode): Promise<Outcome> {
  if (PARTIAL.some((marker) => marker.test(block.code))) return { kind: "not a configuration" };
  let config: unknown;
  try {
    config = await resolveExport(runExample(block.code, block.file, block.line, { typescript: /^(?:ts|typescript|mts|cts)$/.test(block.language) }));
  } catch (error) {
    if (error instanceof ExampleSyntaxError) return { kind: "failed", message: `is not valid JavaScript: ${error.message}` };
    return { kind: "not a configuration" };
  }
  if (!looksLikeConfiguration(config))
    return block.invalid ? { kind: "failed", message: "is marked `invalid` but is no configuration" } : { kind: "not a configuration" };
  const message = validationError(config);
  if (block.invalid)
    return message === undefined ? { kind: "failed", message: "is marked `invalid` but passes validation" } : { kind: "invalid-as-marked", message };
  return message === undefined ? { kind: "valid", devServers: devServersOf(config).length, untitled: true } : { kind: "failed", message };
}

/** Evaluates and validates one example block. */
async function check(block: ContentCode): Promise<Outcome> {
  if (isUntitledCandidate(block)) return checkUntitled(block);
  if (block.language === "diff") return { kind: "skipped", reason: "diff" };
  if (PARTIAL.some((marker) => marker.test(block.code))) return { kind: "skipped", reason: "partial" };
  if (!/\bmodule\.exports\b|^\s*export\s+default\b/m.test(block.code)) return { kind: "skipped", reason: "no export" };
  let config: unknown;
  try {
    const options = { typescript: /^(?:ts|typescript|mts|cts)$/.test(block.language), nativeModule: /\.m[jt]s$/.test(block.title ?? "") };
    config = await resolveExport(runExample(block.code, block.file, block.line, options));
  } catch (error) {
    if (error instanceof ExampleSyntaxError) return { kind: "failed", message: `is not valid JavaScript: ${error.message}` };
    if (error instanceof ReferenceError) return { kind: "skipped", reason: "undefined names", detail: error.message };
    // Anything else thrown while running comes from using a stand-in as the real thing (parsing what a stand-in `readFile` read).
    return { kind: "skipped", reason: "needs what a package returns", detail: (error as Error).message };
  }
  if (isStandIn(config) || (Array.isArray(config) && config.some(isStandIn))) return { kind: "skipped", reason: "built by a package" };
  const message = validationError(config);
  if (block.invalid)
    return message === undefined ? { kind: "failed", message: "is marked `invalid` but passes validation" } : { kind: "invalid-as-marked", message };
  return message === undefined ? { kind: "valid", devServers: devServersOf(config).length, untitled: false } : { kind: "failed", message };
}

/** Every example of the documentation with its outcome. */
async function checkAll(): Promise<{ block: ContentCode; outcome: Outcome }[]> {
  const results: { block: ContentCode; outcome: Outcome }[] = [];
  for (const page of contentPages())
    for (const block of codeBlocks(page).filter((b) => isTitledExample(b) || isUntitledCandidate(b))) {
      let outcome = await check(block);
      // A deliberately wrong example that cannot be evaluated proves nothing.
      if (block.invalid && outcome.kind === "skipped") outcome = { kind: "failed", message: `is marked \`invalid\` but cannot be checked (${outcome.reason})` };
      if (outcome.kind !== "not a configuration") results.push({ block, outcome });
    }
  return results;
}

const where = (block: ContentCode) => `${block.file}:${block.line}`;

test(`every complete webpack.config.js example passes webpack ${installedVersion("webpack")}'s validate() and webpack-dev-server ${installedVersion("webpack-dev-server")}'s schema`, async () => {
  const results = await checkAll();
  const count = (kind: Outcome["kind"]) => results.filter((r) => r.outcome.kind === kind).length;
  const skipped = results.flatMap((r) => (r.outcome.kind === "skipped" ? [{ block: r.block, reason: r.outcome.reason, detail: r.outcome.detail }] : []));
  const byReason = new Map<string, number>();
  for (const s of skipped) byReason.set(s.reason, (byReason.get(s.reason) ?? 0) + 1);
  const reasons = [...byReason].map(([reason, n]) => `${n} ${reason}`).join(", ");
  const devServers = results.reduce((n, r) => n + (r.outcome.kind === "valid" ? r.outcome.devServers : 0), 0);
  const untitled = results.filter((r) => r.outcome.kind === "valid" && r.outcome.untitled).length;
  console.log(
    `  webpack examples: ${count("valid")} validated (${untitled} of them shown without a file name; ${devServers} with a devServer checked by webpack-dev-server), ${count("invalid-as-marked")} deliberately invalid, ${skipped.length} skipped as partial (${reasons || "none"})`,
  );
  if (process.env.DEBUG_EXAMPLES === "1") {
    for (const s of skipped) console.log(`    skipped ${where(s.block)} (${s.reason}${s.detail ? `: ${s.detail}` : ""})`);
    for (const r of results)
      if (r.outcome.kind === "invalid-as-marked") console.log(`    invalid as marked ${where(r.block)}: ${r.outcome.message.split("\n")[1] ?? ""}`);
  }
  const failures = results.flatMap((r) => (r.outcome.kind === "failed" ? [`${where(r.block)} ${r.outcome.message}`] : []));
  assert.ok(count("valid") > 100, `found the examples (${count("valid")} validated)`);
  assert.ok(failures.length === 0, `${failures.length} examples fail:\n\n${failures.join("\n\n")}`);
});

test("the evaluation itself: stand-ins are plugins, path is real, deliberate mistakes are caught", async () => {
  const good = await resolveExport(
    runExample(
      'const path = require("path");\nconst Html = require("html-webpack-plugin");\nmodule.exports = (env, argv) => ({ mode: argv.mode, output: { path: path.resolve(__dirname, "dist") }, plugins: [new Html()], module: { rules: [{ test: /\\.css$/, use: [require("x").loader, "css-loader"] }] } });',
      "inline.js",
      0,
    ),
  );
  assert.is(validationError(good), undefined);
  assert.is((good as { mode: string }).mode, "production");
  assert.match(validationError({ mode: "prod" }) ?? "", "configuration.mode should be one of these");
  assert.match(validationError({ devServer: { port: "x", sockjs: true } }) ?? "", "Dev Server");
  const esm = await resolveExport(
    runExample('import path from "node:path";\nexport default { context: path.dirname(new URL(import.meta.url).pathname) };', "inline.mjs", 0, {
      nativeModule: true,
    }),
  );
  assert.equal(esm, { context: "/project" });
  assert.throws(
    () => runExample("export default { context: __dirname };", "inline.mjs", 0, { nativeModule: true }),
    (error: unknown) => error instanceof ReferenceError,
  );
  const typed = runExample(
    'import type { Configuration } from "webpack";\nconst c: Configuration = { context: __dirname };\nexport default c;',
    "inline.ts",
    0,
    { typescript: true },
  );
  assert.equal(typed, { context: "/project" });
  assert.throws(
    () => runExample("module.exports = { plugins: [new Missing()] };", "inline.js", 0),
    (error: unknown) => error instanceof ReferenceError,
  );
});

test.run();
