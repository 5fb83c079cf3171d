import fs from "node:fs";
import { build } from "../../src/build.ts";
import { createMemoryLogger } from "../../src/report/logger.ts";
import { generateCorpus } from "../bench/scale-corpus.ts";
import { serveFolder, type ServedSite } from "./browser.ts";
import { FIXTURES } from "./fixture-loop.ts";
import { tempSite } from "./temp-site.ts";

/**
 * Builds the basic site's pages copied into sections of `pagesPerSection`
 * until there are `pages`, with `config` as its site config, in a temporary
 * folder (written output, no cache, a memory logger), and serves the output
 * with the project's static server; closing removes the folder.
 */
export async function serveGeneratedSite(options: { pages: number; pagesPerSection: number; config: object }): Promise<ServedSite> {
  const site = tempSite("sites/basic");
  try {
    fs.rmSync(site.path("content"), { recursive: true });
    generateCorpus({
      source: `${FIXTURES}/sites/basic/content`,
      target: site.path("content"),
      shape: { kind: "sections", pages: options.pages, pagesPerSection: options.pagesPerSection },
    });
    fs.writeFileSync(site.path("docs-build.config.json"), JSON.stringify(options.config));
    const result = await build({ root: site.dir, write: true, cache: false, history: false, logger: createMemoryLogger() });
    return await serveFolder({ root: site.path("dist"), result, onClose: () => site.remove() });
  } catch (error) {
    site.remove();
    throw error;
  }
}
