import type { Octokit } from "@octokit/rest";
import { CodeHostError, isNotModified } from "../../code-host/client.ts";
import type { RepositoryEntry } from "../../data-files/repository-lists.ts";

/** What the previous successful fetch of a repository left for conditional requests. */
export interface CachedRepository {
  repoEtag?: string;
  readmeEtag?: string;
  fullName: string;
  branch: string;
  htmlUrl: string;
}

/** The repository's fields a page needs, without the ETags. */
type RepositoryData = Omit<CachedRepository, "repoEtag" | "readmeEtag">;

/** The repository fields a page needs, checked; anything else is a malformed response. */
function parseRepository(data: unknown, request: string): RepositoryData {
  const repo = data as { full_name?: unknown; default_branch?: unknown; html_url?: unknown } | null;
  const missing = ["full_name", "default_branch", "html_url"].filter((key) => typeof (repo as Record<string, unknown> | null)?.[key] !== "string");
  if (typeof data !== "object" || missing.length) {
    const detail = typeof data === "string" ? "the body is not JSON" : `no ${missing.join(", ")} in the repository data`;
    throw new CodeHostError(request, `malformed response: ${detail}`, { kind: "malformed", message: detail });
  }
  return { fullName: repo!.full_name as string, branch: repo!.default_branch as string, htmlUrl: repo!.html_url as string };
}

/** Fetches a repository's data, conditionally when an earlier fetch left its ETag; on 304, the data kept from then. */
export async function fetchRepository(
  octokit: Octokit,
  entry: RepositoryEntry,
  cached: CachedRepository | undefined,
): Promise<{ repo: RepositoryData; repoEtag: string | undefined }> {
  const [owner, name] = entry.fullName.split("/");
  try {
    const response = await octokit.request("GET /repos/{owner}/{repo}", {
      owner,
      repo: name,
      headers: cached?.repoEtag ? { "if-none-match": cached.repoEtag } : {},
    });
    return { repo: parseRepository(response.data, `GET /repos/${entry.fullName}`), repoEtag: response.headers.etag };
  } catch (error) {
    if (!isNotModified(error) || !cached) throw error;
    return { repo: cached, repoEtag: cached.repoEtag };
  }
}

/** Fetches a repository's README as raw text with the given request headers; on 304, the copy and ETag an earlier fetch kept. */
export async function fetchReadme(
  octokit: Octokit,
  entry: RepositoryEntry,
  earlier: { headers: { "if-none-match"?: string }; raw: string | undefined; etag: string | undefined },
): Promise<{ raw: string; readmeEtag: string | undefined; notModified: boolean }> {
  const [owner, name] = entry.fullName.split("/");
  try {
    const response = await octokit.request("GET /repos/{owner}/{repo}/readme", { owner, repo: name, mediaType: { format: "raw" }, headers: earlier.headers });
    if (typeof response.data !== "string") {
      throw new CodeHostError(`GET /repos/${entry.fullName}/readme`, "malformed response: the README is not text", {
        kind: "malformed",
        message: "the README is not text",
      });
    }
    return { raw: response.data, readmeEtag: response.headers.etag, notModified: false };
  } catch (error) {
    if (!isNotModified(error) || earlier.raw === undefined) throw error;
    return { raw: earlier.raw, readmeEtag: earlier.etag, notModified: true };
  }
}
