import { createElement as h, useState } from "react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { SidebarItem as Item } from "../src/shared/page-data.ts";
import { LanguageDropdown } from "../templates/components/LanguageDropdown.tsx";
import { MobileSidebar } from "../templates/components/MobileSidebar.tsx";
import { Notification, NOTIFICATION_KEY } from "../templates/components/Notification.tsx";
import { SidebarItem } from "../templates/components/Sidebar.tsx";
import { isHorizontal, openerOffset, swipeResult, SWIPE } from "../templates/swipe.ts";
import { openDom, type Dom } from "./helpers/dom.ts";

// States and transitions of the site chrome, in happy-dom with React.
const languages = [
  { title: "English", lang: "en", url: "https://webpack.js.org" },
  { title: "中文", lang: "zh", url: "https://webpack.docschina.org" },
  { title: "한국어", lang: "ko", url: "https://webpack.kr" },
];
const items: Item[] = [
  { url: "/guides/", title: "Guides", anchors: [], hasAnchors: false, group: "" },
  { url: "/guides/first/", title: "First", anchors: [{ title: "Setup", id: "setup", level: 2 }], hasAnchors: true, group: "" },
  { url: "/guides/second/", title: "Second", anchors: [], hasAnchors: true, group: "" },
];

async function withDom(work: (dom: Dom) => Promise<void>) {
  const dom = await openDom({ html: "<!doctype html><html><body></body></html>" });
  // A phone's width: the phone menu closes itself on a screen wide enough to show the sidebar.
  dom.window.happyDOM.setViewport({ width: 375, height: 700 });
  try {
    await work(dom);
  } finally {
    await dom.close();
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 30));

function key(dom: Dom, target: Element, name: string) {
  target.dispatchEvent(new dom.window.KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true }) as unknown as Event);
}

test("swipe rules: threshold 20px, opener follows up to 295px, vertical/horizontal ratio below 0.8", () => {
  assert.equal(SWIPE, { threshold: 20, openerMax: 295, maxRatio: 0.8 });
  const at = (dx: number, dy: number) => ({ startX: 5, startY: 100, x: 5 + dx, y: 100 + dy });
  assert.is(swipeResult(at(100, 5), false), "open");
  assert.is(swipeResult(at(21, 0), false), "open");
  assert.is(swipeResult(at(20, 0), false), "none", "20px is not beyond the threshold");
  assert.is(swipeResult(at(15, 0), false), "none");
  assert.is(swipeResult(at(80, 80), false), "none", "ratio 1 is too vertical");
  assert.is(swipeResult(at(100, 79), false), "open", "ratio 0.79 is horizontal enough");
  assert.is(swipeResult(at(100, 80), false), "none", "ratio 0.8 is not below 0.8");
  assert.is(swipeResult(at(-100, 0), true), "close");
  assert.is(swipeResult(at(-100, 0), false), "none", "a closed sidebar does not close");
  assert.is(swipeResult(at(100, 0), true), "none", "an open sidebar does not open");
  assert.is(openerOffset(at(120, 10)), 120);
  assert.is(openerOffset(at(400, 10)), 295);
  assert.is(openerOffset(at(-50, 0)), 0);
  assert.is(openerOffset(at(50, 60)), 0);
  assert.not.ok(isHorizontal(at(0, 0)));
});

