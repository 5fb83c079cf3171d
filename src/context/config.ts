import fs from "node:fs/promises";
import path from "node:path";
import * as v from "valibot";
import { jsonLocator, parseJson } from "../data-files/json-text.ts";
import { formatPath, isKeyIssue, isUrl, issuePath, jsonObject, objectMessage } from "../data-files/problems.ts";
import { ConfigError } from "../report/errors.ts";
import { EN } from "../shared/messages/index.ts";
import { DEFAULT_FOOTER, DEFAULT_NOTIFICATION, TEXT_KEYS, type ChromeTexts } from "../shared/site-chrome.ts";

/** The file name of the optional site config at the project root. */
export const CONFIG_FILE = "docs-build.config.json";

/** The JSON type of a value as messages name it: `array`, `null`, `string`. */
function jsonType(value: unknown): string {
  return Array.isArray(value) ? "array" : value === null ? "null" : typeof value;
}

/** `must be a string, got number`. */
const mustBe = (expected: string) => (issue: v.BaseIssue<unknown>) => `must be ${expected}, got ${jsonType(issue.input)}.`;

const text = (fallback: string, description: string) => v.optional(v.pipe(v.string(mustBe("a string")), v.description(description)), fallback);
const optionalText = (description: string) => v.optional(v.pipe(v.string(mustBe("a string")), v.description(description)));
const list = <S extends v.GenericSchema>(item: S, fallback: v.InferInput<S>[], description: string) =>
  v.optional(v.pipe(v.array(item, mustBe("an array")), v.description(description)), fallback);
const amount = (fallback: number) => v.optional(v.number(mustBe("a number")), fallback);

/**
 * A group of settings: an object whose keys are all known. An unknown key
 * names the keys there are; an array is refused like any other wrong type.
 */
function group<E extends v.ObjectEntries>(entries: E, description: string) {
  const known = Object.keys(entries).filter((key) => key !== "$schema");
  const message = objectMessage(known, {
    type: mustBe("an object"),
    required: Object.fromEntries(known.map((key) => [key, "is required."])),
    unknown: () => `is not a known setting. Known keys here: ${known.join(", ")}.`,
  });
  return v.pipe(jsonObject(v.strictObject(entries, message)), v.description(description));
}

/** A check on an object that reports at one of its keys. */
function checkAt<T>(key: string, holds: (value: T) => boolean, message: string | ((value: T) => string)) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed || holds(dataset.value)) return;
    const value = (dataset.value as Record<string, unknown>)[key];
    addIssue({
      message: typeof message === "string" ? message : message(dataset.value),
      path: [{ type: "object", origin: "value", input: dataset.value as Record<string, unknown>, key, value }],
    });
  });
}

const absoluteUrl = (message: string) => v.pipe(v.string(mustBe("a string")), v.check(isUrl, message));

const rankAmounts = (defaults: { platinum: number; gold: number; silver: number; bronze: number; backer: number }, description: string) =>
  v.optional(
    v.pipe(
      group(
        {
          platinum: amount(defaults.platinum),
          gold: amount(defaults.gold),
          silver: amount(defaults.silver),
          bronze: amount(defaults.bronze),
          backer: amount(defaults.backer),
        },
        description,
      ),
      v.check(
        (t) => t.platinum >= t.gold && t.gold >= t.silver && t.silver >= t.bronze && t.bronze >= t.backer && t.backer >= 0,
        "must not increase from platinum down to backer, and must not be negative.",
      ),
    ),
    {},
  );

/** A budget in gzipped bytes: a whole, non-negative number. */
const byteBudget = (fallback: number, description: string) =>
  v.optional(
    v.pipe(v.number(mustBe("a number")), v.integer("must be a whole number of bytes."), v.minValue(0, "must not be negative."), v.description(description)),
    fallback,
  );

/** The words a URL template's placeholders stand for, in its messages. */
const PLACEHOLDERS: Record<string, string> = { path: "{path}, where the page's file goes", from: "{from} and {to}, the two commits compared", to: "" };

