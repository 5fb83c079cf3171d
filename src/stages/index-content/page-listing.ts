import fsCallback from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type fg from "fast-glob";
import type { BuildContext } from "../../context/context.ts";
import { markdownFiles, pageKey } from "../../pipeline/markdown-files.ts";
import { UsageError } from "../../report/errors.ts";
import { pagesAfterChanges, type PathChange } from "./core.ts";

/** The page files a session's build found, for the next build's change list (see `BuildOptions.changed`). */
export interface FoundPages {
  /** The content folder, and its real path, when the pages were found. */
  content: string;
  contentReal: string;
  /**
   * Each page file's digest by its path under the content folder; "" for a
   * file found but not taken as a page (empty, not UTF-8, a link that leads
   * nowhere), which every build looks at again to report it.
   */
  digests: ReadonlyMap<string, string>;
}

/** What the index stage is told of the session's last build: what it found, and the paths changed since. */
export interface ListingInput {
  previous?: FoundPages;
  changed?: readonly string[];
  /** In a language's build, its translated pages whose source changed since, by path (see the translation-status stage's `outdatedPages`). */
  outdated?: ReadonlyMap<string, { changed: string; commits: number; compareUrl: string }>;
}

/** The page files a build indexes, in path order, and what it knows of them without looking. */
export interface PageListing {
  relatives: string[];
  /** The digest of a file known unchanged since the session's last build; undefined for a file to look at. */
  known(relative: string): string | undefined;
  /** Whether what this build finds may stand for the content folder in the next build's change list: a session's build, with no link in the folder. */
  keep: boolean;
  /**
   * In the build of a language with a folder of its own: the pages that folder
   * holds (read from there, the others from the content folder, as fallback
   * pages), and the folder with its real path. Undefined in the default
   * language's build. `originals` names, for each of the language's pages
   * that translates one of the content folder, that page's path (the same
   * but for a `.md` or `.mdx` extension); `onlyOwn` holds the others.
   */
  translation?: { pages: ReadonlySet<string>; dir: string; real: string; onlyOwn: ReadonlySet<string>; originals: ReadonlyMap<string, string> };
  /** The language's translated pages whose source changed since, by path (set by the index stage from the history). */
  outdated?: ReadonlyMap<string, { changed: string; commits: number; compareUrl: string }>;
}

/**
 * Lists the page files under the content folder. Given the session's last
 * listing and every path changed since, the listing is that one with the
 * changes applied, and the files no change names are known unchanged; when
 * the changes cannot say (see {@link pagesAfterChanges}), or without them,
 * the folder is walked and every file looked at.
 */
export async function listPages(ctx: BuildContext, contentReal: string, input: ListingInput): Promise<PageListing> {
  const dir = ctx.language.translation;
  if (!dir) return listDefault(ctx, contentReal, input);
  // A language's own pages over the default language's: every page of either folder, each read from the first that has it.
  const real = await fs.realpath(dir).catch(() => {
    throw new UsageError(
      `The folder of the ${ctx.language.lang} pages, ${ctx.display(dir)}, does not exist. Create it, or fix "content" in its languages entry.`,
    );
  });
  const [own, base] = await Promise.all([markdownFiles(dir), markdownFiles(ctx.paths.content)]);
  // A translation takes its source's place whatever its extension: both have one URL.
  const baseByKey = new Map(base.map((relative) => [pageKey(relative), relative]));
  const ownKeys = new Set(own.map(pageKey));
  const relatives = [...own, ...base.filter((relative) => !ownKeys.has(pageKey(relative)))].sort();
  const originals = new Map<string, string>();
  for (const relative of own) {
    const original = baseByKey.get(pageKey(relative));
    if (original !== undefined) originals.set(relative, original);
  }
  const onlyOwn = new Set(own.filter((relative) => !originals.has(relative)));
  return { relatives, known: () => undefined, keep: false, translation: { pages: new Set(own), dir, real, onlyOwn, originals } };
}

