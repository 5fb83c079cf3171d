import type { ContributorData, HandleRecord } from "../../data-files/contributors.ts";

/** The outcome of checking one handle on the code host. */
export type HandleCheck = { handle: string; exists: true; name?: string } | { handle: string; exists: false };

/** A commit as the code host lists it: the author's account, when the commit maps to one. */
export interface CommitAuthor {
  author: { login?: string | null } | null;
}

/**
 * The handles of a page's commit authors (pure): each account once, in the
 * order first seen (the host lists newest first), excluded handles left out.
 * Commits with no account (an e-mail address the host does not know) count
 * as `unmapped`.
 */
export function authorsOf(commits: readonly CommitAuthor[], exclude: readonly string[]): { handles: string[]; unmapped: number } {
  const excluded = new Set(exclude.map((h) => h.toLowerCase()));
  const seen = new Set<string>();
  const handles: string[] = [];
  let unmapped = 0;
  for (const commit of commits) {
    const login = commit.author?.login;
    if (!login) {
      unmapped++;
      continue;
    }
    const key = login.toLowerCase();
    if (excluded.has(key) || seen.has(key)) continue;
    seen.add(key);
    handles.push(login);
  }
  return { handles, unmapped };
}

/**
 * Folds check results into the data (pure): each checked handle gets
 * `exists`, its name and the time; an earlier record under another letter
 * case is replaced, so a handle is kept once.
 */
export function applyChecks(data: ContributorData, checks: readonly HandleCheck[], checkedAt: string): ContributorData {
  const handles: Record<string, HandleRecord> = { ...data.handles };
  for (const check of checks) {
    for (const key of Object.keys(handles)) if (key.toLowerCase() === check.handle.toLowerCase()) delete handles[key];
    handles[check.handle] = check.exists
      ? { exists: true, ...(check.name ? { name: check.name } : {}), checked: checkedAt }
      : { exists: false, checked: checkedAt };
  }
  return { handles, history: { ...data.history } };
}

/**
 * Handles the data marks as not existing, with the pages that name them
 * (front matter or history), for the command's report. Sorted.
 */
export function missingHandles(pages: readonly { path: string; handles: readonly string[] }[], data: ContributorData): { handle: string; pages: string[] }[] {
  const missing = new Map(
    Object.entries(data.handles)
      .filter(([, r]) => !r.exists)
      .map(([h]) => [h.toLowerCase(), { handle: h, pages: [] as string[] }]),
  );
  for (const page of pages) {
    for (const handle of new Set(page.handles.map((h) => h.toLowerCase()))) missing.get(handle)?.pages.push(page.path);
  }
  return [...missing.values()].filter((m) => m.pages.length > 0).sort((a, b) => a.handle.localeCompare(b.handle));
}
