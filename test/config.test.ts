import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DEFAULT_SETTINGS, loadSettings, resolveSettings } from "../src/config.ts";
import { ConfigError } from "../src/errors.ts";

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
  assert.equal(settings.languages.map((l) => l.title), ["English", "中文", "한국어"]);
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
  assert.match(errorOf(() => resolveSettings({ languages: [{ title: 1, lang: "en", url: "https://x.org" }] })).message, '"languages[0].title" must be a string');
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
    const error = await loadSettings(dir).then(() => undefined, (e: unknown) => e);
    assert.instance(error, ConfigError);
    assert.match((error as Error).message, "docs-build.config.json");
    assert.match((error as Error).message, "is not valid JSON");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
