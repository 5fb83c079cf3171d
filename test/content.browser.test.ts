import fs from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { parse as parseYaml } from "yaml";
import { projectBuild } from "./helpers/project-site.ts";
import { TOOL_DIR } from "./helpers/temp-site.ts";

/**
 * The project's own documentation: every route the site promises exists, the
 * build passes with strict link and anchor checking, and every page has the
 * front matter readers and search engines rely on.
 */

/** Routes of the documentation, by section, with the `sort` each page must carry (undefined: none required). */
const ROUTES: Record<string, number | undefined> = {
  "/": -1,
  "/concepts/": undefined,
  "/concepts/entry-points/": 1,
  "/concepts/output/": 2,
  "/concepts/loaders/": 3,
  "/concepts/plugins/": 4,
  "/concepts/configuration/": 5,
  "/concepts/modules/": 6,
  "/concepts/module-resolution/": 7,
  "/concepts/module-federation/": 8,
  "/concepts/dependency-graph/": 9,
  "/concepts/targets/": 10,
  "/concepts/manifest/": 11,
  "/concepts/hot-module-replacement/": 12,
  "/concepts/why-webpack/": 13,
  "/concepts/under-the-hood/": 14,
  "/configuration/": undefined,
  "/configuration/configuration-languages/": 1,
  "/configuration/configuration-types/": 2,
  "/configuration/entry-context/": 3,
  "/configuration/mode/": 4,
  "/configuration/output/": 5,
  "/configuration/module/": 6,
  "/configuration/resolve/": 7,
  "/configuration/plugins/": 8,
  "/configuration/optimization/": 9,
  "/configuration/dev-server/": 10,
  "/configuration/cache/": 11,
  "/configuration/devtool/": 12,
  "/configuration/target/": 13,
  "/configuration/watch/": 14,
  "/configuration/externals/": 15,
  "/configuration/performance/": 16,
  "/configuration/node/": 17,
  "/configuration/stats/": 18,
  "/configuration/experiments/": 19,
  "/configuration/other-options/": 20,
  "/configuration/dotenv/": 21,
  "/configuration/extending-configurations/": 22,
  "/guides/": undefined,
  "/guides/getting-started/": 1,
  "/guides/installation/": 2,
  "/guides/asset-management/": 3,
  "/guides/output-management/": 4,
  "/guides/development/": 5,
  "/guides/code-splitting/": 6,
  "/guides/caching/": 7,
  "/guides/production/": 8,
  "/guides/lazy-loading/": 9,
  "/guides/tree-shaking/": 10,
  "/guides/environment-variables/": 11,
  "/comparison/": 1,
  "/awesome-webpack/": 2,
  "/branding/": 2,
  "/glossary/": 3,
  "/license/": 5,
  // Part 2: the remaining guides, API, contribute, migrate, plugins, loaders and blog.
  "/guides/author-libraries/": 12,
  "/guides/build-performance/": 13,
  "/guides/csp/": 14,
  "/guides/typescript/": 15,
  "/guides/web-workers/": 16,
  "/guides/progressive-web-application/": 17,
  "/guides/public-path/": 18,
  "/guides/asset-modules/": 19,
  "/guides/package-exports/": 20,
  "/guides/shimming/": 21,
  "/guides/hot-module-replacement/": 22,
  "/guides/dependency-management/": 23,
  "/guides/entry-advanced/": 24,
  "/guides/integrations/": 25,
  "/guides/ecma-script-modules/": 26,
  "/guides/scaffolding/": 27,
  "/guides/native-css/": 28,
  "/guides/modern-web-platform/": 29,
  "/api/": undefined,
  "/api/cli/": 1,
  "/api/node/": 2,
  "/api/stats/": 3,
  "/api/loaders/": 4,
  "/api/plugins/": 5,
  "/api/logging/": 6,
  "/api/compiler-hooks/": 7,
  "/api/compilation-hooks/": 8,
  "/api/compilation-object/": 9,
  "/api/contextmodulefactory-hooks/": 10,
  "/api/javascriptparser-hooks/": 11,
  "/api/normalmodulefactory-hooks/": 12,
  "/api/parser/": 13,
  "/api/resolvers/": 14,
  "/api/module-methods/": 15,
  "/api/module-variables/": 16,
  "/api/hot-module-replacement/": 17,
  "/api/webpack-dev-server/": 18,
  "/contribute/": undefined,
  "/contribute/writers-guide/": 1,
  "/contribute/writing-a-loader/": 2,
  "/contribute/writing-a-plugin/": 3,
  "/contribute/plugin-patterns/": 4,
  "/contribute/release-process/": 5,
  "/contribute/debugging/": 6,
  "/migrate/": undefined,
  "/migrate/5/": 1,
  "/migrate/4/": 2,
  "/migrate/3/": 3,
  "/loaders/": undefined,
  "/plugins/": undefined,
  ...Object.fromEntries(
    [
      "automatic-prefetch",
      "banner",
      "context-replacement",
      "define",
      "dll",
      "environment",
      "eval-source-map-dev-tool",
      "hashed-module-ids",
      "hot-module-replacement",
      "ignore",
      "limit-chunk-count",
      "min-chunk-size",
      "module-federation",
      "normal-module-replacement",
      "prefetch",
      "profiling",
      "provide",
      "source-map-dev-tool",
      "split-chunks",
      "progress",
      "watch-ignore",
      // Further plugins webpack 5 ships and exports.
      "clean",
      "copy",
      "dotenv",
      "manifest",
      "context-exclusion",
      "loader-options",
      "module-concatenation",
      "real-content-hash",
      "aggressive-splitting",
      "eval-dev-tool-module",
    ].map((name) => [`/plugins/${name}-plugin/`, undefined]),
  ),
  "/plugins/internal-plugins/": undefined,
  // A third-party plugin with a page of the project's own.
  "/plugins/html-webpack-plugin/": undefined,
  "/blog/": undefined,
};

