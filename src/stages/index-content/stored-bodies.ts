import fs from "node:fs/promises";
import path from "node:path";
import type { BuildContext } from "../../context/context.ts";
import { UsageError } from "../../report/errors.ts";
import type { PageBodies } from "../../pipeline/page-bodies.ts";
import type { PageSummary } from "../../shared/content-types.ts";
import type { BodyStore } from "./body-store.ts";
import type { OptionReference } from "../../markdown/option-reference.ts";
import { insideContent, readFresh, type SourceFolder } from "./source-files.ts";

/**
 * Reads bodies back from the store. An entry that has gone (a cache pruned
 * while the build ran) is made again from the page's file; a file changed
 * since it was indexed fails the build with a sentence, never a mixed site.
 */
export function pageBodies(ctx: BuildContext, store: BodyStore, folders: readonly SourceFolder[], reference?: OptionReference): PageBodies {
  const remake = async (page: PageSummary) => {
    const full = path.resolve(ctx.paths.root, page.entry.path);
    const folder = folders.find((f) => full.startsWith(`${f.dir}${path.sep}`)) ?? folders[0];
    const relative = path.relative(folder.dir, full);
    const read = (await insideContent(ctx, full, folder.real)) ? await readFresh(ctx, relative, full) : undefined;
    // A translated page is made with its original, as the index made it (see `SourceFile.original`).
    const original = read && folder !== folders[0] ? await fs.readFile(path.join(folders[0].dir, relative), "utf8").catch(() => undefined) : undefined;
    const source = read && original !== undefined ? { ...read, original } : read;
    const { processPage } = await import("./process-page.ts");
    const made = source && processPage(source, ctx.settings, reference);
    if (!made || made.bodyHash !== page.bodyHash)
      throw new UsageError(`${page.entry.path} changed while the site was being built. Build again once edits are saved.`);
    await store.put(page.bodyKey, made);
    return made;
  };
  return {
    async body(page) {
      return (await store.body(page.bodyKey)) ?? (await remake(page)).bodyHtml;
    },
    async sections(page) {
      return (await store.sections(page.bodyKey)) ?? (await remake(page)).sections;
    },
    async markdown(page) {
      return (await store.markdown(page.bodyKey)) ?? (await remake(page)).markdown;
    },
    async anchors(page) {
      if (!page.anchorsHash) return [];
      return (await store.anchors(page.bodyKey)) ?? (await remake(page)).entry.anchors;
    },
    close: () => store.close(),
  };
}
