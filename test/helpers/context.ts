import { resolveSettings, type Settings } from "../../src/context/config.ts";
import { createContext, type BuildContext, type LinkMode } from "../../src/context/context.ts";
import { createMemoryLogger } from "../../src/report/logger.ts";

/** A build context for tests: silent logger, no disk cache, default settings unless given. */
export function testContext(options: { root: string; content?: string; links?: LinkMode; settings?: Partial<Settings> }): BuildContext {
  return createContext({
    root: options.root,
    content: options.content ?? "input",
    settings: resolveSettings(options.settings ?? {}),
    logger: createMemoryLogger(),
    cache: false,
    links: options.links,
  });
}
