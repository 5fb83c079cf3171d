import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { JsonSchema } from "../../src/markdown/option-schema.ts";

/**
 * The webpack packages the documentation is checked against: the exact
 * versions pinned in package.json's devDependencies, as installed. Only the
 * tests use them.
 */

const require = createRequire(import.meta.url);

/** The package.json of each package, resolved here by name so the dependency is plain to see (and to knip). */
const MANIFESTS = {
  webpack: require.resolve("webpack/package.json"),
  "webpack-cli": require.resolve("webpack-cli/package.json"),
  "webpack-dev-server": require.resolve("webpack-dev-server/package.json"),
};

/** One of the packages the documentation is checked against. */
export type WebpackPackage = keyof typeof MANIFESTS;

/** The folder of an installed package. */
function packageDir(name: WebpackPackage): string {
  return path.dirname(MANIFESTS[name]);
}

/** The installed version of a package (`5.112.2`). */
export function installedVersion(name: WebpackPackage): string {
  return (JSON.parse(fs.readFileSync(path.join(packageDir(name), "package.json"), "utf8")) as { version: string }).version;
}

/** A JSON file of an installed package, read from its folder (webpack-dev-server does not export `lib/options.json`). */
export function packageJson<T>(name: WebpackPackage, file: string): T {
  return JSON.parse(fs.readFileSync(path.join(packageDir(name), file), "utf8")) as T;
}

/** A JSON schema as the tests walk it: the build's own reading of one. */
export type { JsonSchema };

/**
 * webpack-dev-server's options schema, and the `validate` of the very copy of
 * schema-utils webpack-dev-server itself loads (resolved from its folder).
 */
export function devServerValidation(): {
  schema: JsonSchema;
  validate: (schema: JsonSchema, options: unknown, config: { name: string; baseDataPath: string }) => void;
} {
  const schema = packageJson<JsonSchema>("webpack-dev-server", "lib/options.json");
  const fromDevServer = createRequire(path.join(packageDir("webpack-dev-server"), "package.json"));
  const { validate } = fromDevServer("schema-utils") as { validate: (schema: JsonSchema, options: unknown, config: object) => void };
  return { schema, validate };
}
