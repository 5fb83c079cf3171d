import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { SiteSearch } from "../src/shared/page-data.ts";
import type { SearchResult } from "../src/shared/search/results.ts";
import { ClientFeaturesContext, NOT_IN_BROWSER, SERVER_FEATURES, type ClientFeatures } from "../templates/client-features.ts";
import { SearchBox } from "../templates/components/SearchBox.tsx";
import { openDom, type Dom } from "./helpers/dom.ts";

// The search box's keyboard model and its use of the client's search backend,
// under happy-dom with a backend the test supplies through the features context.

const SEARCH: SiteSearch = { provider: "local", indexUrl: "/search-index.json" };

const result = (url: string, section: string, score: number): SearchResult => ({
  url,
  title: url,
  headings: [],
  snippet: [{ text: "cache", match: true }],
  section,
  score,
});
const RESULTS = [result("/guides/caching/", "Guides", 3), result("/concepts/", "Concepts", 2), result("/guides/first/", "Guides", 1)];

/** Renders the box with `loadSearch`, records its calls, and runs `work`. */
async function withBox(loadSearch: ClientFeatures["loadSearch"], work: (dom: Dom, root: HTMLElement, input: HTMLInputElement) => Promise<void>) {
  const dom = await openDom({ html: "<!doctype html><html><head></head><body></body></html>" });
  try {
    const root = await dom.render(h(ClientFeaturesContext, { value: { ...SERVER_FEATURES, loadSearch } }, h(SearchBox, { search: SEARCH })));
    await work(dom, root, root.querySelector("input")!);
  } finally {
    await dom.close();
  }
}

async function type(dom: Dom, input: HTMLInputElement, value: string) {
  await dom.act(async () => {
    Object.getOwnPropertyDescriptor(dom.window.HTMLInputElement.prototype, "value")!.set!.call(input, value);
    input.dispatchEvent(new dom.window.Event("input", { bubbles: true }) as unknown as Event);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function press(dom: Dom, target: EventTarget, key: string, init: { ctrlKey?: boolean } = {}) {
  await dom.act(
    () => void target.dispatchEvent(new dom.window.KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...init }) as unknown as Event),
  );
}

const selected = (root: Element) => [...root.querySelectorAll('[role="option"]')].map((o) => o.getAttribute("aria-selected") === "true");

test("on the server the box is a plain, closed search field with an empty listbox", () => {
  const html = renderToStaticMarkup(h(SearchBox, { search: SEARCH })).replace(/_R_\w+_/g, "ID");
  assert.is(
    html,
    '<form class="search" role="search"><input type="search" placeholder="Search webpack documentation" aria-label="Search webpack documentation" role="combobox" aria-autocomplete="list" aria-expanded="false" aria-controls="ID-results" autoComplete="off" spellCheck="false" name="q" value=""/>' +
      '<kbd class="search-hint" aria-hidden="true">/</kbd><div class="search-panel" id="ID-results" role="listbox" aria-label="Search results" hidden=""></div></form>',
  );
});

test("focus loads the client's backend once; typing shows results grouped by section; ↑/↓ move the selection and wrap", () => {
  const calls: SiteSearch[] = [];
  const queries: string[] = [];
  const loadSearch = async (search: SiteSearch) => {
    calls.push(search);
    return {
      search: async (q: string) => {
        queries.push(q);
        return RESULTS;
      },
    };
  };
  return withBox(loadSearch, async (dom, root, input) => {
    await dom.act(() => input.focus());
    await type(dom, input, "cache");
    assert.equal(calls, [SEARCH], "loaded once, with the site's search settings");
    assert.equal(queries, ["cache"]);
    assert.equal(
      [...root.querySelectorAll(".search-group")].map((g) => g.getAttribute("aria-label")),
      ["Guides", "Concepts"],
    );
    assert.equal(
      [...root.querySelectorAll('[role="option"]')].map((o) => o.getAttribute("href")),
      ["/guides/caching/", "/guides/first/", "/concepts/"],
    );
    assert.is(input.getAttribute("aria-expanded"), "true");
    assert.equal(selected(root), [true, false, false]);
    await press(dom, input, "ArrowDown");
    assert.equal(selected(root), [false, true, false]);
    assert.is(input.getAttribute("aria-activedescendant"), root.querySelectorAll('[role="option"]')[1].id);
    await press(dom, input, "ArrowUp");
    await press(dom, input, "ArrowUp");
    assert.equal(selected(root), [false, false, true], "↑ from the first wraps to the last");
  });
});

test("Esc closes the list and keeps the text; a second Esc empties the box", () =>
  withBox(
    async () => ({ search: async () => RESULTS }),
    async (dom, root, input) => {
      await dom.act(() => input.focus());
      await type(dom, input, "cache");
      await press(dom, input, "Escape");
      assert.is(input.value, "cache");
      assert.ok(root.querySelector('[role="listbox"]')!.hasAttribute("hidden"));
      await press(dom, input, "Escape");
      assert.is(input.value, "");
      assert.is(root.querySelectorAll('[role="option"]').length, 0);
    },
  ));

test("`/` outside a field and Ctrl+K focus the box; `/` typed in a field does not", () =>
  withBox(
    async () => ({ search: async () => [] }),
    async (dom, _root, input) => {
      const other = dom.document.body.appendChild(dom.document.createElement("textarea"));
      await press(dom, other, "/");
      assert.is.not(dom.document.activeElement, input);
      await press(dom, dom.document.body, "/");
      assert.is(dom.document.activeElement, input);
      await dom.act(() => input.blur());
      await press(dom, dom.document.body, "k", { ctrlKey: true });
      assert.is(dom.document.activeElement, input);
    },
  ));

test("a backend that fails to load shows its message, and the next query loads it again", () => {
  let attempts = 0;
  const loadSearch = async () => {
    if (++attempts === 1) throw new Error("Loading chunk 7 failed");
    return { search: async () => RESULTS };
  };
  return withBox(loadSearch, async (dom, root, input) => {
    await type(dom, input, "cache");
    assert.is(root.querySelector(".search-error")?.textContent, "Loading chunk 7 failed");
    await type(dom, input, "cached");
    assert.is(attempts, 2);
    assert.is(root.querySelectorAll('[role="option"]').length, 3);
  });
});

test("without the client's features (the server's default) a query says search is not available there", () =>
  withBox(SERVER_FEATURES.loadSearch, async (dom, root, input) => {
    await type(dom, input, "cache");
    assert.is(root.querySelector(".search-error")?.textContent, NOT_IN_BROWSER);
  }));

test.run();
