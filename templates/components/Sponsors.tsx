import { useEffect, useRef, useState } from "react";
import {
  bucketSponsors,
  initialView,
  SPONSOR_RANKS,
  type SponsorData,
  type SponsorRank,
  type SponsorThresholds,
  type SponsorView,
} from "../../src/shared/sponsors.ts";

/** How often (ms) the section checks whether it has come into view. */
export const VISIBILITY_INTERVAL = 300;

/** Headings of the ranks. */
const RANK_TITLES: Record<SponsorRank, string> = {
  latest: "Latest sponsors",
  platinum: "Platinum",
  gold: "Gold",
  silver: "Silver",
  bronze: "Bronze",
  backer: "Backers",
};

/** Props of the sponsors section; `random` and `every` exist so tests can drive it. */
export interface SponsorsProps {
  data: SponsorData;
  thresholds: SponsorThresholds;
  latest: number;
  random?: () => number;
  every?: (check: () => void, ms: number) => () => void;
}

const defaultEvery = (check: () => void, ms: number) => {
  const timer = window.setInterval(check, ms);
  return () => window.clearInterval(timer);
};

/** True when an element's box overlaps the viewport (with some margin below it). */
function inView(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.top < window.innerHeight + 200 && box.bottom > -200;
}

/**
 * The sponsors list by rank with a monthly/total toggle. Nothing is shown
 * until a check every 300 ms finds the section in view (so logos load only
 * when a reader gets there); the first view is monthly with probability 0.33.
 */
export function Sponsors({ data, thresholds, latest, random = Math.random, every = defaultEvery }: SponsorsProps) {
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  const [view, setView] = useState<SponsorView | null>(null);
  useEffect(() => {
    setView(initialView(random));
    let stop = () => {};
    const check = () => {
      if (box.current && inView(box.current)) {
        setVisible(true);
        stop();
      }
    };
    stop = every(check, VISIBILITY_INTERVAL);
    return () => stop();
  }, [random, every]);
  const buckets = visible && view ? bucketSponsors(data.sponsors, view, thresholds, latest) : null;
  return (
    <div className="sponsors" ref={box} data-visible={visible ? "true" : "false"}>
      {buckets && view ? (
        <>
          <div className="sponsors-toggle" role="group" aria-label="Rank sponsors by">
            {(["monthly", "total"] as const).map((v) => (
              <button key={v} type="button" aria-pressed={view === v} onClick={() => setView(v)}>
                {v === "monthly" ? "Monthly" : "Total"}
              </button>
            ))}
          </div>
          {SPONSOR_RANKS.filter((rank) => buckets[rank].length > 0).map((rank) => (
            <section key={rank} className={`sponsor-rank sponsor-${rank}`} aria-label={RANK_TITLES[rank]}>
              <h3>{RANK_TITLES[rank]}</h3>
              <ul>
                {buckets[rank].map((sponsor) => (
                  <li key={sponsor.name}>
                    <a
                      href={sponsor.url}
                      rel="noopener noreferrer sponsored"
                      title={`${sponsor.name}: $${sponsor[view]} ${view === "monthly" ? "a month" : "in total"}`}
                    >
                      {sponsor.logo ? <img src={sponsor.logo} alt={sponsor.name} loading="lazy" /> : sponsor.name}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <p className="sponsors-captured">Figures as of {data.capturedAt}.</p>
        </>
      ) : null}
    </div>
  );
}