/** A link to the code host, written with `{placeholders}` that are filled in per page; `needs` are those it must contain. */
const urlTemplate = (fallback: string, needs: readonly string[], description: string) =>
  v.optional(
    v.pipe(
      v.string(mustBe("a string")),
      v.check(
        (url) => needs.every((key) => url.includes(`{${key}}`)),
        `must contain ${needs
          .map((key) => PLACEHOLDERS[key])
          .filter(Boolean)
          .join("; ")}.`,
      ),
      v.description(description),
    ),
    fallback,
  );

/** Search: the built-in index by default, or a hosted DocSearch application. */
const searchGroup = group(
  {
    provider: v.optional(v.picklist(["local", "docsearch"], 'must be "local" or "docsearch".'), "local"),
    appId: text("", "DocSearch application id."),
    apiKey: text("", "DocSearch search-only API key."),
    indexName: text("", "DocSearch index name."),
    precacheBudget: byteBudget(
      1_000_000,
      "Gzipped bytes up to which the service worker precaches every part of the built-in index on a reader's first visit; past it, parts are cached as searches load them.",
    ),
  },
  "Search: the built-in index, or a hosted DocSearch application.",
);

/** A regular expression written in the config, checked to compile. */
const pattern = (fallback: string, description: string) =>
  v.optional(
    v.pipe(
      v.string(mustBe("a string")),
      v.check((source) => {
        try {
          new RegExp(source);
          return true;
        } catch {
          return false;
        }
      }, "must be a valid regular expression."),
      v.description(description),
    ),
    fallback,
  );

/** One schema of options that configuration examples are read against. */
const optionSchema = group(
  {
    schema: v.pipe(
      v.string(mustBe("a string")),
      v.regex(/^(?:@[^/\s]+\/)?[^/\s]+\/.+\.json$/, 'must be a JSON file of a package, such as "webpack/schemas/WebpackOptions.json".'),
      v.description("The schema's JSON file, as a package name and a path in it, resolved from the project."),
    ),
    at: text("", 'The option it applies under, dotted ("devServer"); "" for the whole configuration.'),
    pages: list(
      v.string(mustBe("a string")),
      [],
      'The reference pages whose headings document its options, as paths under the content folder: a page ("configuration/dev-server.md") or a folder ("configuration/").',
    ),
    names: v.optional(
      v.pipe(
        v.record(v.string(), v.string(mustBe("a string")), mustBe("an object")),
        v.description('The names the reference gives the objects of some definitions: { "RuleSetRule": "Rule" } makes a rule\'s test Rule.test.'),
      ),
      {},
    ),
  },
  "A schema of options.",
);

/** The webpack site's schemas: webpack's own, and webpack-dev-server's under `devServer`. */
const DEFAULT_OPTION_SCHEMAS: v.InferInput<typeof optionSchema>[] = [
  {
    schema: "webpack/schemas/WebpackOptions.json",
    at: "",
    pages: ["configuration/", "plugins/split-chunks-plugin.md"],
    names: { RuleSetRule: "Rule", RuleSetUseItem: "UseEntry" },
  },
  { schema: "webpack-dev-server/lib/options.json", at: "devServer", pages: ["configuration/dev-server.md"], names: {} },
];

/** Configuration examples whose keys link to the reference. */
const configExamplesGroup = group(
  {
    titles: pattern(
      "(?:^|/)webpack(?:\\.[\\w-]+)*\\.[cm]?[jt]s$",
      "A regular expression of the code-block titles that make a block a configuration example; a block without a title counts when it exports an object using a top-level option.",
    ),
    migration: list(
      v.string(mustBe("a string")),
      ["migrate/"],
      "Pages (or folders) under the content folder whose examples may show deprecated options without a warning.",
    ),
    schemas: list(optionSchema, DEFAULT_OPTION_SCHEMAS, 'The schemas of options, the first for the whole configuration (its `at` is "").'),
  },
  "Configuration examples: each option key becomes a link to its reference section, with its description, type and default on hover or focus.",
);

