import fs from "node:fs/promises";
import path from "node:path";
import fg from "fast-glob";
import pLimit from "p-limit";
import type { VFile } from "vfile";
import type { BuildContext } from "../../context.ts";
import { diagnostic, fromVFile } from "../../diagnostics.ts";
import { UsageError } from "../../errors.ts";
import { indexContent, type IndexContentResult } from "./core.ts";
import { parsePage, type SourceFile } from "./parse-page.ts";

export type { IndexContentResult } from "./core.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Reads one file; reports (and skips) files that are empty or not UTF-8. */
async function readSource(ctx: BuildContext, relative: string): Promise<SourceFile | undefined> {
  const full = path.join(ctx.paths.content, relative);
  const display = ctx.display(full);
  const bytes = await fs.readFile(full);
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    ctx.report(diagnostic({ file: display, message: "File is not valid UTF-8", ruleId: "encoding", hint: "Save the file with UTF-8 encoding." }));
    return undefined;
  }
  if (text.trim() === "") {
    ctx.report(diagnostic({ file: display, message: "File is empty", ruleId: "empty-file", hint: "Add front matter with a title and some content, or delete the file." }));
    return undefined;
  }
  return { relative, display, text: text.replace(/^\uFEFF/, ""), size: bytes.byteLength };
}

/**
 * Finds every `.md`/`.mdx` page under the content folder, parses each once
 * and builds the content index. Problems are reported on the context.
 */
export async function runIndexContent(ctx: BuildContext): Promise<IndexContentResult> {
  const stat = await fs.stat(ctx.paths.content).catch(() => undefined);
  if (!stat?.isDirectory()) throw new UsageError(`Content folder ${ctx.display(ctx.paths.content)} does not exist. Pass --content <folder>.`);
  const relatives = await fg("**/*.{md,mdx}", { cwd: ctx.paths.content, onlyFiles: true, dot: false, ignore: ["**/node_modules/**"] });
  relatives.sort();
  const limit = pLimit(32);
  const sources = await Promise.all(relatives.map((relative) => limit(() => readSource(ctx, relative))));
  const files: VFile[] = [];
  for (const source of sources) {
    if (!source) continue;
    const file = parsePage(source, ctx.settings);
    for (const d of fromVFile(file, source.display)) ctx.report(d);
    files.push(file);
  }
  const result = indexContent(files, { rootPath: ctx.display(ctx.paths.content), settings: ctx.settings, links: ctx.links });
  for (const d of result.diagnostics) ctx.report(d);
  return result;
}
