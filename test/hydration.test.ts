import { test } from "uvu";
import * as assert from "uvu/assert";
import type { BuildResult } from "../src/build.ts";
import { openDom } from "./helpers/dom.ts";
import { buildFixtureSite, fileText } from "./helpers/site.ts";

let site: BuildResult;

/**
 * Loads a built page into happy-dom (its scripts are not run) and hydrates it
 * with the client's own hydrate function.
 */
async function hydrate(filePath: string, storedTheme?: string) {
  const dom = await openDom({ url: `http://127.0.0.1/${filePath.replace(/index\.html$/, "")}` });
  if (storedTheme) dom.window.localStorage.setItem("theme", storedTheme);
  dom.window.document.write(fileText(site, filePath));
  const errors: unknown[] = [];
  const { hydratePage } = await import("../site-client/hydrate.tsx");
  let hydrated: ReturnType<typeof hydratePage>;
  await dom.act(() => {
    hydrated = hydratePage(dom.document, (e) => errors.push(e));
  });
  const restore = async () => {
    await dom.act(() => hydrated?.root.unmount());
    await dom.close();
  };
  return { window: dom.window, document: dom.window.document, errors, act: dom.act, restore };
}

test.before(async () => {
  site = await buildFixtureSite("basic");
});

test("a documentation page hydrates without a mismatch and keeps the server-rendered body", async () => {
  const page = await hydrate("guides/first/index.html");
  try {
    assert.equal(page.errors, [], "no recoverable hydration errors");
    assert.is(page.document.documentElement.dataset.hydrated, "true");
    assert.match(page.document.querySelector("[data-content]")!.innerHTML, '<div class="aside aside-tip" role="note" data-kind="tip">');
    assert.is(page.document.querySelector("h1")!.textContent, "First Guide");
  } finally {
    await page.restore();
  }
});

test("the theme toggle switches to dark, applies it to the document and stores it under 'theme'", async () => {
  const page = await hydrate("guides/first/index.html");
  try {
    const button = page.document.querySelector(".theme-toggle") as unknown as HTMLButtonElement;
    assert.is(button.getAttribute("aria-label"), "Switch to dark theme");
    await page.act(() => button.click());
    assert.is(page.document.documentElement.dataset.theme, "dark");
    assert.is(page.window.localStorage.getItem("theme"), "dark");
    assert.is(button.getAttribute("aria-label"), "Switch to light theme");
    await page.act(() => button.click());
    assert.is(page.document.documentElement.dataset.theme, "light");
    assert.is(page.window.localStorage.getItem("theme"), "light");
  } finally {
    await page.restore();
  }
});

test("a stored dark theme is read back after hydration", async () => {
  const page = await hydrate("index.html", "dark");
  try {
    assert.equal(page.errors, []);
    const button = page.document.querySelector(".theme-toggle")!;
    assert.is(button.getAttribute("aria-label"), "Switch to light theme");
  } finally {
    await page.restore();
  }
});

test.run();
