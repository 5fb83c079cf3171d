import fs from "node:fs";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type CDPSession, type Page } from "playwright-core";
import type { Test } from "uvu";
import { build, type BuildResult } from "../../src/build.ts";
import { createMemoryLogger } from "../../src/report/logger.ts";
import { createStaticServer } from "../../src/serve/static-server.ts";
import { TOOL_DIR, tempSite } from "./temp-site.ts";

/** Debian's Chromium; browser tests never download a browser of their own. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/** Flags for a quiet headless Chromium that talks to nothing but the test server. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Where screenshots go (git-ignored). */
const ARTIFACTS_DIR = path.join(TOOL_DIR, "test-artifacts");

/** How long a test waits for one expected state before it fails. */
const WAIT_MS = 5000;

/** True when Debian's Chromium is installed. */
function browserAvailable(): boolean {
  return fs.existsSync(CHROMIUM_PATH);
}

/** True when running under CI (`CI` set to anything but "", "0" or "false"). */
function underCI(): boolean {
  const value = process.env.CI;
  return value !== undefined && value !== "" && value !== "0" && value.toLowerCase() !== "false";
}

const MISSING_UNDER_CI = `Chromium is required under CI; .ci/run installs it (${CHROMIUM_PATH} not found)`;

/**
 * Registers the browser tests only when Chromium is there. Without it, under
 * CI one failing test says so; elsewhere one line says the tests were skipped
 * and none are registered (a skip is never counted as a pass).
 */
export function registerBrowserTests(suite: Test, register: () => void): void {
  if (browserAvailable()) register();
  else if (underCI())
    suite("Chromium is installed", () => {
      throw new Error(MISSING_UNDER_CI);
    });
  else console.log(`browser tests skipped: ${CHROMIUM_PATH} not found (apt-get install -y chromium)`);
}

/** Launches headless Chromium (a fresh profile per launch, managed by playwright). */
export async function launchBrowser(): Promise<Browser> {
  if (!browserAvailable()) throw new Error(underCI() ? MISSING_UNDER_CI : `${CHROMIUM_PATH} not found (apt-get install -y chromium)`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A fixture site built to disk and served on 127.0.0.1. */
export interface ServedSite {
  /** Origin without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** The served output folder. */
  root: string;
  result: BuildResult;
  close(): Promise<void>;
}

/** Serves a built output folder with the project's static server on a free port of 127.0.0.1. */
export async function serveFolder(options: { root: string; result: BuildResult; onClose?: () => void }): Promise<ServedSite> {
  const server = createStaticServer({ root: options.root });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    root: options.root,
    result: options.result,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      options.onClose?.();
    },
  };
}

/**
 * Copies `fixtures/sites/<name>` to a temporary folder, builds it there
 * (written output, no cache, a memory logger) and serves the output with
 * the project's static server on a free port.
 */
async function serveFixtureSite(name: string): Promise<ServedSite> {
  const site = tempSite(`sites/${name}`);
  try {
    const result = await build({ root: site.dir, write: true, cache: false, logger: createMemoryLogger() });
    return await serveFolder({ root: site.path("dist"), result, onClose: () => site.remove() });
  } catch (error) {
    site.remove();
    throw error;
  }
}

/** The two viewports the site is tested at. */
export type ViewportName = "desktop" | "mobile";

