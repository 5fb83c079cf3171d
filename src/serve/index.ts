import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { CONFIG_FILE, loadSettings } from "../context/config.ts";
import { BUNDLED } from "../context/bundled.ts";
import { TOOL_ROOT } from "../context/context.ts";
import { UsageError } from "../report/errors.ts";
import { BUILDER_DEBUG_ENV } from "./builder-env.ts";
import type { BuilderMessage, BuilderRequest, BuildReply } from "./builder-process.ts";
import { allowedHosts, refuseForeignHost } from "./host-guard.ts";
import { createLiveReload, injectLiveReload } from "./live-reload.ts";
import { sendStartingPage, startingPage } from "./starting-page.ts";
import { createStaticServer } from "./static-server.ts";
import { watchTree } from "./watch-tree.ts";

/** Options of `docs-build serve`. */
export interface ServeOptions {
  port: number;
  content: string;
  out: string;
  config?: string;
  links: "error" | "warn";
  /** The address to listen on; default 127.0.0.1. Any other than loopback is announced with a warning. */
  host?: string;
  /** Host names the server answers to besides loopback and `host`, added to the config's `serve.allowedHosts`. */
  allowedHosts?: string[];
  /** Overrides the config's `pageTimeout` (seconds; 0 for none). */
  pageTimeout?: number;
  /** Register the service worker in served pages too (off by default, so it never serves stale files while editing). */
  serviceWorker?: boolean;
  /** Print a failed build's internal error with its stack traces (`--debug`). */
  debug?: boolean;
  root?: string;
  /** Called with each line the server prints; default stdout. */
  print?: (line: string) => void;
  /**
   * Called with the URL as soon as the port is open, before the first build is
   * served; the first build's result waits for the promise it returns (tests
   * hold the starting page with it). A failure of the callback is ignored.
   */
  onListening?: (url: string) => void | Promise<void>;
}

/** A running dev server. */
export interface ServeHandle {
  url: string;
  /** Resolves after the next rebuild finishes, with whether it succeeded. */
  nextBuild(): Promise<boolean>;
  close(): Promise<void>;
}

/** The builder process's script: the bundle's, or the sources' entry that loads them through tsx. */
const BUILDER = BUNDLED ? path.join(TOOL_ROOT, "lib", "builder.js") : path.join(TOOL_ROOT, "src", "serve", "builder-entry.js");

/**
 * V8 options of the builder: a young generation of 32 MB semi-spaces (16 MB by
 * default) means fewer scavenges while a large page is parsed, which took 12–15 %
 * off processing configuration/output (215–225 ms against 252–262 ms).
 */
const BUILDER_V8 = ["--max-semi-space-size=32"];

/** Starts a builder process: it keeps its caches in memory, so a content change rebuilds only what changed. */
function startBuilder(root: string, debug = false): ChildProcess {
  const env = debug ? { ...process.env, [BUILDER_DEBUG_ENV]: "1" } : process.env;
  return fork(BUILDER, [], { cwd: root, env, execArgv: BUILDER_V8, stdio: ["ignore", "inherit", "inherit", "ipc"] });
}

/**
 * Asks the builder for one build, telling it the paths changed since the last
 * request; `onPages` hears of edited pages written ahead of the build. A
 * builder that dies answers with a failure.
 */
function requestBuild(
  builder: ChildProcess,
  options: ServeOptions,
  { changed, complete }: Pick<Extract<BuilderRequest, { kind: "build" }>, "changed" | "complete">,
  onPages: (paths: string[]) => void,
): Promise<BuildReply> {
  const request: BuilderRequest = {
    kind: "build",
    options: { content: options.content, out: options.out, config: options.config, links: options.links, pageTimeout: options.pageTimeout },
    changed,
    complete,
  };
  return new Promise((resolve) => {
    const onMessage = (message: BuilderMessage) => {
      if (message.kind === "pages") return onPages(message.paths);
      builder.off("message", onMessage);
      builder.off("exit", onExit);
      resolve(message);
    };
    const onExit = (code: number | null) => {
      builder.off("message", onMessage);
      resolve({ kind: "done", ok: false, stopped: false, errors: `The builder stopped (exit code ${code}).`, ms: 0, changed: [] });
    };
    builder.on("message", onMessage);
    builder.once("exit", onExit);
    builder.send(request);
  });
}

/** Beyond this many changed files, a reload event tells every page to reload instead of listing them. */
const LISTED_CHANGES = 500;

/** The data of a reload event: the output paths that changed, or null for all. */
const reloadData = (paths: string[] | null) => ({ paths: paths && paths.length <= LISTED_CHANGES ? paths : null });

