import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { OutputLockedError } from "../report/errors.ts";

/** Who holds an output lock, as its lock file records it. */
export interface LockHolder {
  pid: number;
  host: string;
  /** When the holder's process started (ISO 8601), for people reading the wait line. */
  started: string;
  /** Linux: the process start in clock ticks after boot (`/proc/<pid>/stat`), which tells a reused pid from the holder. */
  ticks?: string;
  /** Random for each lock taken: two writes in one process share pid and start, and each may release only its own lock. */
  token: string;
}

/** Options of {@link lockOutput}. */
export interface LockOptions {
  /** Longest wait for another holder, in milliseconds. Default {@link DEFAULT_LOCK_WAIT_MS}. */
  waitMs?: number;
  /** Receives one line when this process starts waiting for a holder, and one when it removes a stale lock. Default: none. */
  notify?: (line: string) => void;
}

/** A lock this process holds. */
export interface OutputLock {
  /** Removes the lock file if it is still this lock's. */
  release(): Promise<void>;
}

/** Two minutes: the lock covers only writing and swapping the output, which takes seconds even for a large site. */
const DEFAULT_LOCK_WAIT_MS = 120_000;
const POLL_MS = 50;
/** A lock file still unreadable this long after it was made was left by a process killed between creating and filling it. */
const UNREADABLE_STALE_MS = 10_000;
/** Breaking a stale lock takes milliseconds; a breaker file this old was left by a process killed while breaking one. */
const BREAKER_STALE_MS = 10_000;

