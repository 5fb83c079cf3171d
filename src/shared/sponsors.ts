import { isHttpUrl } from "./urls.ts";

/** Ranks sponsors are listed by, in order. `latest` is the newest sponsors, whatever they give. */
export const SPONSOR_RANKS = ["latest", "platinum", "gold", "silver", "bronze", "backer"] as const;

/** A rank of the sponsors list. */
export type SponsorRank = (typeof SPONSOR_RANKS)[number];

/** Which amount ranks sponsors: what they give each month, or what they gave in total. */
export type SponsorView = "monthly" | "total";

/** Probability that a visitor first sees the monthly view (otherwise the total view). */
export const MONTHLY_VIEW_PROBABILITY = 0.33;

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

/** A problem in the sponsors file, at a JSON path such as `sponsors[2].monthly`. */
export interface SponsorProblem {
  path: Array<string | number>;
  message: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Checks the sponsors file's shape (pure) and returns every problem with its path. */
export function validateSponsors(data: unknown): SponsorProblem[] {
  const problems: SponsorProblem[] = [];
  if (typeof data !== "object" || data === null || Array.isArray(data)) return [{ path: [], message: 'must be an object with "capturedAt" and "sponsors"' }];
  const record = data as Record<string, unknown>;
  if (typeof record.capturedAt !== "string" || !DATE.test(record.capturedAt)) problems.push({ path: ["capturedAt"], message: "must be a date, YYYY-MM-DD" });
  if (!Array.isArray(record.sponsors)) return [...problems, { path: ["sponsors"], message: "must be a list of sponsors" }];
  record.sponsors.forEach((sponsor: unknown, i) => {
    if (typeof sponsor !== "object" || sponsor === null) return void problems.push({ path: ["sponsors", i], message: "must be an object" });
    const s = sponsor as Record<string, unknown>;
    if (typeof s.name !== "string" || !s.name.trim()) problems.push({ path: ["sponsors", i, "name"], message: "must be a non-empty text" });
    if (!isHttpUrl(s.url)) problems.push({ path: ["sponsors", i, "url"], message: "must be an http(s) URL" });
    if (s.logo !== undefined && s.logo !== "" && !isHttpUrl(s.logo)) problems.push({ path: ["sponsors", i, "logo"], message: 'must be an http(s) URL or ""' });
    for (const key of ["monthly", "total"] as const)
      if (typeof s[key] !== "number" || !Number.isFinite(s[key]) || (s[key] as number) < 0) problems.push({ path: ["sponsors", i, key], message: "must be an amount of 0 or more" });
    if (typeof s.since !== "string" || !DATE.test(s.since)) problems.push({ path: ["sponsors", i, "since"], message: "must be a date, YYYY-MM-DD" });
  });
  return problems;
}

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
export function bucketSponsors(sponsors: readonly Sponsor[], view: SponsorView, thresholds: SponsorThresholds, latestCount = 6): Record<SponsorRank, Sponsor[]> {
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
