import fs from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { runCli } from "./helpers/cli.ts";
import { ownRepos, startCodeHost } from "./helpers/code-host-server.ts";
import { fullFolder, readOnlyFolder, type RefusingFolder } from "./helpers/refusing-folder.ts";
import { tempSite, type TempSite } from "./helpers/temp-site.ts";

/**
 * fetch-readmes and contributors writing to a folder that refuses writes
 * (read-only, or full): exit 1, one sentence naming the folder and what to
 * do, and the file written before kept byte for byte.
 */

/** How each refusal's sentence begins, up to the folder. */
const BEGINS: Record<RefusingFolder["code"], string> = {
  EACCES: "Permission denied in",
  EROFS: "The file system is read-only: nothing can be written in",
  ENOSPC: "The disk is full: no space left to write in",
};
/** What each refusal's sentence tells the reader to do, before the command to run again. */
const FIX: Record<RefusingFolder["code"], string> = {
  EACCES: "Make it writable for this user and",
  EROFS: "Make it writable and",
  ENOSPC: "Free some space and",
};

const REFUSALS = [
  ["read-only", readOnlyFolder],
  ["full", fullFolder],
] as const;

/** Runs `work` with `dir` of `site` made `label` by `refuse`; says so and skips where this process cannot do that. */
async function refusing(
  site: TempSite,
  dir: string,
  [label, refuse]: (typeof REFUSALS)[number],
  work: (code: RefusingFolder["code"]) => Promise<void>,
): Promise<void> {
  const folder = refuse(site.path(dir));
  if (!folder) {
    console.log(`  (skipped: this process cannot make ${dir} ${label}; it may not mount a tmpfs there)`);
    return;
  }
  try {
    await work(folder.code);
  } finally {
    folder.restore();
  }
}

const OLD_PAGE = "---\ntitle: tiny-loader\nthirdParty: true\n---\n\nFetched the day before.\n";

for (const refusal of REFUSALS) {
  test(`fetch-readmes into a ${refusal[0]} content folder: one sentence naming it and what to do, exit 1, the page fetched before kept`, async () => {
    const host = await startCodeHost({ repos: ownRepos() });
    const site = tempSite("code-host/site");
    const page = site.path("content", "loaders", "_tiny-loader.md");
    fs.writeFileSync(page, OLD_PAGE);
    try {
      await refusing(site, "content/loaders", refusal, async (code) => {
        // One at a time: the first repository listed, tiny-loader, is the one whose write fails and stops the rest.
        const run = await runCli(["fetch-readmes", "--concurrency", "1", "--retries", "0"], {
          cwd: site.dir,
          env: { GITHUB_API_URL: host.url, GITHUB_TOKEN: "" },
        });
        assert.is(run.code, 1, run.stderr);
        assert.is(
          run.stderr,
          `docs-build: ${BEGINS[code]} the content folder content (writing content/loaders/_tiny-loader.md). ${FIX[code]} run docs-build fetch-readmes again. Every page it could not write keeps its previous text.\n`,
        );
        assert.is(fs.readFileSync(page, "utf8"), OLD_PAGE, "the page fetched before, byte for byte");
        assert.equal(
          fs.readdirSync(path.dirname(page)).filter((name) => name.endsWith(".tmp")),
          [],
          "no temporary file left",
        );
      });
    } finally {
      await host.close();
      site.remove();
    }
  });
}

const OLD_DATA = '{\n  "handles": {\n    "alice-dev": { "exists": true, "checked": "2020-01-01T00:00:00.000Z" }\n  }\n}\n';

for (const refusal of REFUSALS) {
  test(`contributors with a ${refusal[0]} data folder: one sentence naming it and what to do, exit 1, the data file kept`, async () => {
    const host = await startCodeHost({ users: { "alice-dev": { name: "Alice Developer" } } });
    const site = tempSite("code-host/contributors-site");
    const data = site.path("content", "_data", "contributors.json");
    fs.mkdirSync(path.dirname(data), { recursive: true });
    fs.writeFileSync(data, OLD_DATA);
    try {
      await refusing(site, "content/_data", refusal, async (code) => {
        const run = await runCli(["contributors", "--retries", "0"], {
          cwd: site.dir,
          env: { GITHUB_API_URL: host.url, GITHUB_TOKEN: "" },
        });
        assert.is(run.code, 1, run.stderr);
        assert.match(
          run.stderr,
          new RegExp(
            `^docs-build: ${BEGINS[code]} the data folder content/_data \\(writing content/_data/contributors\\.json\\)\\. ${FIX[code]} run docs-build contributors again\\. The file content/_data/contributors\\.json is as it was\\.\\n$`,
            "m",
          ),
        );
        assert.is(fs.readFileSync(data, "utf8"), OLD_DATA, "the data file, byte for byte");
      });
    } finally {
      await host.close();
      site.remove();
    }
  });
}

test.run();