/** The lock file of an output folder: `.<name>.lock` beside it, so it survives the output being swapped. */
export function lockPath(outDir: string): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}.lock`);
}

/** A process's state and start time from `/proc/<pid>/stat`; undefined where there is no /proc (macOS, Windows) or no such process. */
async function procStat(pid: number | "self"): Promise<{ state: string; ticks: string } | undefined> {
  const text = await fs.readFile(`/proc/${pid}/stat`, "utf8").catch(() => undefined);
  if (!text) return undefined;
  // The command name is in parentheses and may hold spaces or parentheses itself; the fields after it are plain.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { state: fields[0], ticks: fields[19] };
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    // A pid of 0 or below would make process.kill address a process group, not one process.
    if (!Number.isInteger(value.pid) || (value.pid as number) < 1 || typeof value.host !== "string" || typeof value.token !== "string") return undefined;
    return value as LockHolder;
  } catch {
    return undefined;
  }
}

/** The holder as a person can look it up: pid, host when it is another machine, and start time. */
function describe(holder: LockHolder | undefined): string {
  if (!holder) return "a process whose lock file could not be read";
  const host = holder.host === os.hostname() ? "" : ` on ${holder.host}`;
  return `pid ${holder.pid}${host}, started ${holder.started}`;
}

/** Whether the holder's process is gone: its pid is free, a zombie, or now names a process that started at another time. */
export async function isGone(holder: LockHolder): Promise<boolean> {
  // A process on another machine (the output on a shared network folder) cannot be checked from here, so it counts as alive.
  if (holder.host !== os.hostname()) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
  const now = await procStat(holder.pid);
  if (!now) return false;
  // A killed build stays a zombie until its parent reaps it, and a reused pid has another start time.
  return now.state === "Z" || (holder.ticks !== undefined && now.ticks !== holder.ticks);
}

/** One look at the lock file; undefined when there is none. */
interface Seen {
  text: string;
  holder: LockHolder | undefined;
  ino: number;
  mtimeMs: number;
}

async function look(file: string): Promise<Seen | undefined> {
  try {
    const [text, stat] = await Promise.all([fs.readFile(file, "utf8"), fs.stat(file)]);
    return { text, holder: parseHolder(text), ino: stat.ino, mtimeMs: stat.mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

async function isStale(seen: Seen): Promise<boolean> {
  return seen.holder ? isGone(seen.holder) : Date.now() - seen.mtimeMs > UNREADABLE_STALE_MS;
}

/** Creates `file` with `text` only if it does not exist (`wx`, one atomic step); false when it does. */
async function createExclusive(file: string, text: string): Promise<boolean> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    await handle.writeFile(text);
    await handle.close();
    return true;
  } catch (error) {
    await handle.close().catch(() => undefined);
    await fs.rm(file, { force: true });
    throw error;
  }
}

/**
 * Removes a lock whose holder is gone, if it is still the lock that was seen.
 * A second file, `<lock>.break`, makes that check and the removal one step:
 * without it, two waiters that both saw the dead holder could each remove
 * "the" lock, the second one removing the fresh lock the first had just taken.
 */
async function breakLock(file: string, seen: Seen): Promise<boolean> {
  const breaker = `${file}.break`;
  if (!(await createExclusive(breaker, `${process.pid}\n`))) {
    const stat = await fs.stat(breaker).catch(() => undefined);
    if (stat && Date.now() - stat.mtimeMs > BREAKER_STALE_MS) await fs.rm(breaker, { force: true });
    return false;
  }
  try {
    const now = await look(file);
    if (!now || now.text !== seen.text || now.ino !== seen.ino || now.mtimeMs !== seen.mtimeMs) return false;
    await fs.rm(file, { force: true });
    return true;
  } finally {
    await fs.rm(breaker, { force: true });
  }
}

/** This process as a lock file records it, with a fresh token. */
export async function thisProcess(): Promise<LockHolder> {
  const self = await procStat("self");
  return {
    pid: process.pid,
    host: os.hostname(),
    started: new Date(performance.timeOrigin).toISOString(),
    ticks: self?.ticks,
    token: randomBytes(8).toString("hex"),
  };
}

/** Reads a holder record; undefined when the text is not one. */
export function readHolder(text: string): LockHolder | undefined {
  return parseHolder(text);
}

/**
 * Takes the lock of an output folder, so two builds into one folder never
 * write or swap at the same time. Waits while another live process holds it
 * (saying whom it waits for, once per holder), removes a lock whose holder is
 * gone (with a note), and after `waitMs` (default two minutes) gives up with
 * an {@link OutputLockedError}.
 */
export async function lockOutput(outDir: string, options: LockOptions = {}): Promise<OutputLock> {
  const file = lockPath(outDir);
  const name = path.basename(outDir);
  const mine = await thisProcess();
  const text = `${JSON.stringify(mine, null, 2)}\n`;
  const started = Date.now();
  const deadline = started + (options.waitMs ?? DEFAULT_LOCK_WAIT_MS);
  let announced: string | undefined;
  for (;;) {
    if (await createExclusive(file, text)) return { release: () => release(file, text) };
    const seen = await look(file);
    // Released between the two looks: try again at once.
    if (!seen) continue;
    if (await isStale(seen)) {
      if (await breakLock(file, seen))
        options.notify?.(`Removed the lock on ${name} left by a docs-build that is no longer running (${describe(seen.holder)}).`);
      else await sleep(POLL_MS);
      continue;
    }
    // An unreadable lock is a holder between creating and filling it: a moment, not worth a line.
    if (seen.holder && announced !== seen.text) {
      announced = seen.text;
      options.notify?.(`Waiting for another docs-build to finish writing ${name} (${describe(seen.holder)})…`);
    }
    const now = Date.now();
    if (now >= deadline) throw new OutputLockedError({ output: outDir, lockFile: file, holder: describe(seen.holder), waitedMs: now - started });
    await sleep(Math.min(POLL_MS, deadline - now));
  }
}

/** Removes the lock only while it is still ours: a lock wrongly judged stale and taken over belongs to its new holder. */
async function release(file: string, text: string): Promise<void> {
  const now = await fs.readFile(file, "utf8").catch(() => undefined);
  if (now === text) await fs.rm(file, { force: true });
}
