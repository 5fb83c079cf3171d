// `npm run bench:lighthouse`: Lighthouse on the project's own site, served by
// the project's static server on 127.0.0.1. A report, not a test: it exits 0
// whether or not the targets are met, and 1 only when something fails to run
// (the build, Chromium, or Lighthouse itself).
//
//   npm run bench:lighthouse [-- --rounds N]      (default 3 rounds)
//
// Each round audits the landing page and the longest documentation page with
// Lighthouse's default mobile emulation and with its desktop preset, and the
// table gives per page and form factor the median scores and metrics.
//
// Choices of the setup, each for a reason:
// - Every audit gets its own Chromium with a fresh user-data-dir. The service
//   worker's caches (IndexedDB) of an earlier audit of the same origin made
//   Lighthouse warn that stored data could affect the load; a fresh profile
//   measures a first visit every time.
// - The site is built with the served origin as its base URL. Lighthouse 12
//   does not fail a canonical link to another origin (the production one), but
//   then it skips its same-origin check (every page canonical to the root); with
//   the served origin every check of the canonical audit runs. Both builds scored
//   SEO 100.
// - HTTP/1.1 without TLS on 127.0.0.1 is what this machine can serve. Chromium
//   treats 127.0.0.1 as a secure context, so the HTTPS audits pass, and with no
//   network latency the performance figures come from Lighthouse's simulated
//   throttling (its default), not from the wire.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import type http from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { build } from "../../src/build.ts";
import { createMemoryLogger } from "../../src/report/logger.ts";
import { createStaticServer } from "../../src/serve/static-server.ts";
import { TOOL_DIR } from "../helpers/temp-site.ts";
import { aggregate, summarizeRun, type RunSummary } from "./lighthouse-summary.ts";
import { checkTargets, formatFailures, formatTable, formatTargets, type FormFactor, type Row } from "./lighthouse-table.ts";
import { parseRounds } from "./bench-args.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../helpers/browser.ts";

/** The landing page and the longest documentation page (about 5,000 elements). */
const PAGES = ["/", "/configuration/output/"];
const FORMS: FormFactor[] = ["mobile", "desktop"];

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

/** Runs Lighthouse once on `url` in a Chromium of its own, and reads the result. */
async function audit(url: string, form: FormFactor): Promise<RunSummary> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "docs-build-lighthouse-profile-"));
  try {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, userDataDir: profile, logLevel: "error" });
    try {
      const result = await lighthouse(url, { port: chrome.port, logLevel: "error", output: "json" }, form === "desktop" ? desktopConfig : undefined);
      if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
      return summarizeRun(result.lhr);
    } finally {
      // The profile can be removed only once Chromium has exited and stopped writing to it.
      const exited = chrome.process.exitCode === null ? new Promise((resolve) => chrome.process.once("exit", resolve)) : Promise.resolve();
      chrome.kill();
      await exited;
    }
  } finally {
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
  }
}

function line(text = ""): void {
  process.stdout.write(`${text}\n`);
}

async function main(): Promise<void> {
  const rounds = parseRounds(process.argv.slice(2), { defaultRounds: 3, usage: "npm run bench:lighthouse [-- --rounds N]" });
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing; install it with apt-get install -y chromium`);
  const chromiumVersion = spawnSync(CHROMIUM_PATH, ["--version"], { encoding: "utf8" }).stdout.trim();
  const lighthouseVersion = (createRequire(import.meta.url)("lighthouse/package.json") as { version: string }).version;
  line(`Lighthouse ${lighthouseVersion}, ${chromiumVersion}, Node ${process.version}, ${os.cpus().length} cores, ${rounds} round${rounds === 1 ? "" : "s"}`);

  const out = fs.mkdtempSync(path.join(os.tmpdir(), "docs-build-lighthouse-"));
  const server = createStaticServer({ root: out });
  try {
    const origin = await listen(server);
    const built = await build({ root: TOOL_DIR, out: path.relative(TOOL_DIR, out), baseUrl: origin, cache: false, logger: createMemoryLogger() });
    line(`built ${built.pages} pages in ${built.seconds.toFixed(1)} s, served at ${origin}`);

    const runs = new Map<string, RunSummary[]>();
    for (let round = 1; round <= rounds; round++) {
      // The load average shows when other work on the machine may have disturbed a round.
      line(`round ${round}/${rounds} (load average ${os.loadavg()[0].toFixed(2)})`);
      for (const page of PAGES) {
        for (const form of FORMS) {
          const started = performance.now();
          const run = await audit(origin + page, form);
          const key = `${page} ${form}`;
          runs.set(key, [...(runs.get(key) ?? []), run]);
          const scores = Object.entries(run.scores)
            .map(([id, value]) => `${id} ${value}`)
            .join(", ");
          line(`  ${key.padEnd(31)} ${scores}  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
        }
      }
    }

    const rows: Row[] = PAGES.flatMap((page) => FORMS.map((form) => ({ page, form, result: aggregate(runs.get(`${page} ${form}`) ?? []) })));
    line();
    line(`medians of ${rounds} round${rounds === 1 ? "" : "s"}:`);
    line(formatTable(rows));
    line();
    line(formatFailures(rows));
    line();
    line(formatTargets(checkTargets(rows)));
  } finally {
    server.closeAllConnections();
    server.close();
    fs.rmSync(out, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:lighthouse failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
