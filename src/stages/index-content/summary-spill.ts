import fs from "node:fs/promises";
import path from "node:path";
import type { Settings } from "../../context/config.ts";
import { diagnostic, type Diagnostic } from "../../report/diagnostics.ts";
import { describePart, type LoadedPart, type SitePages, type SitePart } from "../../pipeline/site-pages.ts";
import type { ContentEntry, DirectoryEntry, PageSummary } from "../../shared/content-types.ts";
import { removeTree } from "../../output/write-file.ts";
import { makeSpillFolder } from "../../pipeline/spill-folder.ts";
import { indexContent, topOfSite } from "./core.ts";

/** Where one top-level part's summaries lie in the spill file: a top-level folder's pages are indexed one after another, so they are one run of lines. */
interface Run {
  /** The top-level folder, or "" for a page at the root (each its own run). */
  folder: string;
  start: number;
  end: number;
}

/**
 * Where the pages' summaries wait once indexed: one JSON line per page, in
 * the order the pages were indexed (by path, so each top-level folder's pages
 * follow one another). `finish` orders each part and hands on the site as
 * {@link SitePages}, which reads a part's lines back when a stage asks for it;
 * memory holds the parts, never the pages.
 */
export interface SummarySpill {
  /** Appends the summaries of one group of pages, in path order. */
  add(pages: readonly PageSummary[]): Promise<void>;
  /** Orders every part (a read of each) and returns the site, with the duplicate URLs found. */
  finish(): Promise<{ site: SitePages; diagnostics: Diagnostic[] }>;
  /** Removes the spill; the site it returned can no longer be read. */
  close(): Promise<void>;
}

/** Options of a summary spill: the content folder as displayed, the settings that order the index, and whether read parts stay in memory. */
interface SpillOptions {
  rootPath: string;
  settings: Settings;
  /**
   * Keep each part once read, so later stages read none again: for the dev
   * server, which rebuilds after every edit and whose memory holds its
   * caches anyway. A build keeps nothing.
   */
  keepParts?: boolean;
}

/** Opens a spill for the summaries of a content folder displayed as `rootPath`; its folder is made on the first page added. */
export function summarySpill(options: SpillOptions): SummarySpill {
  let opened: Promise<{ dir: string; file: fs.FileHandle }> | undefined;
  const open = () => (opened ??= makeSpillFolder().then(async (dir) => ({ dir, file: await fs.open(path.join(dir, "summaries.jsonl"), "a+") })));
  const runs: Run[] = [];
  let size = 0;
  const read = async (run: Run): Promise<PageSummary[]> => {
    const bytes = Buffer.alloc(run.end - run.start);
    await (await open()).file.read(bytes, 0, bytes.length, run.start);
    return bytes
      .toString("utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as PageSummary);
  };
  return {
    async add(pages) {
      if (pages.length === 0) return;
      let text = "";
      for (const page of pages) {
        const line = `${JSON.stringify(page)}\n`;
        const folder = topFolderOf(page.entry.path, options.rootPath);
        const last = runs[runs.length - 1];
        const bytes = Buffer.byteLength(line);
        if (folder && last?.folder === folder) last.end += bytes;
        else runs.push({ folder, start: size, end: size + bytes });
        size += bytes;
        text += line;
      }
      await (await open()).file.write(text);
    },
    finish: () => siteOf(runs, read, options),
    async close() {
      if (!opened) return;
      const { dir, file } = await opened;
      await file.close();
      await removeTree(dir);
    },
  };
}

/**
 * Orders every part of the spill (a read of each) and hands on the site,
 * with the duplicate URLs found within parts and across them.
 */
async function siteOf(
  runs: readonly Run[],
  read: (run: Run) => Promise<PageSummary[]>,
  options: SpillOptions,
): Promise<{ site: SitePages; diagnostics: Diagnostic[] }> {
  const index = (pages: readonly PageSummary[]) => indexContent(pages, options);
  const diagnostics: Diagnostic[] = [];
  const made: Array<ReturnType<typeof partOf> & { run: Run }> = [];
  const kept = new Map<Run, LoadedPart>();
  const loaded = (result: ReturnType<typeof index>): LoadedPart => ({
    folder: result.root.children.find((c): c is DirectoryEntry => c.type === "directory"),
    pages: result.pages,
  });
  for (const run of runs) {
    const result = index(await read(run));
    diagnostics.push(...result.diagnostics);
    if (result.pages.length > 0) made.push({ ...partOf(result.root, result.pages), run });
    if (options.keepParts) kept.set(run, loaded(result));
  }
  diagnostics.push(...topDuplicates(made));
  const top = topOfSite(
    options.rootPath,
    made.map((m) => m.entry),
    options.settings.sections,
  );
  const byEntry = new Map(made.map((m) => [m.entry, m]));
  const ordered = top.children.map((child) => byEntry.get(child)!);
  const runOf = new Map(ordered.map((m) => [m.part, m.run]));
  const site: SitePages = {
    top,
    parts: ordered.map((m) => m.part),
    count: made.reduce((sum, m) => sum + m.part.count, 0),
    async load(part): Promise<LoadedPart> {
      const run = runOf.get(part);
      if (!run) throw new Error(`${part.url} is not a part of this site`);
      return kept.get(run) ?? loaded(index(await read(run)));
    },
  };
  return { site, diagnostics };
}

/** The top-level folder of a page's path under the content folder, or "" for a page at its root. */
function topFolderOf(pagePath: string, rootPath: string): string {
  const relative = pagePath.slice(rootPath.length + 1);
  const slash = relative.indexOf("/");
  return slash === -1 ? "" : relative.slice(0, slash);
}

/** A part and its top-level entry, from its indexed tree and pages (pure), with its own page's URL and path for the check across parts. */
function partOf(root: DirectoryEntry, pages: readonly PageSummary[]): { entry: ContentEntry; part: SitePart; indexUrl?: string; indexPath?: string } {
  const entry = root.children.find((c): c is DirectoryEntry => c.type === "directory") ?? pages[0].entry;
  const part = describePart(entry, pages);
  const own = pages.find((page) => page.entry.url === entry.url);
  return { entry: part.folder ?? entry, part, indexUrl: own?.entry.url, indexPath: own?.entry.path };
}

/** Two parts whose pages share a URL: a root page and a top-level folder's index page (`guides.md` and `guides/index.md`); within a part, `indexContent` finds them. */
function topDuplicates(made: ReadonlyArray<{ indexUrl?: string; indexPath?: string }>): Diagnostic[] {
  const seen = new Map<string, string>();
  const out: Diagnostic[] = [];
  const sorted = made.filter((m) => m.indexUrl && m.indexPath).sort((a, b) => (a.indexPath! < b.indexPath! ? -1 : 1));
  for (const { indexUrl, indexPath } of sorted) {
    const first = seen.get(indexUrl!);
    if (first === undefined) seen.set(indexUrl!, indexPath!);
    else out.push(diagnostic("duplicate-url", { url: indexUrl!, first, second: indexPath! }, { file: indexPath! }));
  }
  return out;
}
