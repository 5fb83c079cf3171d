import { build, type BuildOptions, type BuildSession } from "../build.ts";
import { ContentError } from "../errors.ts";
import { createLogger, formatDuration } from "../logger.ts";

/** A request from the dev server: build with these options. */
export interface BuildRequest {
  options: Pick<BuildOptions, "content" | "out" | "config" | "links">;
}

/** The builder's answer: success, or the errors as the terminal showed them. */
export interface BuildReply {
  ok: boolean;
  errors: string;
  ms: number;
}

// Kept across builds: parsed pages, rendered pages and what was written, so a
// rebuild redoes only what changed.
const session: BuildSession = { memory: { entries: new Map(), objects: new Map() }, printed: new Set() };
let first = true;

process.on("message", async (request: BuildRequest) => {
  const started = performance.now();
  let reply: BuildReply;
  try {
    // The first build prints its stages; later ones only problems and the summary.
    await build({ ...request.options, session, logger: createLogger({ quiet: !first }) });
    reply = { ok: true, errors: "", ms: performance.now() - started };
  } catch (error) {
    const errors = error instanceof ContentError ? error.report() : `${(error as Error).name}: ${(error as Error).message}`;
    process.stderr.write(`${errors}\n`);
    reply = { ok: false, errors, ms: performance.now() - started };
  }
  process.send?.(reply);
  if (reply.ok && !first) process.stdout.write(`Rebuilt in ${formatDuration(reply.ms)}\n`);
  if (first) void warmUp();
  first = false;
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
    import("../config.ts"),
  ]);
  const settings = resolveSettings({});
  for (let i = 0; i < 5; i++) processPage({ relative: "warm-up.md", display: "warm-up.md", text: WARM_UP_PAGE, size: WARM_UP_PAGE.length }, settings);
}
