import fs from "node:fs/promises";
import path from "node:path";
import { ConfigError } from "./errors.ts";
import type { SponsorThresholds } from "./shared/sponsors.ts";
import { isHttpUrl } from "./shared/urls.ts";

/** The file name of the optional site config at the project root. */
export const CONFIG_FILE = "docs-build.config.json";

/** A translated site offered in the language dropdown. */
export interface LanguageSetting {
  title: string;
  lang: string;
  url: string;
}

/** Resolved site settings; every key has a default that describes this site. */
export interface Settings {
  /** Site name, used in titles. Default `webpack`. */
  name: string;
  /** Absolute base URL for canonical links. Default `https://webpack.js.org`. */
  baseUrl: string;
  /** Description used where a page has none. */
  description: string;
  /** Code-host repository (`owner/name`) and branch whose files "Edit this page" opens. */
  repository: string;
  branch: string;
  /** Translated sites: English, Chinese and Korean by default. */
  languages: LanguageSetting[];
  /** Versions offered by the version selector, newest first; `defaultVersion` is this site's. */
  versions: string[];
  defaultVersion: string;
  /** Analytics tracking id; empty (the default) means no analytics at all. */
  analytics: { trackingId: string };
  /** Search: the built-in index by default, or a hosted DocSearch application. */
  search: { provider: "local" | "docsearch"; appId: string; apiKey: string; indexName: string };
  /** Order of the top-level sections in navigation and in previous/next. */
  sections: string[];
  /** Icon links in the header. */
  links: { codeHost: string; social: string; questions: string };
  /** Contributor handles never shown in the contributors grid. */
  contributors: { exclude: string[] };
  /** Sponsor ranks: the minimum amount (US dollars) of each rank per view, and how many newest sponsors "latest" shows. */
  sponsors: { thresholds: SponsorThresholds; latest: number };
  /** Old anchors that moved to another page (`from` is path and hash); followed in the browser, keeping the hash. */
  redirects: Array<{ from: string; to: string }>;
}

/** The defaults: the webpack documentation site itself. */
export const DEFAULT_SETTINGS: Settings = {
  name: "webpack",
  baseUrl: "https://webpack.js.org",
  description:
    "webpack is a module bundler. Its main purpose is to bundle JavaScript files for usage in a browser, yet it is also capable of transforming, bundling, or packaging just about any resource or asset.",
  repository: "webpack/webpack.js.org",
  branch: "main",
  languages: [
    { title: "English", lang: "en", url: "https://webpack.js.org" },
    { title: "中文", lang: "zh", url: "https://webpack.docschina.org" },
    { title: "한국어", lang: "ko", url: "https://webpack.kr" },
  ],
  versions: ["5", "4"],
  defaultVersion: "5",
  analytics: { trackingId: "" },
  search: { provider: "local", appId: "", apiKey: "", indexName: "" },
  sections: ["concepts", "configuration", "guides", "loaders", "plugins", "migrate", "api", "contribute", "blog"],
  links: {
    codeHost: "https://github.com/webpack/webpack",
    social: "https://twitter.com/webpack",
    questions: "https://stackoverflow.com/questions/tagged/webpack",
  },
  contributors: {
    exclude: [
      "dependabot",
      "dependabot[bot]",
      "dependabot-preview[bot]",
      "renovate[bot]",
      "greenkeeper[bot]",
      "github-actions[bot]",
      "webpack-bot",
      "allcontributors[bot]",
      "snyk-bot",
    ],
  },
  redirects: [{ from: "/configuration/other-options/#cache", to: "/configuration/cache/" }],
  sponsors: {
    thresholds: {
      monthly: { platinum: 2000, gold: 500, silver: 100, bronze: 25, backer: 1 },
      total: { platinum: 20000, gold: 5000, silver: 1000, bronze: 250, backer: 1 },
    },
    latest: 6,
  },
};

function typeOf(value: unknown): string {
  return Array.isArray(value) ? "array" : value === null ? "null" : typeof value;
}

