import { useMessages } from "../site-chrome.ts";
import type { PageMessageKey } from "../../src/shared/messages/index.ts";
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

/** The catalogue keys of the ranks' headings. */
const RANK_TITLES: Record<SponsorRank, PageMessageKey> = {
  latest: "sponsors.latest",
  platinum: "sponsors.platinum",
  gold: "sponsors.gold",
  silver: "sponsors.silver",
  bronze: "sponsors.bronze",
  backer: "sponsors.backer",
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
  const t = useMessages();
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
          <div className="sponsors-toggle" role="group" aria-label={t["sponsors.rankBy"]}>
            {(["monthly", "total"] as const).map((v) => (
              <button key={v} type="button" aria-pressed={view === v} onClick={() => setView(v)}>
                {t[v === "monthly" ? "sponsors.monthly" : "sponsors.total"]}
              </button>
            ))}
          </div>
          {SPONSOR_RANKS.filter((rank) => buckets[rank].length > 0).map((rank) => (
            <section key={rank} className={`sponsor-rank sponsor-${rank}`} aria-label={t[RANK_TITLES[rank]]}>
              <h3>{t[RANK_TITLES[rank]]}</h3>
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
