import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";

/** How much of a page is read at a time while looking for the end of its front matter: a few front matters' worth. */
const READ_BYTES = 4096;

/** A front matter fence as remark-frontmatter takes it: `---` alone on its line, spaces or tabs after it allowed. */
const FENCE = /^---[ \t]*$/;

/**
 * The YAML text of a page's front matter (pure), from the page's lines
 * without their line breaks, taking no line after its closing fence:
 * undefined when the first line (a byte order mark aside) opens none or no
 * line closes it, where the markdown parser sees no front matter either.
 */
export async function frontMatterOf(lines: AsyncIterable<string>): Promise<string | undefined> {
  const value: string[] = [];
  let opened = false;
  for await (const line of lines) {
    if (opened && FENCE.test(line)) return value.join("\n");
    if (opened) value.push(line);
    else if (FENCE.test(line.replace(/^\uFEFF/, ""))) opened = true;
    else return undefined;
  }
  return undefined;
}

/**
 * The YAML text of a page file's front matter (see {@link frontMatterOf}),
 * read from the file's start up to its closing fence and no further, so a
 * long page costs what its front matter does. Its first line is the file's
 * second. Rejects when the file cannot be read.
 */
export async function readFrontMatter(file: string): Promise<string | undefined> {
  const input = createReadStream(file, { encoding: "utf8", highWaterMark: READ_BYTES });
  try {
    return await frontMatterOf(createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY }));
  } finally {
    // The lines stop at the fence; the file is closed here, not when the stream is collected.
    input.destroy();
  }
}
