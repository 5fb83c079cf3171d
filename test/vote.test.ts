import fs, { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createElement as h } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { VoteApp } from "../site-client/vote/VoteApp.tsx";
import { EN } from "../src/shared/messages/en.ts";
import { KO } from "../src/shared/messages/ko.ts";
import { voteBoardMessages } from "../src/shared/messages/index.ts";

/** The vote board's English strings, as the vote page's data carries them. */
const BOARD = voteBoardMessages(EN);
import {
  allTags,
  countText,
  filterTopics,
  NO_FILTER,
  readSupported,
  sortTopics,
  SUPPORT_KEY,
  toggleSupported,
  visibleTopics,
  votesText,
  writeSupported,
} from "../site-client/vote/vote-core.ts";
import { formatPath, validate } from "../src/data-files/problems.ts";
import { voteDataSchema } from "../src/data-files/vote-topics.ts";
import { VOTE_DATA_FILE, type VoteData, type VoteTopic } from "../src/shared/vote-types.ts";
import { VotePage } from "../templates/components/VotePage.tsx";
import { ClientFeaturesContext, NOT_IN_BROWSER, type VoteAppComponent } from "../templates/client-features.ts";
import { BROWSER_FEATURES } from "../site-client/client-app.tsx";
import { build } from "../src/build.ts";
import { ContentError } from "../src/report/errors.ts";
import { createMemoryLogger } from "../src/report/logger.ts";
import { openDom, type Dom } from "./helpers/dom.ts";
import { copyFixtureSite } from "./helpers/site.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const committedText = readFileSync(path.join(ROOT, VOTE_DATA_FILE), "utf8");
const committed = JSON.parse(committedText) as VoteData;

/** A small board whose orders are easy to tell apart. */
const topics: VoteTopic[] = [
  {
    id: "native-css",
    title: "Native CSS",
    description: "Stylesheets as modules.",
    issue: "https://github.com/webpack/webpack/issues/14893",
    votes: 40,
    tags: ["css", "experiments"],
  },
  {
    id: "esm-output",
    title: "ES module output",
    description: "Emit real ES modules.",
    issue: "https://github.com/webpack/webpack/issues/2933",
    votes: 90,
    tags: ["output"],
  },
  {
    id: "cache",
    title: "Persistent cache",
    description: "Faster restores of the filesystem CACHE.",
    issue: "https://github.com/webpack/webpack/issues?q=cache",
    votes: 40,
    tags: ["performance"],
  },
  { id: "docs", title: "Better docs", description: "More examples.", issue: "https://github.com/webpack/webpack.js.org/issues?q=docs", votes: 5 },
];

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
type Loose = Record<string, unknown> & { topics: Array<Record<string, unknown>> };
const valid = (): Loose => clone({ version: 1, capturedAt: "2026-01-31", topics: topics.slice(0, 2) }) as unknown as Loose;
const validateVoteData = (data: unknown) => validate(voteDataSchema, data).problems.map((p) => ({ path: formatPath(p.path), message: p.message }));
const paths = (data: unknown) => validateVoteData(data).map((p) => p.path);

// ---------------------------------------------------------------- the vote topics schema

test("vote topics schema: the committed file is valid and has 8 to 12 topics with issues on github.com", () => {
  assert.equal(validateVoteData(committed), []);
  assert.ok(committed.topics.length >= 8 && committed.topics.length <= 12, `${committed.topics.length} topics`);
  for (const topic of committed.topics) assert.match(topic.issue, /^https:\/\/github\.com\/webpack\/[\w.-]+\/issues/);
  assert.equal(validateVoteData(valid()), []);
  const tagless = valid();
  delete tagless.topics[0].tags;
  assert.equal(validateVoteData(tagless), [], "tags are optional");
});

