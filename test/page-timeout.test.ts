import fs from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Session } from "../src/serve/session.ts";
import { createMemoryCache } from "../src/cache/cache.ts";
import { resolveSettings } from "../src/context/config.ts";
import { ContentError } from "../src/report/errors.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import { renderEditedPages } from "../src/serve/edited-pages.ts";
import { formatDiagnostic } from "../src/report/diagnostics.ts";
import { eachWithinBudget, withinBudget } from "../src/stages/index-content/page-failure.ts";
import { processPage } from "../src/stages/index-content/process-page.ts";
import { runCli } from "./helpers/cli.ts";
import { tempSite } from "./helpers/temp-site.ts";

/**
 * A page micromark is slow on: `n` asterisks, a letter and `n` asterisks.
 * Its emphasis resolution is quadratic: 2,000 take about 0.3 s, 6,000 about
 * 2 s and 20,000 about 30 s on a 2-core machine, before the nesting limit
 * refuses the page.
 */
const slowPage = (n: number) => `---\ntitle: Slow\n---\n\n${"*".repeat(n)}a${"*".repeat(n)}\n`;

/** A task made slow on purpose: it spins until stopped, or for `ms`. */
const spin = (ms: number) => () => {
  const end = performance.now() + ms;
  while (performance.now() < end);
  return "finished";
};

test("a task within its budget returns its value, throws its own errors, and one that runs past it is stopped with Node's timeout error", () => {
  assert.is(
    withinBudget(5, () => 42),
    42,
  );
  assert.is(withinBudget(0, spin(5)), "finished", "0 means no budget");
  assert.throws(
    () =>
      withinBudget(5, () => {
        throw new TypeError("from the page");
      }),
    (error: Error) => error instanceof TypeError && error.message === "from the page",
  );
  assert.throws(
    () => withinBudget(0.2, spin(60_000)),
    (error: NodeJS.ErrnoException) => error.code === "ERR_SCRIPT_EXECUTION_TIMEOUT",
  );
  // The thread goes on as before.
  assert.is(withinBudget(5, spin(1)), "finished");
});

test("in a group run under one watchdog, an item is stopped exactly when it alone runs past the budget; one cut short by the items before it runs again with a whole budget", () => {
  const runs = new Map<string, number>();
  const items: [string, number][] = [
    ["a", 150],
    ["b", 200], // a and b together pass 250 ms: b starts again alone and finishes
    ["c", 60_000],
    ["d", 1],
  ];
  const results = eachWithinBudget(
    items,
    0.25,
    ([name, ms]) => {
      runs.set(name, (runs.get(name) ?? 0) + 1);
      spin(ms)();
      return `${name} done`;
    },
    ([name], error) => `${name} stopped (${(error as NodeJS.ErrnoException).code})`,
  );
  assert.equal(results, ["a done", "b done", "c stopped (ERR_SCRIPT_EXECUTION_TIMEOUT)", "d done"]);
  // c first starts in the call b began, so it too runs again, alone, before it is stopped.
  assert.equal(Object.fromEntries(runs), { a: 1, b: 2, c: 2, d: 1 });
});

test("a page that runs past its budget is stopped and becomes one page-timeout error on its file; the next page is processed as usual", () => {
  const settings = resolveSettings({ pageTimeout: 0.5 });
  const text = slowPage(20_000);
  const page = processPage({ relative: "guides/slow.md", display: "content/guides/slow.md", text, size: text.length }, settings);
  assert.ok(page.failed);
  assert.equal(page.diagnostics.map(formatDiagnostic), [
    [
      "content/guides/slow.md:1:1  error  Processing the page took longer than 0.5 s, so it was stopped (page-timeout)",
      "    Look for what is slow to parse: very long runs of * or _ around text, or deeply nested lists, quotes or HTML. If the page is only large, raise the budget with --page-timeout <seconds> or pageTimeout in the config.",
    ].join("\n"),
  ]);
  const next = "# Next\n\nA *fine* page.\n";
  const fine = processPage({ relative: "guides/next.md", display: "content/guides/next.md", text: next, size: next.length }, settings);
  assert.not.ok(fine.failed);
  assert.match(fine.bodyHtml, /<em>fine<\/em>/);
});

/** A site with the slow page and a page with a broken link, built by the CLI with `args`. */
async function buildSlowSite(n: number, args: string[], site = tempSite()) {
  fs.mkdirSync(site.path("content", "guides"), { recursive: true });
  fs.writeFileSync(site.path("content", "index.md"), "---\ntitle: Home\n---\n\nSee [the guide](/guides/missing/).\n");
  fs.writeFileSync(site.path("content", "guides", "slow.md"), slowPage(n));
  const run = await runCli(["build", "--links", "error", ...args], { cwd: site.dir, timeout: 120_000 });
  return { site, run };
}

for (const threads of ["0", "1"]) {
  test(`the CLI stops the slow page at --page-timeout with ${threads} worker threads, reports every other problem and writes nothing`, async () => {
    const { site, run } = await buildSlowSite(20_000, ["--no-cache", "--threads", threads, "--page-timeout", "1"]);
    try {
      assert.is(run.code, 1, run.stderr);
      assert.match(run.stderr, "content/guides/slow.md:1:1  error  Processing the page took longer than 1 s, so it was stopped (page-timeout)");
      assert.match(run.stderr, "content/index.md:5:5  error  Link to /guides/missing/ has no page (broken-link)");
      assert.not.ok(fs.existsSync(site.path("dist")), "nothing was written");
    } finally {
      site.remove();
    }
  });
}

test("a page stopped at its budget is not cached: the next build, with no budget, processes it again", async () => {
  const first = await buildSlowSite(8_000, ["--page-timeout", "0.3"]);
  try {
    assert.match(first.run.stderr, "(page-timeout)");
    const again = await buildSlowSite(8_000, ["--page-timeout", "0"], first.site);
    assert.is(again.run.code, 1);
    assert.not.match(again.run.stderr, "(page-timeout)");
    assert.match(again.run.stderr, "content/guides/slow.md:5:");
    assert.match(again.run.stderr, "(nesting-depth)");
  } finally {
    first.site.remove();
  }
});

test("in the dev server, an edit that makes a page slow is stopped at the budget: not rendered on its own, and the rebuild fails on its page-timeout error", async () => {
  const site = tempSite("serve/site");
  try {
    const session = new Session(createMemoryCache());
    const options = { root: site.dir, out: "out", logger: createMemoryLogger(), links: "warn" as const, pageTimeout: 0.5 };
    await session.build(options);
    fs.writeFileSync(site.path("content/guides/first.md"), slowPage(20_000));
    assert.is(await renderEditedPages(session, site.dir, ["content/guides/first.md"]), undefined);
    const failed = await session.build(options).then(
      () => undefined,
      (error: unknown) => error,
    );
    assert.instance(failed, ContentError);
    assert.equal(
      (failed as ContentError).diagnostics.filter((d) => d.fatal).map((d) => `${d.file} ${d.ruleId}`),
      ["content/guides/first.md page-timeout"],
    );
  } finally {
    site.remove();
  }
});

test.run();
