import fg from "fast-glob";

/** The page files of a folder: markdown, at any depth. */
const PAGES = "**/*.{md,mdx}";

/**
 * The markdown files under a folder, as the build takes a folder's pages:
 * `.md` and `.mdx` files at any depth, symbolic links followed, hidden files
 * and folders and `node_modules` left out; paths inside the folder with `/`,
 * sorted. `fs` is the file system the walk reads through (default Node's).
 * A folder that does not exist has none.
 */
export async function markdownFiles(cwd: string, fs?: Partial<fg.FileSystemAdapter>): Promise<string[]> {
  const relatives = await fg(PAGES, { cwd, onlyFiles: true, dot: false, ignore: ["**/node_modules/**"], ...(fs && { fs }) });
  return relatives.sort();
}

/**
 * What pairs a page with its translation: its path inside its folder without
 * the `.md` or `.mdx` extension, as its URL is made. A translation may be
 * written in either format whatever its source's.
 */
export function pageKey(relative: string): string {
  return relative.replace(/\.mdx?$/, "");
}
