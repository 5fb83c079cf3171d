import type { Diagnostic } from "../../diagnostics.ts";
import { diagnostic } from "../../diagnostics.ts";
import { jsonErrorPosition, positionAt } from "../../json-position.ts";
import type { ReadmeKind } from "./front-matter.ts";

/** The committed lists, under `repositories/`. */
export const REPOSITORY_LISTS = { loaders: "loaders.json", plugins: "plugins.json" } as const;

/** One repository whose README becomes a page. */
export interface RepositoryEntry {
  kind: ReadmeKind;
  /** `owner/name` as listed. */
  fullName: string;
  /** Navigation group overriding the default (`Community` for community plugins). */
  group?: string;
  /** Maintainers shown in the page's contributors grid. */
  contributors?: string[];
}

const FULL_NAME = /^[\w.-]+\/[\w.-]+$/;

/**
 * Parses a committed repository list (`repositories/loaders.json`): a JSON
 * array whose items are `"owner/name"` or `{ "repository": "owner/name",
 * "group": "Community", "contributors": ["handle"] }`. Problems come back as
 * diagnostics at the offending item's line; duplicates are problems too.
 */
export function parseRepositoryList(text: string, file: string, kind: ReadmeKind): { entries: RepositoryEntry[]; problems: Diagnostic[] } {
  const problems: Diagnostic[] = [];
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const where = jsonErrorPosition(text, error) ?? { line: 1, column: 1 };
    problems.push(diagnostic("repository-list", { problem: "json", reason: (error as Error).message }, { file, ...where }));
    return { entries: [], problems };
  }
  if (!Array.isArray(data)) {
    problems.push(diagnostic("repository-list", { problem: "not-array" }, { file }));
    return { entries: [], problems };
  }
  const entries: RepositoryEntry[] = [];
  const seen = new Set<string>();
  // Items are located by searching forward from the previous one, so repeats get their own lines.
  let cursor = 0;
  const locate = (needle: string) => {
    const at = text.indexOf(needle, cursor);
    if (at === -1) return { line: 1, column: 1 };
    cursor = at + needle.length;
    return positionAt(text, at);
  };
  data.forEach((item, index) => {
    const raw = typeof item === "string" ? item : (item as { repository?: unknown } | null)?.repository;
    const where = typeof raw === "string" ? locate(JSON.stringify(raw)) : { line: 1, column: 1 };
    const problem = (message: string) => problems.push(diagnostic("repository-list", { problem: "item", index: index + 1, reason: message }, { file, ...where }));
    if (typeof raw !== "string") return problem('needs a repository as "owner/name".');
    if (!FULL_NAME.test(raw)) return problem(`"${raw}" is not "owner/name".`);
    if (seen.has(raw.toLowerCase())) return problem(`"${raw}" is listed twice.`);
    seen.add(raw.toLowerCase());
    const entry: RepositoryEntry = { kind, fullName: raw };
    if (typeof item === "object") {
      const { group, contributors, ...rest } = item as { group?: unknown; contributors?: unknown; repository: string };
      delete (rest as Record<string, unknown>).repository;
      const unknown = Object.keys(rest);
      if (unknown.length) return problem(`unknown key "${unknown[0]}" (known: repository, group, contributors).`);
      if (group !== undefined && (typeof group !== "string" || group.trim() === "")) return problem('"group" must be non-empty text.');
      if (contributors !== undefined && (!Array.isArray(contributors) || !contributors.every((h) => typeof h === "string" && /^[\w-]+$/.test(h)))) {
        return problem('"contributors" must be a list of code-host handles.');
      }
      if (group !== undefined) entry.group = group as string;
      if (contributors !== undefined) entry.contributors = contributors as string[];
    }
    entries.push(entry);
  });
  return { entries, problems };
}
