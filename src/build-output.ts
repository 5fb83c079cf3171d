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
  write: WriteOptions;
  count: number;
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

/** Emits one file: streams it into the staging folder, or collects it whole unless the dev server last wrote the same. */
export async function emitFile(output: Output, file: OutputFile | StreamedFile): Promise<void> {
  const { staging, digests, prior } = output;
  output.count++;
  if ("parts" in file && staging) {
    // A streamed file is counted (and digested) as its parts pass.
    const digest = digests && digester();
    await staging.write({
      path: file.path,
      contents: seenParts(file.parts, (part) => {
        output.bytes += Buffer.byteLength(part);
        digest?.update(part);
      }),
    });
    if (digest) digests?.set(file.path, digest.digest());
    return;
  }
  // Without a staging folder, a streamed file is collected whole.
  const whole = "parts" in file ? { path: file.path, contents: await joined(file.parts) } : file;
  output.bytes += byteLength(whole);
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
