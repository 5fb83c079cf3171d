import type { Octokit } from "@octokit/rest";
import pLimit, { type LimitFunction } from "p-limit";
import type { BuildContext } from "../context/context.ts";
import { PartialFailure } from "../report/errors.ts";
import { CodeHostError, retryLine, type CodeHostOptions } from "./client.ts";

/** What every code-host command is given besides its own options. */
export interface CodeHostCommandOptions {
  /** Requests at once; default 4. */
  concurrency?: number;
  /** API root, token and retry policy; defaults from GITHUB_API_URL and GITHUB_TOKEN. */
  codeHost?: CodeHostOptions;
}

/** How one item's run is reported. */
interface EachOptions<T, R> {
  /** Turns what the item's run threw into its outcome; the command goes on with the other items. */
  failed(item: T, error: unknown): R | Promise<R>;
  /** The progress line once an item is done, given its `[n/total]` counter; nothing is printed for undefined. */
  progress?(outcome: R, counter: string): string | undefined;
  /**
   * The error to stop the whole command with, when what an item's run threw
   * would fail every other item too (a full disk); undefined for an item's own failure.
   */
  stop?(error: unknown): Error | undefined;
}

/** The end of a code-host command: its summary, the items that failed, and what to say when some did. */
interface FinishOptions<R> {
  result: R;
  /** Summary lines, printed even when quiet. */
  summary: readonly string[];
  /** One line per failed item, printed under the summary after `✗`. */
  failures: readonly string[];
  /** The PartialFailure's message when there are failures. */
  message: string;
}

/** The part every code-host command shares: its client, its concurrency, progress and the closing summary. */
export interface CodeHostCommand {
  octokit: Octokit;
  /**
   * Runs `work` on every item, `concurrency` at a time across all calls,
   * printing progress as each finishes. Once an item's error stops the
   * command, items not started are skipped and, when those under way have
   * finished, that error is thrown.
   */
  each<T, R>(items: readonly T[], work: (item: T) => Promise<R>, options: EachOptions<T, R>): Promise<R[]>;
  /** Prints the summary and the failures; throws PartialFailure (exit 1) when any item failed, else returns the result. */
  finish<R>(options: FinishOptions<R>): R;
}

/** The one-line reason a request failed, without the request when the client named it. */
export function failureMessage(error: unknown): string {
  return error instanceof CodeHostError ? error.reason : ((error as Error).message ?? String(error));
}

/** `[ 3/12]`: how far a command is, padded so the lines align. */
function counter(done: number, total: number): string {
  return `[${String(done).padStart(String(total).length)}/${total}]`;
}

/**
 * Opens a code-host command on `ctx`: creates the client (every retry printed
 * as a progress line, and passed on to the caller's own `onRetry`) and one
 * `p-limit` queue of `concurrency` (default 4) shared by all its items.
 */
export async function openCodeHostCommand(ctx: BuildContext, options: CodeHostCommandOptions): Promise<CodeHostCommand> {
  const { logger } = ctx;
  const onRetry = options.codeHost?.onRetry;
  const octokit = await ctx.codeHost({
    ...options.codeHost,
    onRetry: (event) => {
      logger.info(retryLine(event));
      onRetry?.(event);
    },
  });
  const limit: LimitFunction = pLimit(Math.max(1, options.concurrency ?? 4));
  return {
    octokit,
    async each(items, work, { failed, progress, stop }) {
      let done = 0;
      let stopped: Error | undefined;
      const outcomes = await Promise.all(
        items.map((item) =>
          limit(async () => {
            if (stopped) return undefined;
            let outcome: Awaited<ReturnType<typeof work>>;
            try {
              outcome = await work(item);
            } catch (error) {
              stopped ??= stop?.(error);
              if (stopped) return undefined;
              outcome = await failed(item, error);
            }
            const line = progress?.(outcome, counter(++done, items.length));
            if (line !== undefined) logger.info(line);
            return outcome;
          }),
        ),
      );
      if (stopped) throw stopped;
      return outcomes as Awaited<ReturnType<typeof work>>[];
    },
    finish({ result, summary, failures, message }) {
      for (const line of summary) logger.summary(line);
      for (const failure of failures) logger.summary(`  ✗ ${failure}`);
      if (failures.length) throw new PartialFailure(message, result);
      return result;
    },
  };
}
