import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { DEFAULT_POLICY } from "./code-host/policy.ts";
import { toolVersion } from "./context/tool-root.ts";
import { defaultReporter, REPORTERS, type ReporterName } from "./report/reporters.ts";
import type { ReportCommand } from "./report/report-format.ts";
import { printError, runCommand, type CommandRun } from "./commands/run-command.ts";
import type { CheckContributorsResult } from "./commands/contributors/check.ts";
import type { FetchReadmesResult } from "./commands/fetch-readmes/index.ts";
import type { FailOn, TranslationsResult } from "./commands/translations/index.ts";

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError("must be a whole number from 0 to 65535 (0 picks a free port).");
  return port;
}

function parseCount(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 64) throw new InvalidArgumentError("must be a whole number from 0 to 64.");
  return n;
}

/** `--page-timeout`: seconds, 0 for no budget. */
function parseBudget(value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n < 0) throw new InvalidArgumentError("must be a number of seconds, 0 or more.");
  return n;
}

/** `--page-timeout <seconds>`, for the commands that process pages. */
const pageTimeoutOption = () =>
  new Option(
    "--page-timeout <seconds>",
    "time budget of one page; a page that takes longer is stopped and reported (default: the config's pageTimeout, 10; 0: none)",
  ).argParser(parseBudget);

function parsePositive(value: string): number {
  const n = parseCount(value);
  if (n < 1) throw new InvalidArgumentError("must be a whole number from 1 to 64.");
  return n;
}

function parseSeconds(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > 3600) throw new InvalidArgumentError("must be a number of seconds above 0, at most 3600.");
  return n;
}

const CODE_HOST_HELP = `
Environment:
  GITHUB_TOKEN    token sent to the code host; without one the anonymous rate limit (60 requests an hour) applies
  GITHUB_API_URL  API root of the code host (default https://api.github.com), for GitHub Enterprise or a local stand-in

A request that fails after its retries keeps what was there before (a fetched page, a recorded handle);
the command finishes the rest and exits 1. fetch-readmes sends conditional requests (ETags kept in
.cache/code-host/), so unchanged READMEs cost no rate limit and rewrite nothing.`;

function parseDays(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError("must be a number of days, 0 or more.");
  return n;
}

/** Options every code-host command shares. */
interface CodeHostCliOptions {
  concurrency: number;
  timeout: number;
  retries: number;
  maxWait: number;
  quiet?: boolean;
  reporter?: ReporterName;
}

/** Adds the shared code-host options (concurrency, timeout, retries, rate-limit wait, quiet) and the environment help. */
function codeHostOptions(command: Command, concurrency: string): Command {
  return command
    .option("--concurrency <n>", concurrency, parsePositive, 4)
    .option("--timeout <seconds>", "time allowed for one request, body included", parseSeconds, DEFAULT_POLICY.timeoutMs / 1000)
    .option("--retries <n>", "tries after the first on server errors, network errors, timeouts and rate limits", parseCount, DEFAULT_POLICY.retries)
    .option("--max-wait <seconds>", "longest wait for a rate limit to reset before giving up on a request", parseSeconds, DEFAULT_POLICY.maxWaitMs / 1000)
    .option("-q, --quiet", "print only problems and the summary")
    .addOption(reporterOption())
    .addHelpText("after", CODE_HOST_HELP);
}

function codeHostSettings(opts: CodeHostCliOptions) {
  return {
    concurrency: opts.concurrency,
    codeHost: { policy: { timeoutMs: opts.timeout * 1000, retries: opts.retries, maxWaitMs: opts.maxWait * 1000 } },
  };
}

const linksOption = () =>
  new Option("--links <mode>", "broken links and anchors: error fails the build, warn only reports them").choices(["error", "warn"]).default("error");
const contentOption = () => new Option("--content <dir>", "folder of markdown pages").default("content");
const configOption = () => new Option("--config <file>", "site config file (default: docs-build.config.json in the working directory, if present)");
const lockWaitOption = () =>
  new Option(
    "--lock-wait <seconds>",
    "how long to wait for another build writing the same output before giving up (default: 120; 0: give up at once)",
  ).argParser(parseBudget);
