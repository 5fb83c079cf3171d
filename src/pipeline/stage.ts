import type { BuildContext } from "../context/context.ts";
import type { Emit } from "../output/files.ts";

/**
 * A build stage: the build context and the stage's input in, its result out.
 * Every stage in `src/stages/` has this one signature; `build.ts` checks it.
 */
export type Stage<Input, Result> = (ctx: BuildContext, input: Input) => Promise<Result>;

/** What a stage that makes files takes in its input: where each file goes (the build's publisher). */
export interface Emitting {
  emit: Emit;
}
