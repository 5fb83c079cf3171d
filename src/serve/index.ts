import { spawn } from "node:child_process";
import fs, { type FSWatcher } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { CONFIG_FILE } from "../config.ts";
import { TOOL_ROOT } from "../context.ts";
import { UsageError } from "../errors.ts";
import { createLiveReload, injectLiveReload } from "./live-reload.ts";
import { createStaticServer } from "./static-server.ts";

/** Options of `docs-build serve`. */
export interface ServeOptions {
  port: number;
  content: string;
  out: string;
  config?: string;
  links: "error" | "warn";
  root?: string;
  /** Called with each line the server prints; default stdout. */
  print?: (line: string) => void;
}

/** A running dev server. */
export interface ServeHandle {
  url: string;
  /** Resolves after the next rebuild finishes, with whether it succeeded. */
  nextBuild(): Promise<boolean>;
  close(): Promise<void>;
}

const BIN = path.join(TOOL_ROOT, "bin", "docs-build.js");

/**
 * Runs one build in a fresh Node process, so template and client changes are
 * picked up without restarting the server. Returns success and the errors printed.
 */
function buildOnce(options: ServeOptions, root: string): Promise<{ ok: boolean; errors: string }> {
  const args = [BIN, "build", "--content", options.content, "--out", options.out, "--links", options.links, "--quiet"];
  if (options.config) args.push("--config", options.config);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let errors = "";
    child.stdout.on("data", (chunk: Buffer) => process.stdout.write(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      errors += chunk.toString();
      process.stderr.write(chunk);
    });
    child.on("close", (code) => resolve({ ok: code === 0, errors }));
  });
}

/**
 * Builds the site, serves the output on 127.0.0.1, and rebuilds on changes to
 * content, templates, client code or the config, reloading open pages.
 */
export async function serve(options: ServeOptions): Promise<ServeHandle> {
  const root = path.resolve(options.root ?? process.cwd());
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  const live = createLiveReload();
  let building: Promise<void> | undefined;
  let again = false;
  let waiters: Array<(ok: boolean) => void> = [];

  const rebuild = (): Promise<void> => {
    if (building) {
      again = true;
      return building;
    }
    building = (async () => {
      do {
        again = false;
        const { ok, errors } = await buildOnce(options, root);
        if (ok) live.send("reload");
        else live.send("build-error", errors.trim() || "The build failed; see the terminal.");
        const done = waiters;
        waiters = [];
        done.forEach((w) => w(ok));
      } while (again);
      building = undefined;
    })();
    return building;
  };

  await rebuild();
  const server = createStaticServer({ root: path.resolve(root, options.out), extra: live.handle, transformHtml: injectLiveReload });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "EADDRINUSE" ? new UsageError(`Port ${options.port} on 127.0.0.1 is in use. Pass another --port, or --port 0 for any free one.`) : error),
    );
    server.listen(options.port, "127.0.0.1", resolve);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  print(`Serving ${options.out} at ${url} (Ctrl+C to stop)`);

  let timer: NodeJS.Timeout | undefined;
  const schedule = (changed: string) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      print(`Changed ${changed}; rebuilding…`);
      void rebuild();
    }, 80);
  };
  const watched = [path.resolve(root, options.content), path.join(TOOL_ROOT, "templates"), path.join(TOOL_ROOT, "site-client"), path.join(TOOL_ROOT, "src")];
  const watchers: FSWatcher[] = watched
    .filter((dir) => fs.existsSync(dir))
    .map((dir) => fs.watch(dir, { recursive: true }, (_event, name) => schedule(path.join(path.relative(root, dir), String(name ?? "")))));
  const configFile = path.resolve(root, options.config ?? CONFIG_FILE);
  fs.watchFile(configFile, { interval: 500 }, (current, previous) => {
    // Node reports a first poll of a file that does not exist; only a real change counts.
    if (current.mtimeMs !== previous.mtimeMs) schedule(path.relative(root, configFile));
  });

  return {
    url,
    nextBuild: () => new Promise((resolve) => waiters.push(resolve)),
    async close() {
      clearTimeout(timer);
      watchers.forEach((w) => w.close());
      fs.unwatchFile(configFile);
      live.close();
      await building;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
