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
const session: BuildSession = { memory: { entries: new Map(), objects: new Map() } };
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
  first = false;
  process.send?.(reply);
  if (reply.ok) process.stdout.write(`Rebuilt in ${formatDuration(reply.ms)}\n`);
});
