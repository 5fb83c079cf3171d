import { isPrintable, sectionNamer } from "../../src/shared/content-rules.ts";
import type { PageEntry, SearchSection } from "../../src/shared/content-types.ts";
import type { PartSizes } from "../../src/shared/search/split-format.ts";
import type { StreamedFile } from "../../src/output/files.ts";
import { SplitIndexWriter, type SplitIndexWriterOptions, type TextFile } from "../../src/stages/search-index/writer.ts";

/** A part as text, a streamed one read whole. */
export async function textOf(file: TextFile | StreamedFile): Promise<TextFile> {
  if ("contents" in file) return file;
  let contents = "";
  for await (const part of file.parts) contents += part;
  return { path: file.path, contents };
}

/** What `writeSplit` made: the root, every part in the order emitted, and the parts to precache. */
export interface WrittenSplit {
  root: TextFile;
  parts: TextFile[];
  precached: TextFile[];
}

/** Options of `writeSplit`; each defaults to the writer's own, the precache budget to no limit. */
export interface WriteSplitOptions {
  dir?: string;
  precacheBudget?: number;
  /** Pages per run (the writer's unit of indexing); default all in one. */
  runPages?: number;
  buckets?: number;
  sizes?: PartSizes;
  /** Characters of a bucket joined at once (see `mergeRuns`). */
  joinBudget?: number;
  /** Called each time the writer reads a bucket. */
  onRead?: () => void;
  /** The locale of the pages' CJK text (see `segmenterLocale`). */
  locale?: string;
  /** A run also ends where this changes from one page to the next (a site of several languages cuts runs by top-level folder). */
  runOf?: (entry: PageEntry) => string;
  /** Writes each part, before it is kept in `parts`; default at once. */
  write?: (file: TextFile) => Promise<void>;
  /** Makes the titles index (default the writer's own). */
  titles?: SplitIndexWriterOptions["titles"];
}

/** Writes the split index of `pages` (printable pages left out, as the build does) in memory. */
export async function writeSplit(
  pages: ReadonlyArray<{ entry: PageEntry; sections: readonly SearchSection[] }>,
  options: WriteSplitOptions = {},
): Promise<WrittenSplit> {
  const buckets = new Map<number, string[]>();
  const parts: TextFile[] = [];
  const writer = new SplitIndexWriter({
    dir: options.dir ?? "search/0123456789ab/",
    emit: async (file) => {
      const text = await textOf(file);
      await options.write?.(text);
      parts.push(text);
    },
    store: {
      append: async (bucket, text) => void (buckets.get(bucket) ?? buckets.set(bucket, []).get(bucket))?.push(text),
      async *read(bucket) {
        options.onRead?.();
        yield* buckets.get(bucket) ?? [];
      },
    },
    sectionOf: sectionNamer(pages),
    precacheBudget: options.precacheBudget ?? Number.MAX_SAFE_INTEGER,
    ...(options.buckets ? { buckets: options.buckets } : {}),
    ...(options.joinBudget ? { joinBudget: options.joinBudget } : {}),
    ...(options.sizes ? { sizes: options.sizes } : {}),
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.titles ? { titles: options.titles } : {}),
  });
  const searchable = pages.filter((page) => !isPrintable(page.entry));
  for (const [n, page] of searchable.entries()) {
    if (options.runOf && n > 0 && options.runOf(searchable[n - 1].entry) !== options.runOf(page.entry)) await writer.endRun();
    await writer.add(page.entry, page.sections);
    if (options.runPages && (n + 1) % options.runPages === 0) await writer.endRun();
  }
  const { root, precached } = await writer.finish();
  return { root, parts, precached };
}
