import nodePath from "node:path";
import nodeUrl from "node:url";
import vm from "node:vm";
import { transformSync } from "esbuild";

/**
 * Evaluates the code of a documented `webpack.config.js` the way webpack-cli
 * would load it, without any of the packages it requires: `path` and `url`
 * are Node's own, every other `require` is a stand-in. A stand-in is a
 * callable, constructible Proxy whose properties are stand-ins too; what it
 * constructs is a plugin-shaped object (an `apply(compiler)` method), so
 * webpack's schema takes it wherever a plugin goes. Code runs in this realm
 * (compiled by `node:vm`, then called), so its regular expressions and
 * functions pass the schema's `instanceof RegExp` and `instanceof Function`.
 */

/** The folder a documented configuration pretends to live in. */
const EXAMPLE_DIR = "/project";

const REAL_MODULES: Record<string, unknown> = { path: nodePath, "node:path": nodePath, url: nodeUrl, "node:url": nodeUrl };

const standIns = new WeakSet<object>();

/** True for a value that came from a stand-in (a package the example requires), not from the example itself. */
export function isStandIn(value: unknown): boolean {
  return (typeof value === "function" || (typeof value === "object" && value !== null)) && standIns.has(value);
}

/**
 * A stand-in for `name` (a package, or something read from one). A property
 * called `loader` (`MiniCssExtractPlugin.loader`) is the path of a loader,
 * since that is what packages export under that name.
 */
function standIn(name: string): unknown {
  const target = function standInFunction() {};
  const proxy: object = new Proxy(target, {
    get(t, key) {
      if (key === "prototype") return t.prototype;
      if (key === Symbol.toPrimitive) return () => name;
      // Not a promise, not iterable: `await` and spreads see a plain object.
      if (typeof key === "symbol" || key === "then" || key === "__esModule") return undefined;
      if (key === "loader") return `${EXAMPLE_DIR}/node_modules/${name}/loader.js`;
      return standIn(`${name}.${key}`);
    },
    apply: () => standIn(`${name}()`),
    construct: () => {
      const plugin = { apply(_compiler: unknown) {}, standIn: name };
      standIns.add(plugin);
      return plugin;
    },
  });
  standIns.add(proxy);
  return proxy;
}

/** The `require` an example sees: Node's `path` and `url`, stand-ins for the rest, and a `resolve` that answers a path. */
function exampleRequire(): NodeJS.Require {
  const require = ((id: string) => (Object.hasOwn(REAL_MODULES, id) ? REAL_MODULES[id] : standIn(id))) as NodeJS.Require;
  const resolve = ((id: string) =>
    id.startsWith(".") || id.startsWith("/") ? nodePath.resolve(EXAMPLE_DIR, id) : `${EXAMPLE_DIR}/node_modules/${id}/index.js`) as NodeJS.RequireResolve;
  resolve.paths = () => [`${EXAMPLE_DIR}/node_modules`];
  require.resolve = resolve;
  return require;
}

/** True when the code is an ES module (`import …` or `export …` at the start of a line). */
function isModule(code: string): boolean {
  return /^\s*(?:import\s*[\w{*"']|export\s)/m.test(code);
}

/** ES module or TypeScript code as CommonJS (esbuild), with `import.meta` answered for the pretend folder. */
function toCommonJs(code: string, filename: string, typescript: boolean): string {
  const file = `${EXAMPLE_DIR}/webpack.config.mjs`;
  return transformSync(code, {
    format: "cjs",
    loader: typescript ? "ts" : "js",
    sourcefile: filename,
    logLevel: "silent",
    define: {
      "import.meta.url": JSON.stringify(nodeUrl.pathToFileURL(file).href),
      "import.meta.dirname": JSON.stringify(EXAMPLE_DIR),
      "import.meta.filename": JSON.stringify(file),
    },
  }).code;
}

/** The `console` an example sees: what it logs is not the test's output. */
const QUIET_CONSOLE = new Proxy(console, {
  get: (target, key) => (typeof target[key as keyof Console] === "function" ? () => {} : target[key as keyof Console]),
});

/** Code that is not valid JavaScript: it does not compile. */
export class ExampleSyntaxError extends Error {}

/** Compiles an example's code into a function of the names a configuration file sees. */
function compile(code: string, filename: string, line: number, options: RunOptions): (...args: unknown[]) => void {
  try {
    const source = options.typescript || isModule(code) ? toCommonJs(code, filename, options.typescript === true) : code;
    // A native ES module has no __filename or __dirname; a file compiled to CommonJS (ts-node, Babel) has them.
    const names = options.nativeModule ? "exports, require, module, process, console" : "exports, require, module, process, console, __filename, __dirname";
    return new vm.Script(`(function (${names}) {${source}\n})`, { filename, lineOffset: line }).runInThisContext() as (...args: unknown[]) => void;
  } catch (error) {
    throw new ExampleSyntaxError((error as Error).message.split("\n")[0]);
  }
}

/** How an example's file is loaded. */
export interface RunOptions {
  /** The code is TypeScript (`webpack.config.ts`). */
  typescript?: boolean;
  /** The file is loaded as a native ES module (`.mjs`, `.mts`): no `__dirname` or `__filename`. */
  nativeModule?: boolean;
}

/**
 * Runs an example's code and returns what it exports: `module.exports`, or
 * an ES module's default export. `filename` and `line` name the code in
 * stack traces and syntax errors; TypeScript is compiled first. Code that
 * does not compile throws an {@link ExampleSyntaxError}; otherwise it throws
 * what the code throws.
 */
export function runExample(code: string, filename: string, line: number, options: RunOptions = {}): unknown {
  const esm = isModule(code);
  const run = compile(code, filename, line, options);
  const module = { exports: {} as unknown };
  const fakeProcess = Object.create(process, { env: { value: { ...process.env }, enumerable: true } });
  run.call(module.exports, module.exports, exampleRequire(), module, fakeProcess, QUIET_CONSOLE, `${EXAMPLE_DIR}/webpack.config.js`, EXAMPLE_DIR);
  const exported = module.exports as { default?: unknown; __esModule?: boolean };
  return esm ? exported.default : exported;
}

/**
 * What webpack-cli makes of an export: a function is called with
 * `(env = {}, argv = { mode: "production" })`, a promise is awaited, and
 * each function of an array is resolved the same way.
 */
export async function resolveExport(exported: unknown): Promise<unknown> {
  const one = async (value: unknown): Promise<unknown> => {
    let result = await value;
    if (typeof result === "function" && !isStandIn(result)) result = await result({}, { mode: "production" });
    return result;
  };
  const value = await one(exported);
  return Array.isArray(value) ? Promise.all(value.map(one)) : value;
}
