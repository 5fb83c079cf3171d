import { UsageError } from "../report/errors.ts";

/**
 * A build split over a CI matrix: `docs-build build --shard <i>/<n>`
 * processes its share of the pages into a folder (its part), and
 * `docs-build merge <part>…` builds the whole site from the parts. What
 * is decided here is pure: which pages a shard takes, what its manifest
 * says, and whether a set of parts may be merged.
 */

/** One shard of a build: its number (from 1) and how many there are. */
export interface ShardOf {
  index: number;
  count: number;
}

/** Reads `--shard <i>/<n>` (pure): two whole numbers, 1 ≤ i ≤ n; anything else is a usage error that says what is wanted. */
export function parseShard(value: string): ShardOf {
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  const index = match ? Number(match[1]) : Number.NaN;
  const count = match ? Number(match[2]) : Number.NaN;
  if (!match || count < 1 || index < 1 || index > count)
    throw new UsageError(`--shard ${value}: give the shard as <i>/<n>, whole numbers with 1 ≤ i ≤ n, such as --shard 2/4.`);
  return { index, count };
}

/** A page file and its size in bytes. */
export interface SizedFile {
  relative: string;
  size: number;
}

/**
 * The shard (from 1) of each page, in the order given (pure, deterministic):
 * pages are dealt largest first, ties by path, each to the shard with the
 * fewest bytes so far (the lowest-numbered on a tie), so shards are balanced
 * by source size, not by count; every shard makes the same split from the
 * same content.
 */
export function shardsOf(files: readonly SizedFile[], count: number): number[] {
  const order = files.map((_, at) => at).sort((a, b) => files[b].size - files[a].size || (files[a].relative < files[b].relative ? -1 : 1));
  const bytes = new Array<number>(count).fill(0);
  const shard = new Array<number>(files.length);
  for (const at of order) {
    let least = 0;
    for (let s = 1; s < count; s++) if (bytes[s] < bytes[least]) least = s;
    bytes[least] += files[at].size;
    shard[at] = least + 1;
  }
  return shard;
}

/** The name of a part's manifest, written last: a part without one did not finish. */
export const SHARD_MANIFEST = "shard.json";

/** The folder of a part that holds its processed pages (a cache folder, read by the merge as a layer of its own cache). */
export const SHARD_CACHE = "cache";

/** The manifest's format; a part of another is refused. */
export const SHARD_FORMAT = 1;

/** What a build and a merge are made from: docs-build (its version and a hash of its code), the settings, and the content (its pages, each with the SHA-256 of its bytes, and a hash of them all). */
export interface BuildInputs {
  tool: { version: string; code: string };
  config: string;
  content: { pages: number; hash: string; files?: ReadonlyArray<readonly [string, string]> };
}

/** The first page two contents differ in (pure), for a sentence: one changed, or one only either has; "" when neither lists its pages. */
function firstDifference(part: BuildInputs["content"], here: BuildInputs["content"]): string {
  if (!part.files || !here.files) return "";
  const ours = new Map(here.files);
  for (const [page, digest] of part.files) {
    const now = ours.get(page);
    if (now === undefined) return `${page} is not in this checkout`;
    if (now !== digest) return `${page} differs`;
    ours.delete(page);
  }
  const [extra] = ours.keys();
  return extra === undefined ? "" : `${extra} is not in the part`;
}

/** A part's manifest: what it was built from, which shard it is, and the pages it holds. */
export interface ShardManifest extends BuildInputs {
  format: typeof SHARD_FORMAT;
  shard: ShardOf;
  pages: string[];
}

/** A part as the merge reads it: its folder (as given) and its manifest. */
export interface ShardPart {
  dir: string;
  manifest: ShardManifest;
}

const short = (hash: string) => hash.slice(0, 12);

/** Names shard numbers for a sentence: "2/4", "2/4 and 3/4", "1/4, 2/4 and 3/4". */
function listed(numbers: readonly number[], count: number): string {
  const names = numbers.map((n) => `${n}/${count}`);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
}

/** Why one part cannot be merged here (pure): built by another docs-build, with another config, or from other content; undefined when it matches. */
function mismatch({ dir, manifest }: ShardPart, here: BuildInputs): string | undefined {
  if (manifest.tool.version !== here.tool.version || manifest.tool.code !== here.tool.code)
    return (
      `${dir} was built by docs-build ${manifest.tool.version} (code ${short(manifest.tool.code)}), and this is docs-build ${here.tool.version} ` +
      `(code ${short(here.tool.code)}): build every shard and the merge with the same docs-build.`
    );
  if (manifest.config !== here.config)
    return `${dir} was built with other settings (${short(manifest.config)}) than the merge's (${short(here.config)}): build every shard and the merge with the same config.`;
  if (manifest.content.hash !== here.content.hash) {
    const first = firstDifference(manifest.content, here.content);
    return (
      `${dir} was built from other content (${manifest.content.pages} pages, ${short(manifest.content.hash)}) than this checkout's ` +
      `(${here.content.pages} pages, ${short(here.content.hash)})${first ? `: ${first}` : ""}; build every shard and the merge from the same commit.`
    );
  }
  return undefined;
}

/**
 * Why a set of parts cannot be merged into the site `here` describes (pure),
 * in one sentence, or undefined when they can: every part built from the same
 * docs-build, settings and content as the merge, all of one count, each
 * shard once, none missing, and their pages disjoint and together the site's.
 */
export function refusal(parts: readonly ShardPart[], here: BuildInputs): string | undefined {
  if (parts.length === 0) return "Give merge the folders of the shards' parts (docs-build build --shard <i>/<n> --out <part>).";
  for (const part of parts) {
    const why = mismatch(part, here);
    if (why) return why;
  }
  const [first] = parts;
  const count = first.manifest.shard.count;
  const other = parts.find((part) => part.manifest.shard.count !== count);
  if (other)
    return `${first.dir} is shard ${first.manifest.shard.index}/${count} but ${other.dir} is shard ${other.manifest.shard.index}/${other.manifest.shard.count}: the shards of one build share their count.`;
  const byIndex = new Map<number, string>();
  for (const { dir, manifest } of parts) {
    const twice = byIndex.get(manifest.shard.index);
    if (twice) return `${twice} and ${dir} are both shard ${manifest.shard.index}/${count}: give merge each shard once.`;
    byIndex.set(manifest.shard.index, dir);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((n) => !byIndex.has(n));
  if (missing.length > 0)
    return `Shard${missing.length > 1 ? "s" : ""} ${listed(missing, count)} ${missing.length > 1 ? "are" : "is"} missing: merge needs all ${count} parts (build the missing ones, or give their folders).`;
  const seen = new Map<string, string>();
  for (const { dir, manifest } of parts)
    for (const page of manifest.pages) {
      const also = seen.get(page);
      if (also) return `${also} and ${dir} both hold ${page}: build the shards again from the same content and count.`;
      seen.set(page, dir);
    }
  if (seen.size !== here.content.pages)
    return `The parts hold ${seen.size} pages and the content has ${here.content.pages}: build the shards again from the same content and count.`;
  return undefined;
}
