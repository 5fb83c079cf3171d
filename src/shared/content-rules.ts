import type { DirectoryEntry, PageEntry } from "./content-types.ts";

const BLOG_DATE = /^_?(\d{4}-\d{2}-\d{2})-/;

/** True for pages left out of navigation: titled printable, or containing Printable. */
export function isPrintable(entry: Pick<PageEntry, "title">): boolean {
  return entry.title === "printable" || entry.title.includes("Printable");
}

/** The date of a blog post from its file name (`YYYY-MM-DD-slug.md`), or "". */
export function blogDate(name: string): string {
  return BLOG_DATE.exec(name)?.[1] ?? "";
}

/** Lists the pages of a folder depth-first, which is the site order. */
export function pagesOf(folder: DirectoryEntry): PageEntry[] {
  return folder.children.flatMap((child) => (child.type === "directory" ? pagesOf(child) : [child]));
}
