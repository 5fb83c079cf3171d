import { listedRepositories, type RepositoryEntry } from "../../data-files/repository-lists.ts";
import { isPrintable, sectionFolders, sectionNamer } from "../../shared/content-rules.ts";
import type { PageEntry } from "../../shared/content-types.ts";
import { markdownUrl } from "../../shared/urls.ts";

/** The index of the site's pages for language models and tools, at the output's root. */
export const LLMS_INDEX_PATH = "llms.txt";

/** Every page's markdown in one file, in site order. */
export const LLMS_FULL_PATH = "llms-full.txt";

/** The file of the pages outside any folder (the General section), when the site's text is also split by section. */
const LLMS_GENERAL_PATH = "llms-full-general.txt";

/**
 * The size in bytes past which `llms-full.txt` is also split into one file
 * per section (see `runLlmsFiles`): 10 MB, about 1,000 pages of webpack's
 * documentation, past which few readers or tools fetch one file.
 */
export const LLMS_FULL_LIMIT = 10_000_000;

/** What the llms files need of a page. */
export type MachinePage = { entry: Pick<PageEntry, "url" | "title" | "description"> };

/** True for the pages the llms files cover: all but printable ones (the 404 page and the app shell are no pages of the index). */
export function isMachineReadable(page: { entry: Pick<PageEntry, "title">; failed?: boolean }): boolean {
  return !page.failed && !isPrintable(page.entry);
}

/** The output path of a page's markdown (pure): `/configuration/output/` → `configuration/output.md`, `/` → `index.md`. */
export function markdownPath(url: string): string {
  return markdownUrl(url).slice(1);
}

/** A cleaned body headed by the page's title, unless the body opens with a title of its own (a fetched README's `# name`). */
export function pageMarkdown(title: string, body: string): string {
  if (!title || /^#[ \t]/.test(body)) return body;
  return `# ${title}\n\n${body}`;
}

/** One page's part of `llms-full.txt` (pure): its title, its address, then its body. */
export function fullPart(entry: MachinePage["entry"], body: string, baseUrl: string): string {
  const opened = /^#[ \t][^\n]*\n+/.exec(body);
  const heading = opened ? opened[0].trimEnd() : `# ${entry.title || entry.url}`;
  const rest = opened ? body.slice(opened[0].length) : body;
  return `${heading}\n\nURL: ${baseUrl}${entry.url}\n\n${rest}\n`;
}

/** A site section of the llms files: its title, its top-level folder ("" for General) and its pages in site order. */
export type MachineSection<P> = { title: string; folder: string; pages: P[] };

/**
 * The pages grouped by the site's sections (pure), in the order each first
 * appears in site order: a section is a top-level folder, titled by its
 * index page (`Guides`), and pages outside any folder (the landing page,
 * `/comparison/`) make a section named `General` (see `sectionNamer`).
 */
export function sectionsOf<P extends MachinePage>(pages: readonly P[]): Array<MachineSection<P>> {
  const folderOf = sectionFolders(pages);
  const titleOf = sectionNamer(pages);
  const sections = new Map<string, MachineSection<P>>();
  for (const page of pages) {
    const folder = folderOf(page.entry.url);
    const section = sections.get(folder) ?? { title: titleOf(page.entry.url), folder, pages: [] };
    if (section.pages.length === 0) sections.set(folder, section);
    section.pages.push(page);
  }
  return [...sections.values()];
}

/** Where a section's own `llms-full.txt` goes (pure): `guides/llms-full.txt`, and `llms-full-general.txt` for the pages outside any folder. */
export function sectionFullPath(folder: string): string {
  return folder ? `${folder}/${LLMS_FULL_PATH}` : LLMS_GENERAL_PATH;
}

/** A section's own `llms-full.txt` as `llms.txt` lists it. */
export type SectionFullFile = { title: string; path: string; pages: number };

/** Text for one line of markdown: line breaks become spaces. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** Link text with the characters that would end it escaped. */
const linkText = (text: string) => oneLine(text).replace(/[[\]\\]/g, "\\$&");

/**
 * The site's `llms.txt` (pure), after the llms.txt convention: an h1 with
 * the site's name, a quoted one-line summary, then an h2 per section (see
 * `sectionsOf`) listing `- [Title](url): description` for each page, the
 * URL being the page's markdown. When the site's text is also split by
 * section, a last h2, `Full text by section`, lists each section's file
 * with its number of pages; with no such files (the default) it is left out.
 */
export function llmsIndex(
  site: { name: string; description: string; baseUrl: string },
  pages: readonly MachinePage[],
  sectionFiles: readonly SectionFullFile[] = [],
): string {
  const sections = sectionsOf(pages).map((section) => llmsIndexSection(section.title, section.pages, site.baseUrl));
  return [llmsIndexHead(site), ...sections, llmsIndexFiles(sectionFiles, site.baseUrl)].join("");
}

/** The start of `llms.txt` (pure): the site's name and one-line summary. */
export function llmsIndexHead(site: { name: string; description: string }): string {
  return `# ${oneLine(site.name)}\n\n> ${oneLine(site.description)}\n`;
}

/** One section of `llms.txt` (pure): its h2 and a line per page. */
export function llmsIndexSection(title: string, pages: readonly MachinePage[], baseUrl: string): string {
  const lines = ["", `## ${oneLine(title)}`, ""];
  for (const { entry } of pages) {
    const description = oneLine(entry.description);
    lines.push(`- [${linkText(entry.title || entry.url)}](${baseUrl}/${markdownPath(entry.url)})${description ? `: ${description}` : ""}`);
  }
  return `${lines.join("\n")}\n`;
}

/** The end of `llms.txt` (pure): the sections' own full-text files with their numbers of pages, or nothing without them. */
export function llmsIndexFiles(sectionFiles: readonly SectionFullFile[], baseUrl: string): string {
  if (sectionFiles.length === 0) return "";
  const lines = ["", "## Full text by section", ""];
  for (const file of sectionFiles) lines.push(`- [${linkText(file.title)}](${baseUrl}/${file.path}): ${file.pages} ${file.pages === 1 ? "page" : "pages"}`);
  return `${lines.join("\n")}\n`;
}

/** A `<RepositoryList>` as a markdown list (pure), in the order and with the links of `listedRepositories`. */
export function repositoryListMarkdown(entries: readonly RepositoryEntry[], pageUrls: ReadonlySet<string>): string {
  if (entries.length === 0) return "No repositories are listed yet.";
  return listedRepositories(entries, pageUrls)
    .map(({ name, fullName, group, page, repository }) => {
      const link = page ? `[${name}](${page}) ([${fullName}](${repository}))` : `[${name}](${repository})`;
      return `- ${link}${group ? `: ${group}` : ""}`;
    })
    .join("\n");
}
