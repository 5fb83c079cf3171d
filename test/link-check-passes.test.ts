import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Diagnostic } from "../src/report/diagnostics.ts";
import type { PageLinkFacts } from "../src/shared/content-types.ts";
import { checkLinks } from "../src/stages/index-content/core.ts";

/**
 * Forty pages, each linking to the next page, to a heading the next page has
 * and one it lacks, to a page that does not exist, and to a page that failed
 * (whose links are not judged); every tenth page fails.
 */
function site(): PageLinkFacts[] {
  const url = (n: number) => `/p${n}/`;
  return Array.from({ length: 40 }, (_, n) => ({
    url: url(n),
    path: `content/p${n}.md`,
    failed: n % 10 === 9,
    headingIds: [`h${n}`],
    links: [
      { url: url((n + 1) % 40), line: 1, column: 1 },
      { url: `${url((n + 1) % 40)}#h${(n + 1) % 40}`, line: 2, column: 1 },
      { url: `${url((n + 1) % 40)}#missing`, line: 3, column: 1 },
      { url: `/gone${n}/`, line: 4, column: 1 },
      { url: `${url(9)}#anything`, line: 5, column: 1 },
    ],
  }));
}

/** What `checkLinks` reports for the site with at most `perPass` pages a pass, in file and line order. */
async function reported(perPass: number): Promise<string[]> {
  const pages = site();
  const found: Diagnostic[] = [];
  async function* all() {
    yield* pages;
  }
  await checkLinks(all, "warn", (d) => found.push(d), { count: pages.length, perPass });
  return found.map((d) => `${d.file}:${d.line} ${d.ruleId} ${d.message}`).sort();
}

test("a link check in several passes, each over a share of the target URLs, reports exactly what one pass does", async () => {
  const whole = await reported(1_000);
  // Every page reports its missing page and, but for the links into a failed page, its missing heading.
  assert.is(whole.filter((line) => line.includes(" broken-link ")).length, 40);
  assert.is(whole.filter((line) => line.includes(" broken-anchor ")).length, 36);
  for (const perPass of [7, 10, 39]) assert.equal(await reported(perPass), whole, `${perPass} pages a pass`);
});

test.run();