test("language dropdown: click opens and closes, keys move and wrap, Escape returns focus, outside click and focus loss close", () =>
  withDom(async (dom) => {
    const root = await dom.render(h(LanguageDropdown, { languages, path: "/guides/" }));
    const button = root.querySelector(".language-button") as HTMLButtonElement;
    const menu = root.querySelector('[role="menu"]') as HTMLElement;
    const items = [...root.querySelectorAll('[role="menuitem"]')] as HTMLElement[];
    assert.is(button.getAttribute("aria-expanded"), "false");
    assert.ok(menu.hidden);

    await dom.act(() => button.click());
    assert.is(button.getAttribute("aria-expanded"), "true");
    assert.not.ok(menu.hidden);
    await dom.act(() => button.click());
    assert.is(button.getAttribute("aria-expanded"), "false");

    button.focus();
    await dom.act(async () => {
      key(dom, button, "Enter");
      await tick();
    });
    assert.is(button.getAttribute("aria-expanded"), "true");
    assert.is(dom.document.activeElement, items[0], "Enter focuses the first item");
    await dom.act(() => key(dom, items[0], "ArrowDown"));
    assert.is(dom.document.activeElement, items[1]);
    await dom.act(() => key(dom, items[1], "ArrowUp"));
    await dom.act(() => key(dom, items[0], "ArrowUp"));
    assert.is(dom.document.activeElement, items[2], "ArrowUp from the first wraps to the last");
    await dom.act(() => key(dom, items[2], "ArrowDown"));
    assert.is(dom.document.activeElement, items[0], "ArrowDown from the last wraps to the first");
    await dom.act(() => key(dom, items[0], "Escape"));
    assert.is(button.getAttribute("aria-expanded"), "false");
    assert.is(dom.document.activeElement, button, "Escape returns focus to the button");
    // An Escape that closes the dropdown is marked handled, so a slide-out menu around it stays open; others are left to it.
    const escapeKey = () => new dom.window.KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }) as unknown as Event;
    const unhandled = escapeKey();
    await dom.act(() => button.dispatchEvent(unhandled));
    assert.not.ok(unhandled.defaultPrevented, "Escape on the closed dropdown's button is left to the page");
    await dom.act(() => button.click());
    const handled = escapeKey();
    await dom.act(() => button.dispatchEvent(handled));
    assert.is(button.getAttribute("aria-expanded"), "false", "Escape on the button closes the open dropdown");
    assert.ok(handled.defaultPrevented, "and is marked handled");

    await dom.act(() => button.click());
    await dom.act(() => dom.document.body.dispatchEvent(new dom.window.MouseEvent("mousedown", { bubbles: true }) as unknown as Event));
    assert.is(button.getAttribute("aria-expanded"), "false", "a click outside closes");

    const outside = dom.document.createElement("button");
    dom.document.body.appendChild(outside);
    await dom.act(() => button.click());
    await dom.act(() => button.dispatchEvent(new dom.window.FocusEvent("focusout", { bubbles: true, relatedTarget: outside as never }) as unknown as Event));
    assert.is(button.getAttribute("aria-expanded"), "false", "focus leaving the dropdown closes it");

    const box = root.querySelector(".language-dropdown") as HTMLElement;
    await dom.act(() => box.dispatchEvent(new dom.window.MouseEvent("mouseover", { bubbles: true, relatedTarget: outside as never }) as unknown as Event));
    assert.is(button.getAttribute("aria-expanded"), "true", "hover opens");
    await dom.act(() => button.click());
    assert.is(button.getAttribute("aria-expanded"), "true", "a click after hovering keeps it open");
    await dom.act(() => box.dispatchEvent(new dom.window.MouseEvent("mouseout", { bubbles: true, relatedTarget: outside as never }) as unknown as Event));
    assert.is(button.getAttribute("aria-expanded"), "false", "leaving closes");
  }));

function Harness() {
  const [open, setOpen] = useState(false);
  return h(
    "div",
    null,
    h("button", { id: "menu", type: "button", onClick: () => setOpen(!open) }, "menu"),
    h(MobileSidebar, { items, url: "/guides/first/", anchorsUrl: "", open, onOpenChange: setOpen }),
  );
}

function touch(dom: Dom, target: Element, type: string, x: number, y: number) {
  const point = { clientX: x, clientY: y, pageX: x, pageY: y, identifier: 1, target };
  const list = type === "touchend" ? [] : [point];
  target.dispatchEvent(
    new dom.window.TouchEvent(type, { bubbles: true, cancelable: true, touches: list as never, changedTouches: [point] as never }) as unknown as Event,
  );
}

async function swipe(dom: Dom, target: Element, from: [number, number], to: [number, number]) {
  await dom.act(() => touch(dom, target, "touchstart", ...from));
  await dom.act(() => touch(dom, target, "touchmove", (from[0] + to[0]) / 2, (from[1] + to[1]) / 2));
  await dom.act(() => touch(dom, target, "touchmove", ...to));
  await dom.act(() => touch(dom, target, "touchend", ...to));
}

test("mobile sidebar: menu button, backdrop and link clicks, and swipes past the threshold", () =>
  withDom(async (dom) => {
    const root = await dom.render(h(Harness));
    const panel = () => root.querySelector(".mobile-sidebar") as HTMLElement;
    assert.is(panel().dataset.open, "false");
    await dom.act(() => (root.querySelector("#menu") as HTMLElement).click());
    assert.is(panel().dataset.open, "true");
    await dom.act(() => (root.querySelector(".mobile-sidebar-backdrop") as HTMLElement).click());
    assert.is(panel().dataset.open, "false", "a click outside closes");
    await dom.act(() => (root.querySelector("#menu") as HTMLElement).click());
    assert.is(panel().getAttribute("role"), "dialog", "open, it is a modal dialog");
    await dom.act(() => key(dom, panel().querySelector("a") as Element, "Escape"));
    assert.is(panel().dataset.open, "false", "Escape closes");
    assert.is(panel().getAttribute("role"), null, "closed, it is no dialog");
    await dom.act(() => (root.querySelector("#menu") as HTMLElement).click());
    await dom.act(() => (panel().querySelector('a[href="/guides/"]') as HTMLElement).click());
    assert.is(panel().dataset.open, "false", "following a link closes");

    const opener = () => root.querySelector(".mobile-sidebar-opener") as HTMLElement;
    await swipe(dom, opener(), [5, 200], [20, 202]);
    assert.is(panel().dataset.open, "false", "15px is under the threshold");
    await swipe(dom, opener(), [5, 200], [85, 280]);
    assert.is(panel().dataset.open, "false", "too vertical");
    await swipe(dom, opener(), [5, 200], [105, 205]);
    assert.is(panel().dataset.open, "true", "a 100px swipe right opens");
    await swipe(dom, panel(), [200, 200], [100, 205]);
    assert.is(panel().dataset.open, "false", "a 100px swipe left closes");
  }));