/** The whole site with broken links and anchors as errors (the default), built once for every suite of the run. */
const site = async () => (await projectBuild()).result;

/** Every page's source file and parsed front matter. */
function pages(): { file: string; data: Record<string, unknown> }[] {
  const out: { file: string; data: Record<string, unknown> }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.mdx?$/.test(entry.name) && !entry.name.startsWith("_")) {
        const text = fs.readFileSync(full, "utf8");
        const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
        out.push({ file: path.relative(TOOL_DIR, full), data: match ? ((parseYaml(match[1]) as Record<string, unknown>) ?? {}) : {} });
      }
    }
  };
  walk(path.join(TOOL_DIR, "content"));
  return out;
}

test("the site builds with strict link and anchor checking, and every documented route exists", async () => {
  const result = await site();
  const routes = new Set(result.files.filter((f) => f.path.endsWith("index.html")).map((f) => `/${f.path.replace(/index\.html$/, "")}`));
  const missing = Object.keys(ROUTES).filter((route) => !routes.has(route));
  assert.equal(missing, [], `missing routes: ${missing.join(", ")}`);
  assert.equal(
    result.diagnostics.filter((d) => d.fatal),
    [],
  );
});

test("the blog has at least three posts of its own, dated in their file names", () => {
  const posts = fs.readdirSync(path.join(TOOL_DIR, "content", "blog")).filter((name) => /^\d{4}-\d{2}-\d{2}-.+\.mdx?$/.test(name));
  assert.ok(posts.length >= 3, `${posts.length} posts`);
});

test("the loaders and plugins pages list the committed repositories", async () => {
  const result = await site();
  const page = (p: string) => {
    const file = result.files.find((f) => f.path === p)!;
    return typeof file.contents === "string" ? file.contents : Buffer.from(file.contents).toString("utf8");
  };
  for (const [kind, name] of [
    ["loaders", "loaders.json"],
    ["plugins", "plugins.json"],
  ] as const) {
    const listed = JSON.parse(fs.readFileSync(path.join(TOOL_DIR, "repositories", name), "utf8")) as (string | { repository: string })[];
    const html = page(`${kind}/index.html`);
    for (const item of listed) {
      const fullName = typeof item === "string" ? item : item.repository;
      assert.match(html, `https://github.com/${fullName}`, `${kind} lists ${fullName}`);
    }
  }
});

test("each page carries the sort value of its place in the section", () => {
  const byUrl = new Map(
    pages().map(({ file, data }) => {
      const rel = file
        .replace(/^content\//, "")
        .replace(/\.mdx?$/, "")
        .replace(/(^|\/)index$/, "");
      return [rel ? `/${rel}/` : "/", data];
    }),
  );
  const wrong = Object.entries(ROUTES).flatMap(([url, sort]) => {
    if (sort === undefined) return [];
    const found = byUrl.get(url)?.sort;
    return found === sort ? [] : [`${url}: sort ${String(found)}, expected ${sort}`];
  });
  assert.equal(wrong, []);
});

test("every page has a description and names no contributors it does not have", () => {
  const problems = pages().flatMap(({ file, data }) => [
    ...(typeof data.description === "string" && data.description.trim().length >= 20 ? [] : [`${file}: no description`]),
    ...(data.contributors === undefined ? [] : [`${file}: lists contributors; the project's own pages have none yet`]),
  ]);
  assert.equal(problems, []);
});

test.run();