test("vote topics schema: a root that is not an object, a wrong version, a bad date, unknown keys", () => {
  assert.equal(paths(null), ["(file)"]);
  assert.equal(paths([]), ["(file)"]);
  assert.match(validateVoteData("x")[0].message, "not a string");
  const data = valid();
  data.version = 2;
  data.capturedAt = "yesterday";
  data.extra = true;
  data.topics[1].votez = 3;
  assert.equal(paths(data), ["version", "capturedAt", "topics[1].votez", "extra"]);
  assert.equal(paths({ ...valid(), capturedAt: "2026-02-31T25:00Z" }), ["capturedAt"], "an impossible time");
  assert.equal(paths({ ...valid(), capturedAt: "2026-01-31T10:20:30.5Z" }), [], "a full date-time");
});

test("vote topics schema: missing fields are reported at the path of the missing key", () => {
  const data = valid();
  delete data.topics[0].description;
  delete data.topics[1].votes;
  delete data.topics[1].id;
  assert.equal(validateVoteData(data), [
    { path: "topics[0].description", message: "is required" },
    { path: "topics[1].id", message: "is required" },
    { path: "topics[1].votes", message: "is required" },
  ]);
  assert.equal(paths({ version: 1, topics: [] }), ["capturedAt", "topics"]);
  assert.equal(paths({ version: 1, capturedAt: "2026-01-31" }), ["topics"]);
});

test("vote topics schema: wrong types of every field", () => {
  const data = valid();
  Object.assign(data.topics[0], { id: 7, title: ["x"], description: null, issue: {}, votes: "12", tags: "css" });
  data.topics[1].tags = ["ok", 3, "", "ok"];
  assert.equal(paths(data), [
    "topics[0].id",
    "topics[0].title",
    "topics[0].description",
    "topics[0].issue",
    "topics[0].votes",
    "topics[0].tags",
    "topics[1].tags[1]",
    "topics[1].tags[2]",
    "topics[1].tags[3]",
  ]);
  const messages = validateVoteData(data).map((p) => p.message);
  assert.match(messages[0], "must be a string, not a number");
  assert.match(messages[1], "not an array");
  assert.match(messages[2], "not null");
  assert.match(messages[3], "not an object");
  assert.match(messages[4], "must be a number, not a string");
  assert.match(messages[8], 'duplicate tag "ok"');
  assert.equal(paths({ ...valid(), topics: {} }), ["topics"]);
  assert.equal(paths({ ...valid(), topics: ["x", valid().topics[1]] }), ["topics[0]"]);
  assert.equal(paths({ ...valid(), topics: [{ ...valid().topics[0], title: "  " }] }), ["topics[0].title"], "blank text");
});

test("vote topics schema: duplicate ids, ids that are not slugs, bad issue URLs, negative and fractional votes", () => {
  const data = valid();
  data.topics.push({ ...data.topics[0] }, { ...data.topics[1], id: "Not A Slug" });
  const dup = validateVoteData(data);
  assert.equal(
    dup.map((p) => p.path),
    ["topics[3].id", "topics[2].id"],
  );
  assert.match(dup[1].message, 'duplicate id "native-css" (first used at topics[0].id)');
  assert.match(dup[0].message, "must be a slug");
  for (const issue of ["ftp://github.com/x", "github.com/webpack/webpack/issues/1", "javascript:alert(1)", "https://", "/relative"]) {
    const bad = valid();
    bad.topics[1].issue = issue;
    assert.equal(paths(bad), ["topics[1].issue"], issue);
  }
  for (const [votes, message] of [
    [-1, "must not be negative"],
    [1.5, "must be a whole number"],
    [Number.NaN, "must be a number"],
  ] as const) {
    const bad = valid();
    bad.topics[0].votes = votes;
    const problems = validateVoteData(bad);
    assert.equal(
      problems.map((p) => p.path),
      ["topics[0].votes"],
    );
    assert.match(problems[0].message, message);
  }
  const zero = valid();
  zero.topics[0].votes = 0;
  assert.equal(paths(zero), [], "zero votes is fine");
});

