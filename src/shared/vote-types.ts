/**
 * The vote page's data: the committed file `repositories/vote-topics.json`,
 * its types, a pure validator, and the path parser that turns a problem's
 * path into the steps the build uses to find its line.
 */

import { isHttpUrl } from "./urls.ts";

/** Where the vote topics are committed, relative to the project root. */
export const VOTE_DATA_FILE = "repositories/vote-topics.json";

/** The only version of the file format this code reads. */
export const VOTE_DATA_VERSION = 1;

/** One feature topic readers can vote on. */
export interface VoteTopic {
  /** A slug, unique in the file: lowercase letters, digits and single hyphens. */
  id: string;
  title: string;
  /** One or two sentences. */
  description: string;
  /** The http(s) URL of the code-host issue (or issue search) that tracks the topic. */
  issue: string;
  /** The vote count captured when the file was last updated. */
  votes: number;
  tags?: string[];
}

/** Props of the vote board, which the browser client loads into the vote page. */
export interface VoteAppProps {
  topics: readonly VoteTopic[];
}

/** The whole data file. */
export interface VoteData {
  version: typeof VOTE_DATA_VERSION;
  /** When the vote counts were captured, as an ISO 8601 date or date-time. */
  capturedAt: string;
  topics: VoteTopic[];
}

/** One thing wrong with the data, at a JSON path such as `$.topics[2].votes`. */
export interface VoteProblem {
  path: string;
  message: string;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/;
const ROOT_KEYS = ["version", "capturedAt", "topics"];
const TOPIC_KEYS = ["id", "title", "description", "issue", "votes", "tags"];

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Checks vote data read from JSON (pure). Returns every problem found, each
 * with the JSON path of the value (or of the missing key) it is about; an
 * empty list means the data is a valid `VoteData`.
 */
export function validateVoteData(data: unknown): VoteProblem[] {
  const problems: VoteProblem[] = [];
  const add = (path: string, message: string) => problems.push({ path, message });
  if (!isRecord(data)) {
    add("$", `must be an object with "version", "capturedAt" and "topics", not ${typeName(data)}`);
    return problems;
  }
  for (const key of Object.keys(data)) if (!ROOT_KEYS.includes(key)) add(`$.${key}`, `unknown key "${key}" (allowed: ${ROOT_KEYS.join(", ")})`);

  if (!("version" in data)) add("$.version", `is required (use ${VOTE_DATA_VERSION})`);
  else if (data.version !== VOTE_DATA_VERSION) add("$.version", `must be ${VOTE_DATA_VERSION}, not ${JSON.stringify(data.version)}`);

  if (!("capturedAt" in data)) add("$.capturedAt", "is required (an ISO 8601 date such as 2025-01-31)");
  else if (typeof data.capturedAt !== "string") add("$.capturedAt", `must be a string, not ${typeName(data.capturedAt)}`);
  else if (!ISO_DATE.test(data.capturedAt) || Number.isNaN(Date.parse(data.capturedAt))) add("$.capturedAt", `must be an ISO 8601 date such as 2025-01-31, not "${data.capturedAt}"`);

  if (!("topics" in data)) {
    add("$.topics", "is required (a list of topics)");
    return problems;
  }
  if (!Array.isArray(data.topics)) {
    add("$.topics", `must be an array, not ${typeName(data.topics)}`);
    return problems;
  }
  if (data.topics.length === 0) add("$.topics", "must list at least one topic");
  const firstId = new Map<string, string>();
  data.topics.forEach((topic: unknown, i: number) => {
    const at = `$.topics[${i}]`;
    if (!isRecord(topic)) {
      add(at, `must be an object, not ${typeName(topic)}`);
      return;
    }
    for (const key of Object.keys(topic)) if (!TOPIC_KEYS.includes(key)) add(`${at}.${key}`, `unknown key "${key}" (allowed: ${TOPIC_KEYS.join(", ")})`);
    const text = (key: "id" | "title" | "description" | "issue"): string | undefined => {
      if (!(key in topic)) {
        add(`${at}.${key}`, "is required");
        return undefined;
      }
      const value = topic[key];
      if (typeof value !== "string") {
        add(`${at}.${key}`, `must be a string, not ${typeName(value)}`);
        return undefined;
      }
      if (value.trim() === "") {
        add(`${at}.${key}`, "must not be empty");
        return undefined;
      }
      return value;
    };
    const id = text("id");
    if (id !== undefined) {
      if (!SLUG.test(id)) add(`${at}.id`, `must be a slug (lowercase letters, digits and single hyphens), not "${id}"`);
      const first = firstId.get(id);
      if (first) add(`${at}.id`, `duplicate id "${id}" (first used at ${first})`);
      else firstId.set(id, `${at}.id`);
    }
    text("title");
    text("description");
    const issue = text("issue");
    if (issue !== undefined && !isHttpUrl(issue)) add(`${at}.issue`, `must be an absolute http(s) URL, not "${issue}"`);
    if (!("votes" in topic)) add(`${at}.votes`, "is required");
    else if (typeof topic.votes !== "number" || !Number.isFinite(topic.votes)) add(`${at}.votes`, `must be a number, not ${typeName(topic.votes)}`);
    else if (!Number.isInteger(topic.votes)) add(`${at}.votes`, `must be a whole number, not ${topic.votes}`);
    else if (topic.votes < 0) add(`${at}.votes`, `must not be negative, not ${topic.votes}`);
    if ("tags" in topic) {
      const tags = topic.tags;
      if (!Array.isArray(tags)) add(`${at}.tags`, `must be an array of strings, not ${typeName(tags)}`);
      else {
        const seen = new Set<string>();
        tags.forEach((tag: unknown, j: number) => {
          if (typeof tag !== "string") add(`${at}.tags[${j}]`, `must be a string, not ${typeName(tag)}`);
          else if (tag.trim() === "") add(`${at}.tags[${j}]`, "must not be empty");
          else if (seen.has(tag)) add(`${at}.tags[${j}]`, `duplicate tag "${tag}"`);
          else seen.add(tag);
        });
      }
    }
  });
  return problems;
}

/** One step of a JSON path: a key or an index. */
type Step = string | number;

/** Splits `$.topics[2].votes` into `["topics", 2, "votes"]` (keys are plain identifiers). */
export function parseJsonPath(path: string): Step[] {
  const steps: Step[] = [];
  const re = /\.([^.[\]]+)|\[(\d+)\]/g;
  const rest = path.startsWith("$") ? path.slice(1) : path;
  for (let m = re.exec(rest); m; m = re.exec(rest)) steps.push(m[1] !== undefined ? m[1] : Number(m[2]));
  return steps;
}
