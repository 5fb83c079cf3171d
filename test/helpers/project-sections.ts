import { createContext } from "../../src/context/context.ts";
import { resolveSettings } from "../../src/context/config.ts";
import { createMemoryLogger } from "../../src/report/logger.ts";
import type { PageEntry, SearchSection } from "../../src/shared/content-types.ts";
import { loadWholeSite } from "../../src/pipeline/site-pages.ts";
import { runIndexContent } from "../../src/stages/index-content/index.ts";
import { TOOL_DIR } from "./temp-site.ts";

/** A page of the project's content with its search sections. */
export type SectionedPage = { entry: PageEntry; sections: SearchSection[] };

let sectioned: Promise<SectionedPage[]> | undefined;

/** The project's pages with their search sections, as the index content stage makes them; read once per test process. */
export function projectSections(): Promise<SectionedPage[]> {
  sectioned ??= (async () => {
    const index = await runIndexContent(createContext({ root: TOOL_DIR, settings: resolveSettings({}), logger: createMemoryLogger(), cache: false }));
    const pages: SectionedPage[] = [];
    for (const page of (await loadWholeSite(index.site)).pages)
      pages.push({ entry: page.entry, sections: page.sectionsHash ? await index.bodies.sections(page) : [] });
    await index.close();
    return pages;
  })();
  return sectioned;
}