/** What a dev server's rebuilds, watchers and HTTP handler share. */
interface ServerState {
  root: string;
  options: ServeOptions;
  print: (line: string) => void;
  live: ReturnType<typeof createLiveReload>;
  /** The build under way, if any. */
  building: Promise<void> | undefined;
  /** Set when a change arrives during a build: another build follows it. */
  again: boolean;
  /** The builder process; code changes need fresh modules, so they replace it. */
  builder: ChildProcess;
  /** Set when code changed: the next build starts a new builder. */
  restart: boolean;
  /** Paths changed since the last build request, from the project root. */
  changed: Set<string>;
  /** False when the watchers may have missed a change since the last build request. */
  complete: boolean;
  /** Set once the first build is done: until then a change is only noted. */
  watching: boolean;
  waiters: Array<(ok: boolean) => void>;
  /**
   * The page answered until the first build is written: the output folder is
   * empty or holds an older build until then. Undefined once the site is served.
   */
  starting: string | undefined;
  /** The server's address, known once it listens. */
  url: string;
  /** Every build awaits this; only the first can find it pending. */
  held: Promise<unknown>;
}

/**
 * Builds the site, serves the output on 127.0.0.1, and rebuilds on changes to
 * content, templates, client code or the config, reloading open pages. Until
 * the first build of the session succeeds, every request gets the 503 starting
 * page. Resolves once the first build has finished, whether or not it succeeded.
 */
export async function serve(options: ServeOptions): Promise<ServeHandle> {
  const root = path.resolve(options.root ?? process.cwd());
  const state: ServerState = {
    root,
    options,
    print: options.print ?? ((line: string) => process.stdout.write(`${line}\n`)),
    live: createLiveReload(),
    building: undefined,
    again: false,
    builder: startBuilder(root, options.debug),
    restart: false,
    changed: new Set(),
    complete: PRECISE_WATCH,
    watching: false,
    waiters: [],
    starting: startingPage(),
    url: "",
    held: Promise.resolve(),
  };
  const host = options.host ?? LOOPBACK_ADDRESS;
  const server = await listen(state, host, await hostsOf(root, options, host));
  state.url = `http://${urlHost(host)}:${(server.address() as AddressInfo).port}/`;
  if (!isLoopback(host))
    state.print(
      `Warning: listening on ${host}, beyond this machine's loopback: anyone who can reach it can read the preview, drafts included. Requests must still name an allowed host.`,
    );
  state.print(`Listening at ${state.url}; building ${options.out}…`);
  state.held = (async () => options.onListening?.(state.url))().catch(() => undefined);
  // Watching starts before the first build, so a change made while it runs is noted for the build after it:
  // the builder takes a file no change names as what the first build found.
  const watch = watchSources(state);
  await rebuild(state);
  if (state.starting !== undefined) state.print(`The first build failed; ${state.url} shows its errors until a change builds (Ctrl+C to stop)`);
  watch.start();
  return {
    url: state.url,
    nextBuild: () => new Promise((resolve) => state.waiters.push(resolve)),
    async close() {
      watch.close();
      state.live.close();
      await state.building;
      state.builder.kill();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Starts a build, or, while one is under way, has another follow it; resolves when no build is due. */
function rebuild(state: ServerState): Promise<void> {
  if (state.building) {
    state.again = true;
    return state.building;
  }
  state.building = (async () => {
    do {
      state.again = false;
      if (state.restart) {
        state.restart = false;
        state.builder.kill();
        state.builder = startBuilder(state.root, state.options.debug);
      }
      const request = { changed: [...state.changed], complete: state.complete };
      state.changed = new Set();
      state.complete = PRECISE_WATCH;
      const reply = await requestBuild(state.builder, state.options, request, (paths) => state.live.send("reload", reloadData(paths)));
      await state.held;
      // A build stopped for a newer change reports nothing; the next one, already due, does.
      if (reply.stopped) continue;
      announce(state, reply);
    } while (state.again);
    state.building = undefined;
  })();
  return state.building;
}

/** Tells the terminal, the open pages and those waiting for the next build how a finished build went. */
function announce(state: ServerState, { ok, errors, changed: written }: BuildReply): void {
  const message = errors.trim() || "The build failed; see the terminal.";
  if (state.starting !== undefined) {
    // Until a build succeeds, the starting page stands in for the site with the latest errors.
    state.starting = ok ? undefined : startingPage({ errors: message });
    if (ok) state.print(`Serving ${state.options.out} at ${state.url} (Ctrl+C to stop)`);
  }
  if (ok) state.live.send("reload", reloadData(written));
  else state.live.send("build-error", message);
  const done = state.waiters;
  state.waiters = [];
  for (const w of done) w(ok);
}

/** The address the dev server listens on unless `--host` says otherwise. */
const LOOPBACK_ADDRESS = "127.0.0.1";

const isLoopback = (host: string) => host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);

/** How an address is written in a URL: an IPv6 address in brackets, and an unspecified one as the loopback address it also answers on. */
const urlHost = (host: string) => (host === "0.0.0.0" || host === "::" ? LOOPBACK_ADDRESS : host.includes(":") ? `[${host}]` : host);

/** The host names the server answers to: loopback, `host`, `--allowed-hosts` and the config's `serve.allowedHosts` (none from a config that does not load: the build reports it). */
async function hostsOf(root: string, options: ServeOptions, host: string): Promise<Set<string>> {
  const configured = await loadSettings(root, options.config).then(
    (settings) => settings.serve.allowedHosts,
    () => [],
  );
  return allowedHosts(host, [...configured, ...(options.allowedHosts ?? [])]);
}

/** Creates the static server with the host guard, the live-reload stream and the starting page, and listens; stops the builder if the port cannot be had. */
async function listen(state: ServerState, host: string, hosts: ReadonlySet<string>): Promise<http.Server> {
  const { options, live } = state;
  // The event stream works from the start, so the starting page can reload when the site is ready.
  const extra = (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    if (refuseForeignHost(req, res, hosts)) return true;
    if (live.handle(req, res)) return true;
    if (state.starting === undefined) return false;
    sendStartingPage(req, res, state.starting);
    return true;
  };
  // Listen first, so a busy port fails at once and the URL can be announced while the first build runs.
  const server = createStaticServer({
    root: path.resolve(state.root, options.out),
    extra,
    transformHtml: (html) => injectLiveReload(html, { serviceWorker: options.serviceWorker }),
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", (error: NodeJS.ErrnoException) =>
        reject(
          error.code === "EADDRINUSE" ? new UsageError(`Port ${options.port} on ${host} is in use. Pass another --port, or --port 0 for any free one.`) : error,
        ),
      );
      server.listen(options.port, host, resolve);
    });
  } catch (error) {
    state.builder.kill();
    throw error;
  }
  return server;
}

