import { test } from "uvu";
import * as assert from "uvu/assert";
import { Window } from "happy-dom";
import type { BuildResult } from "../src/build.ts";
import { buildFixtureSite, fileText } from "./helpers/site.ts";

const GLOBALS = ["window", "document", "navigator", "localStorage", "Node", "Element", "HTMLElement", "HTMLIFrameElement", "Event", "MouseEvent", "getComputedStyle", "requestAnimationFrame", "MutationObserver"] as const;

let site: BuildResult;

/**
 * Loads a built page into happy-dom (its scripts are not run) and exposes the
 * window as the global browser objects react-dom expects, then hydrates it
 * with the client's own hydrate function.
 */
async function hydrate(filePath: string, storedTheme?: string) {
  const window = new Window({ url: `http://127.0.0.1/${filePath.replace(/index\.html$/, "")}`, settings: { disableJavaScriptFileLoading: true, disableJavaScriptEvaluation: true, disableCSSFileLoading: true } });
  const html = fileText(site, filePath);
  if (storedTheme) window.localStorage.setItem("theme", storedTheme);
  window.document.write(html);
  const saved = new Map<string, unknown>();
  for (const name of GLOBALS) {
    saved.set(name, (globalThis as Record<string, unknown>)[name]);
    Object.defineProperty(globalThis, name, { value: (window as unknown as Record<string, unknown>)[name], configurable: true, writable: true });
  }
  const errors: unknown[] = [];
  const { hydratePage } = await import("../site-client/hydrate.tsx");
  const { act } = await import("react");
  let hydrated: ReturnType<typeof hydratePage>;
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await act(async () => {
    hydrated = hydratePage(window.document as unknown as Document, (e) => errors.push(e));
  });
  const restore = async () => {
    await act(async () => hydrated?.root.unmount());
    for (const [name, value] of saved) Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
    await window.happyDOM.close();
  };
  return { window, document: window.document, errors, act, restore };
}

test.before(async () => {
  site = await buildFixtureSite("basic");
});

test("a documentation page hydrates without a mismatch and keeps the server-rendered body", async () => {
  const page = await hydrate("guides/first/index.html");
  try {
    assert.equal(page.errors, [], "no recoverable hydration errors");
    assert.is(page.document.documentElement.dataset.hydrated, "true");
    assert.match(page.document.querySelector("[data-content]")!.innerHTML, '<aside class="aside aside-tip" data-kind="tip">');
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
    await page.act(async () => button.click());
    assert.is(page.document.documentElement.dataset.theme, "dark");
    assert.is(page.window.localStorage.getItem("theme"), "dark");
    assert.is(button.getAttribute("aria-label"), "Switch to light theme");
    await page.act(async () => button.click());
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
