import { byteLength, type OutputFile, type StreamedFile } from "./output-files.ts";
import { digester, digestOf, type OutputManifest, type Staging, type WriteOptions } from "./write-output.ts";

/** Where a build's files go, and the count and size of those emitted so far. */
export interface Output {
  /** The staging folder files are streamed into, for builds that write the whole site. */
  staging: Staging | undefined;
  /** The files kept for the result or for writeChanged, when nothing is streamed. */
  collected: OutputFile[];
  /** The dev server's builds keep every file's digest; later ones pass writeChanged only the files that changed. */
  digests: Map<string, string> | undefined;
  /** What the dev server last wrote, for its later builds. */
  prior: OutputManifest | undefined;
  /** The dev server's builds: each streamed file with a key (see `StreamedFile.key`), its key and bytes. */
  keyed: Map<string, KeyedFile> | undefined;
  /** The keyed files the dev server's last build wrote, so a later one keeps those whose key is unchanged. */
  priorKeyed: ReadonlyMap<string, KeyedFile> | undefined;
  write: WriteOptions;
  count: number;
  bytes: number;
}

/** A streamed file's key (see `StreamedFile.key`) and the bytes it was written with. */
export interface KeyedFile {
  key: string;
  bytes: number;
}

/** Passes the parts through, showing each to `see` first. */
async function* seenParts(parts: AsyncIterable<string>, see: (part: string) => void): AsyncIterable<string> {
  for await (const part of parts) {
    see(part);
    yield part;
  }
}

/** All the parts as one string. */
async function joined(parts: AsyncIterable<string>): Promise<string> {
  let text = "";
  for await (const part of parts) text += part;
  return text;
}

/** Keeps a streamed file as the dev server's last build wrote it when its key is unchanged (see `StreamedFile.key`); false otherwise. */
function keptByKey(output: Output, file: StreamedFile): boolean {
  const { prior, digests, keyed, priorKeyed } = output;
  const was = file.key === undefined ? undefined : priorKeyed?.get(file.path);
  const digest = prior?.files.get(file.path);
  if (!was || was.key !== file.key || digest === undefined || !digests) return false;
  digests.set(file.path, digest);
  keyed?.set(file.path, was);
  output.count++;
  output.bytes += was.bytes;
  return true;
}

/** Emits one file: streams it into the staging folder, or collects it whole unless the dev server last wrote the same. */
export async function emitFile(output: Output, file: OutputFile | StreamedFile): Promise<void> {
  const { staging, digests, prior } = output;
  if ("parts" in file && keptByKey(output, file)) return;
  output.count++;
  const keep = (bytes: number) => "key" in file && file.key !== undefined && output.keyed?.set(file.path, { key: file.key, bytes });
  if ("parts" in file && staging) {
    // A streamed file is counted (and digested) as its parts pass.
    const digest = digests && digester();
    let bytes = 0;
    await staging.write({
      path: file.path,
      contents: seenParts(file.parts, (part) => {
        bytes += Buffer.byteLength(part);
        digest?.update(part);
      }),
    });
    output.bytes += bytes;
    keep(bytes);
    if (digest) digests?.set(file.path, digest.digest());
    return;
  }
  // Without a staging folder, a streamed file is collected whole.
  const whole = "parts" in file ? { path: file.path, contents: await joined(file.parts) } : file;
  const bytes = byteLength(whole);
  output.bytes += bytes;
  keep(bytes);
  if (digests) {
    const digest = digestOf(whole.contents);
    digests.set(whole.path, digest);
    if (prior?.files.get(whole.path) === digest) return;
  }
  if (staging) await staging.write(whole);
  else output.collected.push(whole);
}

/**
 * Keeps files as the dev server's last build wrote them, without their
 * contents (pure but for `output`): records their digests from that build and
 * counts them with `bytes`. False, keeping none, unless the build patches the
 * last one's files and that build wrote every path.
 */
export function keepFiles(output: Output, paths: readonly string[], bytes: number): boolean {
  const { prior, digests, staging } = output;
  if (!prior || !digests || staging) return false;
  const found = paths.map((path) => prior.files.get(path));
  if (found.some((digest) => digest === undefined)) return false;
  for (const [i, path] of paths.entries()) digests.set(path, found[i]!);
  output.count += paths.length;
  output.bytes += bytes;
  return true;
}