const reporterOption = () =>
  new Option(
    "--reporter <name>",
    "how problems and steps are printed: pretty, github for GitHub Actions annotations and folded steps, or json for one JSON document on stdout (docs-build.report.schema.json) (default: github when GITHUB_ACTIONS=true, else pretty)",
  ).choices(REPORTERS);

/** Runs one command (see run-command.ts); given to the program by `main`, so what one run chooses stays in that run. */
type Run = <R, C extends ReportCommand>(run: CommandRun<R, C>) => Promise<void>;

/** Builds the commander program; `run` receives each command's work so errors map to exit codes in one place. */
function program(run: Run): Command {
  const cli = new Command("docs-build")
    .description("Builds the webpack documentation website from markdown content.")
    .version(toolVersion(), "-v, --version", "print the version")
    .option("--debug", "on an internal error (a bug or a failure outside the content), print its stack trace and causes")
    // Each command's help lists --debug too, under "Global Options".
    .configureHelp({ showGlobalOptions: true })
    .showHelpAfterError("(run with --help for usage)")
    .exitOverride();
  addBuildCommand(cli, run);
  addMergeCommand(cli, run);
  addIndexCommand(cli, run);
  addServeCommand(cli, run);
  addFetchReadmesCommand(cli, run);
  addContributorsCommand(cli, run);
  addTranslationsCommand(cli, run);
  return cli;
}

/** Adds `docs-build build`. */
function addBuildCommand(cli: Command, run: Run): void {
  cli
    .command("build")
    .description("Build the site into the output folder. The previous output is replaced only when the build succeeds.")
    .addOption(contentOption())
    .option("--out <dir>", "output folder", "dist")
    .option(
      "--locale <lang>",
      "build one language alone, for its own host: its pages from its folder (the config's languages[].content), the default language's where it has none",
    )
    .option("--base-url <url>", "absolute site URL for canonical links (default: the config's baseUrl, https://webpack.js.org)")
    .option(
      "--shard <i/n>",
      "build shard i of n of a site split over a CI matrix: process its share of the pages into the folder --out names (a part), for `docs-build merge`",
    )
    .addOption(configOption())
    .addOption(linksOption())
    .option("--no-cache", "read and write no build cache (.cache/docs-build)")
    .option(
      "--threads <n>",
      "worker threads that process pages beside the main thread (default: one per core but one; none for fewer than 24 pages)",
      parseCount,
    )
    .addOption(pageTimeoutOption())
    .addOption(lockWaitOption())
    .option("-q, --quiet", "print only problems and the summary")
    .addOption(reporterOption())
    .action(buildAction(run));
}

/** What `docs-build build` does: a build, or with --shard a shard of one. */
function buildAction(run: Run) {
  return (opts: {
    content: string;
    out: string;
    locale?: string;
    baseUrl?: string;
    shard?: string;
    config?: string;
    links: "error" | "warn";
    cache: boolean;
    threads?: number;
    pageTimeout?: number;
    lockWait?: number;
    quiet?: boolean;
    reporter?: ReporterName;
  }) =>
    opts.shard === undefined
      ? run({
          opts,
          async work(logger) {
            const { build } = await import("./build.ts");
            return build({ ...opts, logger });
          },
          json: {
            command: "build",
            end: ({ pages, bytes, seconds }) => ({ summary: { text: `Built ${pages} pages`, pages, bytes, seconds } }),
          },
        })
      : run({
          opts,
          async work(logger) {
            const [{ parseShard }, { buildShard }] = await Promise.all([import("./shard/core.ts"), import("./shard/index.ts")]);
            return buildShard({ ...opts, shard: parseShard(opts.shard as string), logger });
          },
          json: { command: "shard", end: ({ pages, seconds }) => ({ summary: { text: `Built a shard of ${pages} pages`, pages, seconds } }) },
        });
}

