import { useEffect, useState } from "react";
import { Content, type Body } from "./Content.tsx";

/** Delay between hero words, in milliseconds. */
export const ROTATE_DELAY = 5000;

/** The hero's rotating word; it stays still for readers who prefer reduced motion. */
function RotatingWord({ words }: { words: readonly string[] }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (words.length < 2 || window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % words.length), ROTATE_DELAY);
    return () => window.clearInterval(timer);
  }, [words]);
  return (
    <span className="hero-word" aria-live="off" style={{ maxWidth: 110 }}>
      {words[index]}
    </span>
  );
}

/** The landing page: the hero, then the page's body (the intro steps and the sponsors section). */
export function Landing({ words, body }: { words: readonly string[]; body: Body }) {
  return (
    <div className="landing">
      <section className="hero">
        <div className="cube" aria-hidden="true" style={{ ["--cube-depth" as string]: "120px" }}>
          <div className="cube-inner" />
        </div>
        <p className="hero-text">
          bundle your <RotatingWord words={words} />
        </p>
        <p className="hero-actions">
          <a className="button" href="/guides/getting-started/">Get started</a>
          <a className="button secondary" href="/concepts/">Read the concepts</a>
        </p>
      </section>
      <div className="landing-body">
        <Content body={body} />
      </div>
    </div>
  );
}
