import { stringify } from "yaml";

/** The section a fetched page belongs to. */
export type ReadmeKind = "loaders" | "plugins";

/** The repository a fetched page comes from. */
export interface FrontMatterRepo {
  /** Repository name (`css-loader`). */
  name: string;
  /** `owner/name` on the code host. */
  fullName: string;
  branch: string;
  htmlUrl: string;
}

/** A community-maintained plugin: its navigation group (default `Community`) and its maintainers' handles. */
export interface CommunityEntry {
  group?: string;
  contributors?: string[];
}

/** Options of `frontMatterFor`. */
export interface FrontMatterOptions {
  /** Community plugins keyed by repository name or `owner/name`; default none. */
  community?: Record<string, CommunityEntry>;
}

/** Loaders shown in the `CSS` group, by repository name. */
const CSS_LOADERS = new Set(["css-loader", "less-loader", "postcss-loader", "sass-loader", "style-loader", "stylus-loader"]);

/** Turns `mini-css-extract-plugin` into `MiniCssExtractPlugin`. */
export function pascalCase(name: string): string {
  return name
    .split(/[^a-zA-Z\d]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join("");
}

/**
 * Builds the front matter of a fetched page: `title` (a loader's name, a
 * plugin's name in PascalCase), `group` (`CSS` for style loaders, none for other
 * loaders; `webpack contrib` for plugins unless listed in `community`), the
 * README's `source` and `edit` URLs, `repo` and `thirdParty: true`.
 */
export function frontMatterFor(kind: ReadmeKind, repo: FrontMatterRepo, options: FrontMatterOptions = {}): Record<string, unknown> {
  const data: Record<string, unknown> = { title: kind === "loaders" ? repo.name : pascalCase(repo.name) };
  if (kind === "loaders") {
    if (CSS_LOADERS.has(repo.name)) data.group = "CSS";
  } else {
    const community = options.community?.[repo.fullName] ?? options.community?.[repo.name];
    if (community) {
      data.group = community.group ?? "Community";
      if (community.contributors?.length) data.contributors = [...community.contributors];
    } else {
      data.group = "webpack contrib";
    }
  }
  data.source = `https://raw.githubusercontent.com/${repo.fullName}/${repo.branch}/README.md`;
  data.edit = `https://github.com/${repo.fullName}/edit/${repo.branch}/README.md`;
  data.repo = repo.htmlUrl;
  data.thirdParty = true;
  return data;
}

/** Renders front matter as YAML between `---` lines, ending with a line break. */
export function renderFrontMatter(data: Record<string, unknown>): string {
  return `---\n${stringify(data)}---\n`;
}

/** The content path of a fetched page: `loaders/_css-loader.md` (its URL drops the underscore). */
export function pageFileName(kind: ReadmeKind, repoName: string): string {
  return `${kind}/_${repoName}.md`;
}