/** Context options per viewport: desktop 1280×900; mobile 375×740 with touch. */
export const VIEWPORTS: Record<ViewportName, BrowserContextOptions> = {
  desktop: { viewport: { width: 1280, height: 900 } },
  mobile: { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
};

/** A page in its own browser context, with the problems it reported. */
export interface PageSession {
  context: BrowserContext;
  page: Page;
  /** Console errors, uncaught page errors, hydration recoveries and crashes, in order. */
  errors: string[];
  /** Fails when the page reported any problem. */
  assertNoErrors(): void;
  close(): Promise<void>;
}

export interface OpenOptions {
  viewport?: ViewportName;
  /** localStorage entries present before the first page load. */
  localStorage?: Record<string, string>;
}

/**
 * Opens a blank page in a fresh context (its own storage) at a viewport and
 * starts collecting console errors and page errors. The caller navigates.
 */
async function openPage(browser: Browser, origin: string, options: OpenOptions = {}): Promise<PageSession> {
  const storage = Object.entries(options.localStorage ?? {});
  const context = await browser.newContext({
    ...VIEWPORTS[options.viewport ?? "desktop"],
    ...(storage.length ? { storageState: { cookies: [], origins: [{ origin, localStorage: storage.map(([name, value]) => ({ name, value })) }] } } : {}),
  });
  context.setDefaultTimeout(WAIT_MS);
  context.setDefaultNavigationTimeout(15_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    const where = message.location().url ? ` (${message.location().url}:${message.location().lineNumber})` : "";
    if (message.type() === "error") errors.push(`console.error: ${text}${where} on ${page.url()}`);
    // The client logs a recovered hydration mismatch as a warning; it is a bug all the same.
    else if (message.type() === "warning" && /hydrat/i.test(text)) errors.push(`console.warn: ${text}${where} on ${page.url()}`);
  });
  page.on("pageerror", (error) => errors.push(`page error: ${error.stack ?? error.message} on ${page.url()}`));
  page.on("crash", () => errors.push(`page crashed on ${page.url()}`));
  return {
    context,
    page,
    errors,
    assertNoErrors() {
      if (errors.length) throw new Error(`the page reported ${errors.length} problem(s):\n  ${errors.join("\n  ")}`);
    },
    close: () => context.close(),
  };
}

/**
 * Waits until `predicate` (run in the page) returns a truthy value, failing
 * with `description` and the last value seen instead of a bare timeout.
 */
export async function waitUntil<Arg>(page: Page, description: string, predicate: (arg: Arg) => unknown, arg?: Arg, timeout = WAIT_MS): Promise<void> {
  try {
    await page.waitForFunction(predicate as (arg: unknown) => unknown, arg, { timeout, polling: 50 });
  } catch (error) {
    if ((error as Error).name !== "TimeoutError") throw error;
    throw new Error(`timed out after ${timeout} ms waiting until ${description} (on ${page.url()})`);
  }
}

/** Waits for the client to hydrate the page (`html[data-hydrated="true"]`). */
export function waitForHydration(page: Page): Promise<void> {
  return waitUntil(page, 'the page hydrated (html[data-hydrated="true"])', () => document.documentElement.dataset.hydrated === "true", undefined, 10_000);
}

/**
 * Waits for every finite running animation and transition (a sliding panel)
 * to finish; endless decorative animations are ignored. Gives up after `timeout`.
 */
export async function waitForAnimations(page: Page, timeout = 2000): Promise<void> {
  await page.evaluate(async (ms) => {
    const finite = document.getAnimations().filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, ms))]);
  }, timeout);
}

/** Marks the page's window, so {@link sameWindow} can tell later whether a document load happened. */
export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 1));
}

/** True while the page still has the window {@link markWindow} marked: no document load since. */
export function sameWindow(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __mark?: number }).__mark === 1);
}

/**
 * Holds every client script (`/assets/**.js`) until the returned function is
 * called, so a test can look at the page as parsed and styled before any
 * client code runs.
 */
export async function holdClientScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js(\?.*)?$/, async (route) => {
    await gate;
    await route.continue().catch(() => undefined);
  });
  return release;
}

/**
 * Waits until every stylesheet the page links to has loaded: a page read
 * before its scripts run (see {@link holdClientScripts}) shows what its CSS
 * hides until then.
 */
export async function waitForStyles(page: Page): Promise<void> {
  await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).every((link) => link.sheet !== null));
}

/** Waits until the slide-out sidebar is open (`"true"`) or closed (`"false"`), failing with `why`. */
export function slideOutIs(page: Page, value: "true" | "false", why: string): Promise<void> {
  return waitUntil(
    page,
    `${why}: .mobile-sidebar[data-open="${value}"]`,
    (v) => document.querySelector(".mobile-sidebar")?.getAttribute("data-open") === v,
    value,
  );
}

/**
 * Waits until the service worker is active and controls the page: once it
 * does, navigations go through it and are cached.
 */