/** What each of the config's `texts` is. */
const TEXT_DESCRIPTIONS: Record<keyof ChromeTexts, string> = {
  searchPlaceholder: "The search box's placeholder and label.",
  versionLabel: "The version selector's label, for screen readers.",
  codeHostLabel: "The label of the header's code-host icon link.",
  socialLabel: "The label of the header's social icon link.",
  questionsLabel: "The label of the header's questions icon link.",
  voteIntro: "The vote page's introduction.",
  voteDescription: "The vote page's description, for search engines and link previews.",
  blogDescription: "The blog's description in its RSS and Atom feeds.",
};

/** An address with no slash at its end, so a site path can follow it (`https://webpack.js.org` + `/guides/`). */
const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, "");

/** The keys of the config and their defaults, before the checks across keys. */
const settingsGroup = group(
  {
    $schema: v.optional(v.pipe(v.string(mustBe("a string")), v.description("The JSON Schema of this file, for editors."))),
    name: text("webpack", "Site name, used in titles."),
    baseUrl: v.optional(
      v.pipe(
        absoluteUrl("must be an absolute http(s) URL, such as https://webpack.js.org."),
        v.transform(withoutTrailingSlash),
        v.description("Absolute base URL for canonical links."),
      ),
      "https://webpack.js.org",
    ),
    description: text(
      "webpack is a module bundler. Its main purpose is to bundle JavaScript files for usage in a browser, yet it is also capable of transforming, bundling, or packaging just about any resource or asset.",
      "Description used where a page has none.",
    ),
    repository: v.optional(
      v.pipe(
        v.string(mustBe("a string")),
        v.regex(/^[\w.-]+\/[\w.-]+$/, 'must be "owner/name".'),
        v.description('Code-host repository ("owner/name") whose files "Edit this page" opens.'),
      ),
      "webpack/webpack.js.org",
    ),
    branch: text("main", 'Branch whose files "Edit this page" opens.'),
    languages: list(
      group(
        {
          title: v.string(mustBe("a string")),
          lang: v.pipe(
            v.string(mustBe("a string")),
            v.check((tag) => {
              try {
                return Intl.getCanonicalLocales(tag).length === 1;
              } catch {
                return false;
              }
            }, 'must be a language tag, such as "en", "zh" or "pt-BR".'),
          ),
          url: v.pipe(absoluteUrl("must be an absolute http(s) URL."), v.transform(withoutTrailingSlash)),
          content: v.optional(
            v.pipe(
              v.string(mustBe("a string")),
              v.description(
                'The folder of this language\'s pages, from the project root, mirroring the content folder ("i18n/zh"); docs-build builds the language from it, under /<lang>/ of the site, or alone with --locale. Default: i18n/<lang> when the project has that folder; without one the language is another site, only linked to.',
              ),
            ),
          ),
          dir: v.optional(v.pipe(v.picklist(["ltr", "rtl"], 'must be "ltr" or "rtl".'), v.description("The language's writing direction.")), "ltr"),
        },
        "A language of the site: one docs-build builds from its own folder, or a translated site offered in the language dropdown.",
      ),
      [
        { title: "English", lang: "en", url: "https://webpack.js.org" },
        { title: "中文", lang: "zh", url: "https://webpack.docschina.org" },
        { title: "한국어", lang: "ko", url: "https://webpack.kr" },
      ],
      "The site's languages, offered in the language dropdown: the default one, those built from a folder of their own (content), and translated sites elsewhere.",
    ),
    defaultLanguage: text("en", "The language tag of the site's own pages (the content folder); it must be one of languages."),
    versions: v.optional(
      v.pipe(
        v.array(v.string(mustBe("a string")), mustBe("an array")),
        v.minLength(1, "must list at least one version."),
        v.description("Versions offered by the version selector, newest first."),
      ),
      ["5", "4"],
    ),
    defaultVersion: text("5", "This site's version; one of versions."),
    serve: v.optional(
      group(
        {
          allowedHosts: list(
            v.string(mustBe("a string")),
            [],
            "Host names besides localhost, 127.0.0.1 and [::1] that the dev server answers to (a name pointed at this machine, say); --allowed-hosts adds more.",
          ),
        },
        "The dev server (docs-build serve).",
      ),
      {},
    ),
    pageTimeout: v.optional(
      v.pipe(
        v.number(mustBe("a number")),
        v.minValue(0, "must not be negative."),
        v.description(
          "Seconds one page may take to process before it is stopped and reported (page-timeout), so no page can hold a build; 0 means no budget. --page-timeout overrides it.",
        ),
      ),
      10,
    ),
    analytics: v.optional(group({ trackingId: text("", "Analytics tracking id; empty means no analytics at all.") }, "Analytics."), {}),
    search: v.optional(
      v.pipe(
        searchGroup,
        ...(["appId", "apiKey", "indexName"] as const).map((key) =>
          checkAt<v.InferOutput<typeof searchGroup>>(
            key,
            (s) => s.provider !== "docsearch" || s[key] !== "",
            'is required when search.provider is "docsearch".',
          ),
        ),
      ),
      {},
    ),
    offline: v.optional(
      group(
        {
          precacheBudget: byteBudget(
            5_000_000,
            "Gzipped bytes up to which the service worker saves every page's content for offline reading once a page is idle; past it, it saves the pages of the section being read, up to the same budget.",
          ),
        },
        "Offline reading: what the service worker saves ahead of a reader's visits.",
      ),
      {},
    ),
    printable: list(
      v.string(mustBe("a string")),
      ["api", "concepts", "configuration", "contribute", "guides", "loaders", "migrate", "plugins"],
      "Top-level sections that get a printable page (/<section>/printable/) of all their pages, linked from each of them.",
    ),
    heroWords: list(v.string(mustBe("a string")), ["assets", "scripts", "images", "styles"], "The words the landing page's hero cycles through."),
    logo: text("", "An SVG file, from the project root, drawn as the header's logo and as the site's icons; \"\" draws the built-in logo."),
    footer: list(
      group({ title: v.string(mustBe("a string")), url: v.string(mustBe("a string")) }, "A footer link: its words and where it goes."),
      DEFAULT_FOOTER,
      "The footer's links, in order.",
    ),
    notification: v.optional(
      v.nullable(
        group(
          {
            text: v.pipe(v.string(mustBe("a string")), v.description("Plain text; [words](/path/) makes a link.")),
            version: v.pipe(v.string(mustBe("a string")), v.description("Readers who dismissed the notice see it again once this changes.")),
          },
          "A notice shown above every page until the reader dismisses it; null for none.",
        ),
      ),
      DEFAULT_NOTIFICATION,
    ),
    texts: v.optional(
      group(
        Object.fromEntries(
          Object.entries(TEXT_KEYS).map(([key, message]) => [
            key,
            optionalText(`${TEXT_DESCRIPTIONS[key as keyof ChromeTexts]} Default: the catalogue's; in English, "${EN[message]}".`),
          ]),
        ) as unknown as { [K in keyof ChromeTexts]: ReturnType<typeof optionalText> },
        "Texts of the chrome that name the project, in the site's default language (other languages' come from their message catalogue); {name} stands for the site's name.",
      ),
      {},
    ),
    editUrl: urlTemplate(
      "https://github.com/{repository}/edit/{branch}/{path}",
      ["path"],
      'The "Edit this page" link of a page: {repository}, {branch} and {path} (the page\'s file from the project root) are filled in. A GitLab site, say: https://gitlab.com/{repository}/-/edit/{branch}/{path}.',
    ),
    compareUrl: urlTemplate(
      "https://github.com/{repository}/compare/{from}...{to}",
      ["from", "to"],
      "The link that shows what changed in a translated page's source since the commit it translates (docs-build translations): {repository}, {from}, {to} and {path} (the source page's file from the project root) are filled in. A GitLab site, say: https://gitlab.com/{repository}/-/compare/{from}...{to}.",
    ),
    historyUrl: urlTemplate(
      "https://github.com/{repository}/commits/{branch}/{path}",
      ["path"],
      "The link to a page's history of commits (docs-build translations, for the source of an outdated or missing translation): {repository}, {branch} and {path} (the page's file from the project root) are filled in.",
    ),
    examplesUrl: text(
      "https://stackblitz.com/github/webpack/webpack.js.org/tree/main/examples/",
      "The online editor's address that <StackBlitzPreview example=\"name\"> opens, the example's name appended.",
    ),
    configExamples: v.optional(
      v.nullable(
        v.pipe(
          configExamplesGroup,
          checkAt<v.InferOutput<typeof configExamplesGroup>>(
            "schemas",
            (c) => c.schemas.length === 0 || c.schemas[0].at === "",
            'must start with the schema of the whole configuration (at "").',
          ),
        ),
      ),
      {},
    ),
    llms: v.optional(
      v.pipe(
        v.boolean(mustBe("true or false")),
        v.description(
          "Writes the files for language models: llms.txt, llms-full.txt and its section files, and a markdown copy of each page (index.md, which the Copy page button copies). false leaves them all out, and the button with them.",
        ),
      ),
      true,
    ),
    sections: list(
      v.string(mustBe("a string")),
      ["concepts", "configuration", "guides", "loaders", "plugins", "migrate", "api", "contribute", "blog"],
      "The top-level sections, in order: those named here lead the site order and previous/next, and make the section sub-navigation (but the blog); other folders follow in name order and stay out of the sub-navigation.",
    ),
    links: v.optional(
      group(
        {
          codeHost: text("https://github.com/webpack/webpack", "The code-host icon link."),
          social: text("https://twitter.com/webpack", "The social icon link."),
          questions: text("https://stackoverflow.com/questions/tagged/webpack", "The questions icon link."),
        },
        "Icon links in the header.",
      ),
      {},
    ),
    contributors: v.optional(
      group(
        {
          exclude: list(
            v.string(mustBe("a string")),
            [
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
            "Contributor handles never shown in the contributors grid.",
          ),
        },
        "Contributors.",
      ),
      {},
    ),
    redirects: list(
      group(
        {
          from: v.pipe(
            v.string(mustBe("a string")),
            v.regex(/^\/[^#]*\/#.+$/, 'must be a page path with a hash, such as "/configuration/other-options/#cache".'),
          ),
          to: v.pipe(v.string(mustBe("a string")), v.regex(/^\/([^#]*\/)?$/, 'must be a page path with a trailing slash, such as "/configuration/cache/".')),
        },
        "An old anchor (path and hash) that moved to another page.",
      ),
      [{ from: "/configuration/other-options/#cache", to: "/configuration/cache/" }],
      "Old anchors that moved to another page; followed in the browser, keeping the hash.",
    ),
    sponsors: v.optional(
      group(
        {
          thresholds: v.optional(
            group(
              {
                monthly: rankAmounts({ platinum: 2000, gold: 500, silver: 100, bronze: 25, backer: 1 }, "Minimum monthly amounts (US dollars) of each rank."),
                total: rankAmounts({ platinum: 20000, gold: 5000, silver: 1000, bronze: 250, backer: 1 }, "Minimum total amounts (US dollars) of each rank."),
              },
              "The minimum amount of each sponsor rank, per view.",
            ),
            {},
          ),
          latest: v.optional(v.pipe(v.number(mustBe("a number")), v.description('How many newest sponsors "latest" shows.')), 6),
        },
        "Sponsor ranks.",
      ),
      {},
    ),
  },
  "Settings of a docs-build site. Every key is optional; the defaults describe the webpack documentation site.",
);

/**
 * The schema of `docs-build.config.json`: every key is optional and has a
 * default that describes the webpack documentation site itself.
 */
export const configSchema = v.pipe(
  settingsGroup,
  checkAt<v.InferOutput<typeof settingsGroup>>(
    "defaultLanguage",
    (s) => s.languages.length === 0 || s.languages.some((language) => language.lang === s.defaultLanguage),
    (s) => `must be one of languages (${s.languages.map((language) => language.lang).join(", ")}).`,
  ),
  checkAt<v.InferOutput<typeof settingsGroup>>(
    "defaultVersion",
    (s) => s.versions.includes(s.defaultVersion),
    (s) => `must be one of versions (${s.versions.join(", ")}).`,
  ),
  // The JSON Schema link is for editors; the build has no use for it.
  v.transform(({ $schema: _schema, ...settings }) => settings),
);

/** Resolved site settings; every key has a default that describes this site. */
export type Settings = v.InferOutput<typeof configSchema>;

/** A translated site offered in the language dropdown. */
export type LanguageSetting = Settings["languages"][number];

/** The defaults: the webpack documentation site itself. */
export const DEFAULT_SETTINGS: Settings = v.parse(configSchema, {});

/** The languages built from a folder of their own, besides the default language (pure). */
export function translatedLanguages(settings: Pick<Settings, "languages" | "defaultLanguage">): string[] {
  return settings.languages.filter((l) => l.content && l.lang !== settings.defaultLanguage).map((l) => l.lang);
}

/**
 * Resolves settings from a parsed config object (pure): defaults, then the
 * user's values, then the checks that cross keys. The first problem throws a
 * ConfigError naming the key; `file` names the source, and `text` (the
 * file's JSON) places the offending value at its line and column.
 */
export function resolveSettings(raw: unknown, file = CONFIG_FILE, text?: string): Settings {
  const result = v.safeParse(configSchema, raw ?? {});
  if (result.success) return result.output;
  const issue = result.issues[0];
  const at = issuePath(issue);
  throw new ConfigError(file, formatPath(at), issue.message, text === undefined ? undefined : jsonLocator(text)(at, { key: isKeyIssue(issue) }));
}

/**
 * Loads `docs-build.config.json` from `root` when it exists (it is optional)
 * and resolves it; a JSON syntax error names the file, line and column.
 */
export async function loadSettings(root: string, configPath?: string): Promise<Settings> {
  const file = configPath ? path.resolve(configPath) : path.join(root, CONFIG_FILE);
  const display = path.relative(process.cwd(), file) || file;
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" && !configPath) return withLanguageFolders(resolveSettings({}), root);
    throw new ConfigError(display, "(file)", `cannot be read: ${(error as Error).message}`);
  }
  const parsed = parseJson(text);
  if (!parsed.ok) throw new ConfigError(display, "(file)", `is not valid JSON: ${parsed.reason}`, parsed.place);
  const settings = resolveSettings(parsed.data, display, text);
  if (settings.logo)
    await checkLogo(path.resolve(root, settings.logo), (detail) => new ConfigError(display, "logo", detail, jsonLocator(text)(["logo"], { key: false })));
  return withLanguageFolders(settings, root);
}

/** Where a language's pages are by convention, from the project root, when its languages entry names no folder. */
export const LANGUAGE_FOLDER = "i18n";

/**
 * The settings with each language's folder found by convention (see
 * {@link LANGUAGE_FOLDER}): a language other than the default whose entry
 * names no `content`, and for which `i18n/<lang>` is a folder of the
 * project, is built from it.
 */
async function withLanguageFolders(settings: Settings, root: string): Promise<Settings> {
  const languages = await Promise.all(
    settings.languages.map(async (language) => {
      if (language.content || language.lang === settings.defaultLanguage) return language;
      const folder = `${LANGUAGE_FOLDER}/${language.lang}`;
      const isFolder = await fs.stat(path.join(root, folder)).then(
        (stat) => stat.isDirectory(),
        () => false,
      );
      return isFolder ? { ...language, content: folder } : language;
    }),
  );
  return { ...settings, languages };
}

/** Throws the error `fail` makes unless `file` is an SVG file, so a build never starts with a logo it cannot draw. */
async function checkLogo(file: string, fail: (detail: string) => Error): Promise<void> {
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch (error) {
    throw fail(
      `names a file that cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): ${file}. Point it at an SVG file, from the project root, or remove it for the built-in logo.`,
    );
  }
  if (!/<svg[\s>]/.test(text)) throw fail(`names a file that is not an SVG image: ${file}. The logo must be an SVG file.`);
}