/** Adds `docs-build merge`. */
function addMergeCommand(cli: Command, run: Run): void {
  cli
    .command("merge")
    .description(
      "Build the site from the parts of a sharded build (docs-build build --shard <i>/<n> --out <part>): checks they are complete and built from this content, config and docs-build, then runs the site-wide stages. The previous output stays unless the merge succeeds.",
    )
    .argument("<parts...>", "the folders of the parts, one per shard")
    .addOption(contentOption())
    .option("--out <dir>", "output folder", "dist")
    .option("--base-url <url>", "absolute site URL for canonical links (default: the config's baseUrl)")
    .addOption(configOption())
    .addOption(linksOption())
    .option("--no-cache", "read and write no build cache of its own (.cache/docs-build); the parts are read all the same")
    .addOption(lockWaitOption())
    .option("-q, --quiet", "print only problems and the summary")
    .addOption(reporterOption())
    .action(
      (
        parts: string[],
        opts: {
          content: string;
          out: string;
          baseUrl?: string;
          config?: string;
          links: "error" | "warn";
          cache: boolean;
          lockWait?: number;
          quiet?: boolean;
          reporter?: ReporterName;
        },
      ) =>
        run({
          opts,
          async work(logger) {
            const { mergeShards } = await import("./shard/index.ts");
            return mergeShards({ ...opts, parts, logger });
          },
          json: { command: "merge", end: ({ pages, bytes, seconds }) => ({ summary: { text: `Merged ${pages} pages`, pages, bytes, seconds } }) },
        }),
    );
}

/** Adds `docs-build index`. */
function addIndexCommand(cli: Command, run: Run): void {
  cli
    .command("index")
    .description("Print the content index (the tree of pages and folders) as JSON on stdout.")
    .addOption(contentOption())
    .addOption(configOption())
    .addOption(linksOption().default("warn"))
    .addOption(reporterOption())
    .action((opts: { content: string; config?: string; links: "error" | "warn"; reporter?: ReporterName }) =>
      run({
        opts,
        stream: "stderr",
        async work(logger) {
          const { indexOnly } = await import("./build.ts");
          return indexOnly({ ...opts, logger });
        },
        print: ({ root }) => `${JSON.stringify(root, null, 2)}\n`,
        json: { command: "index", end: ({ root, pages }) => ({ summary: { text: `Indexed ${pages} pages`, pages }, result: root }) },
      }),
    );
}

/** Adds `docs-build serve`. */
function addServeCommand(cli: Command, run: Run): void {
  cli
    .command("serve")
    .description(
      "Build, serve the site on 127.0.0.1 (answering only requests for its own names) and rebuild with live reload when content, templates or client code change.",
    )
    .option("--port <port>", "port to listen on (0 picks a free one)", parsePort, 8080)
    .option("--host <address>", "address to listen on; another than loopback (0.0.0.0: every address) lets other machines in, with a warning", "127.0.0.1")
    .option(
      "--allowed-hosts <names>",
      "comma-separated host names to answer besides localhost, 127.0.0.1 and [::1] (also serve.allowedHosts in the config)",
      (value: string) =>
        value
          .split(",")
          .map((name) => name.trim())
          .filter(Boolean),
    )
    .addOption(contentOption())
    .option("--out <dir>", "output folder served", "dist")
    .addOption(configOption())
    .addOption(linksOption().default("warn"))
    .addOption(pageTimeoutOption())
    .option("--service-worker", "register the service worker in served pages too (off by default)")
    .action(
      (opts: {
        port: number;
        host: string;
        allowedHosts?: string[];
        content: string;
        out: string;
        config?: string;
        links: "error" | "warn";
        pageTimeout?: number;
        serviceWorker?: boolean;
      }) =>
        run({
          opts: {},
          async work() {
            const { serve } = await import("./serve/index.ts");
            await serve({ ...opts, debug: cli.opts<{ debug?: boolean }>().debug });
          },
        }),
    );
}

