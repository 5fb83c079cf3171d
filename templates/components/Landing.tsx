import { withLink } from "../with-link.tsx";
import { useHref, useMessages } from "../site-chrome.ts";
import { useEffect, useState } from "react";
import type { SponsorData, SponsorThresholds } from "../../src/shared/sponsors.ts";
import { Content, type Body } from "./Content.tsx";
import { Cube } from "./Cube.tsx";
import { Sponsors } from "./Sponsors.tsx";

/** Hero rotation: the first change after 5000 ms, then every 5000 ms; the word box is at most 110px wide. */
const ROTATION = { delay: 5000, repeat: 5000, maxWidth: 110 };

/** Depth of the hero's cube. */
const HERO_CUBE_DEPTH = 120;

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && Boolean(window.matchMedia?.("(prefers-reduced-motion: reduce)").matches);
}

/** The hero's rotating word; it stays still for readers who prefer reduced motion. */
export function RotatingWord({ words }: { words: readonly string[] }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (words.length < 2 || prefersReducedMotion()) return;
    let repeat: number | undefined;
    const first = window.setTimeout(() => {
      setIndex((i) => (i + 1) % words.length);
      repeat = window.setInterval(() => setIndex((i) => (i + 1) % words.length), ROTATION.repeat);
    }, ROTATION.delay);
    return () => {
      window.clearTimeout(first);
      if (repeat !== undefined) window.clearInterval(repeat);
    };
  }, [words]);
  return (
    <span className="hero-word" style={{ maxWidth: ROTATION.maxWidth }}>
      {words[index]}
    </span>
  );
}

/** What the landing page shows besides its body. */
export interface LandingProps {
  words: readonly string[];
  body: Body;
  sponsors: { data: SponsorData; thresholds: SponsorThresholds; latest: number } | null;
}

/** The landing page: the hero, the page's body (the two intro steps and the sponsors intro), then the sponsors. */
export function Landing({ words, body, sponsors }: LandingProps) {
  const t = useMessages();
  const href = useHref();
  const [still, setStill] = useState(false);
  useEffect(() => setStill(prefersReducedMotion()), []);
  return (
    <div className="landing">
      <section className="hero">
        <Cube depth={HERO_CUBE_DEPTH} spin={!still} />
        <h1 className="hero-text">{withLink(t["landing.hero"], "word", <RotatingWord words={words} />)}</h1>
        <p className="hero-actions">
          <a className="button" href={href("/guides/getting-started/")}>
            {t["landing.getStarted"]}
          </a>
          <a className="button secondary" href={href("/concepts/")}>
            {t["landing.concepts"]}
          </a>
        </p>
      </section>
      <div className="landing-body">
        <Content body={body} />
        {sponsors ? <Sponsors {...sponsors} /> : null}
      </div>
    </div>
  );
}
