/** One file of the built site, by its path relative to the output folder (with `/`). */
export interface OutputFile {
  path: string;
  contents: string | Uint8Array;
}

/** The size in bytes of a file's contents. */
export function byteLength(file: OutputFile): number {
  return typeof file.contents === "string" ? Buffer.byteLength(file.contents) : file.contents.byteLength;
}

/**
 * A file written part by part as it is made (a section's combined printable
 * page), so it is never whole in memory. `parts` is read once.
 */
export interface StreamedFile {
  path: string;
  /** Text, or UTF-8 bytes (a stretch copied from a file written before), which may split a character between two parts. */
  parts: AsyncIterable<string | Uint8Array>;
  /**
   * A hash of everything the parts are made from, when the stage knows one:
   * the dev server's next build keeps a file whose key is unchanged as it
   * was written, without reading its parts.
   */
  key?: string;
}

/** Where a stage hands each file it makes: the build's publisher (see `Publisher.emit`). */
export type Emit = (file: OutputFile | StreamedFile) => Promise<void>;
