import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Settings } from "./context/config.ts";
import { TOOL_ROOT } from "./context/context.ts";
import type { OutputFile } from "./output/files.ts";
import type { Diagnostic } from "./report/diagnostics.ts";
import { ContentError, StageError, UsageError } from "./report/errors.ts";
import type { LogEvent } from "./report/logger.ts";
import type { ReporterName } from "./report/reporters.ts";

/** The worker's script: beside this module, in the sources as in the bundle (lib/language-worker.js). */
const WORKER_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), "language-worker.js");

/** What a worker thread is given to make one language of the site under its prefix (see `languageHere` in build.ts). */
export interface LanguageJob<O> {
  /** The build's options, without what cannot cross threads (logger, signal, carry, settings). */
  options: O;
  settings: Settings;
  lang: string;
  /** The site's staging folder, which the language writes under its prefix; undefined for a build that does not write. */
  staging: string | undefined;
  /** How the build's logger prints problems, and whether it takes them whole. */
  reporter: ReporterName | undefined;
  problems: boolean;
}

/** What a worker thread made of its language: its pages, what it wrote (or, not writing, its files), what it printed, and how it ended. */
export interface LanguageReply {
  routes: number;
  count: number;
  bytes: number;
  files: OutputFile[];
  events: LogEvent[];
  ms: number;
  error?: SentError;
}

/** An error as it crosses threads: its class by name, and what the build's handling of it reads. */
export interface SentError {
  name: string;
  message: string;
  stack?: string;
  code?: string;
  path?: string;
  syscall?: string;
  diagnostics?: readonly Diagnostic[];
}

/** An error as a worker sends it (see {@link revived}). */
export function sentError(error: unknown): SentError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  const { code, path: file, syscall } = error as NodeJS.ErrnoException;
  return {
    name: error.name,
    message: error.message,
    stack: error.stack,
    ...(typeof code === "string" && { code }),
    ...(typeof file === "string" && { path: file }),
    ...(typeof syscall === "string" && { syscall }),
    ...(error instanceof ContentError && { diagnostics: error.diagnostics }),
  };
}

/**
 * The error a worker sent, as this thread would have thrown it: a content
 * error with its problems, a usage error (exit code 2), or an error with the
 * system's code and path, which the build's handling of disk errors reads.
 */
export function revived(sent: SentError): Error {
  if (sent.name === "ContentError") return new ContentError(sent.diagnostics ?? []);
  const error = sent.name === "UsageError" ? new UsageError(sent.message) : new Error(sent.message);
  if (sent.name === "StageError") Object.setPrototypeOf(error, StageError.prototype);
  error.name = sent.name;
  if (sent.stack) error.stack = sent.stack;
  Object.assign(error, { ...(sent.code && { code: sent.code }), ...(sent.path && { path: sent.path }), ...(sent.syscall && { syscall: sent.syscall }) });
  return error;
}

/**
 * How many worker threads make languages beside this thread: one per core
 * but one, as many as there are languages at most; none when `--threads`
 * asks for none (pure).
 */
export function languageThreads(languages: number, requested: number | undefined, cores = os.availableParallelism()): number {
  return Math.max(0, Math.min(languages, requested ?? cores - 1));
}

/**
 * A worker thread that makes languages of the site, one after another, as
 * they are given (see {@link make}). From its start it processes the own
 * pages of every language in `warm` into the build's cache, which needs
 * nothing of the default language's: it does so while this thread indexes
 * the default language's pages, which leave a core partly idle, and is warm
 * for its languages when they come. `stop` ends it at once.
 */
export class LanguageWorker<O> {
  readonly #worker: Worker;
  readonly #waiting: { resolve: (reply: LanguageReply) => void; reject: (error: Error) => void }[] = [];
  #failed: Error | undefined;

  constructor(warm: readonly LanguageJob<O>[]) {
    this.#worker = new Worker(WORKER_FILE, { workerData: { warm, tsconfig: path.join(TOOL_ROOT, "tsconfig.json") }, execArgv: [] });
    // Idle, it keeps no command alive; it is referenced while it makes a language.
    this.#worker.unref();
    this.#worker.on("message", (reply: LanguageReply) => {
      this.#waiting.shift()?.resolve(reply);
      if (this.#waiting.length === 0) this.#worker.unref();
    });
    const fail = (error: Error) => {
      this.#failed ??= error;
      for (const waiting of this.#waiting.splice(0)) waiting.reject(error);
    };
    this.#worker.once("error", fail);
    this.#worker.once("exit", (code) => fail(new Error(`A worker thread making the site's languages stopped (exit code ${code}) before it answered.`)));
  }

  /** Makes one language; resolves with what the worker made of it, failed or not. */
  make(job: LanguageJob<O>): Promise<LanguageReply> {
    if (this.#failed) return Promise.reject(this.#failed);
    return new Promise((resolve, reject) => {
      this.#waiting.push({ resolve, reject });
      this.#worker.ref();
      this.#worker.postMessage(job);
    });
  }

  async stop(): Promise<void> {
    await this.#worker.terminate();
  }
}
