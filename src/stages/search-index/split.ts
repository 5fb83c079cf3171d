import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { OutputFile } from "../../output-files.ts";
import { termData, treeTerms, type SearchIndexFile } from "../../shared/search/index-format.ts";
import { SearchIndexBuilder } from "./core.ts";
import {
  keyPartOf,
  partFile,
  PART_SIZES,
  SEARCH_INDEX_PATH,
  SEARCH_INDEX_VERSION,
  SEARCH_PARTS_DIR,
  termKeys,
  type DocumentPart,
  type KeyPart,
  type PartSizes,
  type PostingsPart,
  type SearchRoot,
} from "../../shared/search/split-format.ts";

/** Fields per section in the whole index's `lengths`. */
const FIELDS = 3;

/** A file of the split index: always text. */
interface TextFile extends OutputFile {
  contents: string;
}

/** The whole index cut into the files the browser loads: the root first, then the parts. */
export interface SplitIndex {
  root: TextFile;
  parts: TextFile[];
}

/** One term's postings in the split form: per field `field:ids:frequencies:lengths` (see `PostingsPart`). */
function splitPostings(postings: string, lengths: readonly number[]): string {
  const rows: string[] = [];
  for (const [field, docs] of termData(postings)) {
    const ids: number[] = [];
    const frequencies: number[] = [];
    const fieldLengths: number[] = [];
    let previous = 0;
    for (const [id, frequency] of docs) {
      ids.push(id - previous);
      previous = id;
      frequencies.push(frequency);
      fieldLengths.push(lengths[id * FIELDS + field] ?? 0);
    }
    const freq = frequencies.every((f) => f === 1) ? "" : frequencies.join(",");
    rows.push(`${field}:${ids.join(",")}:${freq}:${fieldLengths.join(",")}`);
  }
  return rows.join(";");
}

/** The postings parts, cut at about `limit` characters, and the part of each term. */
function postingsParts(file: SearchIndexFile, limit: number): { parts: PostingsPart[]; partOf: Map<string, number> } {
  const parts: PostingsPart[] = [];
  const partOf = new Map<string, number>();
  let current: PostingsPart = {};
  let size = 0;
  for (const [term, postings] of treeTerms(file.tree)) {
    const text = splitPostings(postings, file.lengths);
    if (size > 0 && size + text.length > limit) {
      parts.push(current);
      current = {};
      size = 0;
    }
    current[term] = text;
    size += term.length + text.length + 6;
    partOf.set(term, parts.length);
  }
  if (size > 0) parts.push(current);
  return { parts, partOf };
}

/** The term-key parts: every term under each of its keys, in the part its key hashes to, grouped by the postings part that holds it. */
function keyParts(partOf: ReadonlyMap<string, number>, target: number): KeyPart[] {
  let bytes = 0;
  for (const term of partOf.keys()) bytes += (term.length + 1) * termKeys(term).length;
  const count = Math.max(1, Math.ceil(bytes / target));
  const groups = Array.from({ length: count }, () => new Map<number, Set<string>>());
  // Terms come in code-unit order, so each group's terms stay in order.
  for (const [term, part] of partOf) {
    for (const key of termKeys(term)) {
      const group = groups[keyPartOf(key, count)];
      let terms = group.get(part);
      if (!terms) group.set(part, (terms = new Set()));
      terms.add(term);
    }
  }
  return groups.map((group) => Object.fromEntries([...group].map(([part, terms]) => [part, [...terms].join(" ")])));
}

/** The document parts: `size` sections each, with the pages they belong to. */
function documentParts(file: SearchIndexFile, size: number): DocumentPart[] {
  const parts: DocumentPart[] = [];
  for (let first = 0; first < file.sections.length; first += size) {
    const part: DocumentPart = { first, pages: [], sections: [] };
    const local = new Map<number, number>();
    for (const [page, anchor, heading, parent, snippet] of file.sections.slice(first, first + size)) {
      let at = local.get(page);
      if (at === undefined) {
        at = part.pages.push(file.pages[page]) - 1;
        local.set(page, at);
      }
      part.sections.push([at, anchor, heading, parent, snippet]);
    }
    parts.push(part);
  }
  return parts;
}

/**
 * Cuts the whole index into the split form (pure; see `split-format.ts`), with
 * parts of `sizes` (default `PART_SIZES`): the
 * root at `search-index.json` and every part under a folder named by a hash
 * of the parts' contents, so a changed index never reuses a part's name.
 */
