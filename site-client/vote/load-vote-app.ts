import type { VoteAppComponent } from "../../templates/client-features.ts";
import { loadStylesheet, type ChunkLoadError } from "../loader.ts";

/** How long the board waits for its stylesheet before it shows anyway (ms). */
const STYLESHEET_WAIT = 3000;

/**
 * Loads the board's stylesheet as a stylesheet chunk. A failure is the
 * catalogue's ChunkLoadError with code CSS_CHUNK_LOAD_FAILED: it is logged,
 * and the board still shows (unstyled but usable), as it does when the
 * stylesheet takes longer than 3 s.
 */
function loadBoardStylesheet(href: string): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, STYLESHEET_WAIT)));
  const loaded = loadStylesheet("vote", href).catch((error: unknown) => {
    const named = error as ChunkLoadError;
    console.warn(`docs-build: ${named.message} (${named.code ?? named.name}); the vote board shows without its styles`);
  });
  return Promise.race([loaded, waited]).finally(() => clearTimeout(timer));
}

/**
 * Loads the vote board: its code through a dynamic import (so esbuild puts
 * it in a chunk of its own, fetched only by the vote page) and, when given,
 * its stylesheet, which esbuild does not load for dynamic chunks.
 */
export async function loadVoteApp(stylesheet?: string): Promise<VoteAppComponent> {
  const [mod] = await Promise.all([import("./VoteApp.tsx"), stylesheet ? loadBoardStylesheet(stylesheet) : undefined]);
  return mod.VoteApp;
}