/**
 * Which of the site's other languages hold each page: the default language
 * every page of its content folder (in a language's build, all but the pages
 * only that language has), and another language built from a folder of its own
 * the pages in that folder. A page's translations in the languages it lists
 * are named in its head and the sitemap (`hreflang`). Only the translated
 * pages are kept, by language; a language whose folder is missing holds none
 * (its own build says so).
 */
export async function languageHolders(ctx: BuildContext, listing: Pick<PageListing, "translation">): Promise<(relative: string) => string[]> {
  const { settings, language } = ctx;
  const others = settings.languages.filter((l) => l.content && l.lang !== language.lang && l.lang !== settings.defaultLanguage);
  const held = await Promise.all(
    others.map(async (l) => {
      const dir = path.resolve(ctx.paths.root, l.content as string);
      const exists = await fs.stat(dir).then(
        (stat) => stat.isDirectory(),
        () => false,
      );
      return { lang: l.lang, pages: new Set((exists ? await markdownFiles(dir) : []).map(pageKey)) };
    }),
  );
  const onlyOwn = listing.translation?.onlyOwn;
  return (relative) => {
    const holders = onlyOwn && !onlyOwn.has(relative) ? [settings.defaultLanguage] : [];
    for (const { lang, pages } of held) if (pages.has(pageKey(relative))) holders.push(lang);
    return holders;
  };
}

/** The default language's listing: see {@link listPages}. */
async function listDefault(ctx: BuildContext, contentReal: string, { previous, changed }: ListingInput): Promise<PageListing> {
  const same = previous?.content === ctx.paths.content && previous.contentReal === contentReal;
  const after = previous && changed && same ? pagesAfterChanges(previous.digests.keys(), await Promise.all(changed.map((p) => changeOf(ctx, p)))) : undefined;
  if (previous && after) {
    const { digests } = previous;
    return { relatives: after.relatives, known: (relative) => (after.changed.has(relative) ? undefined : digests.get(relative) || undefined), keep: true };
  }
  const session = ctx.cache.memo !== undefined;
  let links = false;
  const relatives = await markdownFiles(ctx.paths.content, session ? spotLinks(() => (links = true)) : undefined);
  // A link in the content folder leads to files whose changes are heard of under another path, or not at all.
  return { relatives, known: () => undefined, keep: session && !links };
}

/** What is at a changed path (from the project root) now, and where it lies with respect to the content folder. */
async function changeOf(ctx: BuildContext, changed: string): Promise<PathChange> {
  const full = path.resolve(ctx.paths.root, changed);
  const relative = path.relative(ctx.paths.content, full);
  if (relative === ".." || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative))
    return { relative: ctx.paths.content.startsWith(`${full}${path.sep}`) ? "" : undefined, now: "other" };
  const stat = await fs.lstat(full).catch((error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? null : undefined));
  const now =
    stat === null ? "gone" : stat === undefined ? "unknown" : stat.isSymbolicLink() ? "link" : stat.isDirectory() ? "folder" : stat.isFile() ? "file" : "other";
  return { relative: relative.split(path.sep).join("/"), now };
}

type Listed<T> = (error: NodeJS.ErrnoException | null, entries: T[]) => void;

/**
 * The file system the folder walk reads through, calling `onLink` when a
 * folder it lists holds a symbolic link, or when it lists names alone, which
 * do not say.
 */
function spotLinks(onLink: () => void): Partial<fg.FileSystemAdapter> {
  function readdir(dir: string, options: { withFileTypes: true }, callback: Listed<fsCallback.Dirent>): void;
  function readdir(dir: string, callback: Listed<string>): void;
  function readdir(dir: string, options: { withFileTypes: true } | Listed<string>, callback?: Listed<fsCallback.Dirent>): void {
    if (typeof options === "function") {
      onLink();
      fsCallback.readdir(dir, options);
    } else
      fsCallback.readdir(dir, options, (error, entries) => {
        if (entries?.some((entry) => entry.isSymbolicLink())) onLink();
        callback?.(error, entries);
      });
  }
  return { readdir };
}