export function splitIndex(file: SearchIndexFile, sizes: PartSizes = PART_SIZES): SplitIndex {
  const { parts: postings, partOf } = postingsParts(file, sizes.postingsBytes);
  const keys = keyParts(partOf, sizes.keyBytes);
  const documents = documentParts(file, sizes.documentsPerPart);
  const named = [
    ...keys.map((part, n) => ({ name: partFile.key(n), contents: JSON.stringify(part) })),
    ...postings.map((part, n) => ({ name: partFile.postings(n), contents: JSON.stringify(part) })),
    ...documents.map((part, n) => ({ name: partFile.documents(n), contents: JSON.stringify(part) })),
  ];
  const hash = createHash("sha256");
  for (const { name, contents } of named) hash.update(name).update("\0").update(contents).update("\0");
  const dir = `${SEARCH_PARTS_DIR}/${hash.digest("hex").slice(0, 12)}/`;
  const root: SearchRoot = {
    version: SEARCH_INDEX_VERSION,
    dir,
    documentCount: file.sections.length,
    averages: file.averages,
    termCount: file.termCount,
    keyParts: keys.length,
    postingsParts: postings.length,
    documentParts: documents.length,
    documentsPerPart: sizes.documentsPerPart,
  };
  return {
    root: { path: SEARCH_INDEX_PATH, contents: JSON.stringify(root) },
    parts: named.map(({ name, contents }) => ({ path: `${dir}${name}`, contents })),
  };
}

/**
 * True when every part fits `budget` bytes gzipped (the config's
 * `search.precacheBudget`, 1 MB by default), so the service worker can
 * precache the whole index and search works offline from the first visit.
 * Stops compressing as soon as the budget is passed, so a large site pays for
 * about one budget's worth of gzip, not for its whole index.
 */
export function fitsPrecacheBudget(parts: readonly OutputFile[], budget: number): boolean {
  let total = 0;
  for (const part of parts) {
    total += gzipSync(part.contents).length;
    if (total > budget) return false;
  }
  return true;
}

/** The titles index's file name, in the parts' folder. */
const TITLES_FILE = "titles.json";

/** The whole index of the first `count` pages of `file`: one section per page, its title, and its headings as its heading text. */
function titlesOf(file: SearchIndexFile, count: number): SearchIndexFile {
  const headings: string[][] = file.pages.slice(0, count).map(() => []);
  for (const [page, , heading] of file.sections) if (page < count && heading) headings[page].push(heading);
  const builder = new SearchIndexBuilder(() => "");
  for (const [page, [url, title]] of file.pages.slice(0, count).entries()) {
    builder.add({ url, title }, [{ anchor: "", headings: [headings[page].join(" · ")], text: "" }]);
  }
  const titles = builder.finish();
  // Results show the page alone (its site section from the whole index), so rows keep no heading text.
  return { ...titles, pages: file.pages.slice(0, count), sections: titles.sections.map(([page]) => [page, "", "", -1, ""]) };
}

/**
 * Adds the titles index to a split index whose parts are past the precache
 * budget (see `SearchRoot.titles`): page titles and headings, for as many
 * pages in site order as fit `budget` gzipped bytes, so it stays small
 * however large the site grows. Returns the file to precache and the root
 * that names it.
 */
export function withTitles(split: SplitIndex, file: SearchIndexFile, budget: number): SplitIndex & { titles: TextFile } {
  const root = JSON.parse(split.root.contents) as SearchRoot;
  let count = file.pages.length;
  let contents = JSON.stringify(titlesOf(file, count));
  // Fewer pages until it fits: a proportional guess first, then a tenth fewer at a time.
  for (let size = gzipSync(contents).length; size > budget && count > 0; size = gzipSync(contents).length) {
    count = Math.min(Math.floor(count * 0.9), Math.floor((count * budget) / size));
    contents = JSON.stringify(titlesOf(file, count));
  }
  const titles = { path: `${root.dir}${TITLES_FILE}`, contents };
  const withRoot: SearchRoot = { ...root, titles: { file: TITLES_FILE, pages: count, of: file.pages.length } };
  return { root: { path: split.root.path, contents: JSON.stringify(withRoot) }, parts: [...split.parts, titles], titles };
}
