import path from "node:path";
import * as v from "valibot";
import type { BuildContext } from "../context/context.ts";
import { VOTE_DATA_FILE, VOTE_DATA_VERSION, type VoteData } from "../shared/vote-types.ts";
import { readJsonFile, repositoryDataKind } from "./check-json.ts";
import { isUrl, jsonObject, mustBe, noRepeats, objectMessage, typeName } from "./problems.ts";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/;
const ROOT_KEYS = ["version", "capturedAt", "topics"];
const TOPIC_KEYS = ["id", "title", "description", "issue", "votes", "tags"];

/** Text that is not blank. */
const text = v.pipe(
  v.string(mustBe("a string")),
  v.check((value) => value.trim() !== "", "must not be empty"),
);

/** One feature topic readers can vote on. */
const voteTopicSchema = jsonObject(
  v.strictObject(
    {
      id: v.pipe(
        text,
        v.check(
          (id) => SLUG.test(id),
          (issue) => `must be a slug (lowercase letters, digits and single hyphens), not "${issue.input}"`,
        ),
      ),
      title: text,
      description: text,
      issue: v.pipe(
        text,
        v.check(isUrl, (issue) => `must be an absolute http(s) URL, not "${issue.input}"`),
      ),
      votes: v.pipe(
        v.number(mustBe("a number")),
        v.finite(mustBe("a number")),
        v.integer((issue) => `must be a whole number, not ${issue.input}`),
        v.minValue(0, (issue) => `must not be negative, not ${issue.input}`),
      ),
      tags: v.optional(
        v.pipe(
          v.array(text, mustBe("an array of strings")),
          noRepeats<string>(
            (tag, index) => (typeof tag === "string" ? { value: tag, path: [index] } : undefined),
            (tag) => `duplicate tag "${tag}"`,
          ),
        ),
      ),
    },
    objectMessage(TOPIC_KEYS, { type: mustBe("an object") }),
  ),
);

/** The vote topics file: format version, when the counts were captured, and the topics (ids unique). */
export const voteDataSchema = jsonObject(
  v.strictObject(
    {
      version: v.literal(VOTE_DATA_VERSION, (issue) => `must be ${VOTE_DATA_VERSION}, not ${JSON.stringify(issue.input)}`),
      capturedAt: v.pipe(
        v.string(mustBe("a string")),
        v.check(
          (value) => ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)),
          (issue) => `must be an ISO 8601 date such as 2025-01-31, not "${issue.input}"`,
        ),
      ),
      topics: v.pipe(
        v.array(voteTopicSchema, mustBe("an array")),
        v.minLength(1, "must list at least one topic"),
        noRepeats<v.InferOutput<typeof voteTopicSchema>>(
          (topic, index) => {
            const id = (topic as { id?: unknown } | null)?.id;
            return typeof id === "string" && id.trim() !== "" ? { value: id, path: [index, "id"] } : undefined;
          },
          (id, first) => `duplicate id "${id}" (first used at topics${first})`,
        ),
      ),
    },
    objectMessage(ROOT_KEYS, {
      type: (issue) => `must be an object with "version", "capturedAt" and "topics", not ${typeName(issue.input)}`,
      required: {
        version: `is required (use ${VOTE_DATA_VERSION})`,
        capturedAt: "is required (an ISO 8601 date such as 2025-01-31)",
        topics: "is required (a list of topics)",
      },
    }),
  ),
);

// The client's VoteData type must describe what the schema gives.
void ((output: v.InferOutput<typeof voteDataSchema>): VoteData => output);

/** The vote topics file's name under `repositories/`. */
const VOTE_FILE = path.basename(VOTE_DATA_FILE);

/** How the vote topics file is checked and reported. */
export const VOTE_TOPICS_KIND = repositoryDataKind(VOTE_FILE, voteDataSchema);

/**
 * Reads `repositories/vote-topics.json`: null when there is none, or when it
 * is invalid (each problem is then reported at the line of its value).
 */
export async function readVoteTopics(ctx: BuildContext): Promise<VoteData | null> {
  return (await readJsonFile(ctx, path.join(ctx.paths.repositories, VOTE_FILE), VOTE_TOPICS_KIND)) ?? null;
}
