import { test } from "uvu";
import * as assert from "uvu/assert";
import { watchHeadings } from "../site-client/outline.ts";
import { openDom } from "./helpers/dom.ts";

// Which heading the outline marks as current, with a stand-in IntersectionObserver
// whose entries the test hands over: the reading band is the observer's root.

type Seen = "above" | "in" | "below";

/** A stand-in observer: records what is observed and lets the test report entries. */
class FakeObserver {
  static last: FakeObserver | undefined;
  observed: Element[] = [];
  disconnected = false;
  constructor(readonly report: (entries: object[]) => void) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** Reports each element as above, in or below the band (the band's top at 0). */
  see(where: Array<[Element, Seen]>) {
    this.report(
      where.map(([target, seen]) => ({
        target,
        isIntersecting: seen === "in",
        rootBounds: { top: 0 },
        boundingClientRect: { top: seen === "above" ? -50 : 400 },
      })),
    );
  }
}

const HTML = '<h2 id="one">One</h2><h3 id="two">Two</h3><h2 id="user-content-three">Three</h2><h2 id="four">Four</h2>';

test("the current heading: the first in the band, else the last scrolled past, else none; third-party ids found by their plain name", async () => {
  const dom = await openDom({ html: HTML });
  const global = globalThis as { IntersectionObserver?: unknown };
  global.IntersectionObserver = FakeObserver;
  try {
    const reported: string[] = [];
    const stop = watchHeadings(["one", "two", "three", "four", "missing"], (id) => reported.push(id));
    const observer = FakeObserver.last!;
    assert.equal(
      observer.observed.map((h) => h.id),
      ["one", "two", "user-content-three", "four"],
    );
    const [one, two, three, four] = observer.observed;
    observer.see([
      [one, "below"],
      [two, "below"],
      [three, "below"],
      [four, "below"],
    ]);
    observer.see([
      [one, "above"],
      [two, "in"],
      [three, "in"],
    ]);
    observer.see([
      [two, "above"],
      [three, "above"],
    ]);
    observer.see([[four, "in"]]);
    assert.equal(reported, ["", "two", "three", "four"]);
    stop();
    assert.ok(observer.disconnected);
  } finally {
    delete global.IntersectionObserver;
    await dom.close();
  }
});

test("without IntersectionObserver nothing is watched and stopping does nothing", async () => {
  const dom = await openDom({ html: HTML });
  try {
    const reported: string[] = [];
    watchHeadings(["one"], (id) => reported.push(id))();
    assert.equal(reported, []);
  } finally {
    await dom.close();
  }
});

test.run();
