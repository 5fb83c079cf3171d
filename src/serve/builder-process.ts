import type { BuildOptions } from "../build.ts";
import { Session } from "./session.ts";
import { ContentError, formatInternalError } from "../report/errors.ts";
import { createLogger, formatDuration } from "../report/logger.ts";
import { BUILDER_DEBUG_ENV } from "./builder-env.ts";
import { renderEditedPages } from "./edited-pages.ts";

/**
 * A request from the dev server: build with these options, given the paths
 * (from the project root) changed since the last request, and whether the
 * watchers heard of every change since (`complete`); or stop the build under
 * way, whose result a newer change has made useless.
 */
export type BuilderRequest =
  | { kind: "build"; options: Pick<BuildOptions, "content" | "out" | "config" | "links" | "pageTimeout">; changed: string[]; complete: boolean }
  | { kind: "stop" };

/** The builder's answer to a build request: success, or the errors as the terminal showed them, or stopped. */
export interface BuildReply {
  kind: "done";
  ok: boolean;
  /** True when a stop request ended the build before it wrote anything. */
  stopped: boolean;
  errors: string;
  ms: number;
  /** The output paths the build wrote or removed; null when it wrote the whole site. */
  changed: string[] | null;
}

/** Sent before the build's reply when edited pages were written ahead of it: their output paths. */
export interface PagesReply {
  kind: "pages";
  paths: string[];
  ms: number;
}

export type BuilderMessage = BuildReply | PagesReply;

// Kept across builds: parsed pages, rendered pages and what was written, so a
// rebuild redoes only what changed.
const session = new Session();
let first = true;
let running: AbortController | undefined;
/**
 * Every path changed since the last successful build, when the dev server
 * heard of every change since then; undefined when it may not have, or before
 * the first build. Changes of a stopped or failed build are kept, so the next
 * build is told of them too. With it, a rebuild takes every page the session's
 * last build found and that no change names as unchanged, unread.
 */
let unbuilt: Set<string> | undefined;

const send = (message: BuilderMessage) => process.send?.(message);

process.on("message", async (request: BuilderRequest) => {
  if (request.kind === "stop") {
    running?.abort();
    return;
  }
  const started = performance.now();
  const controller = (running = new AbortController());
  let reply: BuildReply;
  try {
    // Edited pages first, so the browser shows an edit before the whole site is rebuilt; when they cannot
    // be rendered alone, the last build no longer matches the content, so no later edit is rendered against it.
    if (request.changed.length > 0 && session.plans) {
      const paths = await renderEditedPages(session, process.cwd(), request.changed).catch(() => undefined);
      if (!paths) session.plans = undefined;
      else if (paths.length > 0) send({ kind: "pages", paths, ms: performance.now() - started });
    }
    if (unbuilt && request.complete) for (const path of request.changed) unbuilt.add(path);
    else unbuilt = undefined;
    // The first build prints its stages; later ones only problems and the summary.
    const logger = createLogger({ quiet: !first });
    const result = await session.build({ ...request.options, signal: controller.signal, logger, changed: unbuilt && [...unbuilt] });
    unbuilt = new Set();
    reply = { kind: "done", ok: true, stopped: false, errors: "", ms: performance.now() - started, changed: result.changed };
  } catch (error) {
    if (controller.signal.aborted) reply = { kind: "done", ok: false, stopped: true, errors: "", ms: performance.now() - started, changed: [] };
    else {
      session.plans = undefined;
      // What an internal error left of the session is not known: the next build looks at every file. A content error leaves the session as it was.
      if (!(error instanceof ContentError)) unbuilt = undefined;
      const errors = error instanceof ContentError ? error.report() : formatInternalError(error, { debug: process.env[BUILDER_DEBUG_ENV] === "1" });
      process.stderr.write(`${errors}\n`);
      reply = { kind: "done", ok: false, stopped: false, errors, ms: performance.now() - started, changed: [] };
    }
  }
  running = undefined;
  send(reply);
  if (reply.ok && !first) process.stdout.write(`Rebuilt in ${formatDuration(reply.ms)}\n`);
  if (first && !reply.stopped) void warmUp();
  first &&= reply.stopped;
});

/** A small page with the constructs real pages have, processed once while the builder is idle. */
const WARM_UP_PAGE = `---
title: Warm-up
---

## Setup

T> A tip with a [link](/guides/).

| option | default |
| --- | --- |
| \`mode\` | \`production\` |

\`\`\`js
module.exports = { mode: "development", entry: "./src/index.js" };
\`\`\`

\`\`\`bash
npx webpack --mode production
\`\`\`
`;

/**
 * The first build usually comes entirely from the cache, so the markdown and
 * React code have not been loaded or optimised yet. Loading and running them
 * once while idle makes the first edit rebuild as fast as later ones.
 */
async function warmUp(): Promise<void> {
  const [{ processPage }, , { resolveSettings }] = await Promise.all([
    import("../stages/index-content/process-page.ts"),
    import("../stages/render-pages/render-document.ts"),
    import("../context/config.ts"),
  ]);
  const settings = resolveSettings({});
  for (let i = 0; i < 5; i++) processPage({ relative: "warm-up.md", display: "warm-up.md", text: WARM_UP_PAGE, size: WARM_UP_PAGE.length }, settings);
}