export async function controlledByWorker(page: Page): Promise<void> {
  await waitForHydration(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await waitUntil(page, "the service worker controls the page", () => navigator.serviceWorker.controller !== null);
}

/** The message the page logs when a new worker is waiting. */
const WORKER_WAITING = "a new version of the site is waiting";

/**
 * Drives a service-worker update on a page the worker controls: `deploy`
 * changes the served worker, then the registration is updated. Fails unless
 * the new worker waits (within `timeout`, default {@link WAIT_MS}) and the
 * page logs that it does, and, once told to skip waiting, the new worker takes
 * control with exactly one reload.
 */
export async function expectWorkerUpdate(page: Page, deploy: () => unknown, options: { timeout?: number } = {}): Promise<void> {
  const infos: string[] = [];
  page.on("console", (m) => void (m.type() === "info" && infos.push(m.text())));
  await deploy();
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  await waitUntil(
    page,
    "the new worker is installed and waiting",
    async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
    undefined,
    options.timeout,
  );
  for (let i = 0; i < 50 && !infos.some((t) => t.includes(WORKER_WAITING)); i++) await page.waitForTimeout(100);
  if (!infos.some((t) => t.includes(WORKER_WAITING))) throw new Error(`the page did not log "${WORKER_WAITING}"; logged: ${infos.join(" | ")}`);
  let loads = 0;
  page.on("load", () => void loads++);
  await page.evaluate(async () => {
    (await navigator.serviceWorker.getRegistration())?.waiting?.postMessage({ type: "SKIP_WAITING" });
  });
  await page.waitForEvent("load", { timeout: 10_000 });
  await page.waitForTimeout(1500);
  if (loads !== 1) throw new Error(`the page reloaded ${loads} times after the new worker took control; expected exactly once`);
}

/** A point in CSS pixels of the viewport. */
export interface Point {
  x: number;
  y: number;
}

/**
 * A real one-finger swipe through the browser's input pipeline (CDP
 * `Input.dispatchTouchEvent`): touchStart, `steps` touchMoves, touchEnd.
 */
export async function swipe(cdp: CDPSession, from: Point, to: Point, steps = 8): Promise<void> {
  const point = (p: Point) => ({ x: p.x, y: p.y, id: 1, radiusX: 4, radiusY: 4, force: 1 });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point(from)] });
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: [point({ x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t })],
    });
    await new Promise((resolve) => setTimeout(resolve, 16));
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/** Saves a screenshot as `test-artifacts/<name>` and returns its path. */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<string> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, name);
  await page.screenshot({ path: file, fullPage, animations: "disabled" });
  return file;
}

/**
 * One served site (a fixture's name, or a function that serves one) and one
 * browser shared by a test file, both created on first use (uvu swallows
 * errors thrown in `before` hooks) and closed by `close()` in `after`.
 */
export function browserHarness(source: string | (() => Promise<ServedSite>)) {
  let site: Promise<ServedSite> | undefined;
  let browser: Promise<Browser> | undefined;
  const harness = {
    site: () => (site ??= typeof source === "string" ? serveFixtureSite(source) : source()),
    browser: () => (browser ??= launchBrowser()),
    /** Opens a page of the shared site (a fresh context) and, when `path` is given, navigates there. */
    async open(pathname: string | null, options: OpenOptions = {}): Promise<PageSession & { url(p: string): string }> {
      const { url } = await harness.site();
      const session = await openPage(await harness.browser(), url, options);
      if (pathname !== null) await session.page.goto(url + pathname);
      return Object.assign(session, { url: (p: string) => url + p });
    },
    async close(): Promise<void> {
      const [b, s] = await Promise.all([browser?.catch(() => undefined), site?.catch(() => undefined)]);
      await b?.close();
      await s?.close();
    },
  };
  return harness;
}

/** axe-core's browser script, read once for every suite that checks accessibility. */
let axeSource: string | undefined;

/** axe-core's violations on the page as it is now, one line each: the rule and the elements it found. */
export async function axeViolations(page: Page): Promise<string[]> {
  axeSource ??= fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
}
