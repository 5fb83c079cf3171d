import type { PageEntry } from "../../shared/content-types.ts";
import type { Contributor } from "../../shared/page-data.ts";

/** What the code host said of one handle when `docs-build contributors` last checked it. */
export interface HandleRecord {
  /** False when the code host has no such account; such handles are never shown. */
  exists: boolean;
  /** Display name, when the account has one. */
  name?: string;
  /** When it was checked (ISO 8601); absent for entries taken on trust and not checked yet. */
  checked?: string;
}

/**
 * The committed contributor data, `content/_data/contributors.json`: every
 * handle checked against the code host, and (with `--from-history`) the
 * authors of each page's commits, by the page's path in the repository
 * (`content/guides/index.md`).
 */
export interface ContributorData {
  handles: Record<string, HandleRecord>;
  history: Record<string, string[]>;
}

export const EMPTY_CONTRIBUTOR_DATA: ContributorData = Object.freeze({ handles: {}, history: {} }) as ContributorData;

/** Contributors to show, keyed by page URL. */
export interface ResolveContributorsResult {
  byUrl: Record<string, Contributor[]>;
}

/** A page's handles: its front matter's, then its commit authors', in that order. */
export function pageHandles(page: Pick<PageEntry, "path" | "contributors">, data: ContributorData): string[] {
  return [...page.contributors, ...(data.history[page.path] ?? [])];
}

/**
 * Resolves each page's contributors (pure): front-matter handles plus commit
 * authors, without excluded handles (case-insensitive), handles the data says
 * do not exist, and repeats; names come from the data, falling back to the handle.
 * A handle never checked is shown: the build itself never asks the code host.
 */
export function resolveContributors(
  pages: readonly Pick<PageEntry, "url" | "path" | "contributors">[],
  options: { data: ContributorData; exclude: readonly string[] },
): ResolveContributorsResult {
  const excluded = new Set(options.exclude.map((h) => h.toLowerCase()));
  const known = new Map(Object.entries(options.data.handles).map(([handle, info]) => [handle.toLowerCase(), info]));
  const byUrl: Record<string, Contributor[]> = {};
  for (const page of pages) {
    const seen = new Set<string>();
    byUrl[page.url] = pageHandles(page, options.data).flatMap((handle) => {
      const key = handle.toLowerCase();
      const info = known.get(key);
      if (excluded.has(key) || seen.has(key) || info?.exists === false) return [];
      seen.add(key);
      return [{ handle, name: info?.name || handle }];
    });
  }
  return { byUrl };
}

const HANDLE = /^[A-Za-z\d](?:[A-Za-z\d-]*[A-Za-z\d])?$/;

/** A problem in contributor data: what is wrong, and the JSON path of the value (to find its line). */
export interface DataProblem {
  message: string;
  path: string[];
}

/** Checks the shape of parsed contributor data; returns the first problem, or undefined. */
export function validateContributorData(data: unknown): DataProblem | undefined {
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
  if (!isObject(data)) return { message: 'must be an object { "handles": {…}, "history": {…} }', path: [] };
  const unknown = Object.keys(data).filter((key) => key !== "handles" && key !== "history");
  if (unknown.length) return { message: `has an unknown key "${unknown[0]}" (known: handles, history)`, path: [unknown[0]] };
  if (data.handles !== undefined && !isObject(data.handles)) return { message: '"handles" must be an object of handle → { exists, name, checked }', path: ["handles"] };
  for (const [handle, info] of Object.entries((data.handles ?? {}) as Record<string, unknown>)) {
    if (!HANDLE.test(handle)) return { message: `"handles" has "${handle}", which is not a code-host handle`, path: ["handles", handle] };
    if (!isObject(info)) return { message: `"handles.${handle}" must be an object`, path: ["handles", handle] };
    if (typeof info.exists !== "boolean") return { message: `"handles.${handle}.exists" must be true or false`, path: ["handles", handle, "exists"] };
    if (info.name !== undefined && typeof info.name !== "string") return { message: `"handles.${handle}.name" must be text`, path: ["handles", handle, "name"] };
    if (info.checked !== undefined && (typeof info.checked !== "string" || Number.isNaN(Date.parse(info.checked)))) return { message: `"handles.${handle}.checked" must be an ISO 8601 time`, path: ["handles", handle, "checked"] };
  }
  if (data.history !== undefined && !isObject(data.history)) return { message: '"history" must be an object of content path → handles', path: ["history"] };
  for (const [page, handles] of Object.entries((data.history ?? {}) as Record<string, unknown>)) {
    if (!Array.isArray(handles) || !handles.every((h) => typeof h === "string")) return { message: `"history.${page}" must be a list of handles`, path: ["history", page] };
  }
  return undefined;
}

/** Fills in the optional parts of validated data. */
export function normalizeContributorData(data: Partial<ContributorData>): ContributorData {
  return { handles: { ...data.handles }, history: { ...data.history } };
}

/**
 * The handles `docs-build contributors` should check now: every handle pages
 * name (front matter and history) that is not excluded and was never checked
 * or was checked longer than `maxAgeMs` ago. Sorted, each once.
 */
export function handlesToCheck(
  pages: readonly Pick<PageEntry, "path" | "contributors">[],
  data: ContributorData,
  options: { exclude: readonly string[]; now: number; maxAgeMs: number },
): string[] {
  const excluded = new Set(options.exclude.map((h) => h.toLowerCase()));
  const records = new Map(Object.entries(data.handles).map(([handle, info]) => [handle.toLowerCase(), info]));
  const due = new Map<string, string>();
  for (const page of pages) {
    for (const handle of pageHandles(page, data)) {
      const key = handle.toLowerCase();
      if (excluded.has(key) || due.has(key) || !HANDLE.test(handle)) continue;
      const checked = records.get(key)?.checked;
      if (checked === undefined || options.now - Date.parse(checked) > options.maxAgeMs) due.set(key, handle);
    }
  }
  return [...due.values()].sort((a, b) => a.localeCompare(b));
}

/** Serializes the data with handles and pages sorted, so the committed file diffs cleanly. */
export function serializeContributorData(data: ContributorData): string {
  const sorted = <T>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
  return `${JSON.stringify({ handles: sorted(data.handles), history: sorted(data.history) }, null, 2)}\n`;
}
