import type { BuildContext } from "../../context/context.ts";
import type { PageProcessor } from "./process-pages.ts";
import type { OptionReference } from "../../markdown/option-reference.ts";

/** Creates the page processor; the markdown pipeline is loaded only when some page is not cached. */
export function lazyProcessor(total: number, ctx: BuildContext, reference?: OptionReference): PageProcessor {
  let processor: Promise<PageProcessor> | undefined;
  return {
    async run(sources) {
      if (sources.length === 0) return [];
      // The dev server (a memory layer across builds) keeps the workers for its next build.
      const keepWorkers = ctx.cache.memo !== undefined;
      processor ??= import("./process-pages.ts").then(({ createPageProcessor }) =>
        createPageProcessor(total, ctx.settings, { threads: ctx.threads, keepWorkers, reference }),
      );
      return (await processor).run(sources);
    },
    async close() {
      await (await processor)?.close();
    },
  };
}
