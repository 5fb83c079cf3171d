import { stringify } from "yaml";
import type { ReadmeKind } from "../../markdown/repository-list.ts";

export type { ReadmeKind } from "../../markdown/repository-list.ts";

/** The repository a fetched page comes from. */
export interface FrontMatterRepo {
  /** Repository name (`css-loader`). */
  name: string;
  /** `owner/name` on the code host. */
  fullName: string;
  branch: string;
  htmlUrl: string;
}

/** What a repository list entry adds to the defaults: a navigation group and maintainers' handles. */
export interface FrontMatterOptions {
  /** Overrides the default group (`Community` for community plugins). */
  group?: string;
  /** Handles shown in the page's contributors grid. */
  contributors?: string[];
  /** The day the page is written (`YYYY-MM-DD`), shown as its "Last updated" date. */
  fetched?: string;
}

/** Loaders shown in the `CSS` group, by repository name. */
const CSS_LOADERS = new Set(["css-loader", "less-loader", "postcss-loader", "sass-loader", "style-loader", "stylus-loader"]);

/** Turns `mini-css-extract-plugin` into `MiniCssExtractPlugin`. */
function pascalCase(name: string): string {
  return name
    .split(/[^a-zA-Z\d]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join("");
}

/**
 * Builds the front matter of a fetched page: `title` (a loader's name, a
 * plugin's name in PascalCase), `group` (the entry's own, else `CSS` for style
 * loaders, none for other loaders and `webpack contrib` for plugins),
 * `contributors` when the entry lists them, the README's `source` and `edit`
 * URLs, `repo`, the `fetched` day when given, and `thirdParty: true`.
 */
export function frontMatterFor(kind: ReadmeKind, repo: FrontMatterRepo, options: FrontMatterOptions = {}): Record<string, unknown> {
  const data: Record<string, unknown> = { title: kind === "loaders" ? repo.name : pascalCase(repo.name) };
  const group = options.group ?? (kind === "plugins" ? "webpack contrib" : CSS_LOADERS.has(repo.name) ? "CSS" : undefined);
  if (group) data.group = group;
  if (options.contributors?.length) data.contributors = [...options.contributors];
  data.source = `https://raw.githubusercontent.com/${repo.fullName}/${repo.branch}/README.md`;
  data.edit = `https://github.com/${repo.fullName}/edit/${repo.branch}/README.md`;
  data.repo = repo.htmlUrl;
  if (options.fetched) data.fetched = options.fetched;
  data.thirdParty = true;
  return data;
}

/** Renders front matter as YAML between `---` lines, ending with a line break. */
export function renderFrontMatter(data: Record<string, unknown>): string {
  return `---\n${stringify(data)}---\n`;
}

/** A fetched page's `fetched` day ("" when its front matter has none) and its text without that line. */
function splitFetchedDay(page: string): { day: string; rest: string } {
  const end = page.startsWith("---\n") ? page.indexOf("\n---\n") + 1 : 0;
  const line = /^fetched: (.*)\n/m.exec(page.slice(0, end));
  if (!line) return { day: "", rest: page };
  return { day: line[1], rest: page.slice(0, line.index) + page.slice(line.index + line[0].length) };
}

/**
 * The text to keep for a page just fetched as `made`, given the file's
 * `current` text: the current one when the two differ only in their day, so a
 * page's day says when its content last changed; else the new one.
 */
export function keptPage(made: string, current: string | undefined): string {
  if (current === undefined) return made;
  const before = splitFetchedDay(current);
  return before.day && before.rest === splitFetchedDay(made).rest ? current : made;
}

/** The content path of a fetched page: `loaders/_css-loader.md` (its URL drops the underscore). */
export function pageFileName(kind: ReadmeKind, repoName: string): string {
  return `${kind}/_${repoName}.md`;
}