/**
 * Where the watchers hear of every change (see {@link watchTree}), so the
 * builder may take a file no change names as unchanged. Elsewhere Node's
 * recursive watching is used, and the builder looks at every file.
 */
const PRECISE_WATCH = process.platform === "linux";

/**
 * Beyond this many changed paths between two build requests, a burst of
 * changes (a checkout, a copied folder) may have overflowed the system's
 * queue of file events, whose lost events no watcher hears of: the builder
 * then looks at every file.
 */
const HEARD_CHANGES = 4096;

/** Watches one folder and everything below it, calling `changed` with each changed path relative to it. */
function watchFolder(state: ServerState, dir: string, changed: (name: string) => void): { close(): void } {
  if (PRECISE_WATCH)
    return watchTree(dir, {
      changed,
      missed: () => {
        state.complete = false;
        changed("");
      },
    });
  return fs.watch(dir, { recursive: true }, (_event, name) => changed(String(name ?? "")));
}

/**
 * Watches content, data, templates, client code, the tool's own code and the
 * config file, noting each change; once started, schedules a rebuild on each
 * change (and at once for those noted before). Returns what starts and stops it.
 */
function watchSources(state: ServerState): { start(): void; close(): void } {
  const { root, options } = state;
  let timer: NodeJS.Timeout | undefined;
  // A short pause lets an editor finish writing a file before the rebuild reads it.
  const schedule = (file: string, code: boolean) => {
    state.restart ||= code;
    state.changed.add(file);
    if (state.changed.size > HEARD_CHANGES) state.complete = false;
    if (!state.watching) return;
    // The build under way is stale now: it stops at its next step, and the next one starts with this change.
    if (state.building) state.builder.send({ kind: "stop" } satisfies BuilderRequest);
    clearTimeout(timer);
    timer = setTimeout(() => {
      state.print(`Changed ${file}; rebuilding…`);
      void rebuild(state);
    }, 10);
  };
  const contentDir = path.resolve(root, options.content);
  // Content and data files (sponsors, vote topics, repository lists) rebuild; code changes restart the builder.
  const dataDirs = [contentDir, path.resolve(root, "repositories")];
  const code = BUNDLED ? "lib" : "src";
  const watched = [...dataDirs, path.join(TOOL_ROOT, "templates"), path.join(TOOL_ROOT, "site-client"), path.join(TOOL_ROOT, code)];
  const watchers = watched
    .filter((dir) => fs.existsSync(dir))
    .map((dir) => watchFolder(state, dir, (name) => schedule(path.join(path.relative(root, dir), name), !dataDirs.includes(dir))));
  const configFile = path.resolve(root, options.config ?? CONFIG_FILE);
  fs.watchFile(configFile, { interval: 500 }, (current, previous) => {
    // Node reports a first poll of a file that does not exist; only a real change counts.
    if (current.mtimeMs !== previous.mtimeMs) schedule(path.relative(root, configFile), true);
  });
  return {
    start() {
      state.watching = true;
      const [noted] = state.changed;
      if (noted !== undefined) schedule(noted, state.restart);
    },
    close() {
      clearTimeout(timer);
      for (const w of watchers) w.close();
      fs.unwatchFile(configFile);
    },
  };
}
