import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import * as v from "valibot";
import { configJsonSchema, CONFIG_SCHEMA_FILE } from "../scripts/config-schema.ts";
import { configSchema, DEFAULT_SETTINGS, loadSettings, resolveSettings } from "../src/context/config.ts";
import { ConfigError } from "../src/report/errors.ts";

function errorOf(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

test("no config gives the defaults, which describe the webpack site", () => {
  const settings = resolveSettings({});
  assert.equal(settings, DEFAULT_SETTINGS);
  assert.is(settings.baseUrl, "https://webpack.js.org");
  assert.equal(
    settings.languages.map((l) => l.title),
    ["English", "中文", "한국어"],
  );
  assert.equal(settings.versions, ["5", "4"]);
  assert.is(settings.defaultVersion, "5");
  assert.is(settings.analytics.trackingId, "");
});

test("user values override defaults key by key and the trailing slash of baseUrl is dropped", () => {
  const settings = resolveSettings({ baseUrl: "https://docs.example.org/", analytics: { trackingId: "G-123" } });
  assert.is(settings.baseUrl, "https://docs.example.org");
  assert.is(settings.analytics.trackingId, "G-123");
  assert.is(settings.search.provider, "local");
  assert.is(DEFAULT_SETTINGS.analytics.trackingId, "", "defaults are not mutated");
});

test("an unknown key is named, with its full path", () => {
  assert.match(errorOf(() => resolveSettings({ serach: {} })).message, '"serach" is not a known setting');
  assert.match(errorOf(() => resolveSettings({ search: { engine: "x" } })).message, '"search.engine" is not a known setting');
});

test("a wrong type names the key and both types", () => {
  assert.match(errorOf(() => resolveSettings({ versions: "5" })).message, '"versions" must be an array, got string');
  assert.match(
    errorOf(() => resolveSettings({ languages: [{ title: 1, lang: "en", url: "https://x.org" }] })).message,
    '"languages[0].title" must be a string',
  );
});

test("cross-key rules: default version listed, URLs absolute, docsearch complete", () => {
  assert.match(errorOf(() => resolveSettings({ defaultVersion: "6" })).message, '"defaultVersion" must be one of versions');
  assert.match(errorOf(() => resolveSettings({ baseUrl: "webpack.js.org" })).message, '"baseUrl" must be an absolute');
  assert.match(errorOf(() => resolveSettings({ search: { provider: "docsearch", appId: "A" } })).message, '"search.apiKey" is required');
  assert.match(errorOf(() => resolveSettings({ search: { provider: "algolia" } })).message, '"search.provider" must be');
});

test("loadSettings reads docs-build.config.json when present and names the file in errors", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-build-config-"));
  try {
    assert.equal(await loadSettings(dir), DEFAULT_SETTINGS, "absent file: defaults");
    fs.writeFileSync(path.join(dir, "docs-build.config.json"), JSON.stringify({ name: "Bundler" }));
    assert.is((await loadSettings(dir)).name, "Bundler");
    fs.writeFileSync(path.join(dir, "docs-build.config.json"), "{ name: ");
    const error = await loadSettings(dir).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.instance(error, ConfigError);
    assert.match((error as Error).message, "docs-build.config.json");
    assert.match((error as Error).message, "is not valid JSON");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("an array where a group of settings belongs is a wrong type, and a missing key of a list item is named", () => {
  assert.match(errorOf(() => resolveSettings({ search: [] })).message, '"search" must be an object, got array');
  assert.match(errorOf(() => resolveSettings([])).message, '"(file)" must be an object, got array');
  assert.match(errorOf(() => resolveSettings({ languages: [{ title: "English", lang: "en" }] })).message, '"languages[0].url" is required');
  assert.match(
    errorOf(() => resolveSettings({ sponsors: { thresholds: { monthly: { gold: 5000 } } } })).message,
    '"sponsors.thresholds.monthly" must not increase',
  );
});

test("errors of a config file give the line and column of the offending value, or of an unknown key", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-build-config-"));
  const file = path.join(dir, "docs-build.config.json");
  const failure = async (text: string) => {
    fs.writeFileSync(file, text);
    return (await loadSettings(dir).then(
      () => undefined,
      (e: unknown) => e,
    )) as ConfigError;
  };
  try {
    let error = await failure('{\n  "name": "Bundler",\n  "versions": "5"\n}\n');
    assert.instance(error, ConfigError);
    assert.equal(error.place, { line: 3, column: 15 });
    assert.match(error.message, /docs-build\.config\.json:3:15: "versions" must be an array, got string/);
    error = await failure('{\n  "search": {\n    "provider": "docsearch",\n    "engine": "x"\n  }\n}\n');
    assert.match(error.message, /:4:5: "search\.engine" is not a known setting\. Known keys here: provider, appId, apiKey, indexName, precacheBudget\./);
    error = await failure('{\n  "redirects": [\n    { "from": "/a/#b", "to": "/c" }\n  ]\n}\n');
    assert.match(error.message, /:3:30: "redirects\[0\]\.to" must be a page path with a trailing slash/);
    error = await failure('{\n  "versions": ["5"],\n  "defaultVersion": "6"\n}\n');
    assert.match(error.message, /:3:21: "defaultVersion" must be one of versions \(5\)/);
    error = await failure('{\n  "name": "a",\n  "baseUrl": \n}\n');
    assert.match(error.message, /docs-build\.config\.json:4:1: "\(file\)" is not valid JSON: value expected at line 4, column 1/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("a config may name its JSON Schema with $schema; the settings do not carry it", () => {
  const settings = resolveSettings({ $schema: "./node_modules/docs-build/docs-build.config.schema.json", name: "Bundler" });
  assert.is(settings.name, "Bundler");
  assert.not.ok("$schema" in settings);
  assert.match(errorOf(() => resolveSettings({ $schema: 1 })).message, '"$schema" must be a string, got number');
});

test("the committed JSON Schema is the one scripts/config-schema.ts generates", () => {
  assert.fixture(fs.readFileSync(CONFIG_SCHEMA_FILE, "utf8"), configJsonSchema(), "run `npm run config-schema` and commit docs-build.config.schema.json");
});

interface JsonSchemaNode {
  type?: string;
  properties?: Record<string, JsonSchemaNode>;
  items?: JsonSchemaNode;
  additionalProperties?: boolean;
  enum?: string[];
  default?: unknown;
}

test("a wrong type is refused by the valibot schema and described by the JSON Schema", () => {
  const schema = JSON.parse(configJsonSchema()) as JsonSchemaNode;
  const wrong = { versions: "5", sponsors: { latest: "six" } };
  const issues = v.safeParse(configSchema, wrong).issues ?? [];
  assert.equal(
    issues.map((issue) => v.getDotPath(issue)),
    ["versions", "sponsors.latest"],
  );
  assert.is(schema.properties!.versions.type, "array", "versions is an array in the JSON Schema");
  assert.is(schema.properties!.versions.items!.type, "string");
  assert.is(typeof wrong.versions, "string", "so a string there is refused by both");
  assert.is(schema.properties!.sponsors.properties!.latest.type, "number");
  assert.is(schema.additionalProperties, false, "unknown keys are refused by both");
  assert.ok(schema.properties!.$schema, "$schema is a known key");
  assert.equal(schema.properties!.search.properties!.provider.enum, ["local", "docsearch"]);
  assert.equal(schema.properties!.versions.default, DEFAULT_SETTINGS.versions, "the defaults are documented");
  for (const key of Object.keys(DEFAULT_SETTINGS)) assert.ok(schema.properties![key], `${key} is described`);
});

test.run();
