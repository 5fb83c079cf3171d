import fs from "node:fs";
import path from "node:path";
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build } from "../src/build.ts";
import { DEFAULT_SETTINGS } from "../src/context/config.ts";
import { ContentError } from "../src/report/errors.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import { validate } from "../src/data-files/problems.ts";
import { sponsorDataSchema } from "../src/data-files/sponsors.ts";
import { bucketSponsors, initialView, rankOf, type Sponsor, type SponsorData } from "../src/shared/sponsors.ts";
import { teaserOf } from "../src/shared/text.ts";
import { Cube } from "../templates/components/Cube.tsx";
import { Landing, RotatingWord } from "../templates/components/Landing.tsx";
import { Sponsors, VISIBILITY_INTERVAL } from "../templates/components/Sponsors.tsx";
import { openDom, type Dom } from "./helpers/dom.ts";
import { copyFixtureSite } from "./helpers/site.ts";

const thresholds = DEFAULT_SETTINGS.sponsors.thresholds;
const sponsor = (name: string, monthly: number, total = 0, since = "2025-01-01"): Sponsor => ({
  name,
  url: `https://${name}.example`,
  logo: "",
  monthly,
  total,
  since,
});

test("ranks: each threshold puts a sponsor in its rank, one below puts it in the next", () => {
  const m = thresholds.monthly;
  assert.equal(m, { platinum: 2000, gold: 500, silver: 100, bronze: 25, backer: 1 });
  const cases: Array<[number, string]> = [
    [2000, "platinum"],
    [1999, "gold"],
    [500, "gold"],
    [499, "silver"],
    [100, "silver"],
    [99, "bronze"],
    [25, "bronze"],
    [24, "backer"],
    [1, "backer"],
  ];
  for (const [amount, rank] of cases) assert.is(rankOf(sponsor("s", amount), "monthly", thresholds), rank, `${amount} a month`);
  assert.is(rankOf(sponsor("s", 0, 20000), "total", thresholds), "platinum");
  assert.is(rankOf(sponsor("s", 0, 19999), "total", thresholds), "gold");
});

test("bucketSponsors: latest are the newest sponsorships; paid ranks by amount, largest first; under the backer threshold left out", () => {
  const list = [
    sponsor("a", 2500, 0, "2020-01-01"),
    sponsor("b", 600, 0, "2026-01-01"),
    sponsor("c", 700, 0, "2024-01-01"),
    sponsor("d", 0, 9999, "2025-06-01"),
  ];
  const buckets = bucketSponsors(list, "monthly", thresholds, 2);
  assert.equal(
    buckets.latest.map((s) => s.name),
    ["b", "d"],
  );
  assert.equal(
    buckets.platinum.map((s) => s.name),
    ["a"],
  );
  assert.equal(
    buckets.gold.map((s) => s.name),
    ["c", "b"],
  );
  assert.equal(buckets.backer, [], "d gives nothing monthly");
  assert.equal(
    bucketSponsors(list, "total", thresholds).gold.map((s) => s.name),
    ["d"],
  );
});

test("the first view is monthly with probability 0.33", () => {
  assert.is(
    initialView(() => 0),
    "monthly",
  );
  assert.is(
    initialView(() => 0.3299),
    "monthly",
  );
  assert.is(
    initialView(() => 0.33),
    "total",
  );
  assert.is(
    initialView(() => 0.99),
    "total",
  );
  let monthly = 0;
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  for (let i = 0; i < 10000; i++) if (initialView(random) === "monthly") monthly++;
  assert.ok(monthly > 3100 && monthly < 3500, `${monthly} of 10000`);
});

const validateSponsors = (data: unknown) => validate(sponsorDataSchema, data).problems;

test("the sponsors schema names every bad field by its path; the committed file is valid", () => {
  const committed = JSON.parse(fs.readFileSync(path.resolve("repositories/sponsors.json"), "utf8")) as SponsorData;
  assert.equal(validateSponsors(committed), []);
  const problems = validateSponsors({ capturedAt: "soon", sponsors: [{ name: "", url: "ftp://x", monthly: -1, total: "5", since: "2020" }] });
  assert.equal(
    problems.map((p) => p.path.join(".")),
    ["capturedAt", "sponsors.0.name", "sponsors.0.url", "sponsors.0.monthly", "sponsors.0.total", "sponsors.0.since"],
  );
  assert.equal(validateSponsors([]).length, 1);
});