test("a bad vote file fails the build at the line of the bad value, naming its path", async () => {
  const root = copyFixtureSite("basic");
  try {
    const second = committedText.indexOf('"votes"', committedText.indexOf('"votes"') + 1);
    const text = `${committedText.slice(0, second)}"votes": -3,${committedText.slice(committedText.indexOf("\n", second))}`;
    fs.writeFileSync(path.join(root, "repositories/vote-topics.json"), text);
    const line = text.slice(0, second).split("\n").length;
    const error = await build({ root, write: false, cache: false, logger: createMemoryLogger() }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.instance(error, ContentError);
    const found = (error as ContentError).diagnostics.find((d) => d.ruleId === "data-file");
    assert.ok(found, "a data-file diagnostic");
    assert.is(found!.file, "repositories/vote-topics.json");
    assert.is(found!.line, line);
    assert.match(found!.message, '"topics[1].votes"');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

// ---------------------------------------------------------------- vote-core

const ids = (list: readonly VoteTopic[]) => list.map((t) => t.id);

test("filterTopics: text matches title, description and tags, case-insensitively, every word", () => {
  const none = new Set<string>();
  assert.equal(ids(filterTopics(topics, { ...NO_FILTER, text: "css" }, none)), ["native-css"], "title and tag");
  assert.equal(ids(filterTopics(topics, { ...NO_FILTER, text: "cache" }, none)), ["cache"], "upper-case description");
  assert.equal(ids(filterTopics(topics, { ...NO_FILTER, text: "PERFORMANCE" }, none)), ["cache"], "tag only");
  assert.equal(ids(filterTopics(topics, { ...NO_FILTER, text: "examples" }, none)), ["docs"], "description only");
  assert.equal(ids(filterTopics(topics, { ...NO_FILTER, text: " MODULES   emit " }, none)), ["esm-output"], "words in any order");
  assert.equal(ids(filterTopics(topics, { ...NO_FILTER, text: "css output" }, none)), [], "every word must match");
  assert.equal(ids(filterTopics(topics, { ...NO_FILTER, text: "   " }, none)), ids(topics));
});

test("filterTopics: by tag, by supported, and all together", () => {
  const mine = new Set(["cache", "docs", "gone"]);
  assert.equal(ids(filterTopics(topics, { ...NO_FILTER, tag: "experiments" }, mine)), ["native-css"]);
  assert.equal(ids(filterTopics(topics, { ...NO_FILTER, tag: "nothing" }, mine)), []);
  assert.equal(ids(filterTopics(topics, { ...NO_FILTER, supportedOnly: true }, mine)), ["cache", "docs"]);
  assert.equal(ids(filterTopics(topics, { ...NO_FILTER, supportedOnly: true }, new Set())), []);
  assert.equal(ids(filterTopics(topics, { text: "faster", tag: "performance", supportedOnly: true }, mine)), ["cache"]);
  assert.equal(ids(filterTopics(topics, { text: "faster", tag: "output", supportedOnly: false }, mine)), []);
  assert.equal(allTags(topics), ["css", "experiments", "output", "performance"]);
});

test("sortTopics: most votes, fewest votes (ties by title both ways), title A–Z; the input is not changed", () => {
  const before = ids(topics);
  assert.equal(ids(sortTopics(topics, "most")), ["esm-output", "native-css", "cache", "docs"]);
  assert.equal(ids(sortTopics(topics, "fewest")), ["docs", "native-css", "cache", "esm-output"]);
  assert.equal(ids(sortTopics(topics, "title")), ["docs", "esm-output", "native-css", "cache"]);
  assert.equal(ids(topics), before);
  assert.equal(ids(visibleTopics(topics, { ...NO_FILTER, text: "e" }, "fewest", new Set())), ["docs", "native-css", "cache", "esm-output"]);
  const en = { t: EN, lang: "en" };
  assert.is(countText(3, 12, en), "3 of 12 topics");
  assert.is(countText(1, 1, en), "1 of 1 topic");
  assert.is(votesText(1, en), "1 vote");
  assert.is(votesText(1234, en), "1,234 votes");
  assert.is(votesText(1234, { t: KO, lang: "ko" }), "1,234표");
});

/** An in-memory Storage. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, String(v)), items };
}

test("readSupported / writeSupported: round trip, bad JSON and non-arrays read as none, throwing storage never crashes", () => {
  const storage = memoryStorage();
  assert.equal([...readSupported(storage)], []);
  assert.ok(writeSupported(new Set(["b", "a"]), storage));
  assert.is(storage.items.get(SUPPORT_KEY), '["a","b"]');
  assert.equal([...readSupported(storage)].sort(), ["a", "b"]);
  assert.equal([...readSupported(memoryStorage({ [SUPPORT_KEY]: "{not json" }))], []);
  assert.equal([...readSupported(memoryStorage({ [SUPPORT_KEY]: '{"a":1}' }))], []);
  assert.equal([...readSupported(memoryStorage({ [SUPPORT_KEY]: '["a",1,null,"b"]' }))], ["a", "b"]);
  const blocked = {
    getItem(): string {
      throw new Error("SecurityError");
    },
    setItem(): void {
      throw new Error("QuotaExceededError");
    },
  };
  assert.equal([...readSupported(blocked)], []);
  assert.is(writeSupported(["a"], blocked), false);
  assert.equal([...toggleSupported(new Set(["a"]), "b")].sort(), ["a", "b"]);
  assert.equal([...toggleSupported(new Set(["a", "b"]), "a")], ["b"]);
});

// ---------------------------------------------------------------- VotePage on the server

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

test("VotePage on the server: heading, intro, loading placeholder, a link to every topic's issue, and no board controls", () => {
  const html = renderToStaticMarkup(h(VotePage, { topics: committed.topics, messages: BOARD, stylesheet: "/assets/vote-ABC.css" }));
  assert.match(html, "<h1>Vote</h1>");
  assert.match(html, /<p class="vote-intro">[^<]*vote on the issue[^<]*<\/p>/);
  assert.match(html, `<div class="vote-app" data-vote-app="" aria-busy="true"><p class="vote-loading">${EN["vote.loading"]}</p></div>`);
  assert.is(EN["vote.loading"], "Loading the vote board…");
  for (const topic of committed.topics) assert.match(html, `<a href="${escapeAttr(topic.issue)}" rel="noopener noreferrer">${topic.title}</a>`);
  assert.is(html.match(/<li>/g)?.length, committed.topics.length);
  assert.match(html, "<noscript>");
  for (const control of ["<input", "<select", "<button", "I support this", "vote-board", "Only topics I support", "<link", "vote-ABC.css"])
    assert.not.match(html, control, control);
});

// ---------------------------------------------------------------- VoteApp in happy-dom

async function withDom(work: (dom: Dom) => Promise<void>, html = "<!doctype html><html><head></head><body></body></html>") {
  const dom = await openDom({ html });
  try {
    await work(dom);
  } finally {
    await dom.close();
  }
}

/** Sets a form control's value the way typing or picking does, so React sees the change. */
async function setValue(dom: Dom, element: Element, value: string) {
  const proto = element.tagName === "SELECT" ? dom.window.HTMLSelectElement.prototype : dom.window.HTMLInputElement.prototype;
  await dom.act(() => {
    Object.getOwnPropertyDescriptor(proto, "value")!.set!.call(element, value);
    element.dispatchEvent(new dom.window.Event(element.tagName === "SELECT" ? "change" : "input", { bubbles: true }) as unknown as Event);
  });
}

const titles = (root: Element) => [...root.querySelectorAll(".vote-card-title")].map((e) => e.textContent);
const summary = (root: Element) => root.querySelector('[role="status"]')!.textContent;
const control = (root: Element, label: string) => {
  const found = [...root.querySelectorAll("label")].find((l) => l.textContent === label);
  assert.ok(found, `a label "${label}"`);
  const target = root.querySelector(`#${CSS_escape(found!.htmlFor)}`);
  assert.ok(target, `the control of "${label}"`);
  return target!;
};
const CSS_escape = (id: string) => id.replace(/[^\w-]/g, (c) => `\\${c}`);
const toggleOf = (root: Element, id: string) => root.querySelector(`[data-topic="${id}"] .vote-toggle`) as HTMLButtonElement;

test("VoteApp: cards with title, description, votes, tags, the issue link and a toggle; most votes first", () =>
  withDom(async (dom) => {
    const root = await dom.render(h(VoteApp, { topics, messages: BOARD }));
    assert.equal(titles(root), ["ES module output", "Native CSS", "Persistent cache", "Better docs"]);
    assert.is(summary(root), "4 of 4 topics");
    const card = root.querySelector('[data-topic="native-css"]')!;
    assert.match(card.textContent!, "Stylesheets as modules.");
    assert.is(card.querySelector(".vote-count")!.textContent, "40 votes");
    assert.equal(
      [...card.querySelectorAll(".vote-tags li")].map((e) => e.textContent),
      ["css", "experiments"],
    );
    const link = card.querySelector("a.vote-issue")!;
    assert.is(link.textContent, "Vote on the issue");
    assert.is(link.getAttribute("href"), topics[0].issue);
    assert.is(link.getAttribute("rel"), "noopener noreferrer");
    assert.is(link.getAttribute("target"), null, "opens normally");
    assert.is(toggleOf(root, "native-css").textContent, "I support this");
    assert.is(toggleOf(root, "native-css").getAttribute("aria-pressed"), "false");
    assert.is(root.querySelector('[data-topic="docs"] .vote-tags'), null, "no tag list without tags");
    assert.equal(
      [...(control(root, "Tag") as HTMLSelectElement).options].map((o) => o.textContent),
      ["All tags", "css", "experiments", "output", "performance"],
    );
    assert.equal(
      [...(control(root, "Sort by") as HTMLSelectElement).options].map((o) => o.textContent),
      ["Most votes", "Fewest votes", "Title A–Z"],
    );
    assert.is(root.querySelector('[role="status"]')!.getAttribute("aria-live"), "polite");
  }));

test("VoteApp: typing a filter narrows the list and the count; a tag narrows it; no match shows the empty state and Clear filters", () =>
  withDom(async (dom) => {
    const root = await dom.render(h(VoteApp, { topics, messages: BOARD }));
    const text = control(root, "Filter topics");
    await setValue(dom, text, "CACHE");
    assert.equal(titles(root), ["Persistent cache"]);
    assert.is(summary(root), "1 of 4 topics");
    await setValue(dom, text, "");
    assert.is(summary(root), "4 of 4 topics");
    const tag = control(root, "Tag");
    await setValue(dom, tag, "experiments");
    assert.equal(titles(root), ["Native CSS"]);
    assert.is(summary(root), "1 of 4 topics");
    await setValue(dom, text, "cache");
    assert.equal(titles(root), []);
    assert.is(summary(root), "0 of 4 topics");
    assert.is(root.querySelector(".vote-empty p")!.textContent, EN["vote.empty"]);
    assert.is(EN["vote.empty"], "No topics match.");
    const clear = root.querySelector(".vote-empty button") as HTMLButtonElement;
    await dom.act(() => clear.click());
    assert.is(summary(root), "4 of 4 topics");
    assert.is((text as HTMLInputElement).value, "");
    assert.is((tag as HTMLSelectElement).value, "");
  }));

test("VoteApp: toggling support sets aria-pressed and localStorage; Only topics I support; a fresh render remembers", () =>
  withDom(async (dom) => {
    const root = await dom.render(h(VoteApp, { topics, messages: BOARD }));
    await dom.act(() => toggleOf(root, "docs").click());
    await dom.act(() => toggleOf(root, "native-css").click());
    assert.is(toggleOf(root, "docs").getAttribute("aria-pressed"), "true");
    assert.is(toggleOf(root, "docs").textContent, "Supported");
    assert.is(toggleOf(root, "cache").getAttribute("aria-pressed"), "false");
    assert.is(dom.window.localStorage.getItem(SUPPORT_KEY), '["docs","native-css"]');
    await dom.act(() => toggleOf(root, "native-css").click());
    assert.is(toggleOf(root, "native-css").getAttribute("aria-pressed"), "false");
    assert.is(dom.window.localStorage.getItem(SUPPORT_KEY), '["docs"]');
    await dom.act(() => toggleOf(root, "cache").click());

    const mine = control(root, "Only topics I support") as HTMLInputElement;
    assert.is(mine.type, "checkbox");
    await dom.act(() => mine.click());
    assert.ok(mine.checked);
    assert.equal(titles(root), ["Persistent cache", "Better docs"]);
    assert.is(summary(root), "2 of 4 topics");
    await dom.act(() => toggleOf(root, "docs").click());
    assert.equal(titles(root), ["Persistent cache"], "unsupporting hides it at once");

    const fresh = await dom.render(h(VoteApp, { topics, messages: BOARD }));
    assert.is(toggleOf(fresh, "cache").getAttribute("aria-pressed"), "true");
    assert.is(toggleOf(fresh, "docs").getAttribute("aria-pressed"), "false");
    assert.is(toggleOf(fresh, "native-css").getAttribute("aria-pressed"), "false");
  }));

test("VoteApp: a bad stored value reads as nothing supported", () =>
  withDom(async (dom) => {
    dom.window.localStorage.setItem(SUPPORT_KEY, "[oops");
    const root = await dom.render(h(VoteApp, { topics, messages: BOARD }));
    assert.equal([...root.querySelectorAll('.vote-toggle[aria-pressed="true"]')], []);
    await dom.act(() => toggleOf(root, "cache").click());
    assert.is(dom.window.localStorage.getItem(SUPPORT_KEY), '["cache"]');
  }));

test("VoteApp: the sort select changes the order of the titles", () =>
  withDom(async (dom) => {
    const root = await dom.render(h(VoteApp, { topics, messages: BOARD }));
    const sort = control(root, "Sort by");
    await setValue(dom, sort, "fewest");
    assert.equal(titles(root), ["Better docs", "Native CSS", "Persistent cache", "ES module output"]);
    await setValue(dom, sort, "title");
    assert.equal(titles(root), ["Better docs", "ES module output", "Native CSS", "Persistent cache"]);
    await setValue(dom, sort, "most");
    assert.equal(titles(root), ["ES module output", "Native CSS", "Persistent cache", "Better docs"]);
  }));

// ---------------------------------------------------------------- the VotePage shell in happy-dom

/** Runs act() with a few real ticks until `ready()` holds (or gives up). */
async function until(dom: Dom, ready: () => boolean, tries = 100) {
  for (let i = 0; i < tries && !ready(); i++) await dom.act(() => new Promise((resolve) => setTimeout(resolve, 20)));
}

test("VotePage in the browser: after mount the client's loader imports the board, adds its stylesheet, and the board replaces the placeholder and the list", () =>
  withDom(async (dom) => {
    // happy-dom cannot fetch the stylesheet, so the failed link is removed again: record what was added.
    const added: string[] = [];
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLElement && node.tagName === "LINK") added.push(`${node.getAttribute("rel")} ${node.getAttribute("href")}`);
    }).observe(document.head, { childList: true });
    const root = await dom.render(
      h(ClientFeaturesContext, { value: BROWSER_FEATURES }, h(VotePage, { topics, messages: BOARD, stylesheet: "/assets/vote-TEST.css" })),
    );
    await until(dom, () => root.querySelector('[data-vote-app="ready"]') !== null, 250);
    assert.ok(root.querySelector('[data-vote-app="ready"] .vote-board'), "the board is in the app element");
    assert.equal(titles(root), ["ES module output", "Native CSS", "Persistent cache", "Better docs"]);
    assert.not.match(root.textContent!, EN["vote.loading"]);
    assert.is(root.querySelector(".vote-fallback"), null, "the plain list is gone");
    assert.is(root.querySelectorAll("[data-vote-app]").length, 1);
    assert.equal(added, ["stylesheet /assets/vote-TEST.css"], "the board's stylesheet was asked for once");
  }));

test("VotePage: hydrates the server markup without a mismatch, keeps it until the board has loaded, then shows the board", () =>
  withDom(async (dom) => {
    let resolve!: (App: VoteAppComponent) => void;
    const pending = new Promise<VoteAppComponent>((r) => (resolve = r));
    const calls: Array<string | undefined> = [];
    const load = (stylesheet?: string) => {
      calls.push(stylesheet);
      return pending;
    };
    const element = h(VotePage, { topics, messages: BOARD, load });
    const serverHtml = renderToString(element);
    const container = dom.document.createElement("div");
    container.innerHTML = serverHtml;
    dom.document.body.appendChild(container);
    const { hydrateRoot } = await import("react-dom/client");
    const errors: unknown[] = [];
    let root!: ReturnType<typeof hydrateRoot>;
    await dom.act(() => {
      root = hydrateRoot(container, element, { onRecoverableError: (e) => errors.push(e) });
    });
    try {
      assert.equal(errors, []);
      assert.equal(calls, [undefined], "loaded once, with no stylesheet");
      assert.is(container.innerHTML, serverHtml, "the first browser render is the server's");
      assert.match(container.textContent!, EN["vote.loading"]);
      await dom.act(async () => {
        resolve(VoteApp);
        await pending;
      });
      assert.ok(container.querySelector('[data-vote-app="ready"] .vote-list'));
      assert.not.match(container.textContent!, EN["vote.loading"]);
      assert.is(dom.document.head.querySelector("link"), null, "no stylesheet when none is given");
    } finally {
      await dom.act(() => root.unmount());
    }
  }));

test("VotePage: when the board cannot be loaded it says so and keeps the list of issue links", () =>
  withDom(async (dom) => {
    const warn = console.warn;
    const warned: unknown[] = [];
    console.warn = (...args: unknown[]) => void warned.push(args);
    try {
      const root = await dom.render(h(VotePage, { topics, messages: BOARD, load: () => Promise.reject(new Error("offline")) }));
      await until(dom, () => root.querySelector('[data-vote-app="error"]') !== null);
      assert.is(root.querySelector('[data-vote-app="error"]')!.getAttribute("role"), "alert");
      assert.match(root.textContent!, EN["vote.error"]);
      assert.equal(
        [...root.querySelectorAll(".vote-fallback a")].map((a) => a.getAttribute("href")),
        topics.map((t) => t.issue),
      );
      assert.is(warned.length, 1);
    } finally {
      console.warn = warn;
    }
  }));

test("VotePage outside the client (no features given): nothing is imported, and the page keeps its list with the error text", () =>
  withDom(async (dom) => {
    const warn = console.warn;
    const warned: unknown[][] = [];
    console.warn = (...args: unknown[]) => void warned.push(args);
    try {
      const root = await dom.render(h(VotePage, { topics, messages: BOARD }));
      await until(dom, () => root.querySelector('[data-vote-app="error"]') !== null);
      assert.match(root.textContent!, EN["vote.error"]);
      assert.is(root.querySelector(".vote-board"), null);
      assert.is((warned[0]?.[1] as Error | undefined)?.message, NOT_IN_BROWSER);
    } finally {
      console.warn = warn;
    }
  }));

test.run();