/** Adds `docs-build fetch-readmes`. */
function addFetchReadmesCommand(cli: Command, run: Run): void {
  const fetch = cli
    .command("fetch-readmes")
    .description(
      "Sync third-party loader and plugin pages: fetch the README of every repository in repositories/loaders.json and plugins.json into content/<loaders|plugins>/_<name>.md.",
    )
    .addOption(contentOption())
    .addOption(configOption())
    .option("--prune", "delete fetched pages whose repository is no longer listed");
  codeHostOptions(fetch, "repositories fetched at once").action((opts: CodeHostCliOptions & { content: string; config?: string; prune?: boolean }) =>
    run({
      opts,
      async work(logger) {
        const { fetchReadmes } = await import("./commands/fetch-readmes/index.ts");
        return fetchReadmes({ content: opts.content, config: opts.config, prune: opts.prune, logger, ...codeHostSettings(opts) });
      },
      json: { command: "fetch-readmes", end: (result: FetchReadmesResult) => ({ summary: result.summary }) },
    }),
  );
}

/** Adds `docs-build contributors`. */
function addContributorsCommand(cli: Command, run: Run): void {
  const contributors = cli
    .command("contributors")
    .description(
      "Check every contributor handle in the content's front matter against the code host and record in content/_data/contributors.json whether it exists. The build reads only that file; handles that do not exist are left out of contributors grids.",
    )
    .addOption(contentOption())
    .addOption(configOption())
    .option("--from-history", "also record each page's commit authors from the site repository's history (the config's \"repository\")")
    .option("--max-age <days>", "check again handles checked more than this many days ago (0: check all)", parseDays, 30);
  codeHostOptions(contributors, "requests at once").action(
    (opts: CodeHostCliOptions & { content: string; config?: string; fromHistory?: boolean; maxAge: number }) =>
      run({
        opts,
        async work(logger) {
          const { contributors: runContributors } = await import("./commands/contributors/index.ts");
          return runContributors({
            content: opts.content,
            config: opts.config,
            fromHistory: opts.fromHistory,
            maxAgeDays: opts.maxAge,
            logger,
            ...codeHostSettings(opts),
          });
        },
        json: { command: "contributors", end: (result: CheckContributorsResult) => ({ summary: result.summary }) },
      }),
  );
}

const TRANSLATIONS_HELP = `
A page of a language is outdated when its source page (the same path in the content folder) changed after
the revision it translates: the commit named by its front matter's "translates", or else the source's last
commit before the translation's own last commit. A page with no translation is missing.

--reporter json prints { summary, result: [{ lang, title, content, totals, pages }] } (docs-build.report.schema.json).`;

/** Adds \`docs-build translations\`. */
function addTranslationsCommand(cli: Command, run: Run): void {
  cli
    .command("translations")
    .description(
      'Print where each translated language (a languages entry with a folder of its own, "content") stands against the content folder: translated, outdated and missing pages, and the words to translate.',
    )
    .addOption(contentOption())
    .addOption(configOption())
    .option("--locale <langs>", "only these languages, comma-separated (default: every language with a folder of its own)", (value: string) =>
      value
        .split(",")
        .map((lang) => lang.trim())
        .filter(Boolean),
    )
    .addOption(
      new Option("--fail-on <state>", "exit 1 when a page is in this state: missing, or outdated (outdated or missing: both need translating)").choices([
        "outdated",
        "missing",
      ]),
    )
    .addOption(reporterOption())
    .addHelpText("after", TRANSLATIONS_HELP)
    .action((opts: { content: string; config?: string; locale?: string[]; failOn?: FailOn; reporter?: ReporterName }) =>
      run({
        opts,
        async work(logger) {
          const { translations } = await import("./commands/translations/index.ts");
          return translations({ content: opts.content, config: opts.config, locales: opts.locale, failOn: opts.failOn, logger });
        },
        json: { command: "translations", end: ({ summary, languages }: TranslationsResult) => ({ summary, result: languages }) },
      }),
    );
}

/** Runs the CLI and returns its exit code: 0 success, 1 build or content errors, 2 usage errors. */
export async function main(argv: readonly string[]): Promise<number> {
  let code = 0;
  const debug = () => cli.opts<{ debug?: boolean }>().debug;
  const cli = program(async (run) => {
    code = await runCommand(run, { debug: debug() });
  });
  try {
    await cli.parseAsync(argv as string[]);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version exit 0; every other commander error is a usage error.
      return error.exitCode === 0 || error.code === "commander.helpDisplayed" || error.code === "commander.version" ? 0 : 2;
    }
    return printError(error, defaultReporter(), debug());
  }
  return code;
}