/**
 * Checks `raw` against the shape of `defaults`, key by key, and returns the
 * merged value. Unknown keys and wrong types throw a ConfigError naming the key.
 */
function merge(defaults: unknown, raw: unknown, key: string, file: string): unknown {
  const expected = typeOf(defaults);
  if (typeOf(raw) !== expected) throw new ConfigError(file, key, `must be ${expected === "array" ? "an array" : `a ${expected}`}, got ${typeOf(raw)}.`);
  if (expected === "array") {
    const sample = (defaults as unknown[])[0];
    return (raw as unknown[]).map((item, i) => merge(sample, item, `${key}[${i}]`, file));
  }
  if (expected !== "object") return raw;
  const base = defaults as Record<string, unknown>;
  const result: Record<string, unknown> = { ...base };
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    const full = key ? `${key}.${name}` : name;
    if (!(name in base)) throw new ConfigError(file, full, `is not a known setting. Known keys here: ${Object.keys(base).join(", ")}.`);
    result[name] = merge(base[name], value, full, file);
  }
  return result;
}

/**
 * Resolves settings from a parsed config object (pure): defaults, then the
 * user's values, then checks that cross keys. `file` names the source in errors.
 */
export function resolveSettings(raw: unknown, file = CONFIG_FILE): Settings {
  const settings = merge(DEFAULT_SETTINGS, raw ?? {}, "", file) as Settings;
  if (!isHttpUrl(settings.baseUrl)) throw new ConfigError(file, "baseUrl", "must be an absolute http(s) URL, such as https://webpack.js.org.");
  settings.baseUrl = settings.baseUrl.replace(/\/+$/, "");
  settings.languages.forEach((l, i) => {
    if (!isHttpUrl(l.url)) throw new ConfigError(file, `languages[${i}].url`, "must be an absolute http(s) URL.");
  });
  if (settings.versions.length === 0) throw new ConfigError(file, "versions", "must list at least one version.");
  if (!settings.versions.includes(settings.defaultVersion))
    throw new ConfigError(file, "defaultVersion", `must be one of versions (${settings.versions.join(", ")}).`);
  if (!["local", "docsearch"].includes(settings.search.provider))
    throw new ConfigError(file, "search.provider", 'must be "local" or "docsearch".');
  if (settings.search.provider === "docsearch")
    for (const k of ["appId", "apiKey", "indexName"] as const)
      if (!settings.search[k]) throw new ConfigError(file, `search.${k}`, 'is required when search.provider is "docsearch".');
  settings.redirects.forEach((r, i) => {
    if (!/^\/[^#]*\/#.+$/.test(r.from)) throw new ConfigError(file, `redirects[${i}].from`, 'must be a page path with a hash, such as "/configuration/other-options/#cache".');
    if (!/^\/([^#]*\/)?$/.test(r.to)) throw new ConfigError(file, `redirects[${i}].to`, 'must be a page path with a trailing slash, such as "/configuration/cache/".');
  });
  for (const view of ["monthly", "total"] as const) {
    const t = settings.sponsors.thresholds[view];
    if (!(t.platinum >= t.gold && t.gold >= t.silver && t.silver >= t.bronze && t.bronze >= t.backer && t.backer >= 0))
      throw new ConfigError(file, `sponsors.thresholds.${view}`, "must not increase from platinum down to backer, and must not be negative.");
  }
  if (!/^[\w.-]+\/[\w.-]+$/.test(settings.repository)) throw new ConfigError(file, "repository", 'must be "owner/name".');
  return settings;
}

/**
 * Loads `docs-build.config.json` from `root` when it exists (it is optional)
 * and resolves it; a JSON syntax error names the file and position.
 */
export async function loadSettings(root: string, configPath?: string): Promise<Settings> {
  const file = configPath ? path.resolve(configPath) : path.join(root, CONFIG_FILE);
  const display = path.relative(process.cwd(), file) || file;
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" && !configPath) return resolveSettings({});
    throw new ConfigError(display, "(file)", `cannot be read: ${(error as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(display, "(file)", `is not valid JSON: ${(error as Error).message}`);
  }
  return resolveSettings(raw, display);
}
