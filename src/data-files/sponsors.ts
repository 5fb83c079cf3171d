import path from "node:path";
import * as v from "valibot";
import type { BuildContext } from "../context/context.ts";
import type { SponsorData } from "../shared/sponsors.ts";
import { readJsonFile, repositoryDataKind } from "./check-json.ts";
import { isUrl, jsonObject, objectMessage } from "./problems.ts";

/** The committed sponsors file, under `repositories/`. */
const SPONSORS_FILE = "sponsors.json";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const date = v.pipe(v.string("must be a date, YYYY-MM-DD"), v.regex(DATE, "must be a date, YYYY-MM-DD"));
const amount = v.pipe(v.number("must be an amount of 0 or more"), v.finite("must be an amount of 0 or more"), v.minValue(0, "must be an amount of 0 or more"));
const httpUrl = (message: string) => v.pipe(v.string(message), v.check(isUrl, message));

const SPONSOR_KEYS = ["name", "url", "logo", "monthly", "total", "since"] as const;

/** One sponsor: name, link, optional logo ("" shows the name), amounts in US dollars and the start date. Other keys are ignored. */
const sponsorSchema = jsonObject(
  v.object(
    {
      name: v.pipe(
        v.string("must be a non-empty text"),
        v.check((name) => name.trim() !== "", "must be a non-empty text"),
      ),
      url: httpUrl("must be an http(s) URL"),
      logo: v.optional(v.union([v.literal(""), httpUrl('must be an http(s) URL or ""')], 'must be an http(s) URL or ""'), ""),
      monthly: amount,
      total: amount,
      since: date,
    },
    objectMessage(SPONSOR_KEYS, { type: "must be an object" }),
  ),
);

/** The sponsors file: when the amounts were captured, and the sponsors. */
export const sponsorDataSchema = jsonObject(
  v.object(
    {
      capturedAt: date,
      sponsors: v.array(sponsorSchema, "must be a list of sponsors"),
    },
    objectMessage(["capturedAt", "sponsors"], {
      type: 'must be an object with "capturedAt" and "sponsors"',
      required: {
        capturedAt: "must be a date, YYYY-MM-DD",
        sponsors: "must be a list of sponsors",
      },
    }),
  ),
);

// The client's SponsorData type must describe what the schema gives.
void ((output: v.InferOutput<typeof sponsorDataSchema>): SponsorData => output);

/** How the sponsors file is checked and reported. */
export const SPONSORS_KIND = repositoryDataKind(SPONSORS_FILE, sponsorDataSchema);

/**
 * Reads `repositories/sponsors.json`: null when there is none, or when it is
 * invalid (each problem is then reported at the line of its value).
 */
export async function readSponsors(ctx: BuildContext): Promise<SponsorData | null> {
  return (await readJsonFile(ctx, path.join(ctx.paths.repositories, SPONSORS_FILE), SPONSORS_KIND)) ?? null;
}
