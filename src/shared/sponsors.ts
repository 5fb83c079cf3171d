/** Ranks sponsors are listed by, in order. `latest` is the newest sponsors, whatever they give. */
export const SPONSOR_RANKS = ["latest", "platinum", "gold", "silver", "bronze", "backer"] as const;

/** A rank of the sponsors list. */
export type SponsorRank = (typeof SPONSOR_RANKS)[number];

/** Which amount ranks sponsors: what they give each month, or what they gave in total. */
export type SponsorView = "monthly" | "total";

/** Probability that a visitor first sees the monthly view (otherwise the total view). */
const MONTHLY_VIEW_PROBABILITY = 0.33;

/** One sponsor, as in the committed data file (amounts in US dollars). */
export interface Sponsor {
  name: string;
  url: string;
  /** Logo image URL; "" shows the name instead. */
  logo: string;
  monthly: number;
  total: number;
  /** Date the sponsorship started, YYYY-MM-DD. */
  since: string;
}

/** The committed sponsors file. */
export interface SponsorData {
  capturedAt: string;
  sponsors: Sponsor[];
}

/** Minimum amounts (US dollars) for each paid rank, per view. */
export type SponsorThresholds = Record<SponsorView, Record<Exclude<SponsorRank, "latest">, number>>;

/** The rank of a sponsor in a view: the highest paid rank whose threshold its amount reaches. */
export function rankOf(sponsor: Sponsor, view: SponsorView, thresholds: SponsorThresholds): Exclude<SponsorRank, "latest"> {
  const amount = sponsor[view];
  const limits = thresholds[view];
  for (const rank of ["platinum", "gold", "silver", "bronze"] as const) if (amount >= limits[rank]) return rank;
  return "backer";
}

/**
 * Buckets sponsors by rank for a view (pure): `latest` holds the `latestCount`
 * newest sponsorships; each paid rank holds the sponsors whose amount reaches
 * its threshold (and not the next one up), largest first.
 */
export function bucketSponsors(
  sponsors: readonly Sponsor[],
  view: SponsorView,
  thresholds: SponsorThresholds,
  latestCount = 6,
): Record<SponsorRank, Sponsor[]> {
  const buckets = Object.fromEntries(SPONSOR_RANKS.map((r) => [r, [] as Sponsor[]])) as Record<SponsorRank, Sponsor[]>;
  buckets.latest = [...sponsors].sort((a, b) => b.since.localeCompare(a.since) || a.name.localeCompare(b.name)).slice(0, latestCount);
  for (const sponsor of [...sponsors].sort((a, b) => b[view] - a[view] || a.name.localeCompare(b.name))) {
    if (sponsor[view] < thresholds[view].backer) continue;
    buckets[rankOf(sponsor, view, thresholds)].push(sponsor);
  }
  return buckets;
}

/** The view a visitor sees first: monthly with probability 0.33, otherwise total. */
export function initialView(random: () => number = Math.random): SponsorView {
  return random() < MONTHLY_VIEW_PROBABILITY ? "monthly" : "total";
}
