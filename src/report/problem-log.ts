import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import readline from "node:readline";
import { compareDiagnostics, type Diagnostic } from "./diagnostics.ts";
import { makeSpillFolder } from "../pipeline/spill-folder.ts";
import { removeTree } from "../output/write-file.ts";

/** Problems held in memory before they go to disk as one sorted run: a site that copies one broken link into every section reports one per page. */
export const PROBLEMS_IN_MEMORY = 2_000;

/**
 * Every problem a build reports, in memory that does not grow with their
 * number: past {@link PROBLEMS_IN_MEMORY}, each batch is sorted and written to
 * a private temporary folder as a run, and reading them back merges the runs.
 */
export interface ProblemLog {
  report(diagnostic: Diagnostic): void;
  /** Problems reported so far. */
  readonly count: number;
  /** Of those, the errors. */
  readonly errors: number;
  /** Every problem, sorted by file, then position; problems at one place in the order they were reported. */
  sorted(): AsyncGenerator<Diagnostic>;
  /** The same, as one list: for failed builds and the tools whose problems are few. */
  all(): Promise<Diagnostic[]>;
  /** Removes the runs on disk; the log is empty afterwards. */
  close(): Promise<void>;
}

/** Opens an empty log; its folder is made when the first batch is written. `held` overrides {@link PROBLEMS_IN_MEMORY} (tests). */
export function problemLog(held = PROBLEMS_IN_MEMORY): ProblemLog {
  let batch: Diagnostic[] = [];
  let folder: Promise<string> | undefined;
  /** The runs written or being written, in order, each its file. */
  let runs: Promise<string>[] = [];
  let count = 0;
  let errors = 0;
  const spill = async (problems: Diagnostic[], n: number) => {
    const file = path.join(await (folder ??= makeSpillFolder()), `problems-${n}.jsonl`);
    await fs.writeFile(
      file,
      sortRun(problems)
        .map((d) => `${JSON.stringify(d)}\n`)
        .join(""),
    );
    return file;
  };
  return {
    report(d) {
      count++;
      if (d.fatal) errors++;
      batch.push(d);
      if (batch.length < held) return;
      const run = spill(batch, runs.length);
      // Awaited when the runs are read; until then a failed write must not end the process.
      run.catch(() => undefined);
      runs.push(run);
      batch = [];
    },
    get count() {
      return count;
    },
    get errors() {
      return errors;
    },
    async *sorted() {
      const files = await Promise.all(runs);
      yield* mergeRuns([...files.map(readRun), arrayRun(sortRun(batch))]);
    },
    async all() {
      const list: Diagnostic[] = [];
      for await (const d of this.sorted()) list.push(d);
      return list;
    },
    async close() {
      await Promise.allSettled(runs);
      batch = [];
      runs = [];
      count = errors = 0;
      if (folder) await removeTree(await folder);
      folder = undefined;
    },
  };
}

/** A batch sorted (stably: the sort keeps report order among equals). */
const sortRun = (problems: readonly Diagnostic[]) => [...problems].sort(compareDiagnostics);

async function* arrayRun(problems: readonly Diagnostic[]): AsyncGenerator<Diagnostic> {
  yield* problems;
}

async function* readRun(file: string): AsyncGenerator<Diagnostic> {
  for await (const line of readline.createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Number.POSITIVE_INFINITY })) {
    if (line) yield JSON.parse(line) as Diagnostic;
  }
}

/** The sorted runs merged into one sorted stream; of equal problems, the earlier run's first. */
async function* mergeRuns(runs: AsyncGenerator<Diagnostic>[]): AsyncGenerator<Diagnostic> {
  const heads = await Promise.all(runs.map((run) => run.next()));
  for (;;) {
    let best = -1;
    for (let i = 0; i < heads.length; i++) {
      const head = heads[i];
      if (head.done) continue;
      if (best === -1 || compareDiagnostics(head.value, heads[best].value as Diagnostic) < 0) best = i;
    }
    if (best === -1) return;
    yield heads[best].value as Diagnostic;
    heads[best] = await runs[best].next();
  }
}