test("a bad sponsors file fails the build at the line and column of the bad value, naming its path", async () => {
  const root = copyFixtureSite("basic");
  try {
    const text =
      '{\n  "capturedAt": "2026-11-01",\n  "sponsors": [\n    { "name": "Ok", "url": "https://ok.example", "logo": "", "monthly": 5, "total": 5, "since": "2026-01-01" },\n    { "name": "Bad", "url": "https://bad.example", "logo": "", "monthly": "lots", "total": 5, "since": "2026-01-01" }\n  ]\n}\n';
    fs.writeFileSync(path.join(root, "repositories/sponsors.json"), text);
    const error = await build({ root, write: false, cache: false, logger: createMemoryLogger() }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.instance(error, ContentError);
    const found = (error as ContentError).diagnostics.find((d) => d.ruleId === "data-file");
    assert.ok(found, "a data-file diagnostic");
    assert.is(found!.file, "repositories/sponsors.json");
    assert.equal([found!.line, found!.column], [5, 75], "the offending value");
    assert.match(found!.message, '"sponsors[1].monthly" must be an amount of 0 or more');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("teaserOf: plain text of the body without code, cut at a word boundary", () => {
  assert.is(teaserOf('<p>Read <a href="/x/">the guide</a> &amp; enjoy.</p><pre><code>const a = 1;</code></pre><p>More.</p>'), "Read the guide & enjoy. More.");
  const long = `<p>${"word ".repeat(100)}</p>`;
  const teaser = teaserOf(long, 50);
  assert.ok(teaser.endsWith("…"));
  assert.ok(teaser.length <= 51);
  assert.not.match(teaser, "wor…");
});

/** Replaces the window's timers with a clock moved by hand. */
function fakeClock(dom: Dom) {
  let now = 0;
  let id = 0;
  const timers = new Map<number, { at: number; every: number; run: () => void }>();
  const win = dom.window as unknown as Record<string, unknown>;
  win.setTimeout = (run: () => void, ms: number) => {
    timers.set(++id, { at: now + ms, every: 0, run });
    return id;
  };
  win.setInterval = (run: () => void, ms: number) => {
    timers.set(++id, { at: now + ms, every: ms, run });
    return id;
  };
  win.clearTimeout = win.clearInterval = (t: number) => void timers.delete(t);
  return {
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const next = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!next) break;
        const [key, timer] = next;
        now = timer.at;
        if (timer.every) timer.at += timer.every;
        else timers.delete(key);
        timer.run();
      }
      now = end;
    },
  };
}

test("hero rotation: the first change after 5000 ms, then every 5000 ms, through the four words", async () => {
  const dom = await openDom();
  try {
    const clock = fakeClock(dom);
    const root = await dom.render(h(RotatingWord, { words: ["assets", "scripts", "images", "styles"] }));
    const word = () => root.querySelector(".hero-word")!.textContent;
    assert.is(word(), "assets");
    await dom.act(() => clock.advance(4999));
    assert.is(word(), "assets");
    await dom.act(() => clock.advance(1));
    assert.is(word(), "scripts");
    await dom.act(() => clock.advance(5000));
    assert.is(word(), "images");
    await dom.act(() => clock.advance(5000));
    assert.is(word(), "styles");
    await dom.act(() => clock.advance(5000));
    assert.is(word(), "assets");
    assert.is((root.querySelector(".hero-word") as HTMLElement).style.maxWidth, "110px");
  } finally {
    await dom.close();
  }
});

test("with prefers-reduced-motion the word stays and the cube does not spin", async () => {
  const dom = await openDom();
  try {
    const clock = fakeClock(dom);
    (dom.window as unknown as { matchMedia: (q: string) => { matches: boolean } }).matchMedia = (q) => ({ matches: q.includes("reduce") });
    const root = await dom.render(h(Landing, { words: ["assets", "scripts"], body: { html: "" }, sponsors: null }));
    await dom.act(() => clock.advance(20000));
    assert.is(root.querySelector(".hero-word")!.textContent, "assets");
    assert.is(root.querySelector(".cube")!.className, "cube");
  } finally {
    await dom.close();
  }
});

test("cube depth: 120 in the hero, 30 by default", () => {
  assert.match(renderToStaticMarkup(h(Cube)), "--cube-depth:30px");
  const landing = renderToStaticMarkup(h(Landing, { words: ["assets"], body: { html: "<h2>Write your code</h2>" }, sponsors: null }));
  assert.match(landing, "--cube-depth:120px");
  assert.match(landing, 'class="cube spin"');
  assert.match(landing, "<h2>Write your code</h2>");
});

test("sponsors: nothing until a 300 ms check finds the section in view; then the ranks, and the toggle switches views", async () => {
  const dom = await openDom();
  try {
    const data: SponsorData = { capturedAt: "2026-11-01", sponsors: [sponsor("big", 3000, 3000), sponsor("small", 30, 90000)] };
    let check = () => {};
    let interval = 0;
    const every = (run: () => void, ms: number) => {
      check = run;
      interval = ms;
      return () => {};
    };
    const root = await dom.render(h(Sponsors, { data, thresholds, latest: 1, random: () => 0.1, every }));
    assert.is(interval, VISIBILITY_INTERVAL);
    assert.is(VISIBILITY_INTERVAL, 300);
    const box = root.querySelector(".sponsors") as HTMLElement;
    assert.is(box.dataset.visible, "false");
    box.getBoundingClientRect = () => ({ top: 99999, bottom: 100100 }) as DOMRect;
    await dom.act(() => check());
    assert.is(box.dataset.visible, "false", "far below the viewport");
    box.getBoundingClientRect = () => ({ top: 100, bottom: 400 }) as DOMRect;
    await dom.act(() => check());
    assert.is(box.dataset.visible, "true");
    const pressed = () => root.querySelector('[aria-pressed="true"]')!.textContent;
    assert.is(pressed(), "Monthly", "random 0.1 < 0.33 starts monthly");
    assert.match(root.querySelector(".sponsor-platinum")!.textContent!, "big");
    assert.match(root.querySelector(".sponsor-bronze")!.textContent!, "small");
    await dom.act(() => ([...root.querySelectorAll(".sponsors-toggle button")].find((b) => b.textContent === "Total") as HTMLElement).click());
    assert.is(pressed(), "Total");
    assert.match(root.querySelector(".sponsor-platinum")!.textContent!, "small", "90000 in total is platinum");
    assert.not.match(renderToStaticMarkup(h(Sponsors, { data, thresholds, latest: 1 })), "sponsor-rank", "the server renders no list");
  } finally {
    await dom.close();
  }
});

test.run();