test("sidebar item: the current page's item opens by itself; others open and close with their button", () =>
  withDom(async (dom) => {
    // biome-ignore lint/correctness/noComponentHookFactories: mounted once by this test, around the items it builds.
    function Switch() {
      const [current, setCurrent] = useState(false);
      return h(
        "ul",
        null,
        h("button", { id: "go", type: "button", onClick: () => setCurrent(true) }, "go"),
        h(SidebarItem, { item: items[1], current, prefix: "t", anchorsUrl: "" }),
      );
    }
    const root = await dom.render(h(Switch));
    const list = () => root.querySelector(".sidebar-anchors") as HTMLElement;
    const toggle = root.querySelector(".sidebar-toggle") as HTMLElement;
    assert.ok(list().hidden);
    assert.is(toggle.getAttribute("aria-expanded"), "false");
    await dom.act(() => toggle.click());
    assert.not.ok(list().hidden);
    await dom.act(() => toggle.click());
    assert.ok(list().hidden);
    await dom.act(() => (root.querySelector("#go") as HTMLElement).click());
    assert.not.ok(list().hidden, "becoming the current page opens it");
    assert.ok(root.querySelector(".sidebar-item.current"));
  }));

test("sidebar item of another page: its anchors load from the section's anchors file once, when hovered or opened; a failure says so and can be retried", () =>
  withDom(async (dom) => {
    const requests: string[] = [];
    let fail = true;
    const saved = globalThis.fetch;
    globalThis.fetch = (async (url: string) => {
      requests.push(url);
      if (fail) return new Response("", { status: 503 });
      return Response.json({
        "/guides/second/": [
          { title: "Options", id: "options", level: 2 },
          { title: "Too deep", id: "deep", level: 4 },
        ],
      });
    }) as typeof fetch;
    try {
      const root = await dom.render(
        h("ul", null, h(SidebarItem, { item: items[2], current: false, prefix: "t", anchorsUrl: "/assets/sidebar/guides-1.json" })),
      );
      const list = () => root.querySelector(".sidebar-anchors") as HTMLElement;
      const toggle = root.querySelector(".sidebar-toggle") as HTMLElement;
      assert.is(list().children.length, 0, "nothing is loaded before the reader asks");
      assert.equal(requests, []);
      await dom.act(() => toggle.click());
      await dom.act(() => tick());
      assert.match(list().textContent ?? "", "could not be loaded", "a failed load says so");
      fail = false;
      await dom.act(() => toggle.click());
      await dom.act(() => toggle.click());
      await dom.act(() => tick());
      assert.equal(
        [...list().querySelectorAll("a")].map((a) => a.getAttribute("href")),
        ["/guides/second/#options"],
        "loaded on the next opening; level 4 left out",
      );
      await dom.act(() => toggle.dispatchEvent(new dom.window.FocusEvent("focus") as unknown as Event));
      await dom.act(() => toggle.click());
      await dom.act(() => toggle.click());
      assert.equal(requests, ["/assets/sidebar/guides-1.json", "/assets/sidebar/guides-1.json"], "one failed request, then one that succeeded and is kept");
    } finally {
      globalThis.fetch = saved;
    }
  }));

test("notification: dismissing hides it and remembers version 3; a dismissed one does not render again", () =>
  withDom(async (dom) => {
    const first = await dom.render(h(Notification));
    assert.ok(first.querySelector(".notification"));
    await dom.act(() => (first.querySelector(".notification-close") as HTMLElement).click());
    assert.not.ok(first.querySelector(".notification"));
    assert.is(dom.window.localStorage.getItem(NOTIFICATION_KEY), "3");
    assert.is(dom.document.documentElement.dataset.notificationDismissed, "true");
    const again = await dom.render(h(Notification));
    assert.not.ok(again.querySelector(".notification"));
    dom.window.localStorage.setItem(NOTIFICATION_KEY, "2");
    const newer = await dom.render(h(Notification));
    assert.ok(newer.querySelector(".notification"), "an older dismissal does not hide version 3");
  }));

test.run();
